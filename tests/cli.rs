//! The command line end to end: the real binary, its output and exit codes.

// Tests may unwrap: a panic is a failure with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Stdio};

mod common_cli;
use common_cli::{bin, count_exact_covers, data, run, stdout};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[test]
fn solve_prints_one_line_per_puzzle_and_exits_0() {
    let file = data("17clue_sample.txt");
    let o = run(&["solve", file.to_str().unwrap()], None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let lines = stdout(&o);
    assert_eq!(lines.len(), 100);
    assert!(lines.iter().all(|l| l.len() == 81 && !l.contains('.')));
}

#[test]
fn solve_reads_stdin_skips_comments_and_reports_no_solution_with_exit_1() {
    let escargot_plus =
        "120007090030020008009600500005300900010080002600004000300000010041000007007000300";
    let clash = format!("55{}", ".".repeat(79));
    let input = format!("# a comment\n\n{EASY}\n{escargot_plus}\n{clash}\n");
    let o = run(&["solve", "-"], Some(&input));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), [EASY_SOLVED, "no solution", "no solution"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 5: no solution: r1c1 and r1c2 both hold 5 (row 1)"),
        "{err}"
    );
}

#[test]
fn malformed_lines_say_where_and_exit_2_but_the_rest_is_solved() {
    let input = format!("{EASY}\n{}x\n12345\n{EASY}\n", &EASY[..80]);
    let o = run(&["solve"], Some(&input));
    assert_eq!(o.status.code(), Some(2));
    let lines = stdout(&o);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], EASY_SOLVED);
    assert!(
        lines[1].starts_with("error: line 2, column 81: 'x' is not a symbol"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("error: line 3: 5 cells do not make a sudoku board"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], EASY_SOLVED);
}

#[test]
fn count_with_limit_and_stats() {
    let file = data("origins.txt");
    let o = run(
        &[
            "solve",
            "--count",
            "--limit",
            "30",
            "--stats",
            file.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "the unsolvable Escargot has 0");
    assert_eq!(stdout(&o), ["23", "1", "1", "1", "0", "1", "1", "1", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.lines()
            .filter(|l| l.contains("nodes=") && l.contains("us"))
            .count(),
        9,
        "{err}"
    );
    let o = run(&["solve", "--count", file.to_str().unwrap()], None);
    assert_eq!(stdout(&o)[0], "2", "the default limit is 2");
}

#[test]
fn threads_keep_the_order_and_the_naive_solver_agrees() {
    let file = data("hardest_sample.txt");
    let one = run(&["solve", "--threads", "1", file.to_str().unwrap()], None);
    let two = run(&["solve", "--threads", "2", file.to_str().unwrap()], None);
    let naive = run(
        &["solve", "--solver", "naive", file.to_str().unwrap()],
        None,
    );
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one).len(), 80);
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one), stdout(&naive));
}

#[test]
fn every_size_through_the_cli() {
    let file = data("sizes.txt");
    let o = run(&["solve", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0));
    let lens: Vec<usize> = stdout(&o).iter().map(String::len).collect();
    assert_eq!(lens, [16, 36, 144, 625]);
    let file = data("16x16_sample.txt");
    let o = run(&["solve", "--count", file.to_str().unwrap()], None);
    assert_eq!(stdout(&o), ["1", "1"]);
}

#[test]
fn bench_prints_a_row_per_file() {
    let a = data("17clue_sample.txt");
    let b = data("serg_sample.txt");
    let o = run(&["bench", a.to_str().unwrap(), b.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0));
    let lines = stdout(&o);
    assert!(
        lines[0].contains("puzzles/s")
            && lines[0].contains("median_us")
            && lines[0].contains("p99_us")
            && lines[0].contains("secs")
    );
    let row: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(&row[..5], ["17clue_sample.txt", "100", "100", "0", "0"]);
    let row: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(&row[..5], ["serg_sample.txt", "30", "0", "30", "0"]);
    let (rate, secs) = (
        row[5].parse::<f64>().unwrap(),
        row[6].parse::<f64>().unwrap(),
    );
    assert!(rate > 0.0 && (0.0..60.0).contains(&secs), "{rate} {secs}");
}

#[test]
fn a_missing_file_or_a_bad_config_exits_2_with_a_clear_message() {
    let o = run(&["solve", "/nonexistent/puzzles.txt"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/puzzles.txt"));

    let dir = std::env::temp_dir().join(format!("sudoku-dlx-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join("bad.toml");
    std::fs::write(&cfg, "box_size = 3\nsymbols = \"123\"\n").unwrap();
    let o = run(
        &["--config", cfg.to_str().unwrap(), "solve", "-"],
        Some(EASY),
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.toml: line 2: symbols: 3 symbols given"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_config_sets_the_symbols_used_for_its_size() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-cli-sym-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join("letters.toml");
    std::fs::write(&cfg, "box_size = 2\nsymbols = \"ABCD\"\n").unwrap();
    let o = run(
        &["--config", cfg.to_str().unwrap(), "solve", "-"],
        Some("A...\n....\n"),
    );
    // One line of 4 cells is not a board; a line of 16 is, in the config's symbols.
    let o2 = run(
        &["--config", cfg.to_str().unwrap(), "solve", "-"],
        Some("AB..CD..........\n"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(o2.status.code(), Some(0));
    let line = &stdout(&o2)[0];
    assert!(
        line.starts_with("AB") && line.chars().all(|c| "ABCD".contains(c)),
        "{line}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_lists_the_subcommands_and_the_puzzle_argument() {
    let o = run(&["--help"], None);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("solve") && out.contains("bench") && out.contains("[PUZZLE]"),
        "{out}"
    );
}

#[test]
fn without_a_display_the_window_fails_clearly_and_the_cli_still_works() {
    let data = std::env::temp_dir().join(format!("sudoku-dlx-nodisplay-{}", std::process::id()));
    let o = bin()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("SUDOKU_DLX_DATA_DIR", &data)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    // A sentence for a person, not a library's source path.
    assert_eq!(
        err.trim(),
        "sudoku-dlx: there is no display to open the window on (neither DISPLAY nor \
         WAYLAND_DISPLAY is set). The command line works without one: sudoku-dlx --help"
    );
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn generate_makes_unique_puzzles_of_the_grade_the_same_for_a_seed_and_any_threads() {
    let args = [
        "generate",
        "--count",
        "6",
        "--grade",
        "medium",
        "--seed",
        "11",
        "--symmetry",
        "rotational",
    ];
    let one = run(&[&args[..], &["--threads", "1"]].concat(), None);
    assert_eq!(one.status.code(), Some(0), "{one:?}");
    let two = run(&[&args[..], &["--threads", "2"]].concat(), None);
    let puzzles = stdout(&one);
    assert_eq!(puzzles.len(), 6);
    assert_eq!(puzzles, stdout(&two));
    // Every one has one solution, and rates as asked.
    let counted = run(&["solve", "--count", "-"], Some(&puzzles.join("\n")));
    assert!(stdout(&counted).iter().all(|c| c == "1"), "{counted:?}");
    let rated = run(&["rate", "-"], Some(&puzzles.join("\n")));
    for line in stdout(&rated) {
        assert!(line.starts_with("medium\t"), "{line}");
        assert!(line.contains("\tunique\t"), "{line}");
    }
    let other = run(&["generate", "--count", "2", "--seed", "12"], None);
    assert_ne!(stdout(&other)[..], puzzles[..2]);
}

#[test]
fn generate_any_size_and_rejects_bad_options() {
    let o = run(
        &["generate", "--box", "2x3", "--grade", "easy", "--seed", "1"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o)[0].len(), 36);
    let o = run(
        &["generate", "--box", "4", "--grade", "easy", "--seed", "1"],
        None,
    );
    assert_eq!(stdout(&o)[0].len(), 256);
    let o = run(&["generate", "--grade", "extreme"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a grade"));
    let o = run(&["generate", "--box", "1"], None);
    assert_eq!(o.status.code(), Some(2));
    // Without a seed, the one used is printed so the puzzles can be made again.
    let o = run(&["generate"], None);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--seed"));
}

#[test]
fn rate_names_the_grade_the_search_and_the_techniques() {
    let input = format!(
        "{EASY}\n# a comment\n{}\n{}\nnot a puzzle\n",
        // Arto Inkala's puzzle: logic stalls at once.
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ".".repeat(81)
    );
    let o = run(&["rate"], Some(&input));
    let lines = stdout(&o);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0].starts_with("easy\t1.5\tnodes=") || lines[0].starts_with("easy\t2.3\tnodes="),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("\tunique\thidden single ×"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("expert\t") && lines[1].contains("needs search"));
    assert!(lines[2].contains("multiple"), "{}", lines[2]);
    assert!(lines[3].starts_with("error: line 5"), "{}", lines[3]);
    assert_eq!(o.status.code(), Some(2));
}

/// Words of a command line, as the tests below hand them to the binary.
fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

/// The commands each test below runs, with enough output to fill a pipe: (arguments, stdin).
fn every_command() -> Vec<(Vec<String>, Option<String>)> {
    let sample = data("17clue_sample.txt").to_str().unwrap().to_string();
    // Enough lines that the output outgrows a pipe's buffer.
    let many: String = std::iter::repeat_n(format!("{EASY}\n"), 3_000).collect();
    vec![
        (words("solve -"), Some(many.clone())),
        (words(&format!("solve --stats {sample}")), None),
        (words("rate -"), Some(many)),
        (words(&format!("bench {sample} {sample} {sample}")), None),
        (
            words("generate --box 2 --grade easy --count 400 --seed 1"),
            None,
        ),
        (words("--help"), None),
        (words("solve --help"), None),
    ]
}

/// Starts a command with its standard output and error going where `out` and `err` say, and a
/// thread feeding it `stdin` (which may stop reading early).
fn spawn_fed(
    args: &[String],
    stdin: Option<&str>,
    out: Stdio,
    err: Stdio,
) -> (std::process::Child, std::thread::JoinHandle<()>) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(out)
        .stderr(err)
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.unwrap_or_default().to_string();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    (child, feeder)
}

/// Runs a command as [`spawn_fed`] starts it; returns the exit code and what standard error said
/// (if it was piped).
fn run_into(args: &[String], stdin: Option<&str>, out: Stdio, err: Stdio) -> (Option<i32>, String) {
    let (child, feeder) = spawn_fed(args, stdin, out, err);
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_reader_that_stops_early_ends_every_command_quietly() {
    use std::io::Read;
    for (args, stdin) in every_command() {
        // `sudoku-dlx ... | head -c 10`: read ten bytes, then close the pipe.
        let (mut child, feeder) =
            spawn_fed(&args, stdin.as_deref(), Stdio::piped(), Stdio::piped());
        let mut first = [0u8; 10];
        let mut stdout = child.stdout.take().unwrap();
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(output.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn a_full_disk_under_standard_output_is_an_error_with_exit_2_not_a_panic() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for (args, stdin) in every_command() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (code, err) = run_into(&args, stdin.as_deref(), Stdio::from(full), Stdio::piped());
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
    }
}

#[test]
fn a_full_disk_under_standard_error_changes_no_exit_code() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    // Messages that cannot be written are dropped: the exit codes are those of the work. (A
    // clashing puzzle: solve says 1; a bad line: bench says 2; generate prints its seed.)
    let clash = format!("55{}\n", &EASY[2..]);
    let sample = data("17clue_sample.txt").to_str().unwrap().to_string();
    let cases: Vec<(Vec<String>, Option<String>, i32)> = vec![
        (words("solve -"), Some(clash.clone()), 1),
        (words(&format!("solve --stats {sample}")), None, 0),
        (words("rate -"), Some(clash), 1),
        (words("generate --box 2 --grade easy --count 2"), None, 0),
    ];
    for (args, stdin, expected) in cases {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (code, _) = run_into(&args, stdin.as_deref(), Stdio::null(), Stdio::from(full));
        assert_eq!(code, Some(expected), "{args:?}");
    }
}

#[test]
fn usage_errors_and_the_same_exit_codes_for_every_command() {
    // A word that is no subcommand and no file.
    let o = run(&["frobnicate"], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("'frobnicate' is neither a subcommand nor a puzzle file")
            && err.contains("solve, bench, generate, rate, matrix, xc and compare"),
        "{err}"
    );
    // Threads beyond the bound are refused, naming it; so is --max 0.
    let o = run(&["solve", "--threads", "65535", "-"], Some(EASY));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("1..=256"));
    let sample = data("17clue_sample.txt");
    let o = run(&["bench", "--max", "0", sample.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    // bench goes past a missing file to the next, and exits 2 for it.
    let o = run(
        &["bench", "/nonexistent/a.txt", sample.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/a.txt"));
    assert!(
        stdout(&o)
            .iter()
            .any(|l| l.starts_with("17clue_sample.txt"))
    );
    // An unsolvable puzzle: 1 from solve, rate and bench alike.
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-codes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let none = dir.join("none.txt");
    // Two 5s in the first row: no solution.
    std::fs::write(&none, format!("55{}\n", &EASY[2..])).unwrap();
    for command in ["solve", "rate", "bench"] {
        let o = run(&[command, none.to_str().unwrap()], None);
        assert_eq!(o.status.code(), Some(1), "{command}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn solve_bench_and_rate_read_every_format_the_window_reads() {
    use sudoku_dlx::sudoku::files::formats;
    use sudoku_dlx::sudoku::{Format, Grid};
    let puzzle = Grid::parse_line(EASY, None).unwrap();
    let solution = Grid::parse_line(EASY_SOLVED, None).unwrap();
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A KSudoku file's solution is printed as KSudoku writes it.
    let shape = sudoku_dlx::sudoku::board::shape::Shape::of_grid(&puzzle);
    let ksudoku_line = sudoku_dlx::sudoku::files::ksudoku::solution_line(&shape, solution.values());
    for format in Format::ALL.into_iter().filter(|f| f.holds(&puzzle).is_ok()) {
        let solved = if format == Format::Ksudoku {
            ksudoku_line.as_str()
        } else {
            EASY_SOLVED
        };
        let text = formats::write(&puzzle, Some(&solution), format);
        // Twice over, where the format holds many puzzles a line or a block.
        let text = if format.holds_many() && format != Format::Csv && format != Format::Toml {
            format!("{text}\n{text}")
        } else {
            text
        };
        let path = dir.join(format!("puzzle-{format:?}.{}", format.extension()));
        std::fs::write(&path, &text).unwrap();
        let p = path.to_str().unwrap();
        let o = run(&["solve", p], None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{format:?}: {err}\n{text}");
        assert!(!stdout(&o).is_empty(), "{format:?}");
        assert!(
            stdout(&o).iter().all(|l| l == solved),
            "{format:?}: {:?}",
            stdout(&o)
        );
        // By content from standard input too.
        let o = run(&["solve", "-"], Some(&text));
        if format != Format::Sdk && format != Format::SimpleSudoku {
            assert_eq!(o.status.code(), Some(0), "{format:?} on stdin");
            assert!(stdout(&o).iter().all(|l| l == solved), "{format:?}");
        }
        let o = run(&["rate", p], None);
        assert_eq!(o.status.code(), Some(0), "{format:?}");
        assert!(stdout(&o)[0].contains("unique"), "{format:?}");
        let o = run(&["bench", p], None);
        assert_eq!(o.status.code(), Some(0), "{format:?}");
        assert!(stdout(&o)[1].contains("puzzle-"), "{format:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_byte_order_mark_is_skipped_and_bad_utf8_named_by_line_and_column_in_every_command() {
    let input = format!("\u{feff}{EASY}\n{}\u{0}{}\n", &EASY[..6], &EASY[7..]);
    let mut bytes = input.into_bytes();
    bytes.extend_from_slice(b"..3.2.\xff\n");
    bytes.extend_from_slice(EASY.as_bytes());
    let path = std::env::temp_dir().join(format!("sudoku-dlx-bom-{}.txt", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let p = path.to_str().unwrap();
    for command in ["solve", "rate", "bench"] {
        let o = run(&[command, p], None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{command}: {err}");
        assert!(
            err.contains(&format!(
                "{p}: line 3, column 7: not UTF-8 text (byte 0xFF)"
            )),
            "{command}: {err}"
        );
        // The NUL is named escaped, not printed raw.
        assert!(
            err.contains(&format!("{p}: line 2, column 7: '\\0' is not a symbol")),
            "{command}: {err}"
        );
        assert!(!err.contains('\0'), "{command}: {err}");
    }
    // Both good lines were solved: the BOM is no cell, and the line after the bad ones is read.
    let o = run(&["solve", p], None);
    let lines = stdout(&o);
    assert_eq!(lines.first().map(String::as_str), Some(EASY_SOLVED));
    assert_eq!(lines.last().map(String::as_str), Some(EASY_SOLVED));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn timeout_gives_up_with_the_nodes_and_exit_3_for_every_solver() {
    let empty = ".".repeat(625);
    for solver in ["naive", "dlx-plain", "dlx"] {
        let o = run(
            &[
                "solve",
                "--solver",
                solver,
                "--count",
                "--limit",
                "1000000000",
                "--timeout",
                "0.2",
            ],
            Some(&empty),
        );
        let line = stdout(&o).join("\n");
        assert_eq!(o.status.code(), Some(3), "{solver}: {line}");
        assert!(line.starts_with("gave up after "), "{solver}: {line}");
        assert!(line.ends_with(" s)"), "{solver}: {line}");
    }
    let path = std::env::temp_dir().join(format!("sudoku-dlx-25-{}.txt", std::process::id()));
    std::fs::write(&path, format!("{EASY}\n{empty}\n")).unwrap();
    let o = run(
        &[
            "bench",
            "--timeout",
            "0.1",
            "--solver",
            "naive",
            path.to_str().unwrap(),
        ],
        None,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("gave up on 1 puzzle(s) after 0.10 s each"),
        "{err}"
    );
    std::fs::remove_file(&path).unwrap();
    for bad in ["0", "-1", "abc", "nan", "1e9"] {
        let o = run(&["solve", &format!("--timeout={bad}")], Some(EASY));
        assert_eq!(o.status.code(), Some(2), "--timeout {bad}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("is not a number of seconds"),
            "--timeout {bad}"
        );
    }
}

#[test]
fn progress_shows_on_a_terminal_only() {
    let path = std::env::temp_dir().join(format!("sudoku-dlx-progress-{}.txt", std::process::id()));
    std::fs::write(&path, format!("{}\n", ".".repeat(625))).unwrap();
    let p = path.to_str().unwrap();
    let args = ["solve", "--solver", "naive", "--timeout", "1.5", p];
    // Piped: the messages only.
    let o = run(&args, None);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("puzzles,"), "{err}");
    // On a terminal (script(1) gives one, where it is installed): the progress line, wiped.
    if Command::new("script").arg("--version").output().is_ok() {
        let log = path.with_extension("log");
        let command = format!(
            "{} {} 2>&1 >/dev/null",
            env!("CARGO_BIN_EXE_sudoku-dlx"),
            args.join(" ")
        );
        let status = Command::new("script")
            .args(["-qec", &command])
            .arg(&log)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(3));
        let shown = std::fs::read_to_string(&log).unwrap();
        assert!(shown.contains("\r\x1b[K0 puzzles, 0/s, "), "{shown:?}");
        assert!(shown.contains("\r\x1b[Kline 1: gave up after"), "{shown:?}");
        std::fs::remove_file(&log).unwrap();
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_matrix_written_in_knuths_format_solves_to_what_solve_counts() {
    let puzzles = [
        "1...............".to_string(),             // 4×4, many solutions
        "12..34..........".to_string(),             // 4×4
        "11..............".to_string(),             // clash: none
        EASY.to_string(),                           // 9×9, unique
        format!("{}.........", &EASY_SOLVED[..72]), // 9×9, one row open
        format!("......{}", &EASY_SOLVED[6..]).replace("48", ".."), // 9×9, several cells open
        "1.....2.....3.....4.....5.....6.....".to_string(), // 6×6
    ];
    for p in &puzzles {
        let counted = run(&["solve", "--count", "--limit", "50", "-"], Some(p));
        let expected: u64 = stdout(&counted)[0].parse().unwrap();
        let o = run(&["matrix", "-"], Some(p));
        assert_eq!(o.status.code(), Some(0), "{p}");
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(
            text.starts_with("| sudoku-dlx: the exact cover of this"),
            "{text}"
        );
        assert_eq!(count_exact_covers(&text, 50), expected, "{p}");
        // Each option line follows the comment that says what it means.
        let lines: Vec<&str> = text.lines().collect();
        for (k, l) in lines.iter().enumerate().skip(4) {
            if !l.starts_with('|') {
                assert!(lines[k - 1].starts_with("| r"), "{}", lines[k - 1]);
            }
        }
    }
    // --full is the empty board's matrix; dense is a 0/1 table.
    let o = run(&["matrix", "--full", "-"], Some(EASY));
    let text = String::from_utf8(o.stdout).unwrap();
    let data: Vec<&str> = text.lines().filter(|l| !l.starts_with('|')).collect();
    assert_eq!(data[0].split_whitespace().count(), 324);
    assert_eq!(data.len() - 1, 729);
    let o = run(&["matrix", "--format", "dense", "-"], Some(EASY));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.lines()
            .skip(1)
            .all(|l| l.chars().all(|c| c == '0' || c == '1'))
    );
    // A bad puzzle is named.
    let o = run(&["matrix", "-"], Some("12345"));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("standard input: line 1: 5 cells"));
}

/// Knuth's own example from the "Intro" of `dlx1.w`: five primary items, two secondary, one
/// solution.
const KNUTH_EXAMPLE: &str =
    "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

/// `n` queens in Knuth's format: a primary item per row and column, a secondary item per
/// diagonal.
fn queens(n: usize) -> String {
    let mut text = String::new();
    let name = |c: char, k: usize| format!("{c}{k}");
    let rows: Vec<String> = (0..n).map(|k| name('r', k)).collect();
    let cols: Vec<String> = (0..n).map(|k| name('c', k)).collect();
    let sums: Vec<String> = (0..2 * n - 1).map(|k| name('a', k)).collect();
    let diffs: Vec<String> = (0..2 * n - 1).map(|k| name('b', k)).collect();
    text.push_str(&format!(
        "{} {} | {} {}\n",
        rows.join(" "),
        cols.join(" "),
        sums.join(" "),
        diffs.join(" ")
    ));
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    text
}

#[test]
fn xc_solves_knuths_example_and_n_queens() {
    let o = run(&["xc", "-"], Some(KNUTH_EXAMPLE));
    assert_eq!(o.status.code(), Some(0));
    let mut options = stdout(&o);
    options.sort();
    assert_eq!(options, ["A D", "B G", "C E F"]);
    // dlx1's closing line; --plain searches as dlx1 does (6 nodes: level 0, A D G then B C F
    // dead, A D then C E F, B G, and the solution, which dlx1 counts as a node too). The
    // figures are those of Knuth's dlx1 (dlx1.w) on the same input, as on n queens below.
    let o = run(
        &["xc", "--plain", "--stats", "--count", "-"],
        Some(KNUTH_EXAMPLE),
    );
    assert_eq!(stdout(&o), ["1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("Altogether 1 solution, 30 updates, 6 nodes."),
        "{err}"
    );
    for (n, line) in [
        (4, "Altogether 2 solutions, 237 updates, 17 nodes."),
        (6, "Altogether 4 solutions, 1973 updates, 111 nodes."),
        (8, "Altogether 92 solutions, 21375 updates, 1199 nodes."),
    ] {
        let o = run(
            &["xc", "--plain", "--stats", "--count", "-"],
            Some(&queens(n)),
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(line), "{n} queens: {err}");
    }
    // The number of ways to place n queens (OEIS A000170), pruned or plain.
    for (n, ways) in [(1, 1), (4, 2), (6, 4), (8, 92)] {
        for plain in [false, true] {
            let mut args = vec!["xc", "--count", "-"];
            if plain {
                args.insert(1, "--plain");
            }
            let o = run(&args, Some(&queens(n)));
            assert_eq!(stdout(&o), [ways.to_string()], "{n} queens");
        }
    }
    // Solutions one option a line, a blank line between; --limit stops early.
    let o = run(&["xc", "--limit", "2", "-"], Some(&queens(6)));
    let lines = stdout(&o);
    assert_eq!(lines.len(), 6 + 1 + 6, "{lines:?}");
    assert_eq!(lines[6], "");
    // No solution: exit 1, and 0 counted.
    let o = run(&["xc", "--count", "-"], Some(&queens(3)));
    assert_eq!(
        (o.status.code(), stdout(&o)),
        (Some(1), vec!["0".to_string()])
    );
}

#[test]
fn xc_counts_what_solve_counts_for_a_puzzles_matrix() {
    let puzzles = [
        "1...............".to_string(),
        EASY.to_string(),
        format!("......{}", &EASY_SOLVED[6..]).replace("48", ".."),
        "11..............".to_string(),
        "1.....2.....3.....4.....5.....6.....".to_string(),
    ];
    for p in &puzzles {
        let counted = run(&["solve", "--count", "--limit", "1000", "-"], Some(p));
        let matrix = run(&["matrix", "-"], Some(p));
        let o = run(
            &["xc", "--count", "--limit", "1000", "-"],
            Some(&String::from_utf8(matrix.stdout).unwrap()),
        );
        assert_eq!(stdout(&o), stdout(&counted), "{p}");
    }
}

#[test]
fn xc_names_dlx1s_errors_with_the_line_and_exits_2() {
    let cases = [
        ("| nothing but a comment\n\n", "line 2: No items"),
        (
            "A B|C\nA\n",
            "line 1: Illegal character in item name \"B|C\": '|'",
        ),
        (
            "A toolongname\nA\n",
            "line 1: Item name too long: \"toolongname\" has 11 characters",
        ),
        ("A | B | C\nA\n", "line 1: Item name line contains | twice"),
        ("A B A\nA\n", "line 1: Duplicate item name \"A\""),
        ("A B\nA\n| note\nB Z\n", "line 4: Unknown item name \"Z\""),
        (
            "A B\nA B A\n",
            "line 2: Duplicate item name \"A\" in this option",
        ),
        (
            "A | S T\nA S\nS T\n",
            "line 3: Option has no primary item (S T)",
        ),
        ("A | S\nA S:x\n", "line 2: Item \"S:x\" has a colour"),
    ];
    for (text, message) in cases {
        let o = run(&["xc", "-"], Some(text));
        assert_eq!(o.status.code(), Some(2), "{text:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("standard input: {message}")),
            "{text:?}: {err}"
        );
    }
    let o = run(&["xc", "/nonexistent/p.dlx"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/p.dlx"));
    // A timeout gives up with exit 3 (16 queens has 14,772,512 solutions).
    let o = run(
        &["xc", "--count", "--timeout", "0.2", "-"],
        Some(&queens(16)),
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("gave up after "));
}

#[test]
fn compare_prints_each_solvers_search_and_backtracking_gives_up_in_time() {
    let o = run(
        &[
            "compare",
            data("hardest_sample.txt").to_str().unwrap(),
            "--max",
            "2",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let lines = stdout(&o);
    assert!(
        lines[0].starts_with("puzzle 1 (line 1): 9×9, "),
        "{lines:?}"
    );
    for solver in ["dlx", "dlx-plain", "naive"] {
        let rows: Vec<&String> = lines
            .iter()
            .filter(|l| l.split_whitespace().next() == Some(solver))
            .collect();
        assert_eq!(rows.len(), 2, "{solver}: {lines:?}");
        assert!(
            rows.iter().all(|l| l.trim_end().ends_with(" 1")),
            "{rows:?}"
        );
    }
    assert!(lines.iter().any(|l| l.contains(" calls ")), "{lines:?}");
    // A 25×25 board whose last cell has no symbol left: DLX says none at once, backtracking
    // cell by cell could not get there in years and gives up at the limit.
    let mut cells = vec!['.'; 625];
    let symbols: Vec<char> = "123456789ABCDEFGHIJKLMNOP".chars().collect();
    for k in 0..12 {
        cells[24 * 25 + k] = symbols[1 + k];
        cells[k * 25 + 24] = symbols[13 + k];
    }
    cells[20 * 25 + 20] = symbols[0];
    let board: String = cells.into_iter().collect();
    let o = run(&["compare", "--timeout", "0.3", "-"], Some(&board));
    assert_eq!(o.status.code(), Some(3));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("naive") && text.contains("gave up after "),
        "{text}"
    );
    let dlx = text
        .lines()
        .find(|l| l.trim_start().starts_with("dlx "))
        .unwrap();
    assert!(dlx.trim_end().ends_with("none"), "{dlx}");
}
