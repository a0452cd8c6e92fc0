//! One budget for work made of several searches (a position's analysis, a review's position, a
//! design, a grade): the whole work's clock, time limit and cancellation, and the nodes and
//! memory each exact search inside it may take.

use super::{Control, Limits, StopReason};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Default nodes of one proof inside a design or a grade: ample for the boards a player designs
/// (10x10 with 5 colours needs a few thousand nodes), and a guard against a board whose proof
/// would take minutes.
pub const PROOF_NODES: u64 = 2_000_000;
/// Default memory of one proof inside a design or a grade, in bytes of search tables (see
/// [`PROOF_NODES`]).
pub const PROOF_MEMORY: usize = 512 << 20;

/// The whole work's limits and each search's.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// The whole work: its clock, time limit, cancellation, and a memory cap that also holds
    /// each search (a server's job budget holds every search the job runs).
    pub whole: Control,
    /// Nodes and memory each exact search inside it may take (its time is what the whole has
    /// left).
    pub each: Limits,
}

impl Budget {
    /// A design's or a grade's budget: `time` in all (none: no limit), with the default limits
    /// on each proof.
    pub fn new(time: Option<Duration>) -> Budget {
        Budget {
            whole: Control::new(Limits { time, ..Limits::default() }),
            each: Limits { time: None, nodes: Some(PROOF_NODES), memory: Some(PROOF_MEMORY) },
        }
    }

    /// An analysis's budget from `limits` as the review states them: the time for the whole
    /// position, the nodes and memory for each search, with its own cancellation flag.
    pub fn per_position(limits: Limits) -> Budget {
        Budget::within(&Control::new(limits))
    }

    /// A budget inside a job's `control`: its time and cancellation for the whole, its nodes
    /// and memory for each search.
    pub fn within(control: &Control) -> Budget {
        let each = Limits { time: None, ..control.limits };
        Budget { whole: control.clone(), each }
    }

    /// The limits of one position of an analysis: the whole's time, each search's nodes and
    /// memory (the analysis shares the time among its searches by its own clock).
    pub fn position_limits(&self) -> Limits {
        Limits { time: self.whole.limits.time, ..self.each }.within(&self.whole.limits)
    }

    /// The control of one search: what is left of the whole's time, each search's nodes and
    /// memory (within the whole's memory), and the whole's cancellation flag.
    pub fn control(&self) -> Control {
        let time = self.whole.limits.time.map(|t| t.saturating_sub(self.whole.elapsed()).max(Duration::from_millis(1)));
        Control::new(Limits { time, ..self.each }.within(&self.whole.limits)).with_cancel(self.cancel_flag())
    }

    /// Why the whole work must stop (its time is up, or it was cancelled), if it must.
    pub fn stopped(&self) -> Option<StopReason> {
        self.whole.stop_reason()
    }

    /// The whole work's cancellation flag, shared with every search inside it.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.whole.cancel_flag()
    }

    /// True once the whole work is cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.whole.cancel_flag().load(std::sync::atomic::Ordering::Relaxed)
    }
}
