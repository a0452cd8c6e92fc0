//! The leaderboard: today's results, this week's, and the current streaks, from the kept
//! results. Unassisted results rank before assisted ones in every table: today, fewer moves,
//! then less time, first; this week and in streaks, unassisted days count first (a player with
//! more of them ranks higher, whatever their assisted days), then all days, then moves over par.
//! Equal results share a rank, the next rank counting everyone above it (1, 1, 3): equal is
//! everything a table shows of the result ([`Score::ties`]), so two lines that read the same
//! never stand at different places.

use super::results::{Player, Results, Row};
use crate::formats::daily::Date;
use std::collections::{BTreeMap, HashMap};

/// How far back streaks are counted.
const STREAK_DAYS: i64 = 400;

/// One line of a ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub rank: usize,
    pub name: String,
    /// This session's player.
    pub me: bool,
    pub score: Score,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Today: moves (par is the board's), assisted, time.
    Day { moves: u32, assisted: bool, millis: u64 },
    /// This week: days played (`assisted` of them with help) and moves over par in all.
    Week { days: u32, assisted: u32, over_par: u32 },
    /// Days in a row up to today (or yesterday, while today is still open), `assisted` of them
    /// with help.
    Streak { days: u32, assisted: u32 },
}

impl Score {
    /// True when the two results are equal as the table shows them, so they share a rank:
    /// today, the same moves, both assisted or both not, and the same time in whole seconds
    /// (as shown); this week, the same days, assisted days and moves over par; a streak, the
    /// same days and assisted days.
    pub fn ties(&self, other: &Score) -> bool {
        match (self, other) {
            (Score::Day { moves: a, assisted: x, millis: m }, Score::Day { moves: b, assisted: y, millis: n }) => {
                a == b && x == y && m / 1000 == n / 1000
            }
            (Score::Week { .. }, Score::Week { .. }) | (Score::Streak { .. }, Score::Streak { .. }) => self == other,
            _ => false,
        }
    }
}

/// The three rankings, each cut to its best `limit` lines (plus the player's own line, if lower).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaderboard {
    pub date: Date,
    pub par: u32,
    pub today: Vec<Entry>,
    pub week: Vec<Entry>,
    pub streaks: Vec<Entry>,
    /// Players with a result today.
    pub players_today: usize,
}

/// The name a row is shown under: the chosen one, else a short form of the key.
fn shown_name(row: &Row) -> String {
    match (&row.name, row.player.as_str()) {
        // Cleaned again: a name kept before the cleaning grew stricter is shown as it would be now.
        (Some(n), _) if !super::clean_name(n).is_empty() => super::clean_name(n),
        (_, "local") => "you".into(),
        (_, id) => format!("player {}", id.trim_start_matches("SHA256:").chars().take(6).collect::<String>()),
    }
}

pub fn leaderboard(results: &Results, today: Date, par: u32, me: &Player, limit: usize) -> Result<Leaderboard, String> {
    let rows = results.rows(Date::from_days(today.days() - STREAK_DAYS), today)?;
    let me_id = me.id();
    let mut names: HashMap<&str, String> = HashMap::new();
    for r in &rows {
        names.entry(r.player.as_str()).or_insert_with(|| shown_name(r));
    }
    let entry = |player: &str, score: Score| Entry {
        rank: 0,
        name: names.get(player).cloned().unwrap_or_default(),
        me: Some(player) == me_id,
        score,
    };

    let mut day: Vec<&Row> = rows.iter().filter(|r| r.date == today).collect();
    day.sort_by_key(|r| (r.assisted, r.moves, r.millis));
    let players_today = day.len();
    let today_entries = day
        .iter()
        .map(|r| entry(&r.player, Score::Day { moves: r.moves, assisted: r.assisted, millis: r.millis }))
        .collect();

    let monday = today.week_start();
    // (days, assisted days, moves over par)
    let mut week: HashMap<&str, (u32, u32, u32)> = HashMap::new();
    for r in rows.iter().filter(|r| r.date >= monday) {
        let w = week.entry(&r.player).or_default();
        w.0 += 1;
        w.1 += u32::from(r.assisted);
        w.2 += r.moves.saturating_sub(r.par);
    }
    let mut week: Vec<(&str, (u32, u32, u32))> = week.into_iter().collect();
    let unassisted = |days: u32, assisted: u32| days - assisted;
    week.sort_by(|(pa, a), (pb, b)| {
        unassisted(b.0, b.1).cmp(&unassisted(a.0, a.1)).then(b.0.cmp(&a.0)).then(a.2.cmp(&b.2)).then(pa.cmp(pb))
    });
    let week_entries = week
        .iter()
        .map(|(p, (days, assisted, over))| entry(p, Score::Week { days: *days, assisted: *assisted, over_par: *over }))
        .collect();

    let mut played: HashMap<&str, BTreeMap<Date, bool>> = HashMap::new();
    for r in &rows {
        played.entry(&r.player).or_default().insert(r.date, r.assisted);
    }
    let mut streaks: Vec<(&str, (u32, u32))> =
        played.iter().map(|(p, days)| (*p, streak(days, today))).filter(|(_, (n, _))| *n > 0).collect();
    streaks.sort_by(|(pa, a), (pb, b)| {
        unassisted(b.0, b.1).cmp(&unassisted(a.0, a.1)).then(b.0.cmp(&a.0)).then(pa.cmp(pb))
    });
    let streak_entries = streaks.iter().map(|(p, (n, a))| entry(p, Score::Streak { days: *n, assisted: *a })).collect();

    Ok(Leaderboard {
        date: today,
        par,
        today: ranked(today_entries, limit),
        week: ranked(week_entries, limit),
        streaks: ranked(streak_entries, limit),
        players_today,
    })
}

/// Numbers the entries, in order, equal results sharing a rank (1, 1, 3), and keeps the first
/// `limit`, and the player's own if it is further down.
fn ranked(mut entries: Vec<Entry>, limit: usize) -> Vec<Entry> {
    for i in 0..entries.len() {
        entries[i].rank = match i.checked_sub(1).map(|j| &entries[j]) {
            Some(above) if above.score.ties(&entries[i].score) => above.rank,
            _ => i + 1,
        };
    }
    let mine = entries.iter().position(|e| e.me).filter(|&i| i >= limit).map(|i| entries[i].clone());
    entries.truncate(limit);
    entries.extend(mine);
    entries
}

/// Days in a row with a result, ending today, or yesterday when today has none yet; and how
/// many of them were assisted.
fn streak(days: &BTreeMap<Date, bool>, today: Date) -> (u32, u32) {
    let mut day = if days.contains_key(&today) { today } else { today.previous() };
    let (mut n, mut assisted) = (0, 0);
    while let Some(&helped) = days.get(&day) {
        n += 1;
        assisted += u32::from(helped);
        day = day.previous();
    }
    (n, assisted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::daily;
    use crate::model::Move;
    use crate::solver::{Control, Problem, exact::Exact, heuristic::Greedy, run};

    fn moves(date: Date, optimal: bool) -> Vec<Move> {
        let p = daily::puzzle(date);
        let problem = Problem::new(p.board.clone(), p.mode);
        let s = if optimal {
            run(&Exact, &problem, &Control::default())
        } else {
            run(&Greedy, &problem, &Control::default())
        };
        s.unwrap().moves
    }

    #[test]
    fn today_week_and_streaks_rank_as_documented() {
        let r = Results::in_memory().unwrap();
        let today: Date = "2026-11-26".parse().unwrap(); // a Thursday
        let (ada, bob, cy) = (Player::Key("SHA256:ada".into()), Player::Key("SHA256:bobbobbob".into()), Player::Local);
        r.set_name(&ada, "Ada").unwrap();
        for back in 0..3 {
            let d = Date::from_days(today.days() - back);
            let best = moves(d, true);
            let par = best.len() as u32;
            r.record(&ada, d, par, &best, back == 0, 10).unwrap();
            if back < 2 {
                r.record(&bob, d, par, &moves(d, false), false, 20).unwrap();
            }
        }
        // Cy played only the day before yesterday: no streak now.
        let old = Date::from_days(today.days() - 2);
        r.record(&cy, old, 0, &moves(old, false), false, 5).unwrap();
        let par = moves(today, true).len() as u32;
        let board = leaderboard(&r, today, par, &bob, 10).unwrap();
        assert_eq!(board.players_today, 2);
        // Ada was assisted today, so Bob's unassisted result ranks first.
        assert_eq!(board.today[0].name, "player bobbob");
        assert!(board.today[0].me);
        assert!(matches!(board.today[1].score, Score::Day { assisted: true, .. }));
        // This week (from Monday): Ada played 3 days at par, Bob 2, you 1.
        let week: Vec<_> = board.week.iter().map(|e| (e.name.as_str(), e.score.clone())).collect();
        // Ada's assisted day counts after Bob's unassisted ones: 2 unassisted each, and Ada has
        // more days in all.
        assert_eq!(week[0], ("Ada", Score::Week { days: 3, assisted: 1, over_par: 0 }));
        assert_eq!(week[2].0, "you");
        let streaks: Vec<_> = board.streaks.iter().map(|e| (e.name.as_str(), e.score.clone())).collect();
        assert_eq!(
            streaks,
            vec![
                ("Ada", Score::Streak { days: 3, assisted: 1 }),
                ("player bobbob", Score::Streak { days: 2, assisted: 0 })
            ]
        );
        // Cut to one line, Bob still sees his own.
        let short = leaderboard(&r, today, par, &bob, 1).unwrap();
        assert_eq!(short.week.len(), 2);
        assert_eq!((short.week[1].rank, short.week[1].me), (2, true));
    }

    #[test]
    fn equal_results_share_a_rank_in_every_table() {
        let r = Results::in_memory().unwrap();
        let today: Date = "2026-11-26".parse().unwrap(); // a Thursday
        let players: Vec<Player> =
            ["ada", "bob", "cy", "dee"].iter().map(|p| Player::Key(format!("SHA256:{p}"))).collect();
        for back in 0..3 {
            let d = Date::from_days(today.days() - back);
            let best = moves(d, true);
            let par = best.len() as u32;
            // Ada and Bob: three days at par, unassisted, the same time to the second today;
            // Cy the same three days a little slower; Dee the last two days only.
            r.record(&players[0], d, par, &best, false, 45_100).unwrap();
            r.record(&players[1], d, par, &best, false, 45_900).unwrap();
            r.record(&players[2], d, par, &best, false, 47_000).unwrap();
            if back < 2 {
                r.record(&players[3], d, par, &best, false, 45_000).unwrap();
            }
        }
        let par = moves(today, true).len() as u32;
        let board = leaderboard(&r, today, par, &players[2], 10).unwrap();
        let ranks = |t: &[Entry]| t.iter().map(|e| (e.rank, e.name.clone())).collect::<Vec<_>>();
        // Today: Dee at 0:45.0, Ada at 0:45.1 and Bob at 0:45.9 all read 0:45; Cy reads 0:47.
        assert_eq!(ranks(&board.today).iter().map(|(r, _)| *r).collect::<Vec<_>>(), [1, 1, 1, 4]);
        assert_eq!(board.today[3].name, "player cy");
        // This week and the streaks: three equal (3 days, par), then Dee's two.
        assert_eq!(ranks(&board.week).iter().map(|(r, _)| *r).collect::<Vec<_>>(), [1, 1, 1, 4]);
        assert_eq!(ranks(&board.streaks).iter().map(|(r, _)| *r).collect::<Vec<_>>(), [1, 1, 1, 4]);
        assert_eq!(board.streaks[3].name, "player dee");
        // Cut to one line, Cy still sees his own line, at his shared rank.
        let short = leaderboard(&r, today, par, &players[2], 1).unwrap();
        assert_eq!((short.streaks[1].rank, short.streaks[1].me), (1, true));
    }

    #[test]
    fn a_streak_counts_back_from_yesterday_while_today_is_open() {
        let d: Date = "2026-11-26".parse().unwrap();
        let days: BTreeMap<Date, bool> = [(d.previous(), true), (d.previous().previous(), false)].into();
        assert_eq!(streak(&days, d), (2, 1));
        assert_eq!(streak(&days, d.next()), (0, 0));
    }

    #[test]
    fn unassisted_days_rank_before_assisted_ones_in_the_week_and_the_streaks() {
        let r = Results::in_memory().unwrap();
        let today: Date = "2026-11-26".parse().unwrap(); // a Thursday: Monday is 3 days back
        let (helped, alone) = (Player::Key("SHA256:helped".into()), Player::Key("SHA256:alone".into()));
        for back in 0..3 {
            let d = Date::from_days(today.days() - back);
            let best = moves(d, true);
            let par = best.len() as u32;
            // Three days at par, all assisted, against two days over par, unassisted.
            r.record(&helped, d, par, &best, true, 10).unwrap();
            if back < 2 {
                r.record(&alone, d, par, &moves(d, false), false, 10).unwrap();
            }
        }
        let board = leaderboard(&r, today, 0, &alone, 10).unwrap();
        let first = |t: &[Entry]| t[0].name.clone();
        assert_eq!(first(&board.week), "player alone");
        assert_eq!(first(&board.streaks), "player alone");
        assert!(matches!(board.week[1].score, Score::Week { days: 3, assisted: 3, .. }));
    }
}
