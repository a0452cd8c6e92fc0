//! Which boards a task solves: board `i` (0-based, in file order) belongs to shard `i mod N`.
//!
//! Round-robin rather than contiguous blocks, so that each shard gets a fair share of the hard
//! boards wherever they sit in the file, and a shard's boards are known without counting the file.

use crate::cli::CliError;

/// Shard `index` (0-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Every board.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// `--shard K/N` (1-based), or `--shard-index I --shard-count N` (0-based), or every board.
    pub fn from_args(one_based: Option<&str>, index: Option<&str>, count: Option<&str>) -> Result<Shard, CliError> {
        match (one_based, index, count) {
            (Some(spec), _, _) => Shard::parse_one_based(spec),
            (None, Some(i), Some(n)) => {
                let n = whole(n, "--shard-count")?;
                let i = whole(i, "--shard-index")?;
                Shard::new(i, n).map_err(|m| CliError::bad_input(format!("--shard-index {i} --shard-count {n}: {m}")))
            }
            _ => Ok(Shard::ALL),
        }
    }

    /// `K/N` with `1 <= K <= N`.
    pub fn parse_one_based(spec: &str) -> Result<Shard, CliError> {
        let bad = |why: &str| CliError::bad_input(format!("bad --shard '{spec}': {why}"));
        let (k, n) = spec.split_once('/').ok_or_else(|| bad("expected K/N, e.g. 3/8"))?;
        let (k, n) = (k.trim().parse::<u64>(), n.trim().parse::<u64>());
        let (Ok(k), Ok(n)) = (k, n) else {
            return Err(bad("expected K/N with whole numbers, e.g. 3/8"));
        };
        if k == 0 {
            return Err(bad("K counts from 1 (use --shard-index for 0-based indices)"));
        }
        Shard::new(k - 1, n).map_err(|m| bad(&m))
    }

    fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 {
            return Err("there must be at least one shard".into());
        }
        if index >= count {
            return Err(format!("there is no shard {} of {count}", index + 1));
        }
        Ok(Shard { index, count })
    }

    /// Whether board `i` is this shard's.
    pub fn contains(self, i: u64) -> bool {
        i % self.count == self.index
    }

    /// This shard's boards among `total`, in file order.
    pub fn boards(self, total: u64) -> impl Iterator<Item = u64> {
        (self.index..total).step_by(usize::try_from(self.count).unwrap_or(usize::MAX))
    }

    /// `K/N`, 1-based, as a user writes it.
    pub fn label(self) -> String {
        format!("{}/{}", self.index + 1, self.count)
    }
}

/// A whole number from an option whose value may come from an unset environment variable.
pub fn whole(text: &str, flag: &str) -> Result<u64, CliError> {
    if text.trim().is_empty() {
        return Err(CliError::bad_input(format!("{flag} is empty (is the scheduler's index variable set?)")));
    }
    text.trim().parse().map_err(|_| CliError::bad_input(format!("bad {flag} '{text}': expected a whole number")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_spellings_name_the_same_shard() {
        let a = Shard::from_args(Some("3/8"), None, None).unwrap();
        let b = Shard::from_args(None, Some("2"), Some("8")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.label(), "3/8");
        assert_eq!(Shard::from_args(None, None, None).unwrap(), Shard::ALL);
    }

    #[test]
    fn shards_partition_the_boards() {
        for count in 1..=7 {
            let mut seen = vec![0; 23];
            for index in 0..count {
                let s = Shard { index, count };
                for i in s.boards(23) {
                    assert!(s.contains(i));
                    seen[i as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{count} shards: {seen:?}");
        }
        assert_eq!(Shard { index: 2, count: 4 }.boards(11).collect::<Vec<_>>(), vec![2, 6, 10]);
        assert_eq!(Shard { index: 5, count: 8 }.boards(3).count(), 0);
    }

    #[test]
    fn bad_shards_say_why() {
        let err = |k: Option<&str>, i: Option<&str>, n: Option<&str>| Shard::from_args(k, i, n).unwrap_err().message;
        assert!(err(Some("0/4"), None, None).contains("counts from 1"));
        assert!(err(Some("5/4"), None, None).contains("no shard 5 of 4"));
        assert!(err(Some("1/0"), None, None).contains("at least one shard"));
        assert!(err(Some("3"), None, None).contains("expected K/N"));
        assert!(err(Some("a/b"), None, None).contains("whole numbers"));
        assert!(err(None, Some("4"), Some("4")).contains("no shard 5 of 4"));
        assert!(err(None, Some(""), Some("4")).contains("is empty"));
        assert!(err(None, Some("-1"), Some("4")).contains("bad --shard-index"));
    }
}
