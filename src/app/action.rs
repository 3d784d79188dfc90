//! What the player asked of the window this frame, as the board, the keys and the menus report it.

use crate::game::Command;

/// What the player asked for this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A change to the game.
    Game(Command),
    /// Solve the board (on the worker thread).
    Solve,
    /// Stop a solve, or the making of a puzzle, under way.
    Cancel,
    /// Close the window.
    Quit,
    /// The next puzzle of the collection.
    Next,
    /// The previous puzzle of the collection.
    Previous,
    /// A puzzle picked from a collection.
    Pick(crate::app::Place),
    /// Show the file dialog to open a puzzle file.
    Open,
    /// Show the file dialog to save the game.
    Save,
    /// Open this puzzle file (chosen in the dialog, or dropped on the window).
    OpenPath(std::path::PathBuf),
    /// Save the game to this file.
    SaveTo(std::path::PathBuf),
    /// Choose where to write the board as a PDF (File → Export PDF).
    ExportPdf,
    /// Write the board (the puzzle, and its solution on a second page when it has one) as a
    /// PDF there.
    ExportPdfTo(std::path::PathBuf),
    /// Choose where to write a picture of the board (File → Export image).
    ExportImage,
    /// Write a picture of the board as the player sees it there: SVG for a name ending in
    /// `.svg`, else PNG.
    ExportImageTo(std::path::PathBuf),
    /// Copy the board to the system clipboard in the form the settings name.
    Copy,
    /// Copy the board in this form, and make it the form Ctrl+C copies in.
    CopyAs(super::settings::CopyForm),
    /// Text pasted from the clipboard: a puzzle to load.
    Paste(String),
    /// Make a new puzzle of this grade on a board of this kind (classic or a variant, of the
    /// board's size).
    Generate(crate::sudoku::BoardKind, crate::sudoku::Grade),
    /// Make a new puzzle on a named shape (of this order where it comes in several): easy
    /// (solved by singles), or `None`, unique and as sparse as the generator digs.
    GenerateShape(&'static str, usize, Option<crate::sudoku::Grade>),
    /// Make a new unique puzzle on the shape of a KSudoku shape file.
    GenerateShapeFile(std::path::PathBuf),
    /// Open the New game dialog.
    NewGame,
    /// Make a new puzzle as the New game dialog chose (the choice is kept in the settings).
    GenerateChoice(super::new_game::NewGame),
    /// Show or hide the overlay of every key.
    Help,
    /// The symbol picked in the picker (its cells are highlighted), or none.
    Choose(Option<u8>),
    /// Colour the selected cell's pencil mark of the highlighted symbol with this colour (or
    /// take it off).
    ColourMark(u8),
    /// Show this symbol's candidates alone (none: every symbol's).
    Filter(Option<u8>),
    /// Show the highlighted symbol's candidates alone, or every symbol's again.
    ToggleFilter,
    /// A setting of the View menu changed: keep it for the next start.
    Settings,
    /// Start watching the search on the board, or stop.
    Watch,
    /// Pause the game (hide the board, stop the clock), or resume it.
    Pause,
    /// A control of watch mode.
    WatchDo(WatchControl),
    /// Run DLX and backtracking on the board and show both.
    Compare,
    /// Open or close the "solve step by step" panel.
    StepsLog,
    /// Show a step of the panel's path on the board (from 0).
    ShowStep(usize),
    /// Take the first steps of the panel's path (how many).
    TakeSteps(usize),
    /// Stop working out the path.
    StopSteps,
}

/// The controls of watch mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchControl {
    /// Play or pause.
    PlayPause,
    /// One move, then pause.
    Step,
    /// Run to the end of the search without stopping at solutions.
    ToEnd,
    /// Moves a second (above the fastest: as fast as the machine goes).
    Speed(u32),
    /// Twice as fast.
    Faster,
    /// Half as fast.
    Slower,
    /// Search with pruning, or as plain Algorithm X (the search starts again).
    Pruning(bool),
    /// Show the exact-cover matrix.
    Matrix(bool),
}

/// Where the puzzle on the board came from, so `n` and `p` can step through its collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The collection, an index into [`App::collections`](super::App::collections).
    pub collection: usize,
    /// The puzzle within it.
    pub puzzle: usize,
}
