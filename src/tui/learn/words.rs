//! A lesson's sentences, written from its board's measured facts: every number in them comes
//! from `facts.rs`, and every key from the key table (the caller names them).

use super::Idea;
use super::facts::{Facts, Measured};
use crate::analysis::plural;

/// The keys a lesson's text names, as the key table binds them now.
pub struct Keys {
    /// The proof view on or off.
    pub proof: String,
    /// Playing the cursor's colour (free mode: picking the cell first).
    pub play: String,
}

/// The lesson's sentences.
pub fn sentences(facts: &Facts, keys: &Keys) -> Vec<String> {
    let o = facts.optimum;
    let par = format!("Par is {}.", plural(o, "move"));
    match &facts.measured {
        Measured::Frontier { region, frontier, keep_par } => {
            let gains: Vec<String> =
                frontier.iter().map(|g| format!("colour {} takes {}", g.colour, plural(g.cells as u32, "cell"))).collect();
            let keep: Vec<String> = keep_par.iter().map(ToString::to_string).collect();
            vec![
                format!(
                    "You play from the pivot, the top-left cell: your region is its area, {} now.",
                    plural(*region as u32, "cell")
                ),
                "Each move recolours the region, and it takes in every neighbouring area of the new colour: those neighbours are its frontier.".into(),
                format!("Here the frontier has {} colours: {}.", frontier.len(), gains.join(", ")),
                format!("Only colour {} keeps par as a first move; any other costs a move. {par}", keep.join(", ")),
            ]
        }
        Measured::FinishColour(c) => vec![
            "A colour is finished when its last cell joins your region: it never needs a move again, and each colour left outside needs one.".into(),
            format!(
                "{}, colour {} takes only {}, but they are its last: it is finished.",
                when(c.after),
                c.par.colour,
                plural(c.par.cells as u32, "cell")
            ),
            format!(
                "Colour {} takes more, {}, but leaves colour {} behind: the board then takes {} from there, not {}.",
                c.most.colour,
                plural(c.most.cells as u32, "cell"),
                c.par.colour,
                plural(c.after_most + 1, "move"),
                c.left
            ),
            par,
        ],
        Measured::GreedyFails { greedy } => vec![
            "Greedy plays the colour that takes the most cells, move after move.".into(),
            format!(
                "On this board greedy needs {}: {} more than par.",
                plural(*greedy, "move"),
                greedy.saturating_sub(o)
            ),
            "A move that takes fewer cells now can open the way to more later: look one move ahead.".into(),
            par,
        ],
        Measured::ProofView { farthest, colours, walk, .. } => vec![
            format!("Press {} for the proof view: it shows why no line can beat par.", keys.proof),
            format!(
                "The farthest cell is {farthest} layers from your region, so at least {}; {colours} colours are outside it, so at least {}.",
                plural(*farthest, "move"),
                plural(*colours, "move")
            ),
            format!(
                "Neither is par alone. The view walks outward layer by layer, a move per layer, and a move per colour it can finish whole: {}.",
                plural(*walk, "move")
            ),
            format!("That is par, {o}: the board cannot be flooded in fewer."),
        ],
        Measured::FarCorner(c) => vec![
            "Each move takes your region at most one layer further out, so the farthest cell's distance is a lower bound.".into(),
            format!(
                "{}, the farthest cell is {} layers away. Colour {} takes {} and brings it a layer nearer ({}).",
                when(c.after),
                c.far,
                c.par.colour,
                plural(c.par.cells as u32, "cell"),
                c.far_after_par
            ),
            format!(
                "Colour {} takes more, {}, but leaves it {} away: the board then takes {} from there, not {}.",
                c.most.colour,
                plural(c.most.cells as u32, "cell"),
                c.far_after_most,
                plural(c.after_most + 1, "move"),
                c.left
            ),
            format!("Head for the far corner. {par}"),
        ],
        Measured::Free { fixed } => vec![
            "In Free-Flood-It there is no pivot: each move recolours any area you pick.".into(),
            format!("Pick the area first ({} on it), then its new colour.", keys.play),
            format!(
                "{par} With the pivot fixed at the top-left cell this board takes {}.",
                plural(*fixed, "move")
            ),
        ],
    }
}

/// "At the start" or "After 3 moves of a par line".
fn when(after: u32) -> String {
    if after == 0 { "At the start".into() } else { format!("After {} of a par line", plural(after, "move")) }
}

impl Idea {
    /// The lesson's title.
    pub fn title(self) -> &'static str {
        match self {
            Idea::Frontier => "The pivot and the frontier",
            Idea::FinishColour => "Finishing a colour",
            Idea::GreedyFails => "Why greedy fails",
            Idea::ProofView => "Reading the proof view",
            Idea::FarCorner => "The far corner",
            Idea::Free => "Free-Flood-It",
        }
    }
}
