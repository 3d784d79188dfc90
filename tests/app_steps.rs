//! The path of steps, in the window and on the command line: the hints walk the same steps,
//! in the same words, as `solve --steps` prints; the "solve step by step" panel lists them,
//! a click shows one on the board, and "Take steps 1 to k" brings the board to where it
//! begins.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

use egui::{Color32, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;

mod common;
use common::*;

/// Puzzle 16 of magictour's top 1465: an XY-wing, a skyscraper, unique rectangles and
/// XY-chains on the way.
const CHAINS: &str =
    "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........";

/// A candidate a step removes, as the board draws it.
const REMOVED: Color32 = Color32::from_rgb(220, 40, 40);

/// The steps `solve --steps` prints for `line`, without their numbers, and its last line.
fn cli_steps(line: &str) -> (Vec<String>, String) {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-steps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("puzzle.txt");
    std::fs::write(&file, format!("{line}\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args(["solve", "--steps"])
        .arg(&file)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let end = lines.pop().unwrap();
    let steps = lines
        .iter()
        .enumerate()
        .map(|(k, l)| {
            l.strip_prefix(&format!("{}. ", k + 1))
                .unwrap_or_else(|| panic!("numbered: {l}"))
                .to_string()
        })
        .collect();
    (steps, end)
}

/// `text` with its first letter a capital, as the window says a step.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Walks the hints to the end of the puzzle as a player taking each would: a single's words
/// at its first press (the next fills it in), a technique's at its second (the next applies
/// it). Gives the words of every step, as the window says them.
fn walk_hints(h: &mut Harness<'static, App>) -> Vec<String> {
    let mut said = Vec::new();
    for _ in 0..400 {
        if h.state().game().board().is_full() {
            return said;
        }
        press(h, Key::H);
        let hint = h.state().game().hint().cloned().expect("a hint");
        let text = status(h);
        if hint.step.is_some() {
            press(h, Key::H);
            let text = status(h);
            let words = text
                .strip_suffix(". Hint again applies it")
                .unwrap_or_else(|| panic!("a step shown: {text}"));
            said.push(words.to_string());
        } else {
            let words = text
                .strip_suffix(". Hint again fills it in")
                .unwrap_or_else(|| panic!("a single: {text}"));
            said.push(words.to_string());
        }
        press(h, Key::H);
    }
    panic!("the hints did not finish the puzzle: {said:#?}");
}

#[test]
fn the_hints_walk_the_same_steps_as_solve_steps_in_the_same_words() {
    let (steps, end) = cli_steps(CHAINS);
    assert!(end.starts_with("solved in "), "{end}");
    for technique in ["XY-wing", "skyscraper", "unique rectangle", "XY-chain"] {
        assert!(
            steps.iter().any(|s| s.starts_with(technique)),
            "{technique} on the way"
        );
    }
    let mut h = puzzle(CHAINS);
    settle(&mut h);
    let said = walk_hints(&mut h);
    let printed: Vec<String> = steps.iter().map(|s| capital(s)).collect();
    assert_eq!(said, printed);
    let solution = h.state().game().board().clone();
    assert_eq!(Some(solution), h.state().game().board().solution());
}

#[test]
fn the_steps_panel_lists_the_path_shows_a_step_and_takes_the_steps_before_it() {
    let (steps, _) = cli_steps(CHAINS);
    let mut h = puzzle(CHAINS);
    settle(&mut h);
    h.get_by_label("Edit").click();
    settle(&mut h);
    h.get_by_label("Solve step by step…").click();
    frames_until(&mut h, "the steps listed", |app| app.steps_log().is_some());
    settle(&mut h);
    let log = h.state().steps_log().unwrap().clone();
    let words: Vec<&str> = log.steps.iter().map(|s| s.words.as_str()).collect();
    // Every step is listed, in the window's words.
    for (k, step) in steps.iter().enumerate() {
        let label = format!("{}. {}", k + 1, capital(step));
        assert!(h.query_by_label(label.as_str()).is_some(), "{label}");
    }
    assert_eq!(words, steps, "the panel's path is solve --steps's");
    assert!(log.end.starts_with("Solved in "), "{}", log.end);

    // A click on the XY-wing shows it: the status names it and where it stands in the path,
    // and its removals are drawn in red.
    let k = steps.iter().position(|s| s.starts_with("XY-wing")).unwrap();
    let label = format!("{}. {}", k + 1, capital(&steps[k]));
    assert!(texts_in(&h, REMOVED).is_empty());
    h.get_by_label(label.as_str()).scroll_to_me();
    settle(&mut h);
    h.get_by_label(label.as_str()).click();
    settle(&mut h);
    let text = status(&h);
    assert!(
        text.starts_with(&format!(
            "Step {} of {} (after steps 1 to {k}): XY-wing",
            k + 1,
            steps.len()
        )),
        "{text}"
    );
    let removals = log.steps[k].step.eliminations.len();
    assert_eq!(texts_in(&h, REMOVED).len(), removals);

    // "Take steps 1 to k": the board stands where the XY-wing begins, and the path listed
    // again starts with it, shown.
    let before = h.state().game().board().clone();
    h.get_by_label(format!("Take steps 1 to {k}").as_str())
        .click();
    frames_until(&mut h, "the steps listed again", |app| {
        app.steps_log()
            .is_some_and(|l| l.steps.len() == steps.len() - k)
    });
    settle(&mut h);
    let again = h.state().steps_log().unwrap().clone();
    assert_eq!(again.steps[0].words, steps[k]);
    assert_eq!(texts_in(&h, REMOVED).len(), removals, "the XY-wing shown");
    let placed = steps[..k].iter().filter(|s| s.contains("single")).count();
    assert_eq!(h.state().game().board().filled(), before.filled() + placed);
    // Hint now takes the XY-wing itself (and the panel lists the steps from there).
    h.key_press(Key::H);
    frames_until(&mut h, "the steps after the XY-wing", |app| {
        app.steps_log()
            .is_some_and(|l| l.steps.len() == steps.len() - k - 1)
    });
    assert!(status(&h).starts_with("XY-wing"), "{}", status(&h));
    // Two undos: the XY-wing, then the steps before it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    frames_until(&mut h, "the whole path again", |app| {
        app.steps_log()
            .is_some_and(|l| l.steps.len() == steps.len())
    });
    assert_eq!(h.state().game().board(), &before);
}
