//! A catalogue of bad inputs: config files, puzzles in every format, save files, pasted text and
//! command lines, each with the error it must give (naming the file, the line and what is wrong,
//! where there are such things) and the exit code. Every case runs; the failures are reported
//! together.
//!
//! Command-line cases run the real binary in a folder of their own, where `@NAME` in an argument
//! is the path of the file NAME written there first. Save-file and pasted-text cases call the
//! code the window calls.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use sudoku_dlx::autosave::{self, Restored};
use sudoku_dlx::sudoku::files::formats;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// One run of the binary.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    /// Files written in the case's folder first: name and bytes. `@fifo` is made a named pipe.
    files: Vec<(&'static str, Vec<u8>)>,
    stdin: Vec<u8>,
    code: i32,
    /// Each must appear in standard error (or, for a `>` prefix, standard output).
    says: &'static [&'static str],
}

fn case(
    name: &'static str,
    args: &'static [&'static str],
    code: i32,
    says: &'static [&'static str],
) -> Case {
    Case {
        name,
        args,
        files: Vec::new(),
        stdin: Vec::new(),
        code,
        says,
    }
}

impl Case {
    fn file(mut self, name: &'static str, bytes: impl Into<Vec<u8>>) -> Self {
        self.files.push((name, bytes.into()));
        self
    }

    fn config(self, text: impl Into<Vec<u8>>) -> Self {
        self.file("c.toml", text)
    }

    fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Self {
        self.stdin = bytes.into();
        self
    }

    /// Runs the case; the problems found, if any.
    fn check(&self, root: &Path) -> Option<String> {
        let dir = root.join(self.name.replace(' ', "_"));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, bytes) in &self.files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| match a.strip_prefix('@') {
                Some("fifo") => {
                    let fifo = dir.join("fifo");
                    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
                    assert!(made.success(), "mkfifo");
                    fifo.display().to_string()
                }
                Some("dir") => dir.display().to_string(),
                Some(name) => dir.join(name).display().to_string(),
                None => (*a).to_string(),
            })
            .collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
            .args(&args)
            .current_dir(&dir)
            .env("SUDOKU_DLX_DATA_DIR", dir.join("data"))
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let stdin = self.stdin.clone();
        let feeder = std::thread::spawn(move || {
            // A command that fails before reading closes the pipe: not this test's concern.
            let _ = input.write_all(&stdin);
        });
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut problems = Vec::new();
        if out.status.code() != Some(self.code) {
            problems.push(format!("exit {:?}, not {}", out.status.code(), self.code));
        }
        for want in self.says {
            let (stream, text) = match want.strip_prefix('>') {
                Some(w) => (&stdout, w),
                None => (&stderr, *want),
            };
            let text = text.replace("@dir", &dir.display().to_string());
            if !stream.contains(&text) {
                problems.push(format!("no {text:?}"));
            }
        }
        if stderr.contains("panicked") || out.status.code() == Some(101) {
            problems.push("a panic".into());
        }
        (!problems.is_empty()).then(|| {
            format!(
                "{}: {}\n  stdout: {}\n  stderr: {}",
                self.name,
                problems.join("; "),
                stdout.trim(),
                stderr.trim()
            )
        })
    }
}

/// A killer in TOML on a board of boxes `box_size`, with cages `(cells, sum)`, cage `k` along the
/// first cells of row `k + 1`, on line `k + 4`.
fn killer_toml(box_size: &str, cages: &[(usize, u32)]) -> String {
    let mut text = format!("variant = \"killer\"\nbox = \"{box_size}\"\ncages = [\n");
    for (row, &(cells, sum)) in cages.iter().enumerate() {
        let cells: Vec<String> = (1..=cells).map(|c| format!("r{}c{c}", row + 1)).collect();
        text.push_str(&format!(
            "  {{ sum = {sum}, cells = \"{}\" }},\n",
            cells.join(" ")
        ));
    }
    text + "]\n"
}

fn line(s: &str) -> Vec<u8> {
    format!("{s}\n").into_bytes()
}

fn solve_with_config(name: &'static str, config: &str, says: &'static [&'static str]) -> Case {
    case(name, &["solve", "--config", "@c.toml", "-"], 2, says)
        .config(config.to_string())
        .stdin(line(EASY))
}

/// The command-line catalogue: config, puzzle files in every format, arguments.
fn command_line_cases() -> Vec<Case> {
    let mut cases = vec![
        // config.toml: sizes.
        solve_with_config("box size negative", "box_size = -3", &["@dir/c.toml: line 1: box_size: -3: not a box size"]),
        solve_with_config("box size huge", "box_size = 99999999999999", &["line 1: box_size: 99999999999999: not a box size"]),
        solve_with_config("box size one", "\nbox_size = 1", &["line 2: box_size: 1:", "too narrow"]),
        solve_with_config("box size nine", "box_size = 9", &["box_size: 9:", "side must be from 4 to 64"]),
        solve_with_config("box size seven", "box_size = 7", &["line 1: box_size:", "no default symbols for a side of 49"]),
        solve_with_config("box size a string", "box_size = \"three\"", &["line 1:", "invalid type"]),
        solve_with_config("box shape words", "box = \"2 by 3\"", &["line 1: box:", "is not a box size"]),
        solve_with_config("box and box size", "box_size = 3\nbox = \"3x3\"", &["line 2: box: give either box_size or box, not both"]),
        // config.toml: symbols.
        solve_with_config("symbols too few", "symbols = \"12345678\"", &["line 1: symbols: 8 symbols given, but a side of 9 needs exactly 9"]),
        solve_with_config("symbols twice", "symbols = \"112345678\"", &["symbols: the symbol '1' appears twice"]),
        solve_with_config("symbol comma", "symbols = \"12345678,\"", &["symbols: ',' cannot be a symbol"]),
        solve_with_config("symbol question mark", "symbols = \"12345678?\"", &["symbols: '?' cannot be a symbol"]),
        solve_with_config("symbol dot", "symbols = \"12345678.\"", &["symbols: '.' cannot be a symbol"]),
        solve_with_config("symbol hash", "symbols = \"12345678#\"", &["symbols: '#' cannot be a symbol"]),
        solve_with_config("symbol space", "symbols = \"12345678 \"", &["symbols: ' ' cannot be a symbol"]),
        solve_with_config("symbol zero width space", "symbols = \"12345678\u{200b}\"", &["U+200B) cannot be a symbol: it is not a visible character"]),
        solve_with_config("symbol combining mark", "symbols = \"12345678\u{301}\"", &["U+0301) cannot be a symbol"]),
        solve_with_config("symbol nul", "symbols = \"12345678\\u0000\"", &["symbols: '\\0' (U+0000) cannot be a symbol"]),
        solve_with_config("symbol tab", "symbols = \"12345678\\t\"", &["symbols: '\\t' cannot be a symbol"]),
        // config.toml: keys, theme, colours, syntax.
        solve_with_config("key unknown", "[keys]\nsolve = \"hyperspace\"", &["line 2: keys.solve: \"hyperspace\" is not a key"]),
        solve_with_config("key taken", "[keys]\nreset = \"space\"", &["line 2: keys.reset: Space is also the key for keys.solve (its default)"]),
        solve_with_config("key twice", "[keys]\nhint = \"x\"\ncheck = \"x\"", &["line 3: keys.check: X is also the key for keys.hint"]),
        solve_with_config("key is a symbol", "[keys]\nquit = \"1\"", &["keys.quit: \"1\" is also a symbol of the board"]),
        solve_with_config("key clears", "[keys]\nquit = \".\"", &["keys.quit: \".\" clears a cell"]),
        solve_with_config("key delete", "[keys]\nquit = \"delete\"", &["keys.quit: \"delete\" clears a cell"]),
        solve_with_config("key fixed undo", "[keys]\nquit = \"ctrl+z\"", &["keys.quit: Ctrl+Z is the fixed key for undo"]),
        solve_with_config("key fixed overlay", "[keys]\nquit = \"?\"", &["keys.quit: ? is the fixed key for the keys overlay"]),
        solve_with_config("key f13", "[keys]\nquit = \"f13\"", &["keys.quit: \"f13\" is not a key"]),
        solve_with_config("key section unknown", "[keys]\nfly = \"x\"", &["line 2:", "unknown field `fly`"]),
        solve_with_config("theme unknown", "theme = \"purple\"", &["line 1: theme: \"purple\" is not a theme"]),
        solve_with_config("colour not hex", "[colors.light]\ngiven = \"red\"", &["line 2: colors.light.given: \"red\" is not a colour"]),
        solve_with_config("colour unknown", "[colors.dark]\nsky = \"#ffffff\"", &["colors.dark.sky: not a colour of the board"]),
        solve_with_config("unknown key", "colour = 1", &["line 1:", "unknown field `colour`"]),
        solve_with_config("not toml", "box_size = ", &["@dir/c.toml: line 1:", "string values must be quoted"]),
        solve_with_config("toml table twice", "[keys]\n[keys]", &["line 2:", "duplicate key"]),
        case("config invalid utf8", &["solve", "--config", "@c.toml", "-"], 2, &["c.toml: line 2: column 12: not UTF-8 text (byte 0xFF)"])
            .config(b"box_size = 3\nsymbols = \"\xff\"".to_vec())
            .stdin(line(EASY)),
        case("config too big", &["solve", "--config", "@c.toml", "-"], 2, &["c.toml: cannot read the file: is 1.0 MiB or more; files of at most 1 MiB are read"])
            .config(format!("# {}\n", "x".repeat(1 << 20)))
            .stdin(line(EASY)),
        case("config a device", &["solve", "--config", "/dev/zero", "-"], 2, &["/dev/zero: cannot read the file: is a device, pipe or socket, not a regular file"]).stdin(line(EASY)),
        case("config a named pipe", &["solve", "--config", "@fifo", "-"], 2, &["fifo: cannot read the file: is a device, pipe or socket"]).stdin(line(EASY)),
        case("config a folder", &["solve", "--config", "@dir", "-"], 2, &["cannot read the file: is a folder, not a file"]).stdin(line(EASY)),
        case("config missing", &["solve", "--config", "@nope.toml", "-"], 2, &["nope.toml: cannot read the file: No such file"]).stdin(line(EASY)),
        // Puzzle lines.
        case("line too short", &["solve", "@p.txt"], 2, &["p.txt: line 2: 5 cells do not make a sudoku board", ">error: line 2: 5 cells", ">483921657"]).file("p.txt", format!("{EASY}\n12345\n")),
        case("line bad symbol", &["solve", "@p.txt"], 2, &["p.txt: line 1, column 81: 'x' is not a symbol of a 9×9 board"]).file("p.txt", line(&format!("{}x", &EASY[..80]))),
        case("line nul", &["solve", "-"], 2, &["standard input: line 1, column 2: '\\0' is not a symbol"]).stdin(line(&format!(".\0{}", &EASY[2..]))),
        case("line escape character", &["solve", "-"], 2, &["column 3: '\\u{1b}' is not a symbol"]).stdin(line(&format!("..\u{1b}{}", &EASY[3..]))),
        case("line invalid utf8", &["solve", "-"], 2, &["standard input: line 2, column 4: not UTF-8 text (byte 0xC3)", ">483921657"]).stdin([line(EASY), b"..3\xc3(\n".to_vec(), line(EASY)].concat()),
        case("line too long", &["solve", "-"], 2, &["standard input: line 1: longer than 64 KiB, the longest line read", ">483921657"]).stdin([line(&".".repeat(100_000)), line(EASY)].concat()),
        case("line byte order mark is fine", &["solve", "-"], 0, &[">483921657967345821"]).stdin([b"\xef\xbb\xbf".to_vec(), line(EASY)].concat()),
        case("line clashing givens", &["solve", "-"], 1, &["line 1: no solution:", ">no solution"]).stdin(line(&format!("55{}", &EASY[2..]))),
        case("line no solution", &["solve", "-"], 1, &[">no solution"]).stdin(line("120007090030020008009600500005300900010080002600004000300000010041000007007000300")),
        case("line 36x36 bad symbol", &["solve", "-"], 2, &["line 1, column 1: '!' is not a symbol of a 36×36 board"]).stdin(line(&format!("!{}", ".".repeat(1295)))),
        case("line 16x16 symbol of 25x25", &["solve", "-"], 2, &["line 1, column 1: 'H' is not a symbol of a 16×16 board"]).stdin(line(&format!("H{}", ".".repeat(255)))),
        case("line 17 cells", &["solve", "-"], 2, &["17 cells do not make a sudoku board"]).stdin(line(&".".repeat(17))),
        // Puzzle files.
        case("file missing", &["solve", "@nope.txt"], 2, &["nope.txt: No such file"]),
        case("file a folder", &["solve", "@dir"], 2, &["is a folder, not a file"]),
        case("file a device", &["solve", "/dev/zero"], 2, &["/dev/zero: is a device, not a file"]),
        case("file sdk bad row", &["solve", "@p.sdk"], 2, &["p.sdk: line 4, column", "is not a symbol"]).file("p.sdk", "#Aauthor\n53..7....\n6..195...\n.x8....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"),
        case("file ss too few rows", &["solve", "@p.ss"], 2, &["p.ss: line", "the grid stops after 3 rows"]).file("p.ss", "53.|.7.|...\n6..|195|...\n.98|...|.6.\n"),
        case("file csv bad solution", &["solve", "@p.csv"], 2, &["p.csv: line 2", "the solution does not solve the puzzle"]).file("p.csv", format!("puzzle,solution\n{EASY},{}\n", EASY_SOLVED.replace('4', "5"))),
        case("file csv short puzzle", &["rate", "@p.csv"], 2, &["p.csv: line 2", "cells do not make a sudoku board"]).file("p.csv", "puzzle,solution\n123,456\n"),
        case("file block row too long", &["solve", "@p.txt"], 2, &["p.txt: line 2", "this row has 10 cells"]).file("p.txt", "53..7....\n6..195...0\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"),
        case("file sdm bad symbol", &["solve", "@p.sdm"], 2, &["p.sdm: line 1, column 2: 'z' is not a symbol"]).file("p.sdm", line(&format!("0z{}", "0".repeat(79)))),
        case("file empty block", &["solve", "@p.ss"], 2, &["p.ss: line 1:", "no puzzle"]).file("p.ss", "# nothing\n"),
        // bench and rate.
        case("bench missing and good", &["bench", "@nope.txt", "@p.txt"], 2, &["nope.txt: No such file", ">p.txt"]).file("p.txt", line(EASY)),
        case("bench bad line", &["bench", "@p.txt"], 2, &["p.txt: line 2: 3 cells do not make"]).file("p.txt", format!("{EASY}\n123\n")),
        case("bench unsolvable", &["bench", "@p.txt"], 1, &[">p.txt"]).file("p.txt", line(&format!("55{}", &EASY[2..]))),
        case("bench max zero", &["bench", "--max", "0", "@p.txt"], 2, &["0 is not in 1.."]).file("p.txt", line(EASY)),
        case("bench no files", &["bench"], 2, &["required arguments were not provided"]),
        case("rate bad line", &["rate", "-"], 2, &["standard input: line 1: 3 cells do not make", ">error: line 1"]).stdin(line("123")),
        case("rate invalid utf8", &["rate", "-"], 2, &["standard input: line 1, column 1: not UTF-8 text (byte 0xFE)"]).stdin(b"\xfe\n".to_vec()),
        case("rate unsolvable", &["rate", "-"], 1, &[">no solution"]).stdin(line(&format!("55{}", &EASY[2..]))),
        // Command-line arguments.
        case("threads zero", &["solve", "--threads", "0", "-"], 2, &["0 is not in 1..=256"]),
        case("threads too many", &["solve", "--threads", "65535", "-"], 2, &["65535 is not in 1..=256"]),
        case("limit zero", &["solve", "--count", "--limit", "0", "-"], 2, &["0 is not in 1.."]),
        case("timeout zero", &["solve", "--timeout", "0", "-"], 2, &["'0' is not a number of seconds"]),
        case("timeout words", &["bench", "--timeout", "soon", "x"], 2, &["'soon' is not a number of seconds"]),
        case("timeout gives up", &["solve", "--solver", "naive", "--timeout", "0.1", "-"], 3, &[">gave up after", "calls (0.1"]).stdin(line(&".".repeat(625))),
        case("solver unknown", &["solve", "--solver", "quantum", "-"], 2, &["invalid value 'quantum'"]),
        case("flag unknown", &["solve", "--frobnicate"], 2, &["unexpected argument '--frobnicate'"]),
        case("word unknown", &["frobnicate"], 2, &["'frobnicate' is neither a subcommand nor a puzzle file", "solve, bench, generate, rate, matrix, xc and compare"]),
        case("generate box one", &["generate", "--box", "1", "--seed", "1"], 2, &["--box"]),
        case("generate box words", &["generate", "--box", "big", "--seed", "1"], 2, &["invalid value 'big' for '--box"]),
        case("generate grade unknown", &["generate", "--grade", "impossible"], 2, &["'impossible' is not a grade: easy, medium, hard or expert"]),
        case("generate count zero", &["generate", "--count", "0"], 2, &["0 is not in 1.."]),
        case("generate symmetry unknown", &["generate", "--symmetry", "diagonal"], 2, &["invalid value 'diagonal'"]),
        case("generate bad config", &["generate", "--config", "@c.toml"], 2, &["c.toml: line 1: box_size: 0: not a box size"]).config("box_size = 0"),
        case("window puzzle missing", &["@nope.txt"], 2, &["'@dir/nope.txt' is neither a subcommand nor a puzzle file"]),
        // Knuth's general files told by their own errors, TOML lines, generate's options, a byte order mark inside a file, bench after --timeout.
        case("knuth holes bad box character", &["solve", "@p.txt"], 2, &["@dir/p.txt: line 9: the invalid character '-' in a box-definition line"]).file("p.txt", "#.5..#\n.4..3.\n6.##..\n.5.2..\n.....1\n.3##..\n.0000.\n122203\n12.-03\n122433\n144443\n11..43\n"),
        case("knuth digit twice on one diagonal", &["solve", "@p.txt"], 2, &["@dir/p.txt: line 4: digit 1 appears twice in box a"]).file("p.txt", "1...\n....\n....\n...1\n0011\n0011\n2233\n2233\na...\n.a..\n..a.\n...a\n"),
        case("knuth regions and boxes share a label", &["solve", "@p.txt"], 2, &["@dir/p.txt: line 17: box a contains more than 6 cells (a label names one box in every group)"]).file("p.txt", "1...5.\n......\n....1.\n......\n......\n5.....\n001122\n001122\n001122\n334455\n334455\n334455\naaabbb\naaabbb\ncccddd\ncccddd\naaafff\neeefff\n"),
        case("knuth blank lines at the end are fine", &["solve", "--count", "--limit", "100", "@p.txt"], 0, &[">4"]).file("p.txt", "1...\n....\n....\n...2\n0011\n0011\n2233\n2233\na...\n.a..\n..a.\n...a\n\n\n"),
        case("toml region not connected names its row's line", &["solve", "@p.toml"], 2, &["@dir/p.toml: line 4:", "region 'A' is not connected: r2c3"]).file("p.toml", "box = \"2\"\nregions = [\n  \"AABB\",\n  \"ABAB\",\n  \"CCDD\",\n  \"CCDD\",\n]\n"),
        case("toml region size names its first line", &["solve", "@p.toml"], 2, &["@dir/p.toml: line 5:", "region 'C' has 3 cells"]).file("p.toml", "box = \"2\"\nregions = [\n  \"AABB\",\n  \"AABB\",\n  \"CCDD\",\n  \"CDDD\",\n]\n"),
        case("toml cage names its own line", &["solve", "@p.toml"], 2, &["@dir/p.toml: line 3:", "r3c1", "30"]).file("p.toml", "box = \"2\"\ncages = [\n  { sum = 30, cells = \"r3c1 r3c2\" },\n  { sum = 3, cells = \"r1c1 r1c2\" },\n]\n"),
        case("generate hyper on 2x3 boxes", &["generate", "--variant", "hyper", "--box", "2x3", "--seed", "1"], 2, &["--variant hyper --box 2x3: hyper sudoku is defined for square boxes only"]),
        case("generate jigsaw as sumocue", &["generate", "--variant", "jigsaw", "--format", "sumocue", "--seed", "1"], 2, &["--variant jigsaw --format sumocue: SumoCue's form holds killer and killer X puzzles only"]),
        case("generate killer as jigsaw lines", &["generate", "--variant", "killer", "--format", "jigsaw", "--seed", "1"], 2, &["--variant killer --format jigsaw: a jigsaw line holds givens and regions only"]),
        case("generate symmetry with a variant", &["generate", "--variant", "x", "--symmetry", "rotational", "--seed", "1"], 2, &["--symmetry rotational with --variant x:", "only classic puzzles"]),
        case("generate 4x4 medium", &["generate", "--side", "4", "--seed", "1"], 2, &["--side 4 --grade medium (the default): 4×4 puzzles come easy only, not medium"]),
        case("byte order mark inside a file is no cell", &["solve", "@p.txt"], 0, &[">483921657"]).file("p.txt", format!("{EASY}\n\u{feff}{EASY}\n")),
        case("bench all timed out shows no nodes", &["bench", "--solver", "naive", "--timeout", "0.1", "@p.txt"], 3, &["gave up on 1 puzzle(s)", ">           -\n"]).file("p.txt", line(&".".repeat(625))),
        // Killer cages: too many digit sets to list (solved by sums alone, refused where a matrix is written), sums and sizes that cannot be, a cell twice.
        case("killer 36x36 cage of 10 cells solves, its sets unlisted", &["solve", "--timeout", "20", "@k.toml"], 0, &[">"]).file("k.toml", killer_toml("6", &[(10, 185)])),
        case("killer 36x36 cage of 12 cells solves, its sets unlisted", &["solve", "--timeout", "20", "@k.toml"], 0, &[">"]).file("k.toml", killer_toml("6", &[(12, 222)])),
        case("killer 36x36 cage of 12 cells: the plain search says why it takes none", &["solve", "--solver", "dlx-plain", "@k.toml"], 2, &["k.toml: line 1: cage 1 at r1c1 has 16509188 digit sets", "more than a matrix lists"]).file("k.toml", killer_toml("6", &[(12, 222)])),
        case("killer 36x36 cage of 12 cells has no matrix to write", &["matrix", "@k.toml"], 2, &["k.toml: line 1", "cage 1 at r1c1 has 16509188 digit sets", "more than a matrix lists", "split it into smaller cages for this"]).file("k.toml", killer_toml("6", &[(12, 222)])),
        case("killer 36x36 cage of 18 cells solves, its sets unlisted", &["solve", "--timeout", "20", "@k.toml"], 0, &[">"]).file("k.toml", killer_toml("6", &[(18, 333)])),
        case("killer 36x36 cages too many together: the last unlisted", &["solve", "--timeout", "20", "@k.toml"], 0, &[">"]).file("k.toml", killer_toml("6", &[(7, 130), (7, 130), (7, 130)])),
        case("killer 36x36 cage of 6 cells solves", &["solve", "--timeout", "20", "@k.toml"], 0, &[">"]).file("k.toml", killer_toml("6", &[(6, 111)])),
        case("killer cage of 10 cells on 9x9", &["solve", "@k.toml"], 2, &["k.toml: line", "cage 1 at r1c1 has 10 cells, and cannot be filled on a 9×9 board: the cells of a cage hold different symbols, and there are 9"]).file("k.toml", killer_toml("3", &[(9, 50)]).replace("r1c9\"", "r1c9 r2c1\"")),
        case("killer cage sum out of reach", &["solve", "@k.toml"], 2, &["k.toml: line", "cage 1 at r1c1 cannot add up to 55: 4 different symbols from 1 to 9 make 10 to 30, not 55"]).file("k.toml", killer_toml("3", &[(4, 55)])),
        case("killer cage cell twice", &["solve", "@k.toml"], 2, &["k.toml: line 5", "cells: r2c2 is listed twice; a cage holds each cell once"]).file("k.toml", "variant = \"killer\"\nbox = \"3\"\ncages = [\n  { sum = 3, cells = \"r1c1 r1c2\" },\n  { sum = 7, cells = \"r2c1 r2c2 r2c2\" },\n]\n"),
        case("mathdoku cage of too many fillings is named, not no solution", &["solve", "@m.toml"], 2, &["m.toml: line 1: cage 1 at r1c1 has more than 200000 fillings", "split it into smaller cages"]).file("m.toml", "shape = \"Mathdoku\"\norder = 9\nmath = [\n  { target = 45, op = \"+\", cells = \"r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9\" },\n  { target = 45, op = \"+\", cells = \"r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9\" },\n  { target = 45, op = \"+\", cells = \"r3c1 r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8 r3c9\" },\n  { target = 45, op = \"+\", cells = \"r4c1 r4c2 r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9\" },\n  { target = 45, op = \"+\", cells = \"r5c1 r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8 r5c9\" },\n  { target = 45, op = \"+\", cells = \"r6c1 r6c2 r6c3 r6c4 r6c5 r6c6 r6c7 r6c8 r6c9\" },\n  { target = 45, op = \"+\", cells = \"r7c1 r7c2 r7c3 r7c4 r7c5 r7c6 r7c7 r7c8 r7c9\" },\n  { target = 45, op = \"+\", cells = \"r8c1 r8c2 r8c3 r8c4 r8c5 r8c6 r8c7 r8c8 r8c9\" },\n  { target = 45, op = \"+\", cells = \"r9c1 r9c2 r9c3 r9c4 r9c5 r9c6 r9c7 r9c8 r9c9\" },\n]\n"),
        case("rate: mathdoku cage of too many fillings is named", &["rate", "@m.toml"], 2, &["m.toml: line 1: cage 1 at r1c1 has more than 200000 fillings", "split it into smaller cages"]).file("m.toml", "shape = \"Mathdoku\"\norder = 9\nmath = [\n  { target = 45, op = \"+\", cells = \"r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9\" },\n  { target = 45, op = \"+\", cells = \"r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9\" },\n  { target = 45, op = \"+\", cells = \"r3c1 r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8 r3c9\" },\n  { target = 45, op = \"+\", cells = \"r4c1 r4c2 r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9\" },\n  { target = 45, op = \"+\", cells = \"r5c1 r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8 r5c9\" },\n  { target = 45, op = \"+\", cells = \"r6c1 r6c2 r6c3 r6c4 r6c5 r6c6 r6c7 r6c8 r6c9\" },\n  { target = 45, op = \"+\", cells = \"r7c1 r7c2 r7c3 r7c4 r7c5 r7c6 r7c7 r7c8 r7c9\" },\n  { target = 45, op = \"+\", cells = \"r8c1 r8c2 r8c3 r8c4 r8c5 r8c6 r8c7 r8c8 r8c9\" },\n  { target = 45, op = \"+\", cells = \"r9c1 r9c2 r9c3 r9c4 r9c5 r9c6 r9c7 r9c8 r9c9\" },\n]\n"),
        // Named pipes with no writer, variants, --limit, --timeout, config keys.
        case("solve a named pipe with no writer", &["solve", "@fifo"], 2, &["@dir/fifo: a named pipe with nothing writing to it"]),
        case("solve steps a named pipe with no writer", &["solve", "--steps", "@fifo"], 2, &["@dir/fifo: a named pipe with nothing writing to it"]),
        case("rate a named pipe with no writer", &["rate", "@fifo"], 2, &["@dir/fifo: a named pipe with nothing writing to it"]),
        case("bench a named pipe with no writer", &["bench", "@fifo", "@p.txt"], 2, &["@dir/fifo: a named pipe with nothing writing to it", ">p.txt"]).file("p.txt", line(EASY)),
        case("matrix a named pipe with no writer", &["matrix", "@fifo"], 2, &["@dir/fifo: a named pipe with nothing writing to it"]),
        case("compare a named pipe with no writer", &["compare", "@fifo"], 2, &["@dir/fifo: a named pipe with nothing writing to it"]),
        case("print a named pipe", &["print", "@fifo", "-o", "@out.pdf"], 2, &["fifo", "is a device, pipe or socket, not a regular file"]),
        case("window puzzle a named pipe", &["@fifo"], 1, &["fifo", "is a device, pipe or socket, not a regular file"]),
        solve_with_config("config variant twice", "variant = \"x x\"", &["line 1: variant: \"x x\" names \"x\" twice"]),
        solve_with_config("config variant empty", "\nvariant = \"\"", &["line 2: variant: no variant named"]),
        solve_with_config("config variant dangling plus", "variant = \"x+\"", &["line 1: variant: \"x+\" has a '+' with no variant after it"]),
        solve_with_config("config box size a string names the key", "box_size = \"three\"", &["line 1: box_size: invalid type: string \"three\""]),
        solve_with_config("config key twice", "box_size = 3\nbox_size = 4", &["line 2: box_size: duplicate key"]),
        solve_with_config("config key twice in a table", "[keys]\nhint = \"x\"\nhint = \"y\"", &["line 3: keys.hint: duplicate key"]),
        case("generate variant twice", &["generate", "--variant", "killer+killer"], 2, &["\"killer+killer\" names \"killer\" twice"]),
        case("generate variant dangling plus", &["generate", "--variant", "x+"], 2, &["\"x+\" has a '+' with no variant after it"]),
        case("generate variant leading plus", &["generate", "--variant", "+x"], 2, &["\"+x\" has a '+' with no variant before it"]),
        case("limit without count", &["solve", "--limit", "5", "-"], 2, &["--count"]).stdin(line(EASY)),
        case("timeout below a millisecond", &["solve", "--timeout", "1e-9", "-"], 2, &["'1e-9' is not a number of seconds from 0.001"]).stdin(line(EASY)),
    ];
    // Knuth's dlx1 format, read by `xc`: each of dlx1's own errors, with the file and line.
    let dlx = |name, text: &str, says| case(name, &["xc", "@p.dlx"], 2, says).file("p.dlx", text);
    cases.extend([
        dlx(
            "xc no items",
            "| only a comment\n\n",
            &["@dir/p.dlx: line 2: No items"],
        ),
        dlx(
            "xc bar in a name",
            "A B|C\nA\n",
            &["@dir/p.dlx: line 1: Illegal character in item name \"B|C\": '|'"],
        ),
        dlx(
            "xc colon in a name",
            "A:x B\nB\n",
            &["line 1: Illegal character in item name \"A:x\": ':'"],
        ),
        dlx(
            "xc name not ascii",
            "A é\nA\n",
            &["line 1: Illegal character in item name \"é\": 'é'"],
        ),
        dlx(
            "xc name too long",
            "A abcdefghi\nA\n",
            &["line 1: Item name too long: \"abcdefghi\" has 9 characters, at most 8"],
        ),
        dlx(
            "xc bar twice",
            "A | B | C\nA\n",
            &["line 1: Item name line contains | twice"],
        ),
        dlx(
            "xc duplicate item",
            "A B A\nA\n",
            &["line 1: Duplicate item name \"A\""],
        ),
        dlx(
            "xc unknown item",
            "A B\nA\n| note\nB Z\n",
            &["line 4: Unknown item name \"Z\""],
        ),
        dlx(
            "xc item twice in an option",
            "A B\nB A B\n",
            &["line 2: Duplicate item name \"B\" in this option"],
        ),
        dlx(
            "xc option without a primary item",
            "A | S T\nA S\nS T\n",
            &["line 3: Option has no primary item (S T)"],
        ),
        dlx(
            "xc coloured item",
            "A | S\nA S:red\n",
            &["line 2: Item \"S:red\" has a colour: colours are dlx2's format"],
        ),
        case(
            "xc invalid utf8",
            &["xc", "@p.dlx"],
            2,
            &["@dir/p.dlx: line 2, column 3: not UTF-8 text (byte 0xFF)"],
        )
        .file("p.dlx", b"A B\nA \xff\n".to_vec()),
        case(
            "xc missing file",
            &["xc", "@nope.dlx"],
            2,
            &["@dir/nope.dlx: No such file"],
        ),
        case(
            "xc a folder",
            &["xc", "@dir"],
            2,
            &["is a folder, not a file"],
        ),
        case("xc a named pipe", &["xc", "@fifo"], 2, &["fifo: "]),
        case(
            "xc limit zero",
            &["xc", "--limit", "0", "-"],
            2,
            &["0 is not in 1.."],
        ),
        case("xc no solution", &["xc", "-"], 1, &[]).stdin("A B\nA\n"),
        case(
            "compare timeout words",
            &["compare", "--timeout", "soon", "-"],
            2,
            &["'soon' is not a number of seconds"],
        ),
        case(
            "compare bad line",
            &["compare", "-"],
            2,
            &["standard input: line 1: 5 cells"],
        )
        .stdin(line("12345")),
        case("compare no solution", &["compare", "-"], 1, &[">none"])
            .stdin(line(&format!("55{}", &EASY[2..]))),
        case(
            "matrix no puzzle",
            &["matrix", "-"],
            2,
            &["standard input: no puzzle"],
        ),
        case(
            "matrix format unknown",
            &["matrix", "--format", "sparse", "-"],
            2,
            &["invalid value 'sparse'"],
        ),
        // Variant puzzle files: every error names the file, the line and what is wrong.
        case(
            "variant toml unknown word",
            &["solve", "v.toml"],
            2,
            &["v.toml: line 1", "\"sideways\" is not a variant"],
        )
        .file("v.toml", "variant = \"sideways\"\nbox = \"2\"\n"),
        case(
            "variant toml jigsaw without regions",
            &["solve", "v.toml"],
            2,
            &["v.toml: line 1", "variant says jigsaw, but there are no regions"],
        )
        .file("v.toml", "variant = \"jigsaw\"\nbox = \"2\"\n"),
        case(
            "variant toml unknown key",
            &["solve", "v.toml"],
            2,
            &["v.toml: line 2", "colour"],
        )
        .file("v.toml", "box = \"2\"\ncolour = \"red\"\n"),
        case(
            "variant toml bad symbol",
            &["solve", "v.toml"],
            2,
            &["v.toml: line 3, column 6", "'z'"],
        )
        .file(
            "v.toml",
            "givens = [\n  \"1...\",\n  \"..z.\",\n  \"....\",\n  \"....\",\n]\n",
        ),
        case(
            "variant toml cage off the board",
            &["solve", "v.toml"],
            2,
            &["v.toml: line 2", "r9c2 is off a 4×4 board"],
        )
        .file(
            "v.toml",
            "box = \"2\"\ncages = [ { sum = 3, cells = \"r1c1 r9c2\" } ]\n",
        ),
        case(
            "variant toml cage sum impossible",
            &["solve", "v.toml"],
            2,
            &["v.toml: line 2", "cannot add up to 30"],
        )
        .file(
            "v.toml",
            "box = \"2\"\ncages = [ { sum = 30, cells = \"r1c1 r1c2\" } ]\n",
        ),
        case(
            "variant toml two cages on a cell",
            &["solve", "v.toml"],
            2,
            &["r1c2 is in cage 1 and in cage 2"],
        )
        .file(
            "v.toml",
            "box = \"2\"\ncages = [\n { sum = 3, cells = \"r1c1 r1c2\" },\n { sum = 5, cells = \"r1c2 r1c3\" },\n]\n",
        ),
        case(
            "jigsaw line region too big",
            &["solve", "-"],
            2,
            &["standard input: line 1", "region 'A' has 81 cells"],
        )
        .stdin(line(&format!("{}{}", ".".repeat(81), "A".repeat(81)))),
        case(
            "sumocue line too short",
            &["solve", "-"],
            2,
            &["standard input: line 1", "needs 16 cell numbers"],
        )
        .stdin(line("2x2::k:769:769:")),
        case(
            "sumocue sums differ",
            &["solve", "-"],
            2,
            &["standard input: line 1", "cage 1 has the sum 3 and here 4"],
        )
        .stdin(line(&format!("2x2::k:769:1025:{}", "3:".repeat(14)))),
        case(
            "generate unknown variant",
            &["generate", "--variant", "sideways"],
            2,
            &["\"sideways\" is not a variant"],
        ),
        case(
            "generate sumocue with givens",
            &["generate", "--variant", "x", "--format", "sumocue", "--seed", "1"],
            2,
            &["SumoCue's form holds"],
        ),
        case(
            "config variant killer",
            &["solve", "--config", "c.toml", "-"],
            2,
            &["c.toml", "line 1", "comes with its puzzle"],
        )
        .config("variant = \"killer\"\n")
        .stdin(line(EASY)),
    ]);
    // A good swap of two keys is accepted.
    cases.push(
        case(
            "key swap is fine",
            &["solve", "--config", "@c.toml", "-"],
            0,
            &[">483921657"],
        )
        .config("[keys]\nsolve = \"r\"\nreset = \"space\"")
        .stdin(line(EASY)),
    );
    // A config with a byte order mark is read.
    cases.push(
        case(
            "config byte order mark is fine",
            &["solve", "--config", "@c.toml", "-"],
            0,
            &[">483921657"],
        )
        .config([b"\xef\xbb\xbf".to_vec(), b"box_size = 3\n".to_vec()].concat())
        .stdin(line(EASY)),
    );
    cases
}

fn root(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sudoku-dlx-catalogue-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_bad_command_line_input_is_named_with_its_exit_code() {
    let cases = command_line_cases();
    let dir = root("cli");
    let failures: Vec<String> = cases.iter().filter_map(|c| c.check(&dir)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A save file's text, and what restoring it must say.
fn save_cases() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let good = format!(
        "version = 1\nnotes_mode = false\n\n[current]\nbox = \"3x3\"\nsymbols = \"123456789\"\n\
         board = \"{EASY}\"\norigins = \"{}\"\nnotes = \"{}\"\nloaded = true\nelapsed_ms = 0\n",
        EASY.chars()
            .map(|c| if c == '.' { '.' } else { 'g' })
            .collect::<String>(),
        vec!["0"; 81].join(" ")
    );
    let with = |from: &str, to: &str| good.replacen(from, to, 1).into_bytes();
    vec![
        ("empty", Vec::new(), "missing field `version`"),
        (
            "truncated",
            good.as_bytes()[..good.len() / 2].to_vec(),
            "line",
        ),
        ("not toml", b"this is not a saved game".to_vec(), "line 1"),
        (
            "invalid utf8",
            [good.as_bytes(), b"\xff"].concat(),
            "line 12, column 1: not UTF-8 text (byte 0xFF)",
        ),
        (
            "another version",
            with("version = 1", "version = 7"),
            "version",
        ),
        (
            "unknown field",
            with("loaded = true", "loaded = true\nwinner = 1"),
            "unknown field `winner`",
        ),
        (
            "bad box",
            with("box = \"3x3\"", "box = \"3 by 3\""),
            "box \"3 by 3\"",
        ),
        (
            "bad symbols",
            with("symbols = \"123456789\"", "symbols = \"12345678\""),
            "symbols \"12345678\"",
        ),
        (
            "short board",
            with(&format!("board = \"{EASY}\""), "board = \"..3\""),
            "board: not 81 cells",
        ),
        (
            "origins wrong letters",
            with("origins = \".", "origins = \"x"),
            "origins: not 81 of the letters",
        ),
        (
            "origins and board differ",
            with("origins = \".", "origins = \"g"),
            "origins: an empty cell has a value, or a filled one none",
        ),
        (
            "notes not hex",
            with("notes = \"0 ", "notes = \"zz "),
            "notes: not 81 hexadecimal sets",
        ),
        (
            "elapsed negative",
            with("elapsed_ms = 0", "elapsed_ms = -5"),
            "line 11",
        ),
    ]
}

#[test]
fn every_bad_save_file_is_set_aside_with_what_is_wrong_and_never_overwrites_another() {
    let dir = root("saves");
    let cases = save_cases();
    let mut failures = Vec::new();
    for (k, (name, bytes, says)) in cases.iter().enumerate() {
        std::fs::write(dir.join(autosave::FILE_NAME), bytes).unwrap();
        match autosave::restore(&dir) {
            Restored::Unreadable(message) => {
                if !message.contains(says) || !message.contains("set aside as") {
                    failures.push(format!("{name}: {message}"));
                }
            }
            other => failures.push(format!("{name}: restored as {other:?}")),
        }
        // Every damaged file is kept, each under a name of its own.
        let aside = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .starts_with("game.toml.unreadable-")
            })
            .count();
        if aside != k + 1 {
            failures.push(format!(
                "{name}: {aside} files set aside after {} cases",
                k + 1
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A save file that is no regular file, or too big to be a game: `game.toml` a named pipe (its
/// opening would wait for a writer for ever), a link to `/dev/zero` (it never ends), a sparse file
/// of 3 GB, a folder. Each is set aside unopened with what is wrong, the next start is a fresh
/// one, and the next save writes a regular file in its place without waiting on anything.
/// `settings.toml` and `records.toml` of the same kinds give the defaults with a message.
#[cfg(unix)]
#[test]
fn a_save_that_is_a_pipe_a_device_a_huge_file_or_a_folder_is_set_aside_unread() {
    use sudoku_dlx::app::settings::Settings;
    use sudoku_dlx::game::records::Records;
    let dir = root("hostile-saves");
    let fifo = |p: &Path| {
        assert!(Command::new("mkfifo").arg(p).status().unwrap().success());
    };
    let zero = |p: &Path| std::os::unix::fs::symlink("/dev/zero", p).unwrap();
    let sparse = |p: &Path| {
        std::fs::File::create(p).unwrap().set_len(3 << 30).unwrap();
    };
    let folder = |p: &Path| std::fs::create_dir(p).unwrap();
    type Make<'a> = &'a dyn Fn(&Path);
    let cases: [(&str, Make, &str); 4] = [
        (
            "a named pipe",
            &fifo,
            "cannot be read: is a device, pipe or socket, not a regular file",
        ),
        (
            "a link to /dev/zero",
            &zero,
            "cannot be read: is a device, pipe or socket, not a regular file",
        ),
        (
            "a 3 GB sparse file",
            &sparse,
            "cannot be read: is 3072.0 MiB or more; files of at most 32 MiB are read",
        ),
        (
            "a folder",
            &folder,
            "cannot be read: is a folder, not a file",
        ),
    ];
    let save = dir.join(autosave::FILE_NAME);
    let mut failures = Vec::new();
    for (name, make, says) in cases {
        make(&save);
        match autosave::restore(&dir) {
            Restored::Unreadable(message) => {
                if !message.contains(says) || !message.contains("set aside as") {
                    failures.push(format!("{name}: {message}"));
                }
            }
            other => failures.push(format!("{name}: restored as {other:?}")),
        }
        if !matches!(autosave::restore(&dir), Restored::Nothing) {
            failures.push(format!("{name}: not set aside"));
        }
        autosave::write_atomically(&dir, autosave::FILE_NAME, "version = 1\n").unwrap();
        if !std::fs::symlink_metadata(&save).unwrap().is_file() {
            failures.push(format!("{name}: the next save is no regular file"));
        }
        std::fs::remove_file(&save).unwrap();
        for (file, load) in [
            (
                "settings.toml",
                &(|d: &Path| Settings::load(d).1) as &dyn Fn(&Path) -> Option<String>,
            ),
            ("records.toml", &|d: &Path| Records::load(d).1),
        ] {
            let path = dir.join(file);
            make(&path);
            // (Their limit is 1 MiB.)
            let says = says
                .trim_start_matches("cannot be read: ")
                .split(';')
                .next()
                .unwrap();
            match load(&dir) {
                Some(why) if why.contains(file) && why.contains(says) => {}
                other => failures.push(format!("{file} {name}: {other:?}")),
            }
            if path.is_dir() {
                std::fs::remove_dir(&path).unwrap();
            } else {
                std::fs::remove_file(&path).unwrap();
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Pasted texts that are no puzzle, each with what its error must say.
fn pasted_cases() -> Vec<(&'static str, String, &'static str)> {
    vec![
        ("nothing", String::new(), "no puzzle"),
        ("words", "hello".into(), "line 1"),
        (
            "80 cells",
            EASY[..80].to_string(),
            "80 cells do not make a sudoku board",
        ),
        (
            "a bad symbol",
            format!("{}x", &EASY[..80]),
            "line 1, column 81: 'x' is not a symbol",
        ),
        (
            "a nul",
            format!("{}\0", &EASY[..80]),
            "'\\0' is not a symbol",
        ),
        ("a short row", "53..7....\n6..195..\n".into(), "line 2"),
        (
            "a bad solution",
            format!("{EASY},{}", EASY.replace('.', "1")),
            "line 1",
        ),
        ("only comments", "# a\n# b\n".into(), "no puzzle"),
        ("36x36 short", ".".repeat(1295), "1295 cells do not make"),
    ]
}

#[test]
fn every_bad_pasted_text_says_where_and_what() {
    let mut failures = Vec::new();
    for (name, text, says) in &pasted_cases() {
        match formats::read(text, None, None) {
            Ok(_) => failures.push(format!("{name}: read as a puzzle")),
            Err(e) => {
                let e = e.to_string();
                if !e.contains(says) {
                    failures.push(format!("{name}: {e}"));
                }
            }
        }
    }
    // A byte order mark before a pasted puzzle is no cell.
    assert!(formats::read(&format!("\u{feff}{EASY}"), None, None).is_ok());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_catalogue_holds_at_least_a_hundred_and_twenty_bad_inputs() {
    let total = command_line_cases().len() + save_cases().len() + pasted_cases().len();
    assert!(total >= 120, "{total}");
}
