//! Work on a thread of its own: a named thread, a channel back, and a cancel flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::sudoku::{GenerateError, Grid};

/// Work running on its own thread: its answer comes back on a channel, and a flag stops it.
pub struct Worker<T> {
    pub(super) answer: Receiver<T>,
    pub(super) cancel: Arc<AtomicBool>,
}

impl<T: Send + 'static> Worker<T> {
    /// Starts `work` on a thread named `name`; the window is woken when the answer is ready.
    pub fn spawn(
        name: &str,
        ctx: &egui::Context,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> std::io::Result<Self> {
        let (send, answer) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let repaint = ctx.clone();
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let outcome = work(&flag);
                // The window may be gone already; then nobody is waiting for the answer.
                let _ = send.send(outcome);
                repaint.request_repaint();
            })?;
        Ok(Worker { answer, cancel })
    }

    /// Asks the work to stop (it looks at the flag every so often); its answer still comes.
    pub fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The answer if it is ready; `Err(true)` while working, `Err(false)` if the thread died.
    pub fn poll(&self) -> Result<T, bool> {
        match self.answer.try_recv() {
            Ok(answer) => Ok(answer),
            Err(TryRecvError::Empty) => Err(true),
            Err(TryRecvError::Disconnected) => Err(false),
        }
    }
}

/// A puzzle being generated, and what was asked for. The worker hands back the puzzle and a
/// few words about it (its givens, its rating or its cages).
pub struct Making {
    pub(super) worker: Worker<Result<(Grid, String), GenerateError>>,
    pub(super) what: String,
}
