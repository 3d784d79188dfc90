//! `sudoku-dlx print`: puzzles of every kind laid out as a PDF, read back from the PDF's own
//! text (the content streams are not compressed, so each given is a `(5) Tj` there; the
//! end-to-end test reads the same files with `pdftotext`).

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
