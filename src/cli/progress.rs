//! Progress on long runs: how many puzzles are done, how fast, and for how long, on one line of
//! standard error that is rewritten in place.
//!
//! Only when standard error is a terminal (a person is watching), and only once the run has
//! lasted [`QUIET_FOR`]: short runs, and runs whose standard error is piped or redirected, show
//! exactly what they always did. A thread of its own rewrites the line every [`EVERY`], so a
//! single long puzzle shows its time going by too; the workers only add to a counter. Messages
//! go through [`Progress::note`], which wipes the line first; the line is wiped at the end.

use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a run goes before its progress shows.
const QUIET_FOR: Duration = Duration::from_millis(700);
/// How often the line is rewritten.
const EVERY: Duration = Duration::from_millis(250);

struct Shared {
    done: AtomicU64,
    stop: AtomicBool,
    /// The line is on the screen (and the lock that keeps writes to it whole).
    shown: Mutex<bool>,
}

/// The progress line of one run.
pub(super) struct Progress {
    shared: Arc<Shared>,
    ticker: Option<JoinHandle<()>>,
}

impl Progress {
    /// Progress for a run counting `what` ("puzzles solved"), shown only on a terminal.
    pub fn start(what: &'static str) -> Self {
        let shared = Arc::new(Shared {
            done: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            shown: Mutex::new(false),
        });
        let ticker = std::io::stderr()
            .is_terminal()
            .then(|| {
                let shared = Arc::clone(&shared);
                std::thread::Builder::new()
                    .name("progress".into())
                    .spawn(move || tick(&shared, what))
                    .ok()
            })
            .flatten();
        Progress { shared, ticker }
    }

    /// Counts `n` more done.
    pub fn add(&self, n: u64) {
        self.shared.done.fetch_add(n, Ordering::Relaxed);
    }

    /// Writes a line to standard error, wiping the progress line first.
    pub fn note(&self, line: impl Display) {
        let mut shown = self
            .shared
            .shown
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if *shown {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
            *shown = false;
        }
        crate::output::note(line);
    }
}

fn tick(shared: &Shared, what: &str) {
    let started = Instant::now();
    while !shared.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(50));
        let elapsed = started.elapsed();
        if elapsed < QUIET_FOR || elapsed.as_millis() % EVERY.as_millis() >= 50 {
            continue;
        }
        let done = shared.done.load(Ordering::Relaxed);
        let secs = elapsed.as_secs_f64();
        let rate = done as f64 / secs.max(1e-9);
        let mut shown = shared.shown.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = write!(
            std::io::stderr().lock(),
            "\r\x1b[K{done} {what}, {rate:.0}/s, {secs:.1} s"
        );
        *shown = true;
    }
    let mut shown = shared.shown.lock().unwrap_or_else(PoisonError::into_inner);
    if *shown {
        let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        *shown = false;
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}
