//! The daily puzzle chosen for interest: for two weeks of days, the board is the same each
//! time it is made, states its par proven by the exact solver, and greedy play misses that
//! par with its first move already losing it (checked here again, move by move). One day's
//! board is pinned: changing it changes every player's puzzle of that day.

use floodit_core::design::daily::choose;
use floodit_core::formats::daily::{Date, INTEREST_FROM, puzzle};
use floodit_core::formats::id;
use floodit_core::solver::heuristic::Greedy;
use floodit_core::solver::{Control, Problem, exact::Exact, run};

fn optimum(problem: &Problem) -> u32 {
    let s = run(&Exact, problem, &Control::default()).unwrap();
    assert!(s.optimal);
    s.len() as u32
}

#[test]
fn two_weeks_of_interesting_days() {
    let mut first_loses = 0;
    for d in 0..14 {
        let date = Date::from_days(INTEREST_FROM.days() + d);
        let p = puzzle(date);
        let (chosen, interest) = choose(date).unwrap();
        assert_eq!(chosen.board, p.board);
        assert_eq!(p, puzzle(date), "{date}: the same board every time");
        let problem = Problem::new(p.board.clone(), p.mode);
        let par = optimum(&problem);
        assert_eq!(p.optimal, Some(par), "{date}");
        let greedy = run(&Greedy, &problem, &Control::default()).unwrap().moves;
        assert!(greedy.len() as u32 > par, "{date}: greedy {} at par {par}", greedy.len());
        let mut after = p.board.clone();
        after.flood(greedy[0].cell, greedy[0].colour);
        let left = optimum(&Problem::new(after, p.mode));
        assert_eq!(left + 1 > par, interest.greedy_first_loses, "{date}");
        first_loses += u32::from(interest.greedy_first_loses);
        assert!(p.description.unwrap().starts_with("Chosen for interest"));
    }
    assert_eq!(first_loses, 14, "within 64 candidates, every one of these days has such a board");
}

#[test]
fn one_interesting_days_board_is_pinned() {
    let day: Date = "2026-12-01".parse().unwrap();
    let p = puzzle(day);
    assert_eq!(id::encode_puzzle(&p), PINNED_ID);
    assert_eq!(p.optimal, Some(PINNED_PAR));
    assert_eq!(p.source.as_deref(), Some(PINNED_SOURCE));
}

const PINNED_ID: &str = "fl1.g.14x14.6.p0-0.yAAQJQhBCTAFklhAU8huqTiiSySMEpWRIsp0VCBkKMG1YrgFRSWAzdKgaFhQ2kokJScMLKOtSxGS5CSATKiQRJowRQSgHINCUwY.Xw";
const PINNED_PAR: u32 = 20;
const PINNED_SOURCE: &str = "floodit daily puzzle of 2026-12-01 (UTC), seed 197961499";
