use super::*;

fn key(k: &str) -> Source {
    Source::Key(k.into())
}

fn addr(a: &str) -> Source {
    Source::address(a.parse().unwrap())
}

const S: Duration = Duration::from_secs(1);

#[test]
fn a_few_typos_are_free_then_the_source_is_held_and_the_penalty_wears_off() {
    let mut g = Guesses::new(GuessLimits { cut_after: 1000, ..GuessLimits::default() });
    let who = [key("k"), addr("192.0.2.1")];
    let t0 = Instant::now();
    for _ in 0..3 {
        assert_eq!(g.before(1, &who, t0), Verdict::Look);
        assert_eq!(g.missed(1, &who, t0), Verdict::Look);
    }
    // Three at once are within the allowance (30 s of penalty, not more); the fourth holds.
    assert_eq!(g.before(1, &who, t0), Verdict::Look);
    g.missed(1, &who, t0);
    assert_eq!(g.before(1, &who, t0 + S), Verdict::Held { wait: 19 * S }, "a refusal adds a step too");
    // Worn off: one more try, and held again at once.
    let later = t0 + 21 * S;
    assert_eq!(g.before(1, &who, later), Verdict::Look);
    g.missed(1, &who, later);
    assert!(matches!(g.before(1, &who, later), Verdict::Held { .. }));
    // The steady rate: a wrong code every step is always looked up; one every half step only
    // makes the penalty grow, refusals included, until every try is refused.
    let mut t = later + 100 * S;
    for _ in 0..60 {
        assert_eq!(g.before(1, &who, t), Verdict::Look);
        g.missed(1, &who, t);
        t += 10 * S;
    }
    let mut looked = 0;
    for _ in 0..120 {
        if g.before(1, &who, t) == Verdict::Look {
            looked += 1;
            g.missed(1, &who, t);
        }
        t += 5 * S;
    }
    assert!(looked <= 8, "{looked} looked up at twice the rate");
    assert!(matches!(g.before(1, &who, t), Verdict::Held { .. }));
}

#[test]
fn tries_while_held_make_the_penalty_grow_up_to_its_cap() {
    let mut g = Guesses::new(GuessLimits { cut_after: u32::MAX, ..GuessLimits::default() });
    let who = [addr("192.0.2.1")];
    let t0 = Instant::now();
    for _ in 0..4 {
        g.missed(1, &who, t0);
    }
    let mut last = Verdict::Look;
    for _ in 0..1000 {
        last = g.before(1, &who, t0);
    }
    assert_eq!(last, Verdict::Held { wait: g.limits.most }, "capped");
    assert_eq!(g.before(1, &who, t0 + g.limits.most + S), Verdict::Look);
}

#[test]
fn a_connection_is_cut_at_its_tenth_refusal_and_sums_up_at_its_end() {
    let mut g = Guesses::new(GuessLimits::default());
    let who = [key("k"), addr("192.0.2.1")];
    let t0 = Instant::now();
    let verdicts: Vec<Verdict> = (0..12)
        .map(|_| match g.before(7, &who, t0) {
            Verdict::Look => g.missed(7, &who, t0),
            v => v,
        })
        .collect();
    assert_eq!(verdicts.iter().position(|v| *v == Verdict::Cut), Some(9), "{verdicts:?}");
    assert!(verdicts[9..].iter().all(|v| *v == Verdict::Cut));
    let tally = Tally { refused: 10, held: 6, cut: true };
    assert_eq!(g.take_notes().last(), Some(&Note::Cut { conn: 7, tally }), "said once");
    assert_eq!(g.hang_up(7), Some(tally));
    assert_eq!(g.hang_up(7), None);
    assert_eq!(g.hang_up(8), None, "a connection that never guessed has nothing to say");
}

#[test]
fn keys_and_addresses_are_held_across_connections() {
    let mut g = Guesses::new(GuessLimits::default());
    let t0 = Instant::now();
    // One key from four addresses, a guess each: the key is held on the fourth.
    for (conn, a) in [(1, "192.0.2.1"), (2, "192.0.2.2"), (3, "192.0.2.3"), (4, "192.0.2.4")] {
        g.missed(conn, &[key("k"), addr(a)], t0);
    }
    assert!(matches!(g.before(5, &[key("k"), addr("192.0.2.5")], t0), Verdict::Held { .. }));
    assert_eq!(g.before(6, &[key("other"), addr("192.0.2.6")], t0), Verdict::Look);
    // Guests (no key) from one address, each on a connection of its own: the address is held.
    for conn in 10..14 {
        g.missed(conn, &[addr("198.51.100.9")], t0);
    }
    assert!(matches!(g.before(20, &[addr("198.51.100.9")], t0), Verdict::Held { .. }));
    // Another address of the same IPv6 /64 is the same source; the next /64 is not.
    for conn in 30..34 {
        g.missed(conn, &[addr("2001:db8:1:2::1")], t0);
    }
    assert!(matches!(g.before(40, &[addr("2001:db8:1:2:ffff::9")], t0), Verdict::Held { .. }));
    assert_eq!(g.before(41, &[addr("2001:db8:1:3::1")], t0), Verdict::Look);
}

#[test]
fn the_log_hears_of_a_source_once_per_stretch_of_penalty() {
    let mut g = Guesses::new(GuessLimits { cut_after: u32::MAX, ..GuessLimits::default() });
    let who = [key("k"), addr("192.0.2.1")];
    let t0 = Instant::now();
    for i in 0..500u32 {
        let t = t0 + Duration::from_millis(u64::from(i) * 100);
        if g.before(1, &who, t) == Verdict::Look {
            g.missed(1, &who, t);
        }
    }
    let notes = g.take_notes();
    assert_eq!(notes.len(), 2, "{notes:?}");
    let Note::Held { source, refused, wait } = &notes[0] else { panic!("{notes:?}") };
    assert_eq!((source, *refused), (&who[0], 4));
    assert!(*wait > 9 * S && *wait <= 10 * S, "{wait:?}");
    assert!(matches!(&notes[1], Note::Held { source, .. } if *source == who[1]), "{notes:?}");
    assert!(g.take_notes().is_empty());
}

#[test]
fn addresses_read_as_the_log_writes_them_and_the_table_stays_within_its_size() {
    assert_eq!(addr("::ffff:192.0.2.7"), addr("192.0.2.7"));
    assert_eq!(addr("192.0.2.7").to_string(), "address 192.0.2.7");
    assert_eq!(addr("2001:db8::42").to_string(), "addresses 2001:db8::/64");
    let mut g = Guesses::new(GuessLimits { sources: 100, ..GuessLimits::default() });
    let t0 = Instant::now();
    for i in 0..10_000u32 {
        let ip = std::net::Ipv4Addr::from(0x0a00_0000 + i);
        g.missed(u64::from(i), &[Source::address(ip.into())], t0 + Duration::from_millis(u64::from(i)));
    }
    assert!(g.remembered() <= 100, "{}", g.remembered());
}
