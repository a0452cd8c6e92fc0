//! The explorer: which solver view the panel shows, the solvers on offer, their runs, and the
//! step-through and compare modes. `update/explorer.rs` changes it.

pub mod catalogue;
pub mod chooser;
pub mod compare;
pub mod playback;
pub mod runs;
pub mod stepping;

use crate::model::{Game, Mode as GameMode};
use crate::solver::{Family, Problem};
use crate::tui::drawn::Scroll;
use crate::tui::review::best_line::LineWalk;
use catalogue::{Catalogue, Listed};
use compare::Compare;
use runs::Runs;
use stepping::Stepper;

/// What the solver panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    /// The board's facts (size, colours, components, the optimum).
    Facts,
    /// One family's view.
    Family(Family),
    /// The hint (`i`): the next move from the player's position.
    Hint,
}

/// What the screen is doing.
#[derive(Clone, Debug)]
pub enum Mode {
    /// The player's game.
    Play,
    /// Stepping through one solution on the board.
    Step(Box<Stepper>),
    /// Solvers side by side.
    Compare(Box<Compare>),
    /// The review of the player's game, at one of its moves.
    Review(Box<crate::tui::review::Reviewing>),
    /// Stepping a line from the player's position (the proof view's tempting line) on a board
    /// of its own; the game stays as it was, to come back to.
    Walk(Box<LineWalk>),
}

/// Boards larger than this get no proof view (the walk is redrawn with every frame).
pub const PROOF_MAX_CELLS: usize = 1600;

#[derive(Clone, Debug)]
pub struct Explorer {
    pub catalogue: Catalogue,
    pub panel: Panel,
    /// The chosen solver within each family (index into that family's list).
    choice: [usize; 3],
    pub runs: Runs,
    pub mode: Mode,
    /// The exact view keeps solving from each new position (after a hint or a run).
    pub follow_exact: bool,
    /// The solvers last compared (ticked again when the chooser opens).
    pub compared: Vec<String>,
    /// How far the solver panel is scrolled.
    pub scroll: Scroll,
    /// What the panel showed before the hint, to go back to when the hint is turned off.
    pub before_hint: Panel,
    /// The proof view: the lower bound's parts drawn on the board (in the exact view, the
    /// step-through and the review).
    pub proof: bool,
    /// The player asked for the board facts with the panel key: they show even where the board
    /// needs the whole room (it scrolls), as the solver views do.
    pub facts_asked: bool,
}

impl Default for Explorer {
    fn default() -> Self {
        Explorer::new(Catalogue::from_registry().with_exact_threads(runs::max_parallel()))
    }
}

/// What the solver panel shows, as an action compares it before and after (a change is a
/// `PanelChanged` event): the panel, the solver chosen in each family, the mode (and in the
/// review, whether a best line is being stepped), whether the exact view follows the game, and
/// each run's solver with whether it is pinned and finished.
#[derive(Debug, PartialEq, Eq)]
pub struct Shown {
    panel: Panel,
    choice: [usize; 3],
    mode: std::mem::Discriminant<Mode>,
    walking: bool,
    follow_exact: bool,
    runs: Vec<(String, bool, bool)>,
}

fn slot(family: Family) -> usize {
    Family::ALL.iter().position(|&f| f == family).unwrap_or(0)
}

impl Explorer {
    pub fn new(catalogue: Catalogue) -> Explorer {
        Explorer {
            catalogue,
            panel: Panel::Facts,
            choice: [0; 3],
            runs: Runs::default(),
            mode: Mode::Play,
            follow_exact: false,
            compared: vec!["greedy".into(), "fast".into(), "exact".into()],
            scroll: Scroll::default(),
            before_hint: Panel::Facts,
            proof: false,
            facts_asked: false,
        }
    }

    /// What the panel shows now, to compare after an action.
    pub fn shown(&self) -> Shown {
        Shown {
            panel: self.panel,
            choice: self.choice,
            mode: std::mem::discriminant(&self.mode),
            walking: matches!(&self.mode, Mode::Review(r) if r.walk.is_some()),
            follow_exact: self.follow_exact,
            runs: self.runs.all().iter().map(|r| (r.solver.clone(), r.pinned, r.finished())).collect(),
        }
    }

    /// The chosen solver of `family`, if the family has any.
    pub fn chosen(&self, family: Family) -> Option<&Listed> {
        let list: Vec<&Listed> = self.catalogue.family(family).collect();
        list.get(self.choice[slot(family)].min(list.len().saturating_sub(1))).copied()
    }

    /// Where the chosen solver stands in its family: (1-based index, count).
    pub fn chosen_index(&self, family: Family) -> (usize, usize) {
        let n = self.catalogue.family(family).count();
        (self.choice[slot(family)].min(n.saturating_sub(1)) + 1, n)
    }

    /// Where solver `name` stands in its family: (1-based index, count).
    pub fn index_of(&self, family: Family, name: &str) -> (usize, usize) {
        let position = self.catalogue.family(family).position(|e| e.name() == name).unwrap_or(0);
        (position + 1, self.catalogue.family(family).count())
    }

    /// Chooses `name` in its family (if it is listed).
    pub fn choose(&mut self, name: &str) {
        for f in Family::ALL {
            if let Some(i) = self.catalogue.family(f).position(|e| e.name() == name) {
                self.choice[slot(f)] = i;
            }
        }
    }

    /// The next solver of `family`, wrapping round.
    pub fn next_choice(&mut self, family: Family) {
        let n = self.catalogue.family(family).count().max(1);
        let s = &mut self.choice[slot(family)];
        *s = (*s + 1) % n;
    }

    /// The exact solver for hints: the chosen one, or the first of the family that plays `mode`.
    pub fn exact_solver(&self, mode: GameMode) -> Option<&Listed> {
        let chosen = self.chosen(Family::Exact)?;
        if chosen.plays(mode) {
            return Some(chosen);
        }
        self.catalogue.family(Family::Exact).find(|l| l.plays(mode)).or(Some(chosen))
    }

    /// The solver a family's view is about.
    pub fn panel_solver(&self, family: Family, mode: GameMode) -> Option<&Listed> {
        match family {
            Family::Exact => self.exact_solver(mode),
            _ => self.chosen(family),
        }
    }

    /// The solver that checks a polynomial solver's answer when it is not proven optimal: `poly`
    /// (which picks the correct algorithm for the board's class), else the exact solver.
    pub fn checker(&self, of: &str, mode: GameMode) -> Option<&Listed> {
        self.catalogue
            .get("poly")
            .filter(|l| l.name() != of && l.family() == Family::Polynomial && l.plays(mode))
            .or_else(|| self.exact_solver(mode))
            .filter(|l| l.name() != of)
    }

    /// The family the panel shows, if any.
    pub fn family(&self) -> Option<Family> {
        match self.panel {
            Panel::Family(f) => Some(f),
            Panel::Facts | Panel::Hint => None,
        }
    }

    /// Board facts, then each family in turn, then the facts again (from the hint: the facts).
    pub fn next_panel(&mut self) {
        self.panel = match self.panel {
            Panel::Facts => Panel::Family(Family::ALL[0]),
            Panel::Hint => Panel::Facts,
            Panel::Family(f) => Family::ALL.get(slot(f) + 1).map_or(Panel::Facts, |&n| Panel::Family(n)),
        };
    }

    pub fn stepper(&self) -> Option<&Stepper> {
        match &self.mode {
            Mode::Step(s) => Some(s),
            _ => None,
        }
    }

    pub fn reviewing(&self) -> Option<&crate::tui::review::Reviewing> {
        match &self.mode {
            Mode::Review(r) => Some(r),
            _ => None,
        }
    }

    /// True when the screen shows what the proof view draws on: the exact view, a
    /// step-through or the review.
    pub fn shows_proof(&self) -> bool {
        self.proof
            && match &self.mode {
                Mode::Play => self.panel == Panel::Family(Family::Exact),
                Mode::Step(_) | Mode::Review(_) | Mode::Walk(_) => true,
                Mode::Compare(_) => false,
            }
    }

    pub fn compare(&self) -> Option<&Compare> {
        match &self.mode {
            Mode::Compare(c) => Some(c),
            _ => None,
        }
    }

    /// The playback of the current mode, if it has one.
    pub fn playback(&self) -> Option<&playback::Playback> {
        match &self.mode {
            Mode::Play => None,
            Mode::Review(r) => r.walk.as_ref().map(|w| &w.playback),
            Mode::Walk(w) => Some(&w.playback),
            Mode::Step(s) => Some(&s.playback),
            Mode::Compare(c) => Some(&c.playback),
        }
    }

    /// The line being stepped on a board of its own: in the game, or in the review.
    pub fn walk(&self) -> Option<&LineWalk> {
        match &self.mode {
            Mode::Walk(w) => Some(w),
            Mode::Review(r) => r.walk.as_ref(),
            _ => None,
        }
    }

    /// Where the proof view shows and names a tempting line that fails, the walk of it: from the
    /// game's position in the exact view (its optimum proven by the exact run from there), or
    /// from the review's move shown (its optimum proven by the review). `None` elsewhere.
    pub fn tempting_walk(&self, game: &Game) -> Option<LineWalk> {
        if !self.shows_proof() {
            return None;
        }
        match &self.mode {
            Mode::Play => {
                let here = Problem::from_game(game);
                let exact = self.exact_solver(game.mode())?;
                let solution = self.runs.find(exact.name(), &here)?.solution().filter(|s| s.optimal)?;
                LineWalk::tempting(game.moves_made(), &here, solution.len() as u32)
            }
            Mode::Review(r) => r.tempting_walk(),
            Mode::Step(_) | Mode::Compare(_) | Mode::Walk(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_family_key_visits_every_family_then_the_facts() {
        let mut e = Explorer::default();
        let mut seen = vec![e.panel];
        for _ in 0..4 {
            e.next_panel();
            seen.push(e.panel);
        }
        use Family::*;
        let want =
            [Panel::Facts, Panel::Family(Heuristic), Panel::Family(Exact), Panel::Family(Polynomial), Panel::Facts];
        assert_eq!(seen, want);
    }

    #[test]
    fn choices_wrap_within_a_family() {
        let mut e = Explorer::default();
        // The heuristics as the registry lists them (however many there are).
        let heuristics: Vec<String> = e.catalogue.family(Family::Heuristic).map(|l| l.name().to_string()).collect();
        let n = heuristics.len();
        assert!(n >= 2, "{heuristics:?}");
        assert_eq!(e.chosen(Family::Heuristic).unwrap().name(), heuristics[0]);
        e.next_choice(Family::Heuristic);
        assert_eq!(e.chosen(Family::Heuristic).unwrap().name(), heuristics[1]);
        assert_eq!(e.chosen_index(Family::Heuristic), (2, n));
        e.choose(&heuristics[n - 1]);
        e.next_choice(Family::Heuristic);
        assert_eq!(e.chosen(Family::Heuristic).unwrap().name(), heuristics[0], "wraps round");
        e.choose("oracle");
        assert_eq!(e.chosen(Family::Exact).unwrap().name(), "oracle");
    }
}
