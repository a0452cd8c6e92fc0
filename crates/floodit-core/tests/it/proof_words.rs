//! The proof in words against the bound's parts and the oracle: on random boards of every
//! topology and Free-Flood-It, every number the sentences say is one of the bound's parts (or
//! the optimum, the search's count, the greedy line's length, or a difference of them), the
//! walk adds up, and every "at least" is at most the oracle's optimum.

use crate::analysis_oracle::oracle_optimum;
use crate::common;

use floodit_core::analysis::{Parts, ProvenBy, Said, bound_parts, greedy_line, proof_words};
use floodit_core::model::{Colour, Topology};
use std::collections::BTreeSet;

/// Colours named by letters, so that the only digits in a sentence are its numbers.
fn letter(c: Colour) -> String {
    format!("colour {}", char::from(b'a' + c))
}

fn numbers(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect()
}

/// What each "at least" in `text` comes to: the last number of its clause ("at least 3 + 2 = 5").
fn at_least(text: &str) -> Vec<u64> {
    text.split("at least ").skip(1).filter_map(|s| numbers(s.split(['.', ';']).next()?).last().copied()).collect()
}

#[test]
fn every_number_in_the_words_is_the_bounds() {
    let mut gaps = 0;
    for seed in 0..400u64 {
        let topology = Topology::ALL[seed as usize % Topology::ALL.len()];
        let free = seed % 4 == 3;
        let (cells, colours) =
            if free { (5 + seed as usize % 4, 3) } else { (6 + seed as usize % 10, 3 + seed as usize % 3) };
        let p = common::problem(topology, cells, colours, seed, seed as usize / 3, free);
        if p.board.is_solved() {
            continue;
        }
        let parts = bound_parts(&p);
        let optimum = oracle_optimum(&p);
        let greedy = greedy_line(&p).unwrap().len() as u32;
        // A count no part of the bound could produce by chance: it must be said as given.
        let positions = 1_000_003 + seed;
        let said = proof_words(&parts, Some(optimum), ProvenBy::Search(Some(positions)), Some(greedy));
        let mut allowed: BTreeSet<u64> = [optimum, optimum - 1, greedy, greedy.saturating_sub(optimum)]
            .into_iter()
            .map(u64::from)
            .chain([positions])
            .collect();
        let stated = match &parts {
            Parts::Fixed(f) => {
                let k = f.colours_left.len() as u32;
                assert_eq!(
                    k + f.layer_moves(),
                    f.layered,
                    "seed {seed}: the walk is a move per colour and per layer step"
                );
                allowed.extend([f.farthest, k, f.layer_moves(), f.layered, f.bound].map(u64::from));
                f.bound.max(f.farthest)
            }
            Parts::Free(f) => {
                let k = f.colours.len() as u32;
                allowed.extend([k, k - 1, f.distance, f.distance.div_ceil(2), f.bound].map(u64::from));
                f.bound
            }
        };
        allowed.insert(u64::from(optimum.saturating_sub(stated)));
        let text: Vec<String> = said.iter().map(|s| s.sentence(&letter)).collect();
        for t in &text {
            for n in numbers(t) {
                assert!(allowed.contains(&n), "seed {seed}: {n} in {t:?} is none of the bound's numbers {allowed:?}");
            }
            for n in at_least(t) {
                assert!(n <= u64::from(optimum), "seed {seed}: {t:?} claims more than the optimum {optimum}");
            }
        }
        let best = text.iter().flat_map(|t| at_least(t)).max().unwrap_or(0);
        assert_eq!(best, u64::from(stated), "seed {seed}: the words reach the bound: {text:?}");
        match said.iter().find(|s| matches!(s, Said::Meets { .. } | Said::Gap { .. })) {
            Some(Said::Meets { optimum: o }) => assert!(*o == optimum && stated == optimum, "seed {seed}"),
            Some(Said::Gap { optimum: o, bound, by }) => {
                assert!(*o == optimum && *bound == stated && stated < optimum, "seed {seed}");
                assert_eq!(*by, ProvenBy::Search(Some(positions)), "seed {seed}");
                assert!(text.iter().any(|t| t.contains(&positions.to_string())), "seed {seed}: the count is said");
                gaps += 1;
            }
            _ => panic!("seed {seed}: the optimum is said: {text:?}"),
        }
        let tempting = said.iter().any(|s| matches!(s, Said::Greedy { .. }));
        assert_eq!(tempting, greedy > optimum, "seed {seed}: the greedy line is shown exactly when it fails");
    }
    assert!(gaps > 0, "some boards have a gap, so the search's words are checked");
}

/// A gap proven without a search from the position (a review's neighbours proved it) says so,
/// and names no count: none was made there.
#[test]
fn a_gap_proven_around_the_position_claims_no_search() {
    let gap = |by| Said::Gap { optimum: 17, bound: 15, by }.sentence(&letter);
    let around = gap(ProvenBy::Around);
    assert!(around.contains("not by a search from here"), "{around}");
    assert_eq!(numbers(&around), vec![17, 2], "{around}");
    let searched = gap(ProvenBy::Search(Some(4321)));
    assert!(searched.contains("ruled out every line of 16 moves (it checked 4321 positions)"), "{searched}");
    assert!(!gap(ProvenBy::Search(None)).contains("checked"));
}
