//! The game kept safe when the window goes without being asked to quit.
//!
//! The autosave writes the game every few seconds and on quit. Between two saves the player may
//! have typed a symbol that would be lost if the process ended then. Two things end it without
//! a quit:
//!
//! * a signal: SIGTERM (a logout, a shutdown, `kill`), SIGHUP (the terminal closed), SIGINT
//!   (Ctrl+C in the terminal that started it);
//! * a panic: in our code or in a library under it (winit panics when the X window is destroyed
//!   from outside).
//!
//! In neither case can the UI thread be relied on to save: a panic on it unwinds through the
//! [`App`](super::App), and a signal may come while it waits for events. So at the end of
//! every frame in which the game changed, the window hands a copy of the game as it would be
//! saved (a [`SavedGame`]) to the [`Lifeboat`], which any thread can write out. A thread of its
//! own waits for the signals: it writes the game, asks the window to close (which saves again,
//! with the clock up to date) and, should the window not close within a few seconds, ends the
//! process itself. The panic hook writes the game before the panic goes on. The exit code after
//! a signal is 128 + the signal's number, as a shell reports it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use crate::autosave;
use crate::game::save::SavedGame;

/// How long the window has to close after a signal before the process ends without it.
const GRACE: Duration = Duration::from_secs(3);

/// The game as last handed over by the window, and where to write it.
pub struct Lifeboat {
    dir: PathBuf,
    staged: Mutex<Option<SavedGame>>,
    /// The window to close after a signal, once it exists.
    window: OnceLock<egui::Context>,
    /// The signal that asked the window to go, 0 for none.
    signal: AtomicI32,
}

/// The one lifeboat of the process, for the panic hook.
static BOAT: OnceLock<Arc<Lifeboat>> = OnceLock::new();

impl Lifeboat {
    /// The lifeboat for games saved in `dir`, with the panic hook and the signal thread
    /// installed (once a process: a second call returns the first lifeboat).
    pub fn launch(dir: &Path) -> Arc<Lifeboat> {
        let mut first = false;
        let boat = BOAT.get_or_init(|| {
            first = true;
            Arc::new(Lifeboat {
                dir: dir.to_path_buf(),
                staged: Mutex::new(None),
                window: OnceLock::new(),
                signal: AtomicI32::new(0),
            })
        });
        if first {
            install_panic_hook();
            listen_for_signals(Arc::clone(boat));
        }
        Arc::clone(boat)
    }

    /// Tells the lifeboat which window to close after a signal.
    pub fn attach(&self, ctx: &egui::Context) {
        let _ = self.window.set(ctx.clone());
    }

    /// Hands over the game as it would be saved now.
    pub fn stage(&self, saved: SavedGame) {
        *self.staged.lock().unwrap_or_else(PoisonError::into_inner) = Some(saved);
    }

    /// Writes the game handed over last, if any; returns where, or why not. Never blocks: a
    /// game being handed over this instant is waited for a moment, and a lock held by a thread
    /// that panicked (perhaps this one) is not waited on.
    pub fn rescue(&self) -> Option<Result<PathBuf, String>> {
        let mut tries = 0;
        let staged = loop {
            match self.staged.try_lock() {
                Ok(guard) => break guard.clone(),
                Err(std::sync::TryLockError::Poisoned(p)) => break p.into_inner().clone(),
                Err(std::sync::TryLockError::WouldBlock) if tries < 100 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(std::sync::TryLockError::WouldBlock) => return None,
            }
        }?;
        Some(autosave::save(&self.dir, &staged))
    }

    /// The signal that ended the window, if one did.
    pub fn signal(&self) -> Option<i32> {
        match self.signal.load(Ordering::Relaxed) {
            0 => None,
            s => Some(s),
        }
    }
}

/// The lifeboat of this process, if the window launched one.
pub fn current() -> Option<Arc<Lifeboat>> {
    BOAT.get().cloned()
}

fn report(what: &str, rescued: Option<Result<PathBuf, String>>) {
    match rescued {
        Some(Ok(path)) => crate::output::note(format_args!(
            "sudoku-dlx: {what}: the game was saved to {}",
            path.display()
        )),
        Some(Err(e)) => crate::output::note(format_args!(
            "sudoku-dlx: {what}: the game could not be saved: {e}"
        )),
        None => {}
    }
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        if let Some(boat) = BOAT.get() {
            report("after this panic", boat.rescue());
        }
    }));
}

#[cfg(unix)]
fn listen_for_signals(boat: Arc<Lifeboat>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = match signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT]) {
        Ok(signals) => signals,
        Err(e) => {
            crate::output::note(format_args!(
                "sudoku-dlx: cannot watch for signals ({e}); the game is saved every few seconds"
            ));
            return;
        }
    };
    let spawned = std::thread::Builder::new()
        .name("sudoku-signals".into())
        .spawn(move || {
            let Some(signal) = signals.forever().next() else {
                return;
            };
            boat.signal.store(signal, Ordering::Relaxed);
            let name = match signal {
                SIGTERM => "SIGTERM",
                SIGHUP => "SIGHUP",
                _ => "SIGINT",
            };
            report(&format!("{name} received"), boat.rescue());
            if let Some(ctx) = boat.window.get() {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                ctx.request_repaint();
            }
            std::thread::sleep(GRACE);
            // The window did not close: end here. The game is saved.
            std::process::exit(128 + signal);
        });
    if let Err(e) = spawned {
        crate::output::note(format_args!(
            "sudoku-dlx: cannot watch for signals ({e}); the game is saved every few seconds"
        ));
    }
}

#[cfg(not(unix))]
fn listen_for_signals(_boat: Arc<Lifeboat>) {}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::{Command, Game};
    use std::time::Instant;

    fn boat(name: &str) -> Lifeboat {
        let dir =
            std::env::temp_dir().join(format!("sudoku-dlx-boat-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Lifeboat {
            dir,
            staged: Mutex::new(None),
            window: OnceLock::new(),
            signal: AtomicI32::new(0),
        }
    }

    #[test]
    fn the_game_handed_over_last_is_written_and_nothing_before_any() {
        let boat = boat("write");
        assert!(boat.rescue().is_none());
        let mut game = Game::new(crate::sudoku::Notation::default());
        game.apply(Command::Select(0));
        game.apply(Command::Enter(7));
        boat.stage(game.to_saved(Instant::now()));
        let path = boat.rescue().unwrap().unwrap();
        let crate::autosave::Restored::Game(back) = crate::autosave::restore(&boat.dir) else {
            panic!("not restored from {}", path.display())
        };
        assert_eq!(back.value(0), 7);
        std::fs::remove_dir_all(&boat.dir).unwrap();
    }

    #[test]
    fn a_rescue_while_the_game_is_held_gives_up_instead_of_waiting_forever() {
        let boat = boat("held");
        boat.stage(Game::new(crate::sudoku::Notation::default()).to_saved(Instant::now()));
        let held = boat.staged.lock().unwrap();
        assert!(boat.rescue().is_none());
        drop(held);
        assert!(boat.rescue().is_some_and(|r| r.is_ok()));
        let _ = std::fs::remove_dir_all(&boat.dir);
    }
}
