//! `generate --shape` end to end: the real binary makes puzzles on every named shape and on
//! KSudoku shape files, `solve` and the file reader read them back, a seed makes them again, and
//! what does not combine is refused. The KSudoku games it writes are checked by a solver of this
//! file's own, which shares no code with the crate. A KSudoku saved game of every board KSudoku
//! ships (tests/common_ksudoku) is solved and counted from its file.

// Tests may unwrap: a panic is a failure with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Output;

use sudoku_dlx::sudoku::files::formats;

mod common_cli;
use common_cli::{data, run, stdout};
mod common_ksudoku;

/// Runs `generate` with `args` and returns what it printed, which must be a success.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let o = run(&all, None);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
    String::from_utf8(o.stdout).unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// What `solve --count --limit 2` says of each puzzle of `text`.
fn counts(text: &str) -> Vec<String> {
    let o = run(&["solve", "--count", "--limit", "2", "-"], Some(text));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    stdout(&o)
}

/// The small shapes, as `--shape` and `--order` name them, with the name their puzzles carry.
const SMALL: &[(&str, Option<&str>, &str)] = &[
    ("TinySamurai", None, "TinySamurai"),
    ("Roxdoku", Some("9"), "Roxdoku"),
    ("Mathdoku", Some("4"), "Mathdoku"),
    ("mathdoku_6x6", None, "Mathdoku"),
    ("Killer", Some("4"), "Killer"),
    ("tetromino", None, "Tetromino"),
    ("Pentomino", None, "Pentomino"),
    ("6x6", None, "6x6"),
];

#[test]
fn small_shapes_generate_several_unique_puzzles_that_read_back() {
    for &(name, order, proper) in SMALL {
        let mut args = vec!["--shape", name, "--count", "3", "--seed", "34"];
        if let Some(order) = order {
            args.extend(["--order", order]);
        }
        let text = generate(&args);
        assert_eq!(text.matches("[[puzzle]]").count(), 3, "{name}: {text}");
        // Read back as the window reads files: three puzzles on the shape.
        let (_, entries) = formats::read(&text, None, None).unwrap();
        assert_eq!(entries.len(), 3, "{name}");
        for e in &entries {
            let shape = e.puzzle.shape().expect("a puzzle on a shape");
            assert_eq!(shape.name(), proper, "{name}");
            assert!(e.title.as_deref().unwrap().starts_with(proper), "{name}");
        }
        assert_eq!(counts(&text), ["1", "1", "1"], "{name}: {text}");
        // One puzzle is written as one table's keys, without [[puzzle]].
        let one = generate(
            &args[..2]
                .iter()
                .chain(&args[4..])
                .copied()
                .collect::<Vec<_>>(),
        );
        assert!(one.starts_with(&format!("title = \"{proper} 1, ")), "{one}");
        assert!(!one.contains("[[puzzle]]"), "{one}");
        assert_eq!(counts(&one), ["1"], "{name}");
    }
}

#[test]
fn every_named_shape_generates_a_unique_puzzle() {
    let small: Vec<&str> = SMALL.iter().map(|s| s.2).collect();
    for &(name, _) in sudoku_dlx::sudoku::board::shapes::NAMES {
        if small.contains(&name) {
            continue;
        }
        let text = generate(&["--shape", &name.to_uppercase(), "--seed", "6"]);
        assert!(text.contains(&format!("shape = \"{name}\"")), "{text}");
        assert_eq!(counts(&text), ["1"], "{name}");
    }
}

#[test]
fn a_seed_makes_the_same_puzzles_with_any_number_of_threads() {
    let args = ["--shape", "TinySamurai", "--count", "5", "--seed", "77"];
    let one = generate(&[&args[..], &["--threads", "1"]].concat());
    let two = generate(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    // Each puzzle is its index's: the first of five is the one puzzle of the same seed.
    let first = generate(&["--shape", "TinySamurai", "--seed", "77"]);
    let (_, entries) = formats::read(&one, None, None).unwrap();
    let (_, alone) = formats::read(&first, None, None).unwrap();
    assert_eq!(entries[0].puzzle, alone[0].puzzle);
    assert_ne!(entries[0].puzzle, entries[1].puzzle);
    // Another seed, other puzzles; the same options with ksudoku, the same game each time.
    assert_ne!(one, generate(&[&args[..4], &["--seed", "78"]].concat()));
    let k = ["--shape", "Mathdoku", "--order", "4", "--format", "ksudoku"];
    let k1 = generate(&[&k[..], &["--seed", "5"]].concat());
    assert_eq!(k1, generate(&[&k[..], &["--seed", "5"]].concat()));
}

#[test]
fn a_samurai_generates_in_both_forms_and_solves() {
    let text = generate(&[
        "--shape",
        "samurai",
        "--seed",
        "11",
        "--symmetry",
        "rotational",
    ]);
    assert!(text.contains("shape = \"Samurai\""), "{text}");
    assert_eq!(counts(&text), ["1"]);
    let (_, entries) = formats::read(&text, None, None).unwrap();
    assert_eq!(entries[0].puzzle.cell_count(), 369);

    let o = run(
        &[
            "generate", "--shape", "Samurai", "--seed", "11", "--format", "ksudoku", "--stats",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let xml = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(xml.starts_with("<!DOCTYPE ksudoku>"), "{xml}");
    let stats = err(&o);
    assert!(
        stats.contains("puzzle 1: Samurai (order 9), ") && stats.contains(" nodes, "),
        "{stats}"
    );
    assert!(stats.contains(" givens, ") && stats.contains(" attempt(s), "));
    assert!(stats.contains(" ms"), "{stats}");
    // solve reads the game and prints KSudoku's line: the solution the file holds.
    let o = run(&["solve", "-"], Some(&xml));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(stdout(&o), [between(&xml, "<solution>", "</solution>")]);
    assert_eq!(counts(&xml), ["1"]);
    // Easy: solved by singles.
    let easy = generate(&["--shape", "Samurai", "--seed", "12", "--grade", "easy"]);
    assert!(easy.starts_with("title = \"Samurai 1, easy\""), "{easy}");
    assert_eq!(counts(&easy), ["1"]);
}

#[test]
fn a_ksudoku_shape_file_is_a_shape_to_generate_on() {
    for file in ["TinySamurai", "Roxdoku", "Killer_4x4"] {
        let path = data(&format!("ksudoku/{file}.ksudoku.xml"));
        let text = generate(&["--shape", path.to_str().unwrap(), "--seed", "3"]);
        assert_eq!(counts(&text), ["1"], "{file}: {text}");
        let xml = generate(&[
            "--shape",
            path.to_str().unwrap(),
            "--seed",
            "3",
            "--format",
            "ksudoku",
        ]);
        assert_eq!(counts(&xml), ["1"], "{file}");
    }
}

/// Every grade on a shape: what `generate --grade G` makes, `rate` rates G, as the square
/// boards' puzzles are; a grade a small board never needs is refused after its attempts, with
/// the reason.
#[test]
fn a_shape_puzzle_comes_in_the_grade_asked_for() {
    for (shape, grade) in [
        (&["--shape", "Samurai"][..], "medium"),
        (&["--shape", "Aztec"], "hard"),
        (&["--shape", "Killer", "--order", "9"], "medium"),
        (&["--shape", "Nonomino"], "expert"),
    ] {
        let o = run(
            &[&["generate", "--seed", "2", "--grade", grade], shape].concat(),
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{shape:?} {grade}: {}", err(&o));
        let rated = run(&["rate", "-"], Some(&String::from_utf8_lossy(&o.stdout)));
        let line = &stdout(&rated)[0];
        assert!(line.starts_with(&format!("{grade}\t")), "{shape:?}: {line}");
        assert!(line.contains("\tunique\t"), "{shape:?}: {line}");
    }
    let o = run(
        &["generate", "--shape", "TinySamurai", "--grade", "hard"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("no hard TinySamurai puzzle"),
        "{}",
        err(&o)
    );
}

#[test]
fn what_does_not_combine_is_refused_with_the_reason_and_exit_2() {
    let refused: &[(&[&str], &str)] = &[
        (&["--shape", "Samurai", "--variant", "x"], "cannot be used"),
        (&["--shape", "Samurai", "--box", "3"], "cannot be used"),
        (&["--shape", "Samurai", "--side", "9"], "cannot be used"),
        (
            &["--shape", "Samurai", "--format", "jigsaw"],
            "--format jigsaw is for --variant",
        ),
        (
            &["--shape", "Samurai", "--format", "sumocue"],
            "--format sumocue is for --variant",
        ),
        (
            &["--shape", "Samurai", "--symmetry", "mirror"],
            "not mirrored",
        ),
        (
            &[
                "--shape",
                "TinySamurai",
                "--format",
                "ksudoku",
                "--count",
                "2",
            ],
            "holds one puzzle",
        ),
        (&["--shape", "Hexagon"], "no shape is named 'Hexagon'"),
        (
            &["--shape", "Samurai", "--order", "4"],
            "played with 9 symbols, not 4",
        ),
        (&["--order", "4"], "--shape"),
        (&["--format", "ksudoku"], "is for --variant and --shape"),
    ];
    for (args, why) in refused {
        let o = run(&[&["generate", "--seed", "1"], *args].concat(), None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(err(&o).contains(why), "{args:?}: {}", err(&o));
        assert!(!err(&o).contains("panicked"), "{args:?}");
    }
    // A shape file that is not there is named.
    let o = run(&["generate", "--shape", "no/such.xml"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("no/such.xml"), "{}", err(&o));
}

/// The text between `open` and `close` in `text`.
fn between<'a>(text: &'a str, open: &str, close: &str) -> &'a str {
    let start = text.find(open).unwrap() + open.len();
    let end = start + text[start..].find(close).unwrap();
    &text[start..end]
}

/// A KSudoku game read with plain string handling: KSudoku's cell indexes run
/// `(x * sizeY + y) * sizeZ + z`; values are `_` for empty, `'a' + v` for `v`, `.` for a hole.
struct Game {
    order: u32,
    givens: Vec<Option<u32>>,
    cliques: Vec<Vec<usize>>,
    /// Operator (0 one cell's value, 1 ÷, 2 −, 3 ×, 4 +), value, cells.
    cages: Vec<(u32, u64, Vec<usize>)>,
}

/// The value of attribute `name` in the tag `tag` (its text up to `>`).
fn attribute(tag: &str, name: &str) -> String {
    between(tag, &format!(" {name}=\""), "\"").to_string()
}

/// Every element `<name ...>body</name>` of `text`: its opening tag and its body.
fn elements<'a>(text: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let mut out = Vec::new();
    let mut rest = text;
    let open = format!("<{name} ");
    let close = format!("</{name}>");
    while let Some(k) = rest.find(&open) {
        let after = &rest[k..];
        let tag_end = after.find('>').unwrap();
        let body_end = after.find(&close).unwrap();
        out.push((&after[..tag_end], &after[tag_end + 1..body_end]));
        rest = &after[body_end + close.len()..];
    }
    out
}

fn numbers(body: &str) -> Vec<usize> {
    body.split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect()
}

fn read_game(xml: &str) -> Game {
    let graph = &xml[xml.find("<graph ").unwrap()..];
    let graph = &graph[..graph.find('>').unwrap()];
    let size = |axis: &str| {
        attribute(graph, &format!("size{axis}"))
            .parse::<usize>()
            .unwrap()
    };
    let cells = size("X") * size("Y") * size("Z");
    let values = between(xml, "<values>", "</values>");
    assert_eq!(values.chars().count(), cells, "one value a KSudoku index");
    let givens = values
        .chars()
        .map(|c| match c {
            '_' | '.' => None,
            c => Some(u32::from(c) - u32::from('a')),
        })
        .collect();
    let cliques = elements(xml, "clique")
        .into_iter()
        .map(|(_, body)| numbers(body))
        .collect();
    let cages = elements(xml, "cage")
        .into_iter()
        .map(|(tag, body)| {
            (
                attribute(tag, "operator").parse().unwrap(),
                attribute(tag, "value").parse().unwrap(),
                numbers(body),
            )
        })
        .collect();
    Game {
        order: attribute(graph, "order").parse().unwrap(),
        givens,
        cliques,
        cages,
    }
}

/// True if the cage's values, all placed, make its value.
fn cage_holds(op: u32, value: u64, got: &[u64]) -> bool {
    match (op, got) {
        (0, [a]) => *a == value,
        (1, [a, b]) => a.max(b) % a.min(b) == 0 && a.max(b) / a.min(b) == value,
        (2, [a, b]) => a.abs_diff(*b) == value,
        (3, _) => got.iter().product::<u64>() == value,
        (4, _) => got.iter().sum::<u64>() == value,
        _ => false,
    }
}

/// The solutions of `game`, counted by plain backtracking up to `limit`: every cell of a clique
/// or a cage takes a value from 1 to the order, no value twice in a clique, every cage its value.
fn count_solutions(game: &Game, limit: u64) -> u64 {
    let n = game.givens.len();
    let mut board: Vec<Option<u32>> = game.givens.clone();
    let mut used = vec![false; n];
    for c in &game.cliques {
        for &k in c {
            used[k] = true;
        }
    }
    for (_, _, cells) in &game.cages {
        for &k in cells {
            used[k] = true;
        }
    }
    let open: Vec<usize> = (0..n).filter(|&k| used[k] && board[k].is_none()).collect();
    let fits = |board: &[Option<u32>], k: usize| -> bool {
        let v = board[k];
        let clique_ok = game
            .cliques
            .iter()
            .filter(|c| c.contains(&k))
            .all(|c| c.iter().filter(|&&j| j != k).all(|&j| board[j] != v));
        let cage_ok = game
            .cages
            .iter()
            .filter(|c| c.2.contains(&k))
            .all(|(op, value, cells)| {
                let got: Vec<u64> = cells
                    .iter()
                    .filter_map(|&j| board[j])
                    .map(u64::from)
                    .collect();
                got.len() < cells.len() || cage_holds(*op, *value, &got)
            });
        clique_ok && cage_ok
    };
    fn walk(
        at: usize,
        open: &[usize],
        board: &mut Vec<Option<u32>>,
        order: u32,
        fits: &dyn Fn(&[Option<u32>], usize) -> bool,
        found: &mut u64,
        limit: u64,
    ) {
        let Some(&k) = open.get(at) else {
            *found += 1;
            return;
        };
        for v in 1..=order {
            board[k] = Some(v);
            if fits(board, k) {
                walk(at + 1, open, board, order, fits, found, limit);
                if *found >= limit {
                    break;
                }
            }
        }
        board[k] = None;
    }
    // The givens must keep the rules too.
    let given: Vec<usize> = (0..n).filter(|&k| board[k].is_some()).collect();
    if !given.iter().all(|&k| fits(&board, k)) {
        return 0;
    }
    let mut found = 0;
    walk(0, &open, &mut board, game.order, &fits, &mut found, limit);
    found
}

#[test]
fn the_ksudoku_games_written_are_unique_by_a_solver_of_their_own() {
    // The solver itself, on a board whose count is known: an empty 4×4 Latin square with boxes
    // has 288 solutions.
    let empty = format!(
        "<graph order=\"4\" sizeX=\"4\" sizeY=\"4\" sizeZ=\"1\">{}</graph><values>{}</values>",
        (0..4)
            .flat_map(|i| {
                let row: Vec<usize> = (0..4).map(|j| j * 4 + i).collect();
                let col: Vec<usize> = (0..4).map(|j| i * 4 + j).collect();
                let (bx, by) = (i % 2 * 2, i / 2 * 2);
                let boxed: Vec<usize> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .iter()
                    .map(|(dx, dy)| (bx + dx) * 4 + by + dy)
                    .collect();
                [row, col, boxed]
            })
            .map(|c| format!(
                "<clique size=\"4\">{} </clique>",
                c.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
            ))
            .collect::<String>(),
        "_".repeat(16)
    );
    assert_eq!(count_solutions(&read_game(&empty), 1000), 288);

    let boards: &[&[&str]] = &[
        &["--shape", "TinySamurai"],
        &["--shape", "Mathdoku", "--order", "4"],
        &["--shape", "Roxdoku", "--order", "9"],
    ];
    for board in boards {
        for seed in ["1", "2"] {
            let xml = generate(&[*board, &["--seed", seed, "--format", "ksudoku"]].concat());
            let game = read_game(&xml);
            assert!(game.givens.iter().any(Option::is_none), "{xml}");
            assert_eq!(count_solutions(&game, 2), 1, "{board:?} seed {seed}: {xml}");
        }
    }
}

/// `solve` and `solve --count` on KSudoku's saved games (tests/data/ksudoku), each with one
/// solution, printed as KSudoku writes `<solution>`.
#[test]
fn ksudoku_games_solve_and_count() {
    let games = [
        ("4x4.ksudoku.xml", "bdcecebddbececdb"),
        ("Killer_4x4.ksudoku.xml", "bdcecebddbececdb"),
        ("Mathdoku_4x4.ksudoku.xml", "bdeccedbdbceecbd"),
        ("Roxdoku.ksudoku.xml", "bifedjhgccjgfbhieddhegcijfb"),
        (
            "TinySamurai.ksudoku.xml",
            "bdce..bedccebd..cdebdbec..dbceecdbdcecbd...cebd......dbec...bcdecdbdceedbc..cebdcbed..dbecdecb..ecdb",
        ),
    ];
    for (name, solution) in games {
        let file = data(&format!("ksudoku/{name}"));
        let p = file.to_str().unwrap();
        let o = run(&["solve", p], None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{name}: {err}");
        assert_eq!(stdout(&o), [solution], "{name}");
        let o = run(&["solve", "--count", "--limit", "5", "--stats", p], None);
        assert_eq!(o.status.code(), Some(0), "{name}");
        assert_eq!(stdout(&o), ["1"], "{name}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("nodes="),
            "{name}"
        );
    }
    // The other commands read KSudoku's files too: its plain 4×4 is a classic board, rated as
    // one, and piped in on standard input it is solved and printed as KSudoku writes it.
    let file = data("ksudoku/4x4.ksudoku.xml");
    let text = std::fs::read_to_string(&file).unwrap();
    let o = run(&["rate", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(stdout(&o)[0].starts_with("easy\t"), "{:?}", stdout(&o));
    let o = run(&["solve", "-"], Some(&text));
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(stdout(&o), ["bdcecebddbececdb"]);
}

#[test]
fn named_shapes_and_shape_files_are_solved_empty() {
    let o = run(&["solve", "--shape", "Samurai"], None);
    assert_eq!(o.status.code(), Some(0));
    let line = &stdout(&o)[0];
    assert_eq!((line.len(), line.matches('.').count()), (441, 72), "{line}");
    let o = run(
        &[
            "solve",
            "--count",
            "--shape",
            "tiny samurai",
            "--limit",
            "3",
        ],
        None,
    );
    assert_eq!(stdout(&o), ["3"]);
    let o = run(
        &["solve", "--count", "--shape", "Mathdoku", "--order", "3"],
        None,
    );
    assert_eq!(stdout(&o), ["2"], "the default limit is 2");
    // A shape file written here: our writer's 4x4 saved game is read as a shape too.
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-ksudoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shape = dir.join("Pair.xml");
    std::fs::write(
        &shape,
        "<!DOCTYPE ksudoku-graph>\n<ksudoku-graph>\n <graph order=\"4\" type=\"custom\" \
         sizeX=\"4\" sizeY=\"4\" sizeZ=\"1\">\n  <sudokugroups at=\"0\" withblocks=\"1\"/>\n \
         </graph>\n</ksudoku-graph>\n",
    )
    .unwrap();
    let p = shape.to_str().unwrap();
    let o = run(&["solve", "--count", "--limit", "1000", p], None);
    assert_eq!(stdout(&o), ["288"], "every 4x4 sudoku");
    let o = run(&["solve", "--count", "--limit", "1000", "--shape", p], None);
    assert_eq!(stdout(&o), ["288"]);
    // Errors: the file, the line and what; exit 2.
    let bad = dir.join("bad.xml");
    std::fs::write(
        &bad,
        "<ksudoku-graph>\n <graph order=\"4\" type=\"custom\" sizeX=\"4\" sizeY=\"4\" \
         sizeZ=\"1\">\n  <clique size=\"4\">0 1 2 16</clique>\n </graph>\n</ksudoku-graph>\n",
    )
    .unwrap();
    let o = run(&["solve", bad.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.xml: line 3: <clique> reaches cell index 16"),
        "{err}"
    );
    let o = run(&["solve", "--shape", "Hexagon"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no shape is named 'Hexagon'"));
    let o = run(
        &[
            "solve",
            "--order",
            "4",
            data("origins.txt").to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    // A clash among the givens: no solution, exit 1.
    let clash = dir.join("clash.ksudoku");
    std::fs::write(
        &clash,
        "<!DOCTYPE ksudoku>\n<ksudoku>\n <game>\n  <puzzle>\n   <graph order=\"4\" type=\"sudoku\"/>\n   \
         <values>bb______________</values>\n  </puzzle>\n </game>\n</ksudoku>\n",
    )
    .unwrap();
    let o = run(&["solve", clash.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), ["no solution"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_ksudoku_board_gives_up_within_the_timeout() {
    let o = run(
        &[
            "solve",
            "--count",
            "--limit",
            // The search counts each solution for its 9! relabellings (an empty board's
            // symbols are interchangeable): a billion would be found in time.
            "1000000000000000000",
            "--timeout",
            "0.2",
            "--shape",
            "Samurai",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stdout(&o)[0].starts_with("gave up after"),
        "{:?}",
        stdout(&o)
    );
}

/// `rate`, `bench`, `compare` and `matrix` on KSudoku boards that are no square grid: each works
/// on the board or says clearly why not (exit 2), never a grid that is not there.
#[test]
fn other_commands_on_ksudoku_shapes_work_or_say_why_not() {
    let samurai = data("ksudoku/TinySamurai.ksudoku.xml");
    let samurai = samurai.to_str().unwrap();
    let cube = data("ksudoku/Roxdoku.ksudoku.xml");
    let cube = cube.to_str().unwrap();
    let mathdoku = data("ksudoku/Mathdoku_4x4.ksudoku.xml");
    let mathdoku = mathdoku.to_str().unwrap();

    // rate: graded by the techniques over the board's units, every one of these by logic
    // alone (a grade, not "expert"), and the solution count beside it.
    for file in [samurai, cube, mathdoku] {
        let o = run(&["rate", file], None);
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        let line = &stdout(&o)[0];
        let grade = line.split('\t').next().unwrap();
        assert!(
            ["easy", "medium", "hard"].contains(&grade),
            "{file}: {line}"
        );
        assert!(line.contains("\tunique\t"), "{line}");
        assert!(line.contains("single"), "{line}");
    }
    let line = &stdout(&run(&["rate", mathdoku], None))[0];
    assert!(line.contains("cage combinations"), "{line}");

    // bench: timed like any puzzle.
    let o = run(&["bench", samurai, cube], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let lines = stdout(&o);
    assert_eq!(lines.len(), 3, "{lines:?}");
    for (line, name) in lines[1..].iter().zip(["TinySamurai", "Roxdoku"]) {
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert!(cols[0].starts_with(name), "{line}");
        assert_eq!(&cols[1..3], ["1", "1"], "one puzzle, unique: {line}");
    }

    // compare: the board named by its shape, every solver finding the one solution.
    let o = run(&["compare", samurai], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let lines = stdout(&o);
    assert!(
        lines[0].contains("TinySamurai, 76 cells, 4 symbols, 32 givens"),
        "{lines:?}"
    );
    for solver in ["dlx", "dlx-plain", "naive"] {
        assert!(
            lines
                .iter()
                .any(|l| l.trim_start().starts_with(solver) && l.ends_with(" 1")),
            "{solver}: {lines:?}"
        );
    }

    // matrix: cells named by the board, a cube's by layer, a Mathdoku's cage fillings written.
    let o = run(&["matrix", samurai], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let lines = stdout(&o);
    assert!(lines[0].contains("this TinySamurai puzzle"), "{}", lines[0]);
    let at = lines.iter().position(|l| l.starts_with("p08 ")).unwrap();
    assert!(lines[at - 1].starts_with("| r1c9="), "{}", lines[at - 1]);
    let o = run(&["matrix", cube], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(stdout(&o).iter().any(|l| l.starts_with("| l1r1c1=")));
    let o = run(&["matrix", mathdoku], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let lines = stdout(&o);
    let fills = lines
        .iter()
        .filter(|l| l.starts_with("| Mathdoku cage "))
        .count();
    assert!(fills > 0, "{lines:?}");
    assert!(
        lines[2].ends_with(&format!(", {fills} options")),
        "{}",
        lines[2]
    );
    let o = run(&["matrix", "--format", "dense", mathdoku], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(stdout(&o).len(), 1 + fills);

    // solve of the file still prints KSudoku's line; from standard input the same.
    let text = std::fs::read_to_string(samurai).unwrap();
    let file = run(&["solve", samurai], None);
    let piped = run(&["solve"], Some(&text));
    assert_eq!(piped.status.code(), Some(0), "{piped:?}");
    assert_eq!(stdout(&file), stdout(&piped));
}

/// A KSudoku saved game of every board KSudoku ships (every named shape, every order KSudoku
/// offers), written by the project's writer: `solve` prints its one solution as KSudoku writes
/// `<solution>`, and `solve --count` says 1.
#[test]
fn a_ksudoku_game_of_every_shape_solves_and_counts() {
    use common_ksudoku::{boards, fresh_dir, game, ksudoku_line, write_to};
    let dir = fresh_dir("ksudoku-every-shape");
    for (name, order) in boards() {
        let g = game(name, order);
        let label = &g.label;
        // What the writer wrote is the puzzle and the solution, by KSudoku's own numbering.
        let expected = ksudoku_line(&g.shape, &g.solution);
        assert_eq!(
            between(&g.xml, "<values>", "</values>"),
            ksudoku_line(&g.shape, &g.givens),
            "{label}"
        );
        assert_eq!(
            between(&g.xml, "<solution>", "</solution>"),
            expected,
            "{label}"
        );
        assert!(expected.chars().all(|c| c != '_'), "{label}: {expected}");
        // The solution keeps every group and cage of the graph written, by this file's own
        // reader and solver (a built-in `type="sudoku"` graph lists none to check).
        if g.xml.contains("type=\"custom\"") {
            let values = between(&g.xml, "<values>", "</values>");
            let solved = g.xml.replace(
                &format!("<values>{values}</values>"),
                &format!("<values>{expected}</values>"),
            );
            let game = read_game(&solved);
            // Each unit is a clique, its cells numbered `(x * sizeY + y) * sizeZ + z`.
            let l = g.shape.layout();
            let index = |p: usize| {
                let (x, y, z) = l.coordinates(p);
                (x * l.height + y) * l.depth + z
            };
            let mut want: Vec<Vec<usize>> = g
                .shape
                .units()
                .map(|(_, cells)| {
                    let mut k: Vec<usize> = cells.iter().map(|&p| index(p)).collect();
                    k.sort_unstable();
                    k
                })
                .collect();
            let mut got = game.cliques.clone();
            got.iter_mut().for_each(|c| c.sort_unstable());
            want.sort();
            got.sort();
            assert_eq!(got, want, "{label}");
            let given = game.givens.iter().filter(|v| v.is_some()).count();
            assert_eq!(given, g.shape.cell_count(), "{label}");
            assert_eq!(count_solutions(&game, 2), 1, "{label}");
        }
        let path = write_to(&dir, &g);
        let p = path.to_str().unwrap();
        let o = run(&["solve", p], None);
        assert_eq!(o.status.code(), Some(0), "{label}: {}", err(&o));
        assert_eq!(stdout(&o), [expected.as_str()], "{label}");
        let o = run(&["solve", "--count", p], None);
        assert_eq!(o.status.code(), Some(0), "{label}: {}", err(&o));
        assert_eq!(stdout(&o), ["1"], "{label}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
