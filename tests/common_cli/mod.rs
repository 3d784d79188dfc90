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
