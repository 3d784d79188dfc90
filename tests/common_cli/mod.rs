//! What the command line's tests share: the real binary started where no config is, the test
//! data folder, a run with optional standard input, and the lines it printed.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"));
    // Run where no config.toml is, so the defaults apply unless a test gives one.
    c.current_dir(std::env::temp_dir());
    c
}

pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

pub fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = bin();
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the binary starts");
    if let Some(text) = stdin {
        // A process that fails before reading (a bad config) closes its stdin
        // early; the broken pipe that gives is not the test's concern.
        match child.stdin.take().unwrap().write_all(text.as_bytes()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            r => r.unwrap(),
        }
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Counts the exact covers of a problem in dlx1's format (primary items only), up to `limit`:
/// a plain recursive search over sets, written here independently of the engine.
pub fn count_exact_covers(text: &str, limit: u64) -> u64 {
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('|') && !l.trim().is_empty());
    // Primary items, then after a `|` secondary ones (covered at most once).
    let first = lines.next().unwrap();
    let (primary, secondary) = first.split_once('|').unwrap_or((first, ""));
    let items: Vec<&str> = primary
        .split_whitespace()
        .chain(secondary.split_whitespace())
        .collect();
    let primaries = primary.split_whitespace().count();
    let index = |name: &str| items.iter().position(|i| *i == name).unwrap();
    let options: Vec<Vec<usize>> = lines
        .map(|l| l.split_whitespace().map(index).collect())
        .collect();
    fn search(
        options: &[Vec<usize>],
        primaries: usize,
        covered: &mut Vec<bool>,
        limit: u64,
        found: &mut u64,
    ) {
        // The uncovered primary item with the fewest options.
        let mut best: Option<(usize, usize)> = None;
        for item in (0..primaries).filter(|&i| !covered[i]) {
            let n = options
                .iter()
                .filter(|o| o.contains(&item) && o.iter().all(|&i| !covered[i]))
                .count();
            if best.is_none_or(|(_, m)| n < m) {
                best = Some((item, n));
            }
        }
        let Some((item, _)) = best else {
            *found += 1;
            return;
        };
        for o in options.iter().filter(|o| o.contains(&item)) {
            if *found >= limit || o.iter().any(|&i| covered[i]) {
                continue;
            }
            for &i in o {
                covered[i] = true;
            }
            search(options, primaries, covered, limit, found);
            for &i in o {
                covered[i] = false;
            }
        }
    }
    let mut found = 0;
    search(
        &options,
        primaries,
        &mut vec![false; items.len()],
        limit,
        &mut found,
    );
    found
}
