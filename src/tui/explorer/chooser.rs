//! The list of solvers to compare side by side, with a check box each.

use super::catalogue::{Catalogue, Listed};
use crate::solver::poly::{Algorithm, Classification, Structure, Verdict, classify};
use crate::solver::{Family, Problem};
use crate::tui::list::Selection;

/// Most boards shown side by side.
pub const MAX_LANES: usize = 6;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub solver: String,
    pub family: Family,
    pub summary: String,
    pub checked: bool,
    /// Why the solver cannot be chosen here, if it cannot.
    pub disabled: Option<String>,
    /// What to say of it when it is selected: why it is disabled at length, or what it does.
    pub detail: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chooser {
    pub items: Vec<Choice>,
    pub selection: Selection,
}

/// Why `listed` cannot solve `problem`, if it surely cannot: it does not play the game's mode,
/// or it is a polynomial algorithm for another class than the one the classifier finds for the
/// board (`class`). Where the classifier cannot tell (a two-colour board may also be a path),
/// the solver is offered and answers for itself.
fn why_not(listed: &Listed, problem: &Problem, class: &Classification) -> Option<String> {
    if !listed.plays(problem.mode) {
        return Some("plays fixed-pivot Flood-It only".into());
    }
    if listed.family() != Family::Polynomial {
        return None;
    }
    // An algorithm for one class says which boards it is for; the board's own class (NP-hard,
    // say) is the selector's reason, not its.
    let own = Algorithm::ALL.into_iter().find(|a| a.solver_name() == listed.name());
    let found = match (&class.verdict, own) {
        (Verdict::Polynomial(a), _) => *a,
        (_, Some(own)) => return Some(format!("for {} only", own.structure().boards())),
        (Verdict::NpHard { .. }, None) => return Some("NP-hard class".into()),
        (Verdict::Unknown { .. }, None) => return Some("no polynomial algorithm known".into()),
    };
    let own = own?;
    let other = found.structure() != Structure::TwoColour && own.structure() != found.structure();
    other.then(|| format!("another class: {} solves it", found.solver_name()))
}

impl Chooser {
    /// Every solver, heuristics first, with `checked` ticked; those that cannot solve `problem`
    /// are disabled, with the reason.
    pub fn new(catalogue: &Catalogue, checked: &[String], problem: &Problem) -> Chooser {
        let class = classify(problem);
        let items = [Family::Heuristic, Family::Exact, Family::Polynomial]
            .into_iter()
            .flat_map(|f| catalogue.family(f))
            .map(|e| {
                let disabled = why_not(e, problem, &class);
                // A polynomial solver greyed out points to the board's class and its source.
                let own = Algorithm::ALL.into_iter().find(|a| a.solver_name() == e.name());
                let detail = match &disabled {
                    Some(_) if e.family() == Family::Polynomial && own.is_none() => class.to_string(),
                    Some(why) if e.family() == Family::Polynomial && class.algorithm().is_none() => {
                        format!("{why}; this board: {class}")
                    }
                    Some(why) if e.family() == Family::Polynomial => format!("{why}: {class}"),
                    Some(why) => why.clone(),
                    None => e.info.summary.clone(),
                };
                Choice {
                    solver: e.name().to_string(),
                    family: e.family(),
                    summary: e.info.summary.clone(),
                    checked: checked.iter().any(|c| c == e.name()),
                    disabled,
                    detail,
                }
            })
            .collect();
        Chooser { items, selection: Selection::default() }
    }

    pub fn move_by(&mut self, d: isize) {
        self.selection.move_by(d, self.items.len());
    }

    pub fn current(&self) -> Option<&Choice> {
        self.items.get(self.selection.index())
    }

    /// Ticks or unticks the selected solver; at most [`MAX_LANES`] can be ticked, and a disabled
    /// one not at all (it can be unticked).
    pub fn toggle(&mut self) -> Result<(), String> {
        let ticked = self.chosen().len();
        let Some(item) = self.items.get_mut(self.selection.index()) else { return Ok(()) };
        if let Some(why) = item.disabled.as_ref().filter(|_| !item.checked) {
            return Err(format!("{}: {why}", item.solver));
        }
        if !item.checked && ticked >= MAX_LANES {
            return Err(format!("at most {MAX_LANES} solvers side by side: untick one first"));
        }
        item.checked = !item.checked;
        Ok(())
    }

    /// The ticked solvers that can run here.
    pub fn chosen(&self) -> Vec<String> {
        self.items.iter().filter(|i| i.checked && i.disabled.is_none()).map(|i| i.solver.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::{Board, Mode, Topology};

    fn problem(rows: &[Vec<u8>], topology: Topology, mode: Mode) -> Problem {
        Problem::new(Board::from_rows(topology, rows), mode)
    }

    fn grid() -> Problem {
        let rows: Vec<Vec<u8>> = (0..4).map(|r| (0..4).map(|c| ((r * 3 + c) % 4) as u8).collect()).collect();
        problem(&rows, Topology::Grid, Mode::Fixed { pivot: 0 })
    }

    fn disabled(c: &Chooser, name: &str) -> Option<String> {
        c.items.iter().find(|i| i.solver == name).unwrap().disabled.clone()
    }

    #[test]
    fn polynomial_solvers_for_other_classes_are_greyed_out_with_the_reason() {
        let all = Catalogue::from_registry();
        // A 4x4 grid of four colours is NP-hard: no polynomial solver applies.
        let c = Chooser::new(&all, &[], &grid());
        assert_eq!(disabled(&c, "poly").unwrap(), "NP-hard class");
        let detail = &c.items.iter().find(|i| i.solver == "poly").unwrap().detail;
        assert!(detail.starts_with("4×4 grid, Flood-It, 4 colours: NP-hard class"), "{detail}");
        // The algorithms for other classes say which boards they are for, not "NP-hard".
        assert_eq!(disabled(&c, "poly-path").unwrap(), "for paths only");
        assert_eq!(disabled(&c, "poly-2xn-dp").unwrap(), "for 2×n strips only");
        assert_eq!(disabled(&c, "greedy"), None);
        assert_eq!(disabled(&c, "exact"), None);
        // A 2xn board with a fixed pivot: the strip algorithms apply, the path ones do not.
        let strip = problem(&[vec![0, 1, 2, 0, 1], vec![2, 0, 1, 2, 0]], Topology::Grid, Mode::Fixed { pivot: 0 });
        let c = Chooser::new(&all, &[], &strip);
        for name in ["poly", "poly-2xn-greedy", "poly-2xn-dp", "poly-thm2-published"] {
            assert_eq!(disabled(&c, name), None, "{name}");
        }
        let path = disabled(&c, "poly-path").unwrap();
        assert!(path.contains("poly-2xn-greedy solves it"), "{path}");
        // Free mode: solvers that play only a fixed pivot are greyed out, whatever their family.
        let free = problem(&[vec![0, 1, 2, 1, 0]], Topology::Path, Mode::Free);
        let c = Chooser::new(&all, &[], &free);
        assert_eq!(disabled(&c, "poly-free-path"), None);
        assert!(disabled(&c, "poly-path").unwrap().contains("fixed-pivot"));
        // Each solver greyed out here refuses the board when run: the reasons are true.
        for item in Chooser::new(&all, &[], &grid()).items.iter().filter(|i| i.family == Family::Polynomial) {
            let solver = all.get(&item.solver).unwrap().solver.clone();
            let out = solver.solve(&grid(), &crate::solver::Control::default());
            assert!(matches!(out, Err(crate::solver::SolveError::Refused(_))), "{} answered", item.solver);
        }
    }

    #[test]
    fn ticks_up_to_the_limit() {
        let mut c = Chooser::new(&Catalogue::from_registry(), &["exact".to_string()], &grid());
        assert_eq!(c.chosen(), ["exact"]);
        assert_eq!(c.items[0].solver, "greedy");
        for _ in 0..MAX_LANES - 1 {
            c.toggle().unwrap();
            c.move_by(1);
        }
        assert_eq!(c.chosen().len(), MAX_LANES);
        assert!(c.toggle().unwrap_err().contains("at most"));
        c.move_by(-100);
        c.toggle().unwrap();
        assert_eq!(c.chosen().len(), MAX_LANES - 1);
    }

    #[test]
    fn a_disabled_solver_cannot_be_ticked_but_can_be_unticked() {
        let mut c = Chooser::new(&Catalogue::from_registry(), &["greedy".to_string()], &grid());
        for item in &mut c.items[..2] {
            item.disabled = Some("not for this board".into());
        }
        assert!(c.chosen().is_empty(), "a ticked solver that cannot run is not compared");
        c.toggle().unwrap();
        assert!(!c.items[0].checked, "greedy was ticked before it was disabled");
        assert!(c.toggle().unwrap_err().contains("greedy: not for this board"));
        c.move_by(1);
        assert!(c.toggle().is_err());
        assert!(c.chosen().is_empty());
    }
}
