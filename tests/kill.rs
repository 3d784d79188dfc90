//! The save file under SIGKILL: the real binary's `save-drill` moves and saves as fast as it can
//! (through the window's own save path), and is killed at random moments, 100 times. After each
//! kill the save file must read back, and hold the game whose save was under way or the one
//! saved before it; the next run must restore exactly that.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use sudoku_dlx::autosave::{self, Restored};

const KILLS: u32 = 100;

/// A small generator of pseudo-random waits (the same every run, so a failure repeats).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

#[test]
fn a_save_killed_at_any_moment_leaves_the_old_game_or_the_new_one() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut rng = Lcg(2026);
    // What the save file held after the previous kill: the next run must restore it.
    let mut on_disk: Option<String> = None;
    let (mut saves, mut mid_save, mut new_kept) = (0usize, 0u32, 0u32);
    for round in 0..KILLS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
            .arg("save-drill")
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .collect::<Vec<String>>()
        });
        std::thread::sleep(Duration::from_micros(1_000 + rng.below(40_000)));
        child.kill().unwrap();
        child.wait().unwrap();
        let lines = reader.join().unwrap();
        let after = |word: &str| -> Option<String> {
            lines
                .iter()
                .rev()
                .find_map(|l| l.strip_prefix(word).map(str::to_string))
        };
        if let Some(restored) = after("restored ")
            && let Some(expected) = &on_disk
        {
            assert_eq!(
                &restored, expected,
                "round {round}: not the game saved before"
            );
        }
        let board = match autosave::restore(&dir) {
            Restored::Game(game) => Some(game.board().to_line()),
            Restored::Nothing => None,
            Restored::Unreadable(why) => panic!("round {round}: the save is damaged: {why}"),
        };
        let saving = after("saving ");
        let saved = after("saved ");
        saves += lines.iter().filter(|l| l.starts_with("saved ")).count();
        // The file holds the game being saved, or the one saved last (this run's, or, if this
        // run saved nothing, the previous run's).
        let previous = saved.clone().or_else(|| on_disk.clone());
        assert!(
            board == saving || board == previous,
            "round {round}: the save holds {board:?}, neither the game being saved \
             ({saving:?}) nor the one saved before ({previous:?})"
        );
        if saving.is_some() && saving != saved {
            mid_save += 1;
            new_kept += u32::from(board == saving);
        }
        // At most the killed run's own temporary file is left; the next run removes it.
        let partial = std::fs::read_dir(&dir)
            .map(|d| {
                d.filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".partial"))
                })
                .count()
            })
            .unwrap_or(0);
        assert!(
            partial <= 1,
            "round {round}: {partial} temporary files left"
        );
        on_disk = board;
    }
    assert!(saves > 0, "the drill never saved");
    eprintln!(
        "kill test: {KILLS} kills, {saves} saves in all, {mid_save} kills during a save \
         ({new_kept} of them after the rename); the save read back every time"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
