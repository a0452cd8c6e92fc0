//! The list of solvers to compare side by side, with a check box each.

use super::catalogue::Catalogue;
use crate::solver::Family;
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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chooser {
    pub items: Vec<Choice>,
    pub selection: Selection,
}

impl Chooser {
    /// Every solver, heuristics first, with `checked` ticked.
    pub fn new(catalogue: &Catalogue, checked: &[String]) -> Chooser {
        let items = [Family::Heuristic, Family::Exact, Family::Polynomial]
            .into_iter()
            .flat_map(|f| catalogue.family(f))
            .map(|e| Choice {
                solver: e.name().to_string(),
                family: e.family(),
                summary: e.info.summary.clone(),
                checked: checked.iter().any(|c| c == e.name()),
                disabled: None,
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

    #[test]
    fn ticks_up_to_the_limit() {
        let mut c = Chooser::new(&Catalogue::from_registry(), &["exact".to_string()]);
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
        let mut c = Chooser::new(&Catalogue::from_registry(), &["greedy".to_string()]);
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
