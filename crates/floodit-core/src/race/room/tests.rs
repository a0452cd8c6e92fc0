use super::*;
use crate::model::Topology;

fn puzzle() -> Puzzle {
    // A path 0 1 2 1 0 played from its left end: four moves at best (1, 2, 1, 0).
    let board = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 0]]);
    Puzzle {
        title: "race".into(),
        description: None,
        source: None,
        board,
        mode: Mode::Fixed { pivot: 0 },
        optimal: Some(4),
        move_limit: None,
    }
}

fn room(now: Instant) -> Room {
    let settings = Settings { puzzle: puzzle(), slack: 2, daily: false, public: true };
    let limits = RaceLimits { players: 3, spectators: 1, ..RaceLimits::default() };
    Room::new(Code::from_bits(1), settings, limits, key("a"), "alice".into(), now)
}

fn key(k: &str) -> Seat {
    Seat::Key(k.into())
}

fn game(colours: &[u8], limit: Option<u32>) -> Game {
    let mut g = Game::new(puzzle().board, Mode::Fixed { pivot: 0 }, limit);
    for &c in colours {
        g.play_colour(c).unwrap();
    }
    g
}

#[test]
fn racers_join_until_full_then_watch_and_nobody_plays_before_the_countdown_ends() {
    let t0 = Instant::now();
    let mut r = room(t0);
    assert_eq!(r.join(key("b"), "bob".into(), t0), Ok(Joined::Racer));
    assert_eq!(r.join(Seat::Guest(7), "guest".into(), t0), Ok(Joined::Racer));
    assert_eq!(r.join(key("d"), "dan".into(), t0), Ok(Joined::Watching(Watching::Full)), "full: a spectator");
    assert_eq!(r.join(key("e"), "eve".into(), t0), Err(RaceError::Full(3, 1)));
    assert_eq!(r.start(&key("b"), t0), Err(RaceError::NotHost));
    assert_eq!(r.report(&key("a"), &game(&[1], None), t0), Err(RaceError::NotStarted));
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    assert_eq!(r.phase(t0), Phase::Countdown { starts: go });
    assert_eq!(r.report(&key("a"), &game(&[1], None), go - Duration::from_millis(1)), Err(RaceError::NotStarted));
    assert_eq!(r.phase(go), Phase::Racing { started: go });
    assert_eq!(r.join(key("f"), "fay".into(), go), Err(RaceError::Full(3, 1)), "started: no seat");
    r.unwatch();
    assert_eq!(r.join(key("f"), "fay".into(), go), Ok(Joined::Watching(Watching::Started)), "started: watch");
    assert_eq!(r.start(&key("a"), go), Err(RaceError::Started));
}

#[test]
fn results_go_by_moves_then_time_and_the_room_ends_when_everyone_is_done() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.join(key("c"), "cat".into(), t0).unwrap();
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    let at = |s: u64| go + Duration::from_secs(s);
    // bob: the optimum, early; alice: the optimum, late; cat part of a detour, then leaves.
    assert_eq!(r.report(&key("b"), &game(&[1, 2, 1, 0], None), at(5)), Ok(true));
    assert_eq!(r.report(&key("b"), &game(&[1, 2, 1, 0], None), at(6)), Err(RaceError::NotRacing), "finished");
    assert_eq!(r.report(&key("a"), &game(&[1], None), at(2)), Ok(true));
    assert_eq!(r.racers[0].flooded, 2);
    assert_eq!(r.report(&key("a"), &game(&[1], None), at(3)), Ok(false), "nothing new");
    assert_eq!(r.report(&key("a"), &game(&[1, 2, 1, 0], None), at(9)), Ok(true));
    let mut detour = game(&[2, 1, 2, 1, 0], None);
    assert!(detour.is_solved());
    detour.undo();
    r.report(&key("c"), &detour, at(3)).unwrap();
    assert_eq!(r.racers[2].moves.len(), 4);
    assert_eq!(r.standings(at(10)), vec![1, 0, 2]);
    assert_eq!(r.phase(at(10)), Phase::Racing { started: go });
    r.leave(&key("c"), false, at(11));
    assert_eq!(r.racers[2].state(at(11), r.limits.grace), State::Left);
    assert_eq!(r.phase(at(11)), Phase::Over);
    assert_eq!(r.racers[0].finished, Some(Duration::from_secs(9)));
    assert_eq!(r.racers[1].finished, Some(Duration::from_secs(5)));
    // Same moves: bob's earlier time first; the one who left last.
    assert_eq!(r.standings(at(11)), vec![1, 0, 2]);
    assert_eq!(r.join(key("z"), "zed".into(), at(12)), Err(RaceError::Over));
}

#[test]
fn fewer_moves_beat_a_faster_time() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    r.report(&key("b"), &game(&[2, 1, 2, 1, 0], None), go + Duration::from_secs(1)).unwrap();
    r.report(&key("a"), &game(&[1, 2, 1, 0], None), go + Duration::from_secs(8)).unwrap();
    assert_eq!(r.standings(go + Duration::from_secs(9)), vec![0, 1]);
}

#[test]
fn a_dropped_racer_keeps_the_seat_for_the_grace_period_then_is_shown_as_left() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    r.report(&key("b"), &game(&[1], None), go).unwrap();
    r.leave(&key("b"), true, go);
    let grace = r.limits.grace;
    assert_eq!(r.racers[1].state(go, grace), State::Dropped);
    // Back within the grace period: the same seat, with its moves.
    assert_eq!(r.join(key("b"), "bob".into(), go + grace / 2), Ok(Joined::Back));
    assert_eq!(r.racers.len(), 2);
    assert_eq!(r.racers[1].moves.len(), 1);
    assert_eq!(r.racers[1].state(go + grace * 2, grace), State::Racing);
    // Dropped again and gone too long: left, and back only as a spectator.
    r.leave(&key("b"), true, go + grace);
    assert_eq!(r.racers[1].state(go + grace * 2, grace), State::Left);
    assert_eq!(r.join(key("b"), "bob".into(), go + grace * 2), Ok(Joined::Watching(Watching::GraceOver)));
    assert_eq!(r.report(&key("b"), &game(&[1, 2], None), go + grace * 2), Err(RaceError::NotRacing));
}

#[test]
fn out_of_moves_wrong_boards_and_the_creator_leaving_before_the_start() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.leave(&key("a"), false, t0);
    assert_eq!(r.racers.len(), 1, "a seat left before the start is free again");
    assert_eq!(r.host, key("b"));
    r.start(&key("b"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    let other = Game::new(Board::from_rows(Topology::Path, &[vec![1, 1, 2, 1, 0]]), Mode::Fixed { pivot: 0 }, None);
    assert_eq!(r.report(&key("b"), &other, go), Err(RaceError::WrongBoard));
    r.report(&key("b"), &game(&[1, 2], Some(2)), go).unwrap();
    assert_eq!(r.racers[0].state(go, r.limits.grace), State::Out);
    assert_eq!(r.phase(go), Phase::Over);
}

#[test]
fn a_room_closes_at_the_end_of_its_lifetime_and_when_all_left_before_the_start() {
    let t0 = Instant::now();
    let mut r = room(t0);
    assert_eq!(r.phase(t0 + r.limits.lifetime), Phase::Over);
    r.leave(&key("a"), false, t0);
    assert_eq!(r.phase(t0), Phase::Over);
}

#[test]
fn a_waiting_room_whose_only_racer_dropped_closes_at_once_but_a_started_one_keeps_the_grace() {
    let t0 = Instant::now();
    // Issue 31 (N4): one key made every room by connecting as `race@` and dropping, each room
    // then held for the grace period. Nobody connected waits in it: it is over at once.
    let mut r = room(t0);
    r.leave(&key("a"), true, t0);
    assert_eq!(r.phase(t0), Phase::Over);
    assert_eq!(r.join(key("a"), "alice".into(), t0), Err(RaceError::Over));
    // With another racer still there, the dropped one's seat waits for them, host passed on.
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.leave(&key("a"), true, t0);
    assert_eq!(r.phase(t0), Phase::Waiting);
    assert_eq!(r.host, key("b"));
    assert_eq!(r.join(key("a"), "alice".into(), t0 + r.limits.grace / 2), Ok(Joined::Back));
    // Both drop: nobody is connected, so the room is over.
    r.leave(&key("a"), true, t0);
    r.leave(&key("b"), true, t0);
    assert_eq!(r.phase(t0), Phase::Over);
    // Once started, a lone racer who drops keeps the room and the seat for the grace period.
    let mut r = room(t0);
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    r.leave(&key("a"), true, go);
    assert_eq!(r.phase(go), Phase::Racing { started: go });
    assert_eq!(r.join(key("a"), "alice".into(), go + r.limits.grace / 2), Ok(Joined::Back));
    r.leave(&key("a"), true, go);
    assert_eq!(r.phase(go + r.limits.grace), Phase::Over);
}

#[test]
fn a_dropped_guest_has_left_at_once_for_a_guest_never_comes_back() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(Seat::Guest(9), "guest 9".into(), t0).unwrap();
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    r.leave(&Seat::Guest(9), true, go);
    assert_eq!(r.racers[1].state(go, r.limits.grace), State::Left, "no grace for a guest");
    assert_eq!(r.racers[1].grace_left(go, r.limits.grace), None);
    // A key's seat waits, and says how long.
    r.leave(&key("b"), true, go);
    assert_eq!(
        r.racers[2].grace_left(go + Duration::from_secs(15), r.limits.grace),
        Some(r.limits.grace - Duration::from_secs(15))
    );
    assert_eq!(r.racers[2].grace_left(go + r.limits.grace, r.limits.grace), None);
    // Alice alone: when she finishes, the race is over (the guest does not hold it).
    r.report(&key("a"), &game(&[1, 2, 1, 0], None), go + r.limits.grace).unwrap();
    assert_eq!(r.ending(go + r.limits.grace), Some(Ending::Done));
}

#[test]
fn moves_taken_back_are_refused_and_the_room_says_why_it_ended_and_who_won() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    r.report(&key("a"), &game(&[1, 2], None), go).unwrap();
    assert_eq!(r.report(&key("a"), &game(&[1], None), go), Err(RaceError::Takeback));
    assert_eq!(r.report(&key("a"), &game(&[2], None), go), Err(RaceError::Takeback), "another line");
    assert_eq!(r.racers[0].moves.len(), 2, "the room keeps the moves made");
    assert_eq!(r.winner(go), None, "nobody has flooded it");
    r.report(&key("b"), &game(&[1, 2, 1, 0], None), go + Duration::from_secs(4)).unwrap();
    assert_eq!(r.winner(go + Duration::from_secs(4)), Some(1));
    assert_eq!(r.ending(go + Duration::from_secs(4)), None, "alice still races");
    // The lifetime ends the race where it stands, and says so.
    let end = r.created + r.limits.lifetime;
    assert_eq!((r.phase(end), r.ending(end)), (Phase::Over, Some(Ending::Lifetime)));
    assert_eq!(r.winner(end), Some(1));
    // A waiting room nobody is connected to is empty.
    let mut w = room(t0);
    w.leave(&key("a"), true, t0);
    assert_eq!(w.ending(t0), Some(Ending::Empty));
}

#[test]
fn a_racer_back_after_the_grace_or_after_leaving_is_told_why_they_watch_or_that_no_place_is_left() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.join(key("c"), "cat".into(), t0).unwrap();
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    r.leave(&key("b"), false, go);
    assert_eq!(r.join(key("b"), "bob".into(), go), Ok(Joined::Watching(Watching::LeftSeat)));
    r.leave(&key("c"), true, go);
    let late = go + r.limits.grace;
    // The one spectator's place is bob's: cat's seat is gone and nowhere is left to watch.
    assert_eq!(r.join(key("c"), "cat".into(), late), Err(RaceError::SeatGone(1)));
    assert_eq!(r.join(key("d"), "dan".into(), late), Err(RaceError::Full(3, 1)));
    assert_eq!(r.watch(late), Err(RaceError::Full(3, 1)));
    assert_eq!(Joined::Back.role(), Role::Racer);
    assert_eq!(Joined::Watching(Watching::Asked).role(), Role::Spectator);
}

#[test]
fn a_rematch_needs_every_racer_still_in_the_room_and_starts_a_new_board_for_them() {
    let t0 = Instant::now();
    let mut r = room(t0);
    r.join(key("b"), "bob".into(), t0).unwrap();
    r.join(key("c"), "cat".into(), t0).unwrap();
    assert_eq!(r.want_rematch(&key("a"), t0), Err(RaceError::NotOver));
    r.start(&key("a"), t0).unwrap();
    let go = t0 + r.limits.countdown;
    assert_eq!(r.want_rematch(&key("a"), go), Err(RaceError::NotOver));
    r.report(&key("a"), &game(&[1, 2, 1, 0], None), go).unwrap();
    r.report(&key("b"), &game(&[1, 2], Some(2)), go).unwrap();
    r.leave(&key("c"), false, go);
    assert_eq!(r.ending(go), Some(Ending::Done));
    assert_eq!(r.want_rematch(&key("c"), go), Err(RaceError::NotRacing), "cat left");
    assert_eq!(r.want_rematch(&key("z"), go), Err(RaceError::NotRacing));
    let votes = r.want_rematch(&key("b"), go).unwrap();
    assert_eq!((votes, votes.all()), (Votes { agreed: 1, of: 2 }, false));
    assert_eq!(r.want_rematch(&key("b"), go).unwrap().agreed, 1, "asking twice is one voice");
    assert!(r.want_rematch(&key("a"), go).unwrap().all());
    let later = go + Duration::from_secs(60);
    let mut next = puzzle();
    next.board = Board::from_rows(Topology::Path, &[vec![2, 1, 2, 0, 0]]);
    next.optimal = Some(3);
    r.rematch(next.clone(), later);
    assert_eq!(r.round, 1);
    assert_eq!(r.racers.iter().map(|x| x.name.as_str()).collect::<Vec<_>>(), ["alice", "bob"]);
    assert!(r.racers.iter().all(|x| x.moves.is_empty() && x.finished.is_none() && !x.out));
    assert_eq!((r.optimum, r.settings.puzzle.board.clone()), (Some(3), next.board));
    assert_eq!(r.phase(later), Phase::Countdown { starts: later + r.limits.countdown });
    assert_eq!(r.votes(), Votes { agreed: 0, of: 2 });
    // The lifetime counts from the rematch.
    assert_eq!(r.ending(later + r.limits.lifetime - Duration::from_secs(1)), None);
}
