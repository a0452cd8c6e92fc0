//! The list of solvers to compare side by side, with a check box each.

use super::catalogue::Catalogue;
use crate::solver::Family;

/// Most boards shown side by side.
pub const MAX_LANES: usize = 6;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub solver: String,
    pub family: Family,
    pub summary: String,
    pub checked: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chooser {
    pub items: Vec<Choice>,
    pub selected: usize,
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
            })
            .collect();
        Chooser { items, selected: 0 }
    }

    pub fn move_by(&mut self, d: isize) {
        if !self.items.is_empty() {
            self.selected = self.selected.saturating_add_signed(d).min(self.items.len() - 1);
        }
    }

    /// Ticks or unticks the selected solver; at most [`MAX_LANES`] can be ticked.
    pub fn toggle(&mut self) -> Result<(), String> {
        let ticked = self.chosen().len();
        let Some(item) = self.items.get_mut(self.selected) else { return Ok(()) };
        if !item.checked && ticked >= MAX_LANES {
            return Err(format!("at most {MAX_LANES} solvers side by side: untick one first"));
        }
        item.checked = !item.checked;
        Ok(())
    }

    pub fn chosen(&self) -> Vec<String> {
        self.items.iter().filter(|i| i.checked).map(|i| i.solver.clone()).collect()
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
}
