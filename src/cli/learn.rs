//! `floodit learn`: the lessons (`tui::learn`), opened on the next lesson not done. Progress is
//! kept with the statistics in the data directory.

use super::args::LookArgs;
use super::play::{self, Setup};
use super::{CliError, CliResult};
use crate::tui::action::Action;
use crate::tui::app::{App, Options, Origin};
use crate::tui::learn::{COURSE, LearnAction, course};
use crate::tui::new_game::Choices;
use crate::tui::stats::Stats;
use crate::tui::update;
use clap::Args;

#[derive(Args, Debug, Clone)]
pub struct LearnArgs {
    #[command(flatten)]
    pub look: LookArgs,
    /// Open this lesson's card (1 to 6) instead of the next one not done.
    #[arg(long, value_name = "N")]
    pub lesson: Option<usize>,
}

pub fn run(args: LearnArgs) -> CliResult {
    let app = build(&args, play::terminal_setup())?;
    play::needs_terminal("floodit learn", "")?;
    play::run_app(app)
}

/// The game on the first lesson's board, with the card of the next lesson not done (or of
/// `--lesson`) open over it.
pub fn build(args: &LearnArgs, setup: Setup) -> Result<App, CliError> {
    let look = play::look(&args.look)?;
    if let Some(n) = args.lesson
        && !(1..=COURSE.len()).contains(&n)
    {
        return Err(CliError::bad_input(format!("--lesson {n}: the lessons are 1 to {}", COURSE.len())));
    }
    let lessons = course()?;
    let first = lessons.first().ok_or_else(|| CliError::bad_input("no lessons are built in"))?;
    let store = setup.store;
    let options = Options {
        files: Vec::new(),
        puzzles_dir: setup.puzzles_dir,
        stats: store.as_ref().map(|s| Stats::new(s.dir())),
        store,
        search_optimum: setup.search_optimum,
        slack: None,
        choices: Choices::default(),
        remote: false,
    };
    let (w, h) = setup.size.unwrap_or((80, 24));
    let mut app = App::new(first.puzzle.clone(), Origin::File(first.path()), look, options, w, h);
    update::update(&mut app, Action::Learn(LearnAction::Open));
    if let Some(n) = args.lesson {
        let at = app.learn.as_ref().map_or(0, |l| l.shown);
        update::update(&mut app, Action::Learn(LearnAction::Browse(n as isize - 1 - at as isize)));
    }
    Ok(app)
}
