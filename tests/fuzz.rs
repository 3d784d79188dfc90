//! Fuzzing every parser on stable Rust: each puzzle format, `config.toml`, the save file,
//! pasted text and `xc`'s exact-cover problems.
//!
//! A small mutation fuzzer. It starts from the seed files in `tests/fuzz/seeds/TARGET/` (and
//! any reproducers in `tests/fuzz/crashes/TARGET/`), and feeds the parser inputs made by
//! flipping bits, putting in, taking out and repeating bytes, splicing inputs together and
//! inserting the characters parsers care about (newlines, `|`, `,`, `#`, `.`, NUL, a byte order
//! mark, bytes that are not UTF-8). The properties, for every input:
//!
//! * no panic;
//! * a bounded time: every call returns within [`SLOW`];
//! * what parses writes back and parses again to the same boards (the formats and the save
//!   file; a config has no writer);
//! * an exact-cover problem has as many solutions with the engine's pruning as without it, and,
//!   when it is small, as many as trying every set of options finds.
//!
//! **What is kept.** An input joins the pool that mutations start from only when it did
//! something no earlier input did: it reached code no earlier input reached, or ended in an
//! error (or a parsed shape: format, size, number of puzzles) not seen before. Errors are told
//! apart by their words with the numbers, quoted text and the input's own words taken out, so
//! "line 3: 'x' is not a symbol" and "line 9: 'y' is not a symbol" are one error. One mutation in sixteen starts
//! from a seed again, so the run keeps coming back to well-formed files instead of drifting
//! into noise.
//!
//! **Code reached.** A plain build cannot see which code an input ran; a build with LLVM's
//! coverage counters can. Built with
//! `RUSTFLAGS="--cfg fuzz_coverage -C instrument-coverage"`, the fuzzer reads the counters
//! after each input (and clears them), and an input that made a counter go from zero, or into
//! a higher power of two than any input before, reaches a new path. The counters are the
//! process's, so such a run fuzzes one target at a time; run one process per group of targets
//! to use every core (`FUZZ_TARGETS=line,block,...`). Without the counters, novelty is the
//! errors and shapes alone.
//!
//! A failing input is written to `tests/fuzz/crashes/TARGET/` for replay, and the test fails.
//!
//! `cargo test` runs each target for a moment (`FUZZ_SECS` unset: 2 seconds a target). A long
//! run, every target for ten minutes, on every core, and one with the counters:
//!
//! ```text
//! FUZZ_SECS=600 cargo test --release --test fuzz -- --nocapture
//! RUSTFLAGS="--cfg fuzz_coverage -C instrument-coverage" CARGO_TARGET_DIR=target/cov \
//!   LLVM_PROFILE_FILE=target/cov/%p.profraw FUZZ_SECS=600 FUZZ_TARGETS=line,toml cargo test --release --test fuzz -- --nocapture
//! ```
//!
//! `FUZZ_SEED` repeats a run (of the plain build: with the counters, timing decides less, but
//! threads do not interleave).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use sudoku_dlx::config::Config;
use sudoku_dlx::dlx::{Outcome, Problem};
use sudoku_dlx::game::Game;
use sudoku_dlx::game::save::SavedGame;
use sudoku_dlx::sudoku::files::formats;
use sudoku_dlx::sudoku::{Format, Grid};

/// The longest a single parse may take.
const SLOW: Duration = Duration::from_secs(2);
/// The longest input made.
const MAX_INPUT: usize = 16 << 10;
/// The options an exact-cover problem may have to be checked against every set of them.
const BRUTE_OPTIONS: usize = 14;
/// The nodes the engine may try on a fuzzed exact-cover problem.
const XC_NODES: u64 = 20_000;

/// What an input came to: parsed (a short description of what: format, size, how many), or an
/// error's words. Either way a signature of the behaviour, for telling new from old.
type Verdict = Result<String, String>;

/// A parser under test: what it is called and a check that panics when a property fails.
struct Target {
    name: &'static str,
    check: fn(&[u8]) -> Verdict,
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A rough size: 0, 1, 2, 3-4, 5-8, ...
fn bucket(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// Reads `bytes` in `format`; what parses must write back and read again to the same puzzles.
fn format_round_trip(bytes: &[u8], format: Format) -> Verdict {
    let text = text(bytes);
    let (_, entries) = formats::read(&text, Some(format), None).map_err(|e| e.to_string())?;
    let mut shape = String::new();
    for entry in &entries {
        // A format that cannot hold a board it read (KSudoku's form, a board KSudoku cannot
        // play; Knuth's, a board with holes) says so when asked, and is not asked to write it.
        if format.holds(&entry.puzzle).is_err() {
            continue;
        }
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
        shape = format!(
            "{} positions, variant {}, shape {}, solution {}",
            entry.puzzle.positions(),
            entry.puzzle.variant().is_some(),
            entry.puzzle.shape().is_some(),
            entry.solution.is_some()
        );
    }
    Ok(format!(
        "{format:?}: {} puzzles, {shape}",
        bucket(entries.len())
    ))
}

fn line(bytes: &[u8]) -> Verdict {
    let text = text(bytes);
    for l in text.lines() {
        if let Ok(grid) = Grid::parse_line(l.trim(), None) {
            let back = Grid::parse_line(&grid.to_line(), Some(grid.notation())).unwrap();
            assert_eq!(back, grid, "a line written and read back differs");
        }
    }
    format_round_trip(bytes, Format::Line)
}

fn config(bytes: &[u8]) -> Verdict {
    Config::from_toml_str(&text(bytes))
        .map(|_| "a config".to_string())
        .map_err(|e| e.to_string())
}

fn save(bytes: &[u8]) -> Verdict {
    let saved = toml::from_str::<SavedGame>(&text(bytes)).map_err(|e| e.to_string())?;
    let game = Game::from_saved(&saved).map_err(|e| e.to_string())?;
    // What is restored saves as it was read, and that restores again.
    let again = game.to_saved(Instant::now());
    let written = toml::to_string(&again).unwrap();
    let back: SavedGame = toml::from_str(&written).unwrap();
    let game2 = Game::from_saved(&back).unwrap_or_else(|e| panic!("re-saved game refused: {e}"));
    assert_eq!(game2.board(), game.board());
    assert_eq!(back.current, again.current);
    Ok(format!(
        "a game of {} cells",
        bucket(game.board().values().len())
    ))
}

fn paste(bytes: &[u8]) -> Verdict {
    let text = text(bytes);
    let (format, _) = formats::read(&text, None, None).map_err(|e| e.to_string())?;
    format_round_trip(bytes, format)
}

/// An exact-cover problem in `dlx1`'s form: solved with the engine's pruning and without it
/// (`xc` and `xc --plain`), each within [`XC_NODES`]; the counts must agree when both finish,
/// and agree with every set of options tried when there are few options.
fn xc(bytes: &[u8]) -> Verdict {
    let problem = Problem::parse(&text(bytes)).map_err(|e| e.to_string())?;
    let count = |pruning: bool| {
        let mut m = problem.matrix().map_err(|e| e.to_string())?;
        let mut search = m.search().with_pruning(pruning).with_node_limit(XC_NODES);
        let mut found = 0u64;
        let outcome = search.for_each(|_| {
            found += 1;
            ControlFlow::Continue(())
        });
        Ok::<_, String>((outcome == Outcome::Exhausted).then_some(found))
    };
    let pruned = count(true)?;
    let plain = count(false)?;
    if let (Some(a), Some(b)) = (pruned, plain) {
        assert_eq!(a, b, "solutions with pruning and without differ");
    }
    if problem.option_count() <= BRUTE_OPTIONS
        && let Some(found) = plain.or(pruned)
    {
        assert_eq!(
            found,
            brute_force(&problem),
            "the engine and brute force differ"
        );
    }
    Ok(format!(
        "{} primary, {} secondary, {} options, {:?} solutions",
        bucket(problem.primary_items()),
        bucket(problem.secondary_items()),
        bucket(problem.option_count()),
        plain.map(|n| bucket(n as usize))
    ))
}

/// Solutions counted by trying every set of options: each primary item covered once, each
/// secondary item at most once.
fn brute_force(problem: &Problem) -> u64 {
    let primary = problem.primary_items();
    let items = primary + problem.secondary_items();
    let mut count = 0;
    for set in 0u32..1 << problem.option_count() {
        let mut used = vec![0u32; items];
        for (k, option) in problem.options().enumerate() {
            if set & (1 << k) != 0 {
                for &i in option {
                    used[i as usize] += 1;
                }
            }
        }
        if used[..primary].iter().all(|&u| u == 1) && used[primary..].iter().all(|&u| u <= 1) {
            count += 1;
        }
    }
    count
}

const TARGETS: [Target; 15] = [
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
        name: "toml",
        check: |b| format_round_trip(b, Format::Toml),
    },
    Target {
        name: "jigsaw",
        check: |b| format_round_trip(b, Format::Jigsaw),
    },
    Target {
        name: "sumocue",
        check: |b| format_round_trip(b, Format::SumoCue),
    },
    Target {
        name: "knuth",
        check: |b| format_round_trip(b, Format::Knuth),
    },
    Target {
        name: "ksudoku",
        check: |b| format_round_trip(b, Format::Ksudoku),
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
    Target {
        name: "xc",
        check: xc,
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
    b"[[cages]]\n",
    b"sum = ",
    b"cells = [",
    b"<",
    b"/>",
    b"</",
    b"&amp;",
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

/// The words of an error or a parsed shape with what varies from input to input taken out:
/// text in quotes or backquotes, the lines that quote the input (TOML's, under a line that
/// starts with a number or a bar), and every word that is not all small letters (numbers, cell
/// names), and every word of the input (the parts of it a message quotes).
fn signature(verdict: &Verdict, input: &str) -> u64 {
    let (ok, words) = match verdict {
        Ok(w) => ("ok", w),
        Err(w) => ("error", w),
    };
    let mut unquoted = String::new();
    let mut quote = None;
    for c in words.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if matches!(c, '\'' | '"' | '`') => {
                quote = Some(c);
                unquoted.push_str(" ? ");
            }
            None => unquoted.push(c),
        }
    }
    let echoed: HashSet<&str> = input
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = String::from(ok);
    for line in unquoted.lines() {
        let t = line.trim_start();
        if t.starts_with(|c: char| c.is_ascii_digit() || c == '|' || c == '^') {
            continue;
        }
        for word in t.split_whitespace() {
            let bare = word.trim_matches(|c: char| c.is_ascii_punctuation());
            if !bare.is_empty()
                && bare.chars().all(|c| c.is_ascii_lowercase())
                && !echoed.contains(bare)
            {
                out.push(' ');
                out.push_str(bare);
            } else if !out.ends_with('?') {
                out.push_str(" ?");
            }
        }
    }
    fxhash(out.as_bytes())
}

/// The code an input reached, read from LLVM's coverage counters when the build has them.
#[cfg(fuzz_coverage)]
mod coverage {
    #![allow(unsafe_code)]

    unsafe extern "C" {
        // The bounds of the profile runtime's counters, one 64-bit counter a code region.
        fn __llvm_profile_begin_counters() -> *mut u64;
        fn __llvm_profile_end_counters() -> *mut u64;
    }

    /// Which powers of two each counter has reached over the run: a bit a power.
    pub struct Paths {
        seen: Vec<u32>,
    }

    impl Paths {
        pub fn new() -> Paths {
            clear();
            Paths {
                seen: vec![0; counters().len()],
            }
        }

        /// Whether the input just run reached a region, or a power of two of a region's
        /// count, that none before it did; the counters are cleared for the next.
        pub fn new_path(&mut self) -> bool {
            let mut new = false;
            for (seen, &n) in self.seen.iter_mut().zip(counters()) {
                if n != 0 {
                    let bit = 1 << (63 - n.leading_zeros()).min(31);
                    new |= *seen & bit == 0;
                    *seen |= bit;
                }
            }
            clear();
            new
        }

        /// Counters that went above zero at least once.
        pub fn reached(&self) -> usize {
            self.seen.iter().filter(|&&s| s != 0).count()
        }
    }

    fn counters() -> &'static [u64] {
        // SAFETY: the runtime's counters are one array between these bounds, live for the
        // whole process; the fuzzer runs one target at a time, so no other thread writes them
        // while they are read.
        unsafe {
            let begin = __llvm_profile_begin_counters();
            let end = __llvm_profile_end_counters();
            std::slice::from_raw_parts(begin, end.offset_from(begin) as usize)
        }
    }

    fn clear() {
        let c = counters();
        // SAFETY: as in `counters`; the array is the runtime's to write, and ours between
        // inputs.
        unsafe { std::ptr::write_bytes(c.as_ptr().cast_mut(), 0, c.len()) }
    }
}

/// Without the counters there are no paths to see.
#[cfg(not(fuzz_coverage))]
mod coverage {
    pub struct Paths;

    impl Paths {
        pub fn new() -> Paths {
            Paths
        }

        pub fn new_path(&mut self) -> bool {
            false
        }

        pub fn reached(&self) -> usize {
            0
        }
    }
}

/// What one target's run came to.
struct Run {
    name: &'static str,
    executions: u64,
    parsed: u64,
    /// Inputs kept: each reached a new path or ended in a new error or shape.
    kept: usize,
    /// Distinct errors and parsed shapes seen.
    outcomes: usize,
    /// Coverage counters that went above zero (0 without the counters).
    reached: usize,
    failures: Vec<String>,
}

fn fuzz(target: &Target, seconds: f64, seed: u64) -> Run {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz");
    let crashes = root.join("crashes").join(target.name);
    let seeds = files_in(&root.join("seeds").join(target.name));
    assert!(!seeds.is_empty(), "{}: no seeds", target.name);
    let mut pool = seeds.clone();
    let replays = files_in(&crashes);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ fxhash(target.name.as_bytes()));
    let mut paths = coverage::Paths::new();
    let mut outcomes = HashSet::new();
    let mut run = Run {
        name: target.name,
        executions: 0,
        parsed: 0,
        kept: 0,
        outcomes: 0,
        reached: 0,
        failures: Vec::new(),
    };
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut queue: Vec<Vec<u8>> = seeds.iter().chain(&replays).cloned().collect();
    while run.failures.len() < 5 {
        let input = match queue.pop() {
            Some(input) => input,
            None if Instant::now() >= deadline => break,
            None => {
                // Now and then back to a seed, so the run does not drift into noise.
                let from = if rng.random_range(0..16) == 0 {
                    &seeds[rng.random_range(0..seeds.len())]
                } else {
                    &pool[rng.random_range(0..pool.len())]
                };
                mutate(&mut rng, from, &pool)
            }
        };
        let started = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| (target.check)(&input)));
        let took = started.elapsed();
        run.executions += 1;
        let new_path = paths.new_path();
        let failure = match &result {
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
            continue;
        }
        let Ok(verdict) = result else { continue };
        run.parsed += u64::from(verdict.is_ok());
        let new_outcome = outcomes.insert(signature(&verdict, &text(&input)));
        if new_path || new_outcome {
            // A bounded pool, the newest replacing one at random when it is full.
            if pool.len() < 4000 {
                pool.push(input);
            } else {
                let at = rng.random_range(0..pool.len());
                pool[at] = input;
            }
            run.kept += 1;
        }
    }
    run.outcomes = outcomes.len();
    run.reached = paths.reached();
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
    let only: Option<Vec<String>> = std::env::var("FUZZ_TARGETS")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    let targets: Vec<&Target> = TARGETS
        .iter()
        .filter(|t| only.as_ref().is_none_or(|o| o.iter().any(|n| n == t.name)))
        .collect();
    assert!(!targets.is_empty(), "FUZZ_TARGETS names no target");
    // The panics caught are failures reported below, not noise on the way.
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // The coverage counters are the process's: one target at a time reads them truly.
    let threads = if cfg!(fuzz_coverage) {
        1
    } else {
        std::thread::available_parallelism().map_or(1, usize::from)
    };
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
                    let Some(target) = targets.get(k) else { break };
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
            "fuzz: {:<8} {:>10} executions, {:>9} parsed, {:>6} kept, {:>5} errors and shapes, \
             {:>6} counters hit, {} failures",
            run.name,
            run.executions,
            run.parsed,
            run.kept,
            run.outcomes,
            run.reached,
            run.failures.len()
        );
        failures.extend(run.failures.iter().cloned());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
