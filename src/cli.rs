//! The command line: batch solving and benchmarking of puzzle files. No GUI code here.
//!
//! Puzzle files hold one puzzle a line (any size the line's length allows); `#` comment lines and
//! blank lines are skipped. Output keeps the input order. Exit codes: 0 when every puzzle was
//! solved, 1 when some had no solution, 2 for bad input (a malformed line, an unreadable file, a
//! bad config).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

use crate::config::Config;
use crate::sudoku::{
    Backtracker, DlxSolver, Generator, Geometry, Grade, Grid, Notation, Rater, Report, Solver,
    Symmetry,
};

/// Lines read and solved together: enough to keep every core busy, small enough that memory
/// stays flat however long the file is.
const CHUNK_LINES: usize = 4096;

/// The command line.
#[derive(Debug, Parser)]
#[command(name = "sudoku-dlx", version, about, long_about = None)]
pub struct Cli {
    /// A puzzle file whose first puzzle the window opens with.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: Option<PathBuf>,
    /// The config file (default: ./config.toml if present).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Print the window's frame times and its start-up time to standard error when it closes.
    #[arg(long)]
    pub frame_stats: bool,
    /// What to do; with none, the window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every puzzle of a file (one per line), printing one line per puzzle.
    Solve(SolveArgs),
    /// Time counting up to 2 solutions of every puzzle of each file, on one thread.
    Bench(BenchArgs),
    /// Make new puzzles with one solution, of a grade and symmetry, one a line.
    Generate(GenerateArgs),
    /// Rate every puzzle of a file: the grade and the techniques a person needs.
    Rate(RateArgs),
}

/// Which solver to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolverKind {
    /// Dancing links (Algorithm X) with pruning by pairs.
    Dlx,
    /// Dancing links without pruning: Algorithm X as Knuth wrote it, for comparison.
    DlxPlain,
    /// Plain backtracking, for comparison.
    Naive,
}

/// The most worker threads a command takes: more than any machine has cores for, and few enough
/// that starting them is quick (65,535 took minutes).
pub const MAX_THREADS: i64 = 256;

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
    /// Print the number of solutions (up to --limit) instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// With --count: stop counting at this many solutions.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Print per-puzzle statistics (nodes, updates, microseconds) to standard error.
    #[arg(long)]
    pub stats: bool,
    /// The solver.
    #[arg(long, value_enum, default_value_t = SolverKind::Dlx)]
    pub solver: SolverKind,
    /// Worker threads, 1 to 256 (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,
}

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The solver.
    #[arg(long, value_enum, default_value_t = SolverKind::Dlx)]
    pub solver: SolverKind,
    /// Time only the first N puzzles of each file (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max: Option<u64>,
}

/// Arguments of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Box size: N for N×N boxes, RxC for rectangles (default: the config's).
    #[arg(long = "box", value_name = "N|RxC", value_parser = parse_box)]
    pub box_size: Option<Geometry>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The grade (see `sudoku-dlx rate`).
    #[arg(long, default_value = "medium", value_parser = parse_grade)]
    pub grade: Grade,
    /// Which cells are emptied together.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// The seed: the same seed (and options) gives the same puzzles. Default: from the clock,
    /// printed to standard error.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print per-puzzle statistics (grade, techniques, attempts, milliseconds) to standard error.
    #[arg(long)]
    pub stats: bool,
    /// Worker threads, 1 to 256 (default: every core). The output is the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,
}

/// The symmetry of `generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No pattern.
    None,
    /// Half-turn symmetry about the centre.
    Rotational,
    /// Left-right mirror symmetry.
    Mirror,
}

impl From<SymmetryArg> for Symmetry {
    fn from(s: SymmetryArg) -> Self {
        match s {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational => Symmetry::Rotational,
            SymmetryArg::Mirror => Symmetry::Mirror,
        }
    }
}

fn parse_box(text: &str) -> Result<Geometry, String> {
    Geometry::parse(text).map_err(|e| e.to_string())
}

fn parse_grade(text: &str) -> Result<Grade, String> {
    Grade::parse(text)
        .ok_or_else(|| format!("'{text}' is not a grade: easy, medium, hard or expert"))
}

/// Arguments of `rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
}

/// Exit code: every puzzle solved.
pub const EXIT_OK: u8 = 0;
/// Exit code: some puzzle had no solution.
pub const EXIT_UNSOLVED: u8 = 1;
/// Exit code: bad input.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs a subcommand with the loaded config.
pub fn run(command: &Command, config: &Config) -> ExitCode {
    let result = match command {
        Command::Solve(args) => solve(args, config),
        Command::Bench(args) => bench(args, config),
        Command::Generate(args) => generate(args, config),
        Command::Rate(args) => rate(args, config),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
        Err(e) => {
            crate::output::note(format_args!("sudoku-dlx: {e}"));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn new_solver(kind: SolverKind) -> Box<dyn Solver + Send> {
    match kind {
        SolverKind::Dlx => Box::new(DlxSolver::new()),
        SolverKind::DlxPlain => Box::new(DlxSolver::plain()),
        SolverKind::Naive => Box::new(Backtracker::new()),
    }
}

fn open_input(file: Option<&Path>) -> io::Result<Box<dyn BufRead>> {
    match file {
        None => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) => File::open(p)
            .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display()))),
    }
}

/// What became of one puzzle line.
enum Outcome {
    Solved,
    Unsolved,
    Malformed,
}

/// Solves one line; returns the stdout line, the stderr line (if any) and the outcome.
fn solve_line(
    solver: &mut dyn Solver,
    args: &SolveArgs,
    preferred: &Notation,
    line_no: usize,
    text: &str,
) -> (String, Option<String>, Outcome) {
    let grid = match Grid::parse_line(text, Some(preferred)) {
        Ok(g) => g,
        Err(e) => {
            let why = e.kind.to_string();
            let at = if e.column > 0 {
                format!(", column {}", e.column)
            } else {
                String::new()
            };
            return (
                format!("error: line {line_no}{at}: {why}"),
                None,
                Outcome::Malformed,
            );
        }
    };
    let start = Instant::now();
    let result = if args.count {
        solver.count(&grid, args.limit, None)
    } else {
        solver.solve(&grid, 1, None)
    };
    let micros = start.elapsed().as_secs_f64() * 1e6;
    match result {
        Err(clashes) => {
            let why = clashes
                .0
                .first()
                .map(|c| grid.describe(c))
                .unwrap_or_default();
            let out = if args.count {
                "0".into()
            } else {
                "no solution".into()
            };
            (
                out,
                Some(format!("line {line_no}: no solution: {why}")),
                Outcome::Unsolved,
            )
        }
        Ok(Report {
            solutions,
            first,
            work,
            ..
        }) => {
            let stats = args
                .stats
                .then(|| format!("line {line_no}: {work} time={micros:.1}us"));
            let outcome = if solutions > 0 {
                Outcome::Solved
            } else {
                Outcome::Unsolved
            };
            let out = match (args.count, first) {
                (true, _) => solutions.to_string(),
                (false, Some(solution)) => solution.to_line(),
                (false, None) => "no solution".into(),
            };
            (out, stats, outcome)
        }
    }
}

/// `solve`: streams the file in chunks; each chunk is solved in parallel and printed in order.
fn solve(args: &SolveArgs, config: &Config) -> io::Result<u8> {
    let mut input = open_input(args.file.as_deref())?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let pool = if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|k| format!("solve-{k}"))
            .build()
            .map_err(io::Error::other)?;
        Some(pool)
    } else {
        None
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut worst = EXIT_OK;
    let mut chunk: Vec<(usize, String)> = Vec::with_capacity(CHUNK_LINES);
    let mut buf = Vec::new();
    let mut line_no = 0;
    let mut serial = None;
    loop {
        chunk.clear();
        let mut eof = false;
        while chunk.len() < CHUNK_LINES {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                eof = true;
                break;
            }
            line_no += 1;
            let text = String::from_utf8_lossy(&buf);
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            chunk.push((line_no, text.to_string()));
        }
        let results: Vec<(String, Option<String>, Outcome)> = match &pool {
            None => {
                let solver = serial.get_or_insert_with(|| new_solver(args.solver));
                chunk
                    .iter()
                    .map(|(n, t)| solve_line(solver.as_mut(), args, &config.notation, *n, t))
                    .collect()
            }
            Some(pool) => pool.install(|| {
                chunk
                    .par_iter()
                    .map_init(
                        || new_solver(args.solver),
                        |solver, (n, t)| solve_line(solver.as_mut(), args, &config.notation, *n, t),
                    )
                    .collect()
            }),
        };
        for (line, note, outcome) in results {
            writeln!(out, "{line}")?;
            if let Some(note) = note {
                out.flush()?;
                crate::output::note(format_args!("{note}"));
            }
            worst = worst.max(match outcome {
                Outcome::Solved => EXIT_OK,
                Outcome::Unsolved => EXIT_UNSOLVED,
                Outcome::Malformed => EXIT_BAD_INPUT,
            });
        }
        if eof {
            break;
        }
    }
    out.flush()?;
    Ok(worst)
}

/// `bench`: per file, parses every puzzle first, then times counting up to 2 solutions of each,
/// one after another on this thread.
fn bench(args: &BenchArgs, config: &Config) -> io::Result<u8> {
    let mut worst = EXIT_OK;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "{:<36} {:>8} {:>7} {:>6} {:>5} {:>12} {:>10} {:>10} {:>10} {:>12}",
        "file",
        "puzzles",
        "unique",
        "multi",
        "none",
        "puzzles/s",
        "secs",
        "median_us",
        "p99_us",
        "nodes/puzzle"
    )?;
    for path in &args.files {
        // A file that cannot be opened is reported and the next one timed.
        let mut input = match open_input(Some(path)) {
            Ok(input) => input,
            Err(e) => {
                out.flush()?;
                crate::output::note(format_args!("sudoku-dlx: {e}"));
                worst = EXIT_BAD_INPUT;
                continue;
            }
        };
        let mut puzzles = Vec::new();
        let mut text = String::new();
        let mut line_no = 0;
        while input.read_line(&mut text)? > 0 {
            line_no += 1;
            let t = text.trim();
            if !t.is_empty() && !t.starts_with('#') {
                match Grid::parse_line(t, Some(&config.notation)) {
                    Ok(g) => puzzles.push(g),
                    Err(e) => {
                        crate::output::note(format_args!(
                            "{}: {}",
                            path.display(),
                            e.starting_at(line_no)
                        ));
                        worst = EXIT_BAD_INPUT;
                    }
                }
            }
            text.clear();
            if args.max.is_some_and(|m| puzzles.len() as u64 >= m) {
                break;
            }
        }
        let mut solver = new_solver(args.solver);
        let mut micros = Vec::with_capacity(puzzles.len());
        let (mut unique, mut multi, mut none, mut nodes) = (0u64, 0u64, 0u64, 0u64);
        let all = Instant::now();
        for grid in &puzzles {
            let start = Instant::now();
            let report = solver.count(grid, 2, None);
            micros.push(start.elapsed().as_secs_f64() * 1e6);
            match report {
                Ok(r) => {
                    nodes += r.work.nodes();
                    match r.solutions {
                        0 => none += 1,
                        1 => unique += 1,
                        _ => multi += 1,
                    }
                }
                Err(_) => none += 1,
            }
        }
        let secs = all.elapsed().as_secs_f64();
        if none > 0 {
            // As solve and rate say: some puzzle has no solution.
            worst = worst.max(EXIT_UNSOLVED);
        }
        micros.sort_by(f64::total_cmp);
        let pick = |q: f64| {
            micros
                .get(((micros.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let n = puzzles.len().max(1) as f64;
        let rate = puzzles.len() as f64 / secs.max(1e-9);
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        writeln!(
            out,
            "{:<36} {:>8} {:>7} {:>6} {:>5} {:>12.*} {:>10.4} {:>10.1} {:>10.1} {:>12.1}",
            name,
            puzzles.len(),
            unique,
            multi,
            none,
            usize::from(rate < 100.0),
            rate,
            secs,
            pick(0.5),
            pick(0.99),
            nodes as f64 / n
        )?;
    }
    Ok(worst)
}

/// `generate`: puzzle `i` of the batch comes from stream `i` of the seed, so the output is the
/// same whatever the number of threads; puzzles are made in parallel and printed in order.
fn generate(args: &GenerateArgs, config: &Config) -> io::Result<u8> {
    let notation = match args.box_size {
        None => config.notation.clone(),
        Some(g) if g == config.notation.geometry => config.notation.clone(),
        Some(g) => Notation::default_for(g).map_err(|e| io::Error::other(e.to_string()))?,
    };
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        crate::output::note(format_args!(
            "sudoku-dlx: seed {now} (pass --seed {now} to make these puzzles again)"
        ));
        now
    });
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|k| format!("generate-{k}"))
        .build()
        .map_err(io::Error::other)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = EXIT_OK;
    // In chunks, so the first puzzles show while the rest are made.
    let chunk = (threads as u64 * 4).max(1);
    let mut start = 0;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let made: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || Generator::new(notation.clone(), args.grade, args.symmetry.into()),
                    |generator, index| {
                        let t = Instant::now();
                        (generator.generate(seed, index, None), t.elapsed())
                    },
                )
                .collect()
        });
        for (k, (result, took)) in made.into_iter().enumerate() {
            let index = start + k as u64;
            match result {
                Ok(g) => {
                    writeln!(out, "{}", g.puzzle.to_line())?;
                    if args.stats {
                        out.flush()?;
                        crate::output::note(format_args!(
                            "puzzle {}: {} givens, {}, {} attempt(s), {:.1} ms, {}",
                            index + 1,
                            g.puzzle.filled(),
                            g.rating.grade,
                            g.attempts,
                            took.as_secs_f64() * 1e3,
                            g.rating.techniques()
                        ));
                    }
                }
                Err(e) => {
                    out.flush()?;
                    crate::output::note(format_args!("sudoku-dlx: puzzle {}: {e}", index + 1));
                    worst = EXIT_UNSOLVED;
                }
            }
        }
        out.flush()?;
        start = end;
    }
    Ok(worst)
}

/// `rate`: one line per puzzle: the grade, the DLX search's size and the solution count, and
/// the techniques used.
fn rate(args: &RateArgs, config: &Config) -> io::Result<u8> {
    let mut input = open_input(args.file.as_deref())?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    let mut worst = EXIT_OK;
    let mut text = String::new();
    let mut line_no = 0;
    while input.read_line(&mut text)? > 0 {
        line_no += 1;
        let t = text.trim();
        if t.is_empty() || t.starts_with('#') {
            text.clear();
            continue;
        }
        let line = match Grid::parse_line(t, Some(&config.notation)) {
            Err(e) => {
                worst = EXIT_BAD_INPUT;
                format!("error: {}", e.starting_at(line_no))
            }
            Ok(grid) => {
                let (solutions, nodes) = match solver.count(&grid, 2, None) {
                    Ok(r) => (r.solutions, r.work.nodes()),
                    Err(_) => (0, 0),
                };
                if solutions == 0 {
                    worst = worst.max(EXIT_UNSOLVED);
                    "no solution".to_string()
                } else {
                    let rating = rater.rate(&grid);
                    let count = if solutions == 1 { "unique" } else { "multiple" };
                    format!(
                        "{}\tnodes={nodes}\t{count}\t{}",
                        rating.grade,
                        rating.describe()
                    )
                }
            }
        };
        writeln!(out, "{line}")?;
        text.clear();
    }
    out.flush()?;
    Ok(worst)
}
