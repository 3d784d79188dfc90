//! `sudoku-dlx print`: puzzles of every kind laid out as a PDF, read back from the PDF's own
//! text (the content streams are not compressed, so each given is a `(5) Tj` there; the
//! end-to-end test reads the same files with `pdftotext`); and drawn as pictures, SVG read back
//! as text (each symbol a `<text>`), PNG decoded.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common_cli;
use common_cli::*;

use sudoku_dlx::sudoku::Grid;

/// The PDF `print` writes for `args`, after checking it exits with 0.
fn pdf(args: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{}.pdf", args.join("_").replace(['/', '.'], "-")));
    let mut all = vec!["print"];
    all.extend(args);
    let out_s = out.to_str().unwrap().to_string();
    all.extend(["-o", &out_s]);
    let o = run(&all, None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let bytes = std::fs::read(&out).unwrap();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn pages(pdf: &str) -> usize {
    pdf.matches("/Type /Page\n").count() + pdf.matches("/Type /Page ").count()
}

/// The digits shown in the PDF, as `(d) Tj` runs.
fn shown(pdf: &str) -> usize {
    (1..=9)
        .map(|d| pdf.matches(&format!("({d}) Tj")).count())
        .sum()
}

#[test]
fn puzzles_print_a_few_a_page_with_their_givens_and_solutions_after() {
    let file = data("17clue_sample.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let first: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Grid::parse_line(l, None).unwrap())
        .collect();
    let givens: usize = first.iter().map(Grid::filled).sum();
    let file = file.to_str().unwrap();
    // 100 puzzles, six a page: 17 pages, every given drawn.
    let p = pdf(&[file, "--per-page", "6"]);
    assert!(p.starts_with("%PDF-"));
    assert_eq!(pages(&p), 17);
    assert_eq!(shown(&p), givens);
    assert!(p.contains("(17clue_sample.txt, 1 of 100) Tj"));
    // With solutions: as many pages again, every cell of each solution drawn; Letter paper.
    let p = pdf(&[file, "--per-page", "4", "--solutions", "--paper", "letter"]);
    assert_eq!(pages(&p), 50);
    assert_eq!(shown(&p), givens + 100 * 81);
    assert!(p.contains("/MediaBox [0 0 612 792]"));
}

#[test]
fn every_kind_of_board_prints() {
    for (file, needs) in [
        ("shapes/samurai.toml", "(samurai.toml, 1 of 1) Tj"),
        ("shapes/roxdoku.toml", "(7) Tj"),
        ("shapes/mathdoku-6x6.toml", "(72x) Tj"),
        ("ksudoku/Killer_4x4.ksudoku.xml", "Tj"),
    ] {
        let p = pdf(&[data(file).to_str().unwrap()]);
        assert_eq!(pages(&p), 1, "{file}");
        assert!(p.contains(needs), "{file}: no {needs}");
    }
    let killer = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/puzzles/library/9x9-killer-easy.toml"
    );
    let p = pdf(&[killer, "--per-page", "2"]);
    // A cage's sum in its corner, and its outline dashed.
    assert!(p.contains("(25) Tj") && p.contains("[2 2] 0 d"));
}

#[test]
fn bad_options_and_files_are_refused_with_the_reason() {
    let o = run(
        &[
            "print",
            data("17clue_sample.txt").to_str().unwrap(),
            "-o",
            "-",
            "--per-page",
            "3",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("1, 2, 4 or 6"));
    let o = run(&["print", "no/such/file.txt", "-o", "/tmp/x.pdf"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no/such/file.txt"));
    // To standard output.
    let o = run(
        &[
            "print",
            data("17clue_sample.txt").to_str().unwrap(),
            "-o",
            "-",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.starts_with(b"%PDF-"));
}

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A fresh folder for one test's pictures.
fn folder(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("sudoku-dlx-pictures-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `print FILE -o OUT ARGS..` and checks it exits with 0.
fn picture(file: &std::path::Path, out: &std::path::Path, args: &[&str]) {
    let mut all = vec!["print", file.to_str().unwrap(), "-o", out.to_str().unwrap()];
    all.extend(args);
    let o = run(&all, None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{all:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The PNG at `path`, decoded.
fn png(path: &std::path::Path) -> tiny_skia::Pixmap {
    tiny_skia::Pixmap::decode_png(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn a_classic_puzzle_draws_as_svg_and_png_and_its_solution_too() {
    let dir = folder("classic");
    let file = dir.join("one.txt");
    std::fs::write(&file, format!("{CLASSIC}\n")).unwrap();
    let givens = CLASSIC.chars().filter(char::is_ascii_digit).count();
    // One puzzle: the picture is OUT itself.
    let out = dir.join("board.svg");
    picture(&file, &out, &[]);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("<text ").count(), givens);
    assert!(svg.contains(">3</text>"));
    assert!(!dir.join("board-1.svg").exists());
    // The solution instead: every cell.
    let out = dir.join("solved.SVG");
    picture(&file, &out, &["--solutions"]);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(svg.matches("<text ").count(), 81);
    // PNG: 600 pixels square, the margin white.
    let out = dir.join("board.png");
    picture(&file, &out, &[]);
    let p = png(&out);
    assert_eq!((p.width(), p.height()), (600, 600));
    assert_eq!(p.pixel(2, 2).unwrap().red(), 255);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_of_killers_makes_a_picture_each_with_the_cage_sums() {
    let dir = folder("killer");
    let killer = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/puzzles/library/9x9-killer-easy.toml"
    ));
    let out = dir.join("killer.svg");
    picture(killer, &out, &[]);
    assert!(!out.exists());
    let first = std::fs::read_to_string(dir.join("killer-1.svg")).unwrap();
    // The first cage's sum in its corner, the cages dashed.
    assert!(first.contains(">25</text>"), "{first}");
    assert!(first.contains("stroke-dasharray"));
    assert!(first.contains("class=\"label\""));
    assert!(dir.join("killer-12.svg").exists());
    assert!(!dir.join("killer-13.svg").exists());
    picture(killer, &dir.join("killer.png"), &[]);
    let p = png(&dir.join("killer-3.png"));
    assert_eq!((p.width(), p.height()), (600, 600));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_shape_draws_as_a_picture_of_its_own_size() {
    let dir = folder("shape");
    // Samurai: five 9×9 grids overlapping on a 21×21 layout.
    let out = dir.join("samurai.png");
    picture(&data("shapes/samurai.toml"), &out, &[]);
    let p = png(&out);
    assert_eq!((p.width(), p.height()), (21 * 64 + 24, 21 * 64 + 24));
    let out = dir.join("samurai.svg");
    picture(&data("shapes/samurai.toml"), &out, &[]);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.matches("<text ").count() > 50);
    // A cube's layers side by side, and a Mathdoku's targets.
    let out = dir.join("mathdoku.svg");
    picture(&data("shapes/mathdoku-6x6.toml"), &out, &[]);
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains(">72x</text>")
    );
    let out = dir.join("roxdoku.png");
    picture(&data("shapes/roxdoku.toml"), &out, &[]);
    let p = png(&out);
    assert!(p.width() > 2 * p.height(), "{}×{}", p.width(), p.height());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn page_options_are_refused_for_a_picture() {
    let file = data("17clue_sample.txt");
    for (args, out) in [
        (&["--per-page", "2"][..], "/tmp/never.png"),
        (&["--paper", "letter"][..], "/tmp/never.svg"),
    ] {
        let mut all = vec!["print", file.to_str().unwrap(), "-o", out];
        all.extend(args);
        let o = run(&all, None);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--per-page and --paper"), "{err}");
        assert!(!std::path::Path::new(out).exists());
    }
}
