//! Sizing what a solve allocates before allocating it: a buffer whose size comes from the board
//! is measured against the solve's memory limit first (a refusal names the size and the limit),
//! and reserved with `try_reserve`, so that an allocation the system cannot give is an error for
//! this solve, never an abort of the process (on a server, each solve is one player's).

use super::{Control, SolveError};

/// Bytes taken by `len` values of `T` (saturating: a size past the address space is "too much").
pub fn bytes_of<T>(len: usize) -> usize {
    len.saturating_mul(std::mem::size_of::<T>())
}

/// `bytes` in mebibytes, for messages.
pub fn mib(bytes: usize) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// The refusal of a solve whose `what` would take `bytes`, more than its memory limit `limit`.
pub fn over_limit(what: &str, bytes: usize, limit: usize) -> SolveError {
    SolveError::Refused(format!("{what} would take {}, more than the memory limit of {}", mib(bytes), mib(limit)))
}

/// Refuses when `bytes` for `what` exceed the memory limit of `control` (no limit: any size).
pub fn check(control: &Control, what: &str, bytes: usize) -> Result<(), SolveError> {
    match control.limits.memory {
        Some(limit) if bytes > limit => Err(over_limit(what, bytes, limit)),
        _ => Ok(()),
    }
}

/// An empty vector with room for `len` values of `T`, for `what`: refused when that exceeds the
/// memory limit, and an error (not an abort) when the system has no room for it.
pub fn with_capacity<T>(control: &Control, what: &str, len: usize) -> Result<Vec<T>, SolveError> {
    let bytes = bytes_of::<T>(len);
    check(control, what, bytes)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| no_room(what, bytes))?;
    Ok(v)
}

/// `len` copies of `value`, for `what`, sized as [`with_capacity`] sizes them.
pub fn filled<T: Clone>(control: &Control, what: &str, len: usize, value: T) -> Result<Vec<T>, SolveError> {
    let mut v = with_capacity(control, what, len)?;
    v.resize(len, value);
    Ok(v)
}

/// The refusal of an allocation of `bytes` for `what` that the system could not give.
pub fn no_room(what: &str, bytes: usize) -> SolveError {
    SolveError::Refused(format!("{what} would take {}, and the system has no room for it", mib(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Limits;

    #[test]
    fn sizes_are_checked_before_allocating() {
        let control = Control::new(Limits { memory: Some(1 << 20), ..Limits::default() });
        assert_eq!(filled(&control, "a table", 1000, 7u64).unwrap().len(), 1000);
        let err = with_capacity::<u64>(&control, "a table", 1 << 20).unwrap_err();
        assert_eq!(err.to_string(), "a table would take 8.0 MiB, more than the memory limit of 1.0 MiB");
        // No limit: the size the system cannot give is an error, not an abort.
        let err = with_capacity::<u64>(&Control::default(), "a table", usize::MAX / 8).unwrap_err();
        assert!(err.to_string().contains("the system has no room"), "{err}");
    }
}
