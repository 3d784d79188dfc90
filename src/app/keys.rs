//! The keyboard: config.toml's command keys turned into egui keys, each key press into an
//! [`Action`], and the overlay that lists every key.

use egui::{Key, Modifiers, RichText};

use crate::config::{KeyName, KeySpec, Keys};
use crate::game::{Command, Game};

use super::action::{Action, WatchControl};

/// The egui key a configured key stands for.
pub fn egui_key(spec: KeySpec) -> Option<Key> {
    match spec.key {
        KeyName::Char(c) => Key::from_name(&c.to_string()),
        KeyName::Space => Some(Key::Space),
        KeyName::Enter => Some(Key::Enter),
        KeyName::Escape => Some(Key::Escape),
        KeyName::Tab => Some(Key::Tab),
        KeyName::Backspace => Some(Key::Backspace),
        KeyName::Delete => Some(Key::Delete),
        KeyName::F(n) => Key::from_name(&format!("F{n}")),
    }
}

/// True if a key press with these modifiers is the configured key.
pub fn is_key(spec: KeySpec, key: Key, modifiers: Modifiers) -> bool {
    egui_key(spec) == Some(key) && modifiers.command == spec.ctrl
}

/// Turns this frame's keyboard input into actions: command keys, symbols (typed text, so the
/// keyboard layout is respected; letters in either case), clearing and moving keys. A symbol
/// typed with Alt held, or in notes mode, is a pencil mark.
pub fn keyboard(ctx: &egui::Context, game: &Game, keys: &Keys, actions: &mut Vec<Action>) {
    let alphabet = game.board().alphabet().clone();
    ctx.input(|input| {
        // The text of a key press follows its key event: Alt on the key makes the text a note.
        let mut alt = input.modifiers.alt;
        for event in &input.events {
            match event {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => {
                    alt = modifiers.alt;
                    actions.extend(key_action(keys, *key, *modifiers));
                }
                egui::Event::Copy => actions.push(Action::Copy),
                egui::Event::Paste(text) => actions.push(Action::Paste(text.clone())),
                egui::Event::Text(text) => {
                    for c in text.chars() {
                        if let Some(value) = alphabet.value(c) {
                            actions.push(Action::Game(if alt {
                                Command::Note(value)
                            } else {
                                Command::Enter(value)
                            }));
                        } else if alphabet.is_empty_marker(c) {
                            actions.push(Action::Game(Command::Clear));
                        } else if c == '?' {
                            actions.push(Action::Help);
                        }
                    }
                }
                _ => {}
            }
        }
    });
}

/// The action of one key press, if it has one.
fn key_action(keys: &Keys, key: Key, modifiers: Modifiers) -> Option<Action> {
    let game = |c: Command| Some(Action::Game(c));
    let configured = [
        (keys.quit, Action::Quit),
        (keys.solve, Action::Solve),
        (keys.reset, Action::Game(Command::Reset)),
        (keys.next, Action::Next),
        (keys.previous, Action::Previous),
        (keys.notes, Action::Game(Command::ToggleNotesMode)),
        (keys.fill_notes, Action::Game(Command::FillNotes)),
        (keys.hint, Action::Game(Command::Hint)),
        (keys.check, Action::Game(Command::Check)),
        (keys.watch, Action::Watch),
        (keys.pause, Action::Pause),
    ];
    if let Some((_, action)) = configured
        .into_iter()
        .find(|(spec, _)| is_key(*spec, key, modifiers))
    {
        return Some(action);
    }
    if let Some(action) = super::colouring::key_action(key, modifiers) {
        return Some(action);
    }
    let step = match key {
        Key::ArrowUp => Some((-1, 0)),
        Key::ArrowDown => Some((1, 0)),
        Key::ArrowLeft => Some((0, -1)),
        Key::ArrowRight => Some((0, 1)),
        _ => None,
    };
    if let Some((rows, cols)) = step {
        return game(if modifiers.command {
            Command::Jump { rows, cols }
        } else {
            Command::Move { rows, cols }
        });
    }
    match key {
        Key::Z if modifiers.command && modifiers.shift => game(Command::Redo),
        Key::Z if modifiers.command => game(Command::Undo),
        Key::Y if modifiers.command => game(Command::Redo),
        Key::O if modifiers.command => Some(Action::Open),
        Key::S if modifiers.command => Some(Action::Save),
        // (Unless a configured key took it: the next puzzle's on 25×25 and 36×36 boards.)
        Key::N if modifiers.command => Some(Action::NewGame),
        Key::F1 => Some(Action::Help),
        Key::Tab => game(Command::NextEmpty {
            forward: !modifiers.shift,
        }),
        Key::Escape => Some(Action::Cancel),
        // Watch mode's step and run to the end (nothing outside it).
        Key::Enter => Some(Action::WatchDo(WatchControl::Step)),
        Key::End => Some(Action::WatchDo(WatchControl::ToEnd)),
        Key::PageUp => Some(Action::WatchDo(WatchControl::Faster)),
        Key::PageDown => Some(Action::WatchDo(WatchControl::Slower)),
        Key::Backspace | Key::Delete => game(Command::Clear),
        _ => None,
    }
}

/// The overlay listing every key.
pub fn help_overlay(ui: &mut egui::Ui, keys: &Keys) {
    ui.heading("Keys");
    ui.add_space(4.0);
    let rows: Vec<(String, &str)> = vec![
        (
            "symbol".into(),
            "write it in the cell under the pointer (or the selected one)",
        ),
        ("Alt+symbol".into(), "toggle it as a pencil mark"),
        (
            keys.notes.to_string(),
            "notes mode: typing writes pencil marks, and back",
        ),
        (
            keys.fill_notes.to_string(),
            "fill in every cell's candidates as pencil marks",
        ),
        (
            "Backspace, Delete, .".into(),
            "clear the cell (its notes, if it is empty)",
        ),
        ("arrows".into(), "move the selection"),
        ("Ctrl+arrows".into(), "jump to the next empty cell that way"),
        ("Tab, Shift+Tab".into(), "the next / previous empty cell"),
        (
            keys.hint.to_string(),
            "hint: the next forced move and why; again to fill it in",
        ),
        (
            keys.check.to_string(),
            "check: mark entries that differ from the solution",
        ),
        (
            "F2 … F6".into(),
            "colour the cell 1 to 5 (again: take it off)",
        ),
        (
            "Shift+F2 … F6".into(),
            "colour its pencil mark of the picked symbol",
        ),
        (
            "F7".into(),
            "show the picked symbol's candidates alone, and back",
        ),
        (
            "F8".into(),
            "clear every colour (right click: a cell's colours)",
        ),
        ("Ctrl+Z".into(), "undo"),
        ("Ctrl+Y, Ctrl+Shift+Z".into(), "redo"),
        (keys.solve.to_string(), "solve the board (dancing links)"),
        (
            keys.watch.to_string(),
            "watch the search move by move; Esc or again stops",
        ),
        (
            format!("{}, Enter, End", keys.solve),
            "while watching: play/pause, one move, run to the end",
        ),
        (
            "Page Up, Page Down".into(),
            "while watching: twice as fast, half as fast",
        ),
        ("Esc".into(), "cancel solving or making a puzzle"),
        (keys.reset.to_string(), "reset to the givens"),
        (
            format!("{} / {}", keys.next, keys.previous),
            "next / previous puzzle of the collection",
        ),
        ("Ctrl+O, Ctrl+S".into(), "open a puzzle file, save the game"),
        (
            "Ctrl+N".into(),
            if ctrl_n_taken(keys) {
                "(here the next puzzle's: New → New game… opens the dialog)"
            } else {
                "a new game: size, variant or shape, grade"
            },
        ),
        ("Ctrl+C, Ctrl+V".into(), "copy the board, paste a puzzle"),
        ("F1, ?".into(), "show or hide these keys"),
        (
            keys.quit.to_string(),
            "quit (the game is kept for next time)",
        ),
    ];
    egui::Grid::new("keys-grid")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            for (key, what) in rows {
                ui.label(RichText::new(key).strong().monospace());
                ui.label(what);
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    ui.label(RichText::new("Esc, F1 or a click outside closes this").weak());
}

/// True if a configured key is Ctrl+N (the next puzzle's, on boards whose symbols hold N), so
/// that Ctrl+N does not open the New game dialog.
pub fn ctrl_n_taken(keys: &Keys) -> bool {
    keys.all().iter().any(|(_, spec)| {
        spec.ctrl && matches!(spec.key, KeyName::Char(c) if c.eq_ignore_ascii_case(&'n'))
    })
}
