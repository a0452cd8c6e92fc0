//! The daily puzzle: one board for everyone each UTC day, made from the date alone, the same on
//! every platform and every floodit version (tests pin one day's board of each kind).
//!
//! From [`INTEREST_FROM`] on, the board is chosen for interest (`design::daily`): of the day's
//! candidate boards, the first where greedy play (the most cells each move) misses par and its
//! very first move already loses it. Earlier days keep the board they were played on.
//!
//! ```
//! use floodit_core::formats::daily::{Date, puzzle};
//!
//! let day: Date = "2026-11-24".parse()?;
//! assert_eq!(puzzle(day), puzzle(day), "a date always gives the same board");
//! assert_ne!(puzzle(day).board, puzzle(day.next()).board);
//! # Ok::<(), floodit_core::formats::FormatError>(())
//! ```

use super::FormatError;
use super::generate::{GenSpec, generate};
use super::puzzle::Puzzle;
use crate::model::Topology;
use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// The daily board: a 14x14 grid with 6 colours, played from the top-left corner. The exact
/// solver proves such a board's optimum in milliseconds (37 ms at worst on 1000 of them).
pub const SPEC: GenSpec =
    GenSpec { topology: Topology::Grid, rows: 14, cols: 14, colours: 6, free: false, pivot: None };

/// A day of the proleptic Gregorian calendar, as days since 1970-01-01 (negative before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(i64);

/// The calendar's range here: years 1 to 9999, so every date prints as `YYYY-MM-DD`.
const FIRST_DAY: i64 = -719_162; // 0001-01-01
const LAST_DAY: i64 = 2_932_896; // 9999-12-31

impl Date {
    /// Today in UTC.
    pub fn today() -> Date {
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date::from_unix_secs(secs)
    }

    /// The UTC day of a Unix time.
    pub fn from_unix_secs(secs: u64) -> Date {
        Date((secs / 86_400) as i64).clamped()
    }

    /// The date `days` days after 1970-01-01.
    pub fn from_days(days: i64) -> Date {
        Date(days).clamped()
    }

    fn clamped(self) -> Date {
        Date(self.0.clamp(FIRST_DAY, LAST_DAY))
    }

    /// Days since 1970-01-01.
    pub fn days(self) -> i64 {
        self.0
    }

    /// The day after (held at the last supported day).
    pub fn next(self) -> Date {
        Date::from_days(self.0 + 1)
    }

    /// The day before (held at the first supported day).
    pub fn previous(self) -> Date {
        Date::from_days(self.0 - 1)
    }

    /// The Monday of this date's week (weeks run Monday to Sunday, as ISO 8601 has them).
    pub fn week_start(self) -> Date {
        // 1970-01-01 was a Thursday: three days after a Monday.
        Date::from_days(self.0 - (self.0 + 3).rem_euclid(7))
    }

    /// (year, month 1-12, day 1-31), by the civil-from-days method on 400-year eras.
    pub fn ymd(self) -> (i32, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        (year, month, day)
    }

    /// The date of (year, month, day), if there is one in years 1 to 9999.
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(1..=9999).contains(&year) || !(1..=12).contains(&month) || day == 0 || day > days_in(year, month) {
            return None;
        }
        let y = i64::from(year) - i64::from(month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Some(Date(era * 146_097 + doe - 719_468))
    }
}

fn days_in(year: i32, month: u32) -> u32 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

impl FromStr for Date {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Date, FormatError> {
        let bad = || FormatError::new(format!("'{s}' is not a date: expected YYYY-MM-DD, e.g. 2026-11-24"));
        let mut parts = s.trim().split('-');
        let mut number = |len: usize| -> Result<u32, FormatError> {
            let p = parts.next().ok_or_else(bad)?;
            if p.len() != len || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            p.parse().map_err(|_| bad())
        };
        let (y, m, d) = (number(4)?, number(2)?, number(2)?);
        if parts.next().is_some() {
            return Err(bad());
        }
        Date::from_ymd(y as i32, m, d).ok_or_else(bad)
    }
}

/// The seed of a day's board: its day number, mixed (SplitMix64's finaliser) so that
/// neighbouring days are unrelated, and kept below 10^9 like the seeds the game shows.
pub fn seed(date: Date) -> u64 {
    mix((date.days() as u64) ^ 0x666c_6f6f_6469_7400) % 1_000_000_000 // "floodit\0"
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The first day whose board is chosen for interest: 2026-11-26.
pub const INTEREST_FROM: Date = Date(20_783);

/// The seed of candidate `n` of a day: the day's seed for candidate 0, then the day's seed and
/// `n` mixed again.
pub fn candidate_seed(date: Date, n: u32) -> u64 {
    if n == 0 {
        return seed(date);
    }
    mix(seed(date) ^ u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15)) % 1_000_000_000
}

/// The puzzle of `date`. From [`INTEREST_FROM`] on it is chosen for interest and states its
/// par (its proven optimum) as `optimal`; earlier days' boards state none, and the caller
/// proves it.
pub fn puzzle(date: Date) -> Puzzle {
    let (mut p, seed, interest) = match (date >= INTEREST_FROM).then(|| crate::design::daily::choose(date)).flatten() {
        Some((p, i)) => (p, candidate_seed(date, i.candidate), Some(i)),
        None => (generate(&SPEC, seed(date)).expect("the daily spec is a valid board spec"), seed(date), None),
    };
    p.title = format!("Daily {date}");
    p.source = Some(format!("floodit daily puzzle of {date} (UTC), seed {seed}"));
    p.description = interest.map(|i| {
        if i.greedy_first_loses {
            "Chosen for interest: playing for the most cells each move does not reach par, and the first such move already loses it.".to_string()
        } else {
            "Chosen for interest: playing for the most cells each move does not reach par.".to_string()
        }
    });
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::id;

    #[test]
    fn dates_convert_both_ways_across_the_calendar() {
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days(-1).to_string(), "1969-12-31");
        assert_eq!("2000-02-29".parse::<Date>().unwrap().next().to_string(), "2000-03-01");
        assert_eq!("2026-11-24".parse::<Date>().unwrap().days(), 20_781);
        for d in (FIRST_DAY..=LAST_DAY).step_by(997).chain([FIRST_DAY, LAST_DAY]) {
            let date = Date::from_days(d);
            let (y, m, dd) = date.ymd();
            assert_eq!(Date::from_ymd(y, m, dd), Some(date));
            assert_eq!(date.to_string().parse::<Date>().unwrap(), date);
        }
        assert_eq!(Date::from_unix_secs(86_400 * 20_781 + 86_399).to_string(), "2026-11-24");
    }

    #[test]
    fn bad_dates_are_refused_with_the_form_expected() {
        for s in ["2026-02-29", "2026-13-01", "2026-1-5", "20261124", "2026-11-24-1", "", "0000-01-01", "2026-11-xx"] {
            let e = s.parse::<Date>().unwrap_err().to_string();
            assert!(e.contains("YYYY-MM-DD"), "{s}: {e}");
        }
        assert!("2024-02-29".parse::<Date>().is_ok());
    }

    #[test]
    fn weeks_start_on_monday() {
        let tue: Date = "2026-11-24".parse().unwrap();
        assert_eq!(tue.week_start().to_string(), "2026-11-23");
        let mon: Date = "2026-11-23".parse().unwrap();
        assert_eq!(mon.week_start(), mon);
        let sun: Date = "2026-11-29".parse().unwrap();
        assert_eq!(sun.week_start(), mon);
    }

    #[test]
    fn one_days_board_is_pinned() {
        // Changing this board changes every player's puzzle of that day: do not.
        let day: Date = "2026-11-24".parse().unwrap();
        let p = puzzle(day);
        assert_eq!(seed(day), PINNED_SEED);
        assert_eq!(id::encode_puzzle(&p), PINNED_ID);
        assert_eq!(p.title, "Daily 2026-11-24");
        assert_ne!(seed(day), seed(day.next()));
    }

    #[test]
    fn the_days_before_the_interest_choice_keep_their_boards() {
        assert_eq!(INTEREST_FROM.to_string(), "2026-11-26");
        let before = INTEREST_FROM.previous();
        assert_eq!(puzzle(before).board, generate(&SPEC, seed(before)).unwrap().board);
        assert_eq!(puzzle(before).optimal, None);
        assert_eq!(candidate_seed(before, 0), seed(before));
        assert_ne!(candidate_seed(before, 1), seed(before));
    }

    const PINNED_SEED: u64 = 977_272_044;
    const PINNED_ID: &str = "fl1.g.14x14.6.p0-0.WIiMklClJZlNVQUWbDUtq5gNTLuFlaBVAykN2bRmYSNkWSoRyRAQkDpAyEqUXUhlopC1oQK1VAapxZKoiFQVEYiuSUtMFAIMrAQ.vR";
}
