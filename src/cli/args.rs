//! The command line's words: the subcommands and their options, as clap reads them.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::sudoku::{
    Backtracker, BoardKind, DlxSolver, Geometry, Grade, Notation, Solver, Symmetry,
};

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
    /// Rate every puzzle of a file: the grade, the difficulty on the Sudoku Explainer scale and
    /// the techniques a person needs.
    Rate(RateArgs),
    /// Write the exact-cover matrix of a puzzle in the input format of Knuth's dlx1, or dense.
    Matrix(MatrixArgs),
    /// Solve any exact-cover problem written in the input format of Knuth's dlx1.
    Xc(XcArgs),
    /// Solve every puzzle of a file with each solver (DLX with pruning, plain DLX, naive
    /// backtracking) and print their search sizes and times side by side.
    Compare(CompareArgs),
    /// Lay the puzzles of a file out as a PDF to print, one to six a page, with their
    /// solutions after them if asked; or draw each as a picture (SVG or PNG).
    Print(PrintArgs),
    /// Play and save a game in a directory over and over, as the window's autosave does (the
    /// kill test's subject, `tests/kill.rs`).
    #[command(hide = true)]
    SaveDrill(SaveDrillArgs),
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
    /// Solve (or count) an empty board instead of FILE: a named shape (Samurai, TinySamurai,
    /// Roxdoku, Mathdoku, Killer_9x9, ...) or a KSudoku shape file (a path ending in .xml or
    /// holding a /). The solution is printed as KSudoku writes it, a character per cell.
    #[arg(long, value_name = "NAME|FILE.xml", conflicts_with = "file")]
    pub shape: Option<String>,
    /// The order (number of symbols) of --shape where it comes in several (Sudoku, Roxdoku,
    /// Killer, Mathdoku), or of a KSudoku shape file whose order is the word Mathdoku (3 to 9,
    /// default 6). For --shape and KSudoku files only.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub order: Option<u16>,
    /// Print the number of solutions (up to --limit) instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// Print the steps a person would take instead, one a line, in the words of the window's
    /// hints (`hidden single in row 3: r3c7 = 4`), then how the puzzle ended: solved, or where
    /// logic stalls and search is needed. A file of several puzzles gives each its block.
    #[arg(long, conflicts_with_all = ["count", "shape"])]
    pub steps: bool,
    /// With --count: stop counting at this many solutions (without --count it would mean
    /// nothing, so it is refused).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..), requires = "count")]
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
    /// Give up on a puzzle not decided within SECS seconds (it prints "gave up after N nodes
    /// (T s)" and the exit code is 3). Default: no limit.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
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
    /// Give up on a puzzle not decided within SECS seconds (it prints "gave up after N nodes
    /// (T s)" and the exit code is 3). Default: no limit.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
}

/// Arguments of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Box size: N for N×N boxes, RxC for rectangles (default: the config's).
    #[arg(long = "box", value_name = "N|RxC", value_parser = parse_box)]
    pub box_size: Option<Geometry>,
    /// The board's side instead, with its usual boxes; a side with no box shape (5, 7, 11, ...)
    /// makes a board without boxes, for --variant jigsaw.
    #[arg(long, value_name = "N", conflicts_with = "box_size", value_parser = parse_side)]
    pub side: Option<Geometry>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The grade (see `sudoku-dlx rate`; default medium). With --shape: none by default (unique,
    /// as sparse as the digging leaves it), or any grade.
    #[arg(long, value_parser = parse_grade)]
    pub grade: Option<Grade>,
    /// Which cells are emptied together (with --shape: none or rotational, a half turn of the
    /// layout).
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// The seed: the same seed (and options) gives the same puzzles. Default: from the clock,
    /// printed to standard error.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print per-puzzle statistics (grade, techniques, attempts, milliseconds; with --shape:
    /// the shape, givens or cages, attempts, nodes, milliseconds) to standard error.
    #[arg(long)]
    pub stats: bool,
    /// Worker threads, 1 to 256 (default: every core). The output is the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,
    /// Make variant puzzles: x, hyper, jigsaw or killer, or several joined by + (killer+x), of
    /// the --grade asked for, written as TOML `[[puzzle]]` tables that solve, rate and the window
    /// read back (--symmetry is for classic puzzles).
    #[arg(long, value_name = "KIND", value_parser = parse_variant)]
    pub variant: Option<BoardKind>,
    /// Make puzzles on a named shape (Samurai, TinySamurai, Windmill, Sohei, Roxdoku,
    /// DoubleRoxdoku, RoxdokuTwin, SamuraiRoxdoku, XSudoku, Jigsaw, Nonomino, Aztec, Pentomino,
    /// Tetromino, Killer, Mathdoku, 4x4, 6x6, Sudoku, Killer_9x9, ...; any case) or a KSudoku
    /// shape file (a path ending in .xml or holding a /), written in the shape TOML form or
    /// with --format ksudoku as a KSudoku saved game. Killer and Mathdoku get cages.
    #[arg(long, value_name = "NAME|FILE.xml", conflicts_with_all = ["variant", "box_size", "side"])]
    pub shape: Option<String>,
    /// The order (number of symbols) of --shape where it comes in several (Sudoku, Roxdoku,
    /// Killer, Mathdoku), or of a KSudoku shape file whose order is the word Mathdoku.
    #[arg(long, value_name = "N", requires = "shape", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub order: Option<u16>,
    /// How to write them: toml (any variant or shape), jigsaw (--variant: one line a puzzle,
    /// the givens, then the regions), sumocue (--variant: killer lines, 3x3::k:...; no givens)
    /// or ksudoku (--shape: one KSudoku saved game, so --count 1).
    #[arg(long, value_enum, default_value_t = GenerateFormat::Toml)]
    pub format: GenerateFormat,
}

/// How `generate --variant` and `generate --shape` write their puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// `[[puzzle]]` tables (a single shape puzzle: one table's keys).
    Toml,
    /// Jigsaw lines.
    Jigsaw,
    /// SumoCue's killer lines.
    Sumocue,
    /// A KSudoku saved game.
    Ksudoku,
}

fn parse_side(text: &str) -> Result<Geometry, String> {
    let side: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a side: write a number such as 9"))?;
    Geometry::for_side_or_without_boxes(side).map_err(|e| e.to_string())
}

/// A variant's words, on the classic board until `generate` puts them on the board asked for.
fn parse_variant(text: &str) -> Result<BoardKind, String> {
    BoardKind::parse(text, Notation::default())
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

/// The shortest `--timeout`: a millisecond (a shorter one would give up before the search
/// has looked at anything).
const MIN_TIMEOUT_SECS: f64 = 0.001;

/// The longest `--timeout`: a million seconds (eleven days).
const MAX_TIMEOUT_SECS: f64 = 1e6;

fn parse_timeout(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(secs) if (MIN_TIMEOUT_SECS..=MAX_TIMEOUT_SECS).contains(&secs) => {
            Ok(Duration::from_secs_f64(secs))
        }
        _ => Err(format!(
            "'{text}' is not a number of seconds from 0.001 to {MAX_TIMEOUT_SECS:.0}"
        )),
    }
}

fn parse_grade(text: &str) -> Result<Grade, String> {
    Grade::parse(text)
        .ok_or_else(|| format!("'{text}' is not a grade: easy, medium, hard or expert"))
}

/// How `matrix` writes the matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MatrixFormat {
    /// Knuth's dlx1 input: the items, then one option a line, each after a comment.
    Dlx,
    /// A 0/1 table: a header of item names, then one row per option.
    Dense,
}

/// Arguments of `matrix`.
#[derive(Debug, Args)]
pub struct MatrixArgs {
    /// The puzzle file (its first puzzle); `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
    /// The output format.
    #[arg(long, value_enum, default_value_t = MatrixFormat::Dlx)]
    pub format: MatrixFormat,
    /// The whole matrix of the empty board, not the one the givens leave.
    #[arg(long)]
    pub full: bool,
}

/// Arguments of `xc`.
#[derive(Debug, Args)]
pub struct XcArgs {
    /// The problem in dlx1's format; `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
    /// Print the number of solutions instead of the solutions.
    #[arg(long)]
    pub count: bool,
    /// Stop after this many solutions (default: all of them).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Print the solutions, nodes and updates to standard error, as dlx1 reports them.
    #[arg(long)]
    pub stats: bool,
    /// Search as dlx1 does (the first shortest item in the order named, nothing else), without
    /// the tie-break by secondary reach or pruning by pairs.
    #[arg(long)]
    pub plain: bool,
    /// Give up after SECS seconds (it prints "gave up after N nodes (T s)" and the exit code
    /// is 3). Default: no limit.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
}

/// Arguments of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
    /// Give each solver at most SECS seconds a puzzle (default 10); a solver that runs out
    /// reports "gave up after N nodes".
    #[arg(long, value_name = "SECS", value_parser = parse_timeout, default_value = "10")]
    pub timeout: Duration,
    /// Compare only the first N puzzles (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max: Option<u64>,
}

/// Arguments of `save-drill`.
#[derive(Debug, Args)]
pub struct SaveDrillArgs {
    /// The data directory: the game is restored from it, and saved to it.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// How many moves to make and save.
    #[arg(long, default_value_t = u64::MAX)]
    pub moves: u64,
}

/// Arguments of `rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
    /// Give up counting the solutions of a puzzle not decided within SECS seconds (it prints
    /// "gave up after N nodes (T s)" and the exit code is 3). Default: no limit.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
}

/// The paper `print` lays pages out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// 210 × 297 mm.
    A4,
    /// 8.5 × 11 inches.
    Letter,
}

/// `print`'s options.
#[derive(Debug, Args)]
pub struct PrintArgs {
    /// The puzzle file (any format the window reads).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Where to write, the extension choosing what: OUT.pdf (or any other name) a PDF to print,
    /// `-` that PDF to standard output; OUT.svg or OUT.png a picture of each puzzle instead
    /// (of its solution with --solutions), written to OUT itself for a file of one puzzle and
    /// to OUT-1.png, OUT-2.png, ... (OUT-1.svg, ...) for a file of several.
    #[arg(short, long, value_name = "OUT.pdf|OUT.svg|OUT.png")]
    pub output: PathBuf,
    /// Puzzles a page (default 1). For a PDF only.
    #[arg(long, value_parser = parse_per_page, value_name = "1|2|4|6")]
    pub per_page: Option<u8>,
    /// Print the solutions too, on pages after the puzzles; with OUT.svg or OUT.png, draw each
    /// puzzle's solution instead of the puzzle.
    #[arg(long)]
    pub solutions: bool,
    /// The paper (default a4). For a PDF only.
    #[arg(long, value_enum)]
    pub paper: Option<PaperArg>,
}

/// `--per-page`: 1, 2, 4 or 6.
fn parse_per_page(text: &str) -> Result<u8, String> {
    match text.trim() {
        "1" => Ok(1),
        "2" => Ok(2),
        "4" => Ok(4),
        "6" => Ok(6),
        other => Err(format!("{other:?} puzzles a page: 1, 2, 4 or 6")),
    }
}

impl SolverKind {
    /// A new solver of this kind.
    pub fn solver(self) -> Box<dyn Solver + Send> {
        match self {
            SolverKind::Dlx => Box::new(DlxSolver::new()),
            SolverKind::DlxPlain => Box::new(DlxSolver::plain()),
            SolverKind::Naive => Box::new(Backtracker::new()),
        }
    }
}
