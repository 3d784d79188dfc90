//! What the "solve step by step" panel holds while it is open (`steps_panel.rs` draws it and
//! runs its work): the path being worked out on its thread, the last path listed, and the step
//! shown on the board.

use crate::game::steps_log::StepsLog;

use super::worker::Worker;

/// The panel's state while it is open.
#[derive(Default)]
pub struct StepsPanel {
    /// The path being worked out, and the game's revision it starts from.
    pub(super) worker: Option<(Worker<StepsLog>, u64)>,
    /// The last path listed.
    pub(super) log: Option<StepsLog>,
    /// The step shown on the board.
    pub(super) shown: Option<usize>,
    /// Show the first step as soon as the next path comes (after the steps were taken).
    pub(super) show_first: bool,
    /// Why the path could not be worked out, if it could not, and the game's revision then:
    /// the panel tries again when the board changes.
    pub(super) trouble: Option<(String, u64)>,
}

impl StepsPanel {
    /// True while the path is being worked out.
    pub fn working(&self) -> bool {
        self.worker.is_some()
    }

    /// The last path listed.
    pub fn log(&self) -> Option<&StepsLog> {
        self.log.as_ref()
    }
}
