//! `floodit daily`: today's puzzle (UTC) in the terminal, without a server. Results are kept
//! in the data directory (`daily.sqlite`), and the leaderboard shows them: today, this week,
//! the streak. The shareable line is printed on the way out.

use super::args::LookArgs;
use super::{CliError, CliResult, play};
use crate::daily::{Daily, Player, Results, share_line};
use crate::formats::daily::Date;
use crate::tui::action::Action;
use crate::tui::app::{App, Origin};
use crate::tui::daily::{DailyAction, DailyState};
use crate::tui::save::{Store, data_dir};
use crate::tui::update;
use clap::Args;
use std::io::IsTerminal;
use std::path::Path;

#[derive(Args, Debug, Clone)]
pub struct DailyArgs {
    #[command(flatten)]
    pub look: LookArgs,
    /// Play an earlier day's board, unranked (nothing is kept); the archive goes back a year.
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: Option<Date>,
}

/// Refuses a `--date` that is not an earlier day within the archive.
pub fn check_date(date: Date, today: Date) -> Result<(), CliError> {
    if date > today {
        return Err(CliError::bad_input(format!("--date {date}: that day's board is not out yet (today is {today})")));
    }
    if today.days() - date.days() > crate::daily::ARCHIVE_DAYS {
        return Err(CliError::bad_input(format!(
            "--date {date}: the archive goes back {} days, to {}",
            crate::daily::ARCHIVE_DAYS,
            Date::from_days(today.days() - crate::daily::ARCHIVE_DAYS)
        )));
    }
    Ok(())
}

/// The local results file in the data directory `dir`.
pub fn results_path(dir: &Path) -> std::path::PathBuf {
    dir.join("daily.sqlite")
}

pub fn run(args: DailyArgs) -> CliResult {
    let dir = data_dir().ok_or_else(|| {
        CliError::bad_input("no data directory for the daily results: set FLOODIT_DATA_DIR (or HOME)")
    })?;
    let results = Results::open(&results_path(&dir)).map_err(CliError::bad_input)?;
    let today = Date::today();
    if let Some(date) = args.date {
        check_date(date, today)?;
    }
    let daily = Daily::load(today, &results).map_err(CliError::bad_input)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(CliError::bad_input("floodit daily needs a terminal (stdin and stdout must be a terminal)"));
    }
    let app = build(&args, daily.clone(), results.clone(), Some(Store::new(dir)), crossterm::terminal::size().ok())?;
    play::run_app(app)?;
    if let Ok(Some((moves, assisted))) = results.result_of(&Player::Local, today) {
        println!("{}", share_line(today, moves, daily.par, assisted, args.look.ascii));
    }
    Ok(())
}

/// The game on the day's board, recording into `results` (tests build it with their own).
pub fn build(
    args: &DailyArgs,
    daily: Daily,
    results: Results,
    store: Option<Store>,
    size: Option<(u16, u16)>,
) -> Result<App, CliError> {
    let look = play::look(&args.look)?;
    let options = crate::tui::daily::options(store);
    let (w, h) = size.unwrap_or((80, 24));
    let mut app = App::new(daily.puzzle.clone(), Origin::Id, look, options, w, h);
    app.daily = Some(DailyState::new(daily, results, Player::Local));
    update::greet_saved_games(&mut app, false);
    update::greet_daily(&mut app);
    // An earlier day (`--date`): its board, unranked, from the first frame.
    if let Some(date) = args.date.filter(|&d| d < app.daily.as_ref().map_or(d, |x| x.daily.date)) {
        update::update(&mut app, Action::Daily(DailyAction::PlayDay(date)));
    }
    Ok(app)
}
