//! Fuzzing every parser on stable Rust: each puzzle format, `config.toml`, the save file and
//! pasted text.
//!
//! A small mutation fuzzer (no coverage guidance): it starts from the seed files in
//! `tests/fuzz/seeds/TARGET/` (and any reproducers in `tests/fuzz/crashes/TARGET/`), and
//! feeds the parser inputs made by flipping bits, putting in, taking out and repeating bytes,
//! splicing seeds together and inserting the characters parsers care about (newlines, `|`,
//! `,`, `#`, `.`, NUL, a byte order mark, bytes that are not UTF-8). Inputs that parse are
//! kept as seeds for more mutations. The properties, for every input:
//!
//! * no panic;
//! * a bounded time: every call returns within [`SLOW`];
//! * what parses writes back and parses again to the same boards (the formats and the save
//!   file; a config has no writer).
//!
//! A failing input is written to `tests/fuzz/crashes/TARGET/` for replay, and the test fails.
//!
//! `cargo test` runs each target for a moment (`FUZZ_SECS` unset: 2 seconds a target). A long
//! run, every target for ten minutes, on every core:
//!
//! ```text
//! FUZZ_SECS=600 cargo test --release --test fuzz -- --nocapture
//! ```
//!
//! `FUZZ_SEED` repeats a run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use sudoku_dlx::config::Config;
use sudoku_dlx::game::Game;
use sudoku_dlx::game::save::SavedGame;
use sudoku_dlx::sudoku::files::formats;
use sudoku_dlx::sudoku::{Format, Grid};

/// The longest a single parse may take.
const SLOW: Duration = Duration::from_secs(2);
/// The longest input made.
const MAX_INPUT: usize = 16 << 10;

/// A parser under test: what it is called and a check that panics when a property fails.
struct Target {
    name: &'static str,
    /// Panics when a property fails; true when the input parsed.
    check: fn(&[u8]) -> bool,
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Reads `bytes` in `format`; what parses must write back and read again to the same puzzles.
fn format_round_trip(bytes: &[u8], format: Format) -> bool {
    let text = text(bytes);
    let Ok((_, entries)) = formats::read(&text, Some(format), None) else {
        return false;
    };
    for entry in entries {
        let written = formats::write(&entry.puzzle, entry.solution.as_ref(), format);
        let (_, back) = formats::read(&written, Some(format), Some(entry.puzzle.notation()))
            .unwrap_or_else(|e| {
                panic!("{format:?}: what was written does not read: {e}\n{written}")
            });
        assert_eq!(
            back[0].puzzle.to_line(),
            entry.puzzle.to_line(),
            "{format:?}: written and read back, another puzzle"
        );
    }
    true
}

fn line(bytes: &[u8]) -> bool {
    let text = text(bytes);
    for l in text.lines() {
        if let Ok(grid) = Grid::parse_line(l.trim(), None) {
            let back = Grid::parse_line(&grid.to_line(), Some(grid.notation())).unwrap();
            assert_eq!(back, grid, "a line written and read back differs");
        }
    }
    format_round_trip(bytes, Format::Line)
}

fn config(bytes: &[u8]) -> bool {
    Config::from_toml_str(&text(bytes)).is_ok()
}

fn save(bytes: &[u8]) -> bool {
    let Ok(saved) = toml::from_str::<SavedGame>(&text(bytes)) else {
        return false;
    };
    let Ok(game) = Game::from_saved(&saved) else {
        return false;
    };
    // What is restored saves as it was read, and that restores again.
    let again = game.to_saved(Instant::now());
    let written = toml::to_string(&again).unwrap();
    let back: SavedGame = toml::from_str(&written).unwrap();
    let game2 = Game::from_saved(&back).unwrap_or_else(|e| panic!("re-saved game refused: {e}"));
    assert_eq!(game2.board(), game.board());
    assert_eq!(back.current, again.current);
    true
}

fn paste(bytes: &[u8]) -> bool {
    let text = text(bytes);
    match formats::read(&text, None, None) {
        Ok((format, _)) => format_round_trip(bytes, format),
        Err(_) => false,
    }
}

const TARGETS: [Target; 9] = [
    Target {
        name: "line",
        check: line,
    },
    Target {
        name: "block",
        check: |b| format_round_trip(b, Format::Block),
    },
    Target {
        name: "sdk",
        check: |b| format_round_trip(b, Format::Sdk),
    },
    Target {
        name: "sdm",
        check: |b| format_round_trip(b, Format::Sdm),
    },
    Target {
        name: "ss",
        check: |b| format_round_trip(b, Format::SimpleSudoku),
    },
    Target {
        name: "csv",
        check: |b| format_round_trip(b, Format::Csv),
    },
    Target {
        name: "config",
        check: config,
    },
    Target {
        name: "save",
        check: save,
    },
    Target {
        name: "paste",
        check: paste,
    },
];

/// Bytes that parsers treat specially.
const INTERESTING: &[&[u8]] = &[
    b"\n",
    b"\r\n",
    b"|",
    b"+",
    b",",
    b"#",
    b".",
    b"0",
    b"9",
    b"A",
    b"Z",
    b"-",
    b"*",
    b"_",
    b" ",
    b"\t",
    b"\0",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\xc3",
    b"[",
    b"]",
    b"=",
    b"\"",
    b":",
    b"---+---+---",
    b"[Puzzle]",
    b"#A",
    b"\xe2\x80\x8b",
    b"\xcc\x81",
    b"1e999",
    b"-1",
    b"99999999999999999999",
    b"box = \"",
    b"symbols = \"",
    b"version = 1\n",
];

fn mutate(rng: &mut ChaCha8Rng, input: &[u8], pool: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let len = out.len();
        match rng.random_range(0..8) {
            0 if len > 0 => {
                let at = rng.random_range(0..len);
                out[at] ^= 1 << rng.random_range(0..8);
            }
            1 if len > 0 => {
                let at = rng.random_range(0..len);
                out[at] = rng.random();
            }
            2 => {
                let at = rng.random_range(0..=len);
                let piece = INTERESTING[rng.random_range(0..INTERESTING.len())];
                out.splice(at..at, piece.iter().copied());
            }
            3 if len > 0 => {
                let from = rng.random_range(0..len);
                let to = (from + rng.random_range(1..=16)).min(len);
                out.drain(from..to);
            }
            4 if len > 0 => {
                let from = rng.random_range(0..len);
                let to = (from + rng.random_range(1..=64)).min(len);
                let piece = out[from..to].to_vec();
                let at = rng.random_range(0..=out.len());
                out.splice(at..at, piece);
            }
            5 if !pool.is_empty() => {
                let other = &pool[rng.random_range(0..pool.len())];
                let cut = rng.random_range(0..=out.len());
                let from = rng.random_range(0..=other.len());
                out.truncate(cut);
                out.extend_from_slice(&other[from..]);
            }
            6 if len > 0 => out.truncate(rng.random_range(0..len)),
            _ => {
                let at = rng.random_range(0..=len);
                let piece = INTERESTING[rng.random_range(0..INTERESTING.len())];
                let times = rng.random_range(1..=8);
                out.splice(at..at, piece.repeat(times));
            }
        }
    }
    out.truncate(MAX_INPUT);
    out
}

fn files_in(dir: &Path) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// What one target's run came to.
struct Run {
    name: &'static str,
    executions: u64,
    parsed: u64,
    kept: usize,
    failures: Vec<String>,
}

fn fuzz(target: &Target, seconds: f64, seed: u64) -> Run {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz");
    let crashes = root.join("crashes").join(target.name);
    let mut pool = files_in(&root.join("seeds").join(target.name));
    assert!(!pool.is_empty(), "{}: no seeds", target.name);
    let replays = files_in(&crashes);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ target.name.len() as u64);
    let mut run = Run {
        name: target.name,
        executions: 0,
        parsed: 0,
        kept: 0,
        failures: Vec::new(),
    };
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut queue: Vec<Vec<u8>> = pool.iter().chain(&replays).cloned().collect();
    while run.failures.len() < 5 {
        let input = match queue.pop() {
            Some(input) => input,
            None if Instant::now() >= deadline => break,
            None => {
                let from = rng.random_range(0..pool.len());
                mutate(&mut rng, &pool[from], &pool)
            }
        };
        let started = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| (target.check)(&input)));
        let took = started.elapsed();
        run.executions += 1;
        let parsed = matches!(result, Ok(true));
        run.parsed += u64::from(parsed);
        let failure = match result {
            Err(panic) => Some(
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
                    .unwrap_or_else(|| "a panic".into()),
            ),
            Ok(_) if took > SLOW => Some(format!("took {took:?}")),
            Ok(_) => None,
        };
        if let Some(why) = failure {
            std::fs::create_dir_all(&crashes).unwrap();
            let name = format!("{:016x}", fxhash(&input));
            std::fs::write(crashes.join(&name), &input).unwrap();
            run.failures.push(format!(
                "{}: {why} (input in tests/fuzz/crashes/{}/{name})",
                target.name, target.name
            ));
        } else if parsed {
            // Inputs that still parse reach deepest: keep them as starting points, a bounded
            // pool, the newest replacing one at random when it is full.
            if pool.len() < 4000 {
                pool.push(input);
            } else {
                let at = rng.random_range(0..pool.len());
                pool[at] = input;
            }
            run.kept += 1;
        }
    }
    run
}

fn fxhash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn every_parser_survives_mutated_input_in_bounded_time_and_round_trips() {
    let seconds: f64 = std::env::var("FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    // The panics caught are failures reported below, not noise on the way.
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let next = Mutex::new(0usize);
    let runs = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let k = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(target) = TARGETS.get(k) else { break };
                    let run = fuzz(target, seconds, seed);
                    runs.lock().unwrap().push(run);
                }
            });
        }
    });
    std::panic::set_hook(quiet);
    let runs = runs.into_inner().unwrap();
    let mut failures = Vec::new();
    eprintln!("fuzz: seed {seed} (FUZZ_SEED={seed} repeats it), {seconds} s a target");
    for run in &runs {
        eprintln!(
            "fuzz: {:<7} {:>10} executions, {:>9} parsed, {:>9} kept, {} failures",
            run.name,
            run.executions,
            run.parsed,
            run.kept,
            run.failures.len()
        );
        failures.extend(run.failures.iter().cloned());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
