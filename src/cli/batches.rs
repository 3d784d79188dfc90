//! What every `generate` shares: the seed (from `--seed` or the clock), the worker threads, and
//! the making of a batch in parallel chunks printed in order with its statistics.

use std::io::{self, BufWriter, Write};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::args::GenerateArgs;
use super::exit::{EXIT_OK, EXIT_UNSOLVED};
use super::progress::Progress;

/// The seed of `--seed`, or one from the clock, printed to standard error so that the puzzles
/// can be made again.
pub(super) fn seed_of(args: &GenerateArgs) -> u64 {
    args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        crate::output::note(format_args!(
            "sudoku-dlx: seed {now} (pass --seed {now} to make these puzzles again)"
        ));
        now
    })
}

/// The worker threads of `--threads` (default: every core).
pub(super) fn pool_of(args: &GenerateArgs) -> io::Result<rayon::ThreadPool> {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|k| format!("generate-{k}"))
        .build()
        .map_err(io::Error::other)
}

/// Makes `args.count` puzzles with `make` (given a thread's state from `init`, the puzzle's
/// index, and the time spent on it so far), in parallel chunks so that the first show while
/// the rest are made, and prints them in order: each puzzle's text, its statistics with
/// `--stats`, or why it could not be made (exit 1).
pub(super) fn in_batches<S, I, M>(
    args: &GenerateArgs,
    pool: &rayon::ThreadPool,
    init: I,
    make: M,
) -> io::Result<u8>
where
    I: Fn() -> S + Sync + Send,
    M: Fn(&mut S, u64, &dyn Fn() -> Duration) -> Result<(String, String), String> + Sync + Send,
{
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = EXIT_OK;
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    let progress = Progress::start("puzzles made");
    let mut start = 0;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let made: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(&init, |state, index| {
                    let t = Instant::now();
                    let made = make(state, index, &|| t.elapsed());
                    progress.add(1);
                    made
                })
                .collect()
        });
        for (k, result) in made.into_iter().enumerate() {
            let index = start + k as u64;
            match result {
                Ok((text, stats)) => {
                    write!(out, "{text}")?;
                    if args.stats {
                        out.flush()?;
                        progress.note(format_args!("puzzle {}: {stats}", index + 1));
                    }
                }
                Err(e) => {
                    out.flush()?;
                    progress.note(format_args!("sudoku-dlx: puzzle {}: {e}", index + 1));
                    worst = EXIT_UNSOLVED;
                }
            }
        }
        out.flush()?;
        start = end;
    }
    Ok(worst)
}
