//! The difficulty grade against what it is made from and against players: on 300 random boards
//! of five sizes, (1) no board at least as hard on every proven quantity gets a lower grade,
//! (2) the grade orders boards the way each quantity does (Goodman and Kruskal's gamma over
//! every pair of boards), and (3) the way simulated players find them: players who pick each
//! move with a probability that grows with the cells it floods, whose moves over par are
//! measured by playing, not computed from the grade's quantities. The figures are printed
//! (`--nocapture`) and stated in docs/benchmarks.md.

use floodit_core::design::grade::{Grade, Quantities};
use floodit_core::design::{Budget, grade};
use floodit_core::formats::generate::{GenSpec, generate};
use floodit_core::model::Board;
use floodit_core::solver::Problem;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Goodman and Kruskal's gamma: (concordant − discordant) / (concordant + discordant) over every
/// pair, ties in either left out. 1: the same order; 0: unrelated; −1: reversed.
fn gamma(a: &[f64], b: &[f64]) -> f64 {
    let (mut c, mut d) = (0u64, 0u64);
    for i in 0..a.len() {
        for j in i + 1..a.len() {
            let s = (a[i] - a[j]) * (b[i] - b[j]);
            if s > 0.0 {
                c += 1;
            } else if s < 0.0 {
                d += 1;
            }
        }
    }
    (c as f64 - d as f64) / ((c + d).max(1) as f64)
}

/// A simulated player's moves on a Flood-It board: each turn, among the colours that flood
/// something, one drawn with weight 2^(cells gained / 3): mostly the greedy move, not always.
fn play(board: &Board, pivot: usize, rng: &mut ChaCha8Rng) -> u32 {
    let mut b = board.clone();
    let mut moves = 0;
    while !b.is_solved() {
        let region = b.mcs(pivot).len();
        let own = b.colour(pivot);
        let options: Vec<(u8, f64)> = (0..b.num_colours() as u8)
            .filter(|&c| c != own)
            .filter_map(|c| {
                let mut t = b.clone();
                t.flood(pivot, c);
                let gain = t.mcs(pivot).len() - region;
                (gain > 0).then(|| (c, 2f64.powf(gain as f64 / 3.0)))
            })
            .collect();
        let total: f64 = options.iter().map(|o| o.1).sum();
        let mut x = (rng.next_u64() as f64 / u64::MAX as f64) * total;
        let mut pick = options[0].0;
        for &(c, w) in &options {
            pick = c;
            if x < w {
                break;
            }
            x -= w;
        }
        b.flood(pivot, pick);
        moves += 1;
    }
    moves
}

struct Row {
    /// Which size the board is (boards are compared within a size as well as across them).
    size: usize,
    grade: Grade,
    /// Simulated players' mean moves over par.
    over_par: f64,
}

fn rows(sizes: &[(usize, usize)], per_size: u64) -> Vec<Row> {
    let mut out = Vec::new();
    for (size, &(side, k)) in sizes.iter().enumerate() {
        for seed in 0..per_size {
            let p = generate(&GenSpec { rows: side, cols: side, colours: k, ..GenSpec::default() }, seed).unwrap();
            let problem = Problem::new(p.board.clone(), p.mode);
            let grade = grade(&problem, &Budget::new(None)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let pivot = p.mode.pivot().unwrap();
            let plays = 40;
            let total: u32 = (0..plays).map(|_| play(&p.board, pivot, &mut rng) - grade.quantities.optimum).sum();
            out.push(Row { size, grade, over_par: f64::from(total) / f64::from(plays) });
        }
    }
    out
}

/// The quantities, each oriented so that more is harder.
fn harder(q: &Quantities) -> [f64; 5] {
    [
        f64::from(q.optimum),
        q.trap_share(),
        f64::from(q.greedy_gap),
        f64::from(q.best_heuristic_gap.min(1)),
        -(q.optimal_solutions as f64),
    ]
}

fn check(rows: &[Row]) {
    // (1) Dominance: at least as hard on every quantity never means a lower grade.
    let (mut pairs, mut agree) = (0u64, 0u64);
    for a in rows {
        for b in rows {
            let (ha, hb) = (harder(&a.grade.quantities), harder(&b.grade.quantities));
            if ha != hb && ha.iter().zip(&hb).all(|(x, y)| x >= y) {
                pairs += 1;
                if a.grade.score >= b.grade.score {
                    agree += 1;
                }
            }
        }
    }
    println!("dominated pairs: {pairs}, grade agrees on {agree}");
    assert_eq!(agree, pairs);

    // (2) The grade against each quantity, and (3) against simulated players' moves over par:
    // over all boards, and within each size (where the board's size does not decide the order).
    let names = ["optimum", "trap share", "greedy gap", "every heuristic misses", "fewer optimal solutions", "players"];
    let value = |r: &Row, i: usize| if i < 5 { harder(&r.grade.quantities)[i] } else { r.over_par };
    let sizes = rows.iter().map(|r| r.size).max().unwrap_or(0) + 1;
    let mut within = [0.0; 6];
    for (i, name) in names.iter().enumerate() {
        let all = gamma(
            &rows.iter().map(|r| r.grade.score).collect::<Vec<_>>(),
            &rows.iter().map(|r| value(r, i)).collect::<Vec<_>>(),
        );
        let per_size: Vec<f64> = (0..sizes)
            .map(|s| {
                let of: Vec<&Row> = rows.iter().filter(|r| r.size == s).collect();
                gamma(
                    &of.iter().map(|r| r.grade.score).collect::<Vec<_>>(),
                    &of.iter().map(|r| value(r, i)).collect::<Vec<_>>(),
                )
            })
            .collect();
        within[i] = per_size.iter().sum::<f64>() / sizes as f64;
        println!("gamma(grade score, {name}): all boards {all:.3}, within a size {:.3} ({per_size:.2?})", within[i]);
    }
    let level: Vec<f64> = rows.iter().map(|r| f64::from(r.grade.level)).collect();
    let players = gamma(&level, &rows.iter().map(|r| r.over_par).collect::<Vec<_>>());
    println!("gamma(grade 1-6, players' moves over par), all boards: {players:.3}");
    let mut counts = [0; 6];
    for r in rows {
        counts[r.grade.level as usize - 1] += 1;
    }
    println!("boards per grade 1-6: {counts:?}");
    // Across sizes the optimum and the heuristics missing decide most (no small board has every
    // heuristic missing); within a size, the traps, the greedy gap and the narrow way do. The
    // count of optimal solutions grows with the optimum (independent moves interleave), so
    // across sizes fewer solutions mostly means a smaller board: it is asked only within a size.
    for (i, (across, inside)) in
        [(0.5, -1.0), (0.2, 0.5), (0.5, 0.4), (0.5, -1.0), (-1.0, 0.4), (0.5, 0.3)].iter().enumerate()
    {
        let all = gamma(
            &rows.iter().map(|r| r.grade.score).collect::<Vec<_>>(),
            &rows.iter().map(|r| value(r, i)).collect::<Vec<_>>(),
        );
        assert!(
            all > *across && within[i] > *inside,
            "{}: gamma {all:.3} across sizes, {:.3} within",
            names[i],
            within[i]
        );
    }
    assert!(players > 0.5, "gamma {players:.3}");
    assert!(counts.iter().all(|&n| n > 0), "every grade occurs: {counts:?}");
}

/// 300 boards: 60 each of 5x5 with 3 colours, 6x6 with 4, 8x8 with 4, 10x10 with 5 and 12x12
/// with 6. About 20 s in a debug build.
#[test]
fn the_grade_orders_boards_as_the_proven_quantities_and_players_do() {
    check(&rows(&[(5, 3), (6, 4), (8, 4), (10, 5), (12, 6)], 60));
}
