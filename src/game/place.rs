//! Where the puzzle on the board stands in a collection of puzzles, kept with the game (and in
//! its save) so that the place survives a restart.

use serde::{Deserialize, Serialize};

/// Where the puzzle on the board stands in a collection of puzzles: a bundled one, by its name,
/// or a file of several puzzles, by its path; and which of them it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionPlace {
    /// A bundled collection's name (`9×9 · medium`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bundled: Option<String>,
    /// The path of a file opened with several puzzles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The puzzle within it, the first one 0.
    pub puzzle: usize,
}
