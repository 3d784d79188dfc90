//! config.toml: the shipped file, defaults for every size, and every error naming key and line.

// Tests may unwrap: a panic is a failure with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use sudoku_dlx::config::{Config, ConfigError, KeyName, KeySpec};

fn err(text: &str) -> ConfigError {
    Config::from_toml_str(text).expect_err(text)
}

#[test]
fn the_shipped_config_parses_to_the_defaults() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml");
    let config = Config::load(Some(std::path::Path::new(path))).unwrap();
    assert_eq!(config, Config::default());
    assert_eq!(config.notation.geometry.side(), 9);
    assert_eq!(config.notation.alphabet.to_string(), "123456789");
    assert_eq!(config.keys.solve, KeySpec::plain(KeyName::Space));
    assert_eq!(config.keys.reset.to_string(), "R");
    assert_eq!(config.keys.quit.to_string(), "Q");
    assert_eq!(config.keys.next.to_string(), "N");
    assert_eq!(config.keys.previous.to_string(), "P");
}

#[test]
fn the_shipped_config_works_for_every_size_by_changing_only_box_size() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml");
    let text = std::fs::read_to_string(path).unwrap();
    for n in 2..=6 {
        let changed = text.replace("box_size = 3", &format!("box_size = {n}"));
        let c = Config::from_toml_str(&changed).unwrap_or_else(|e| panic!("box_size {n}: {e}"));
        assert_eq!(c.notation.geometry.side(), n * n);
        // No command key is a plain symbol of the board.
        for (name, spec) in c.keys.all() {
            if let (false, KeyName::Char(ch)) = (spec.ctrl, spec.key) {
                assert!(!c.notation.alphabet.holds_letter(ch), "{n}: {name}");
            }
        }
    }
    let c = Config::from_toml_str("box_size = 5").unwrap();
    assert_eq!(c.keys.next.to_string(), "Ctrl+N");
    assert_eq!(c.keys.previous.to_string(), "Ctrl+P");
    assert_eq!(c.keys.reset.to_string(), "R");
}

#[test]
fn a_missing_default_file_means_defaults_but_a_missing_given_file_is_an_error() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-config-{}", std::process::id()));
    let missing = dir.join("nope.toml");
    let e = Config::load(Some(&missing)).unwrap_err();
    assert!(
        e.to_string().contains("nope.toml: cannot read the file"),
        "{e}"
    );
}

#[test]
fn sizes_and_default_symbols_and_keys() {
    let c = Config::from_toml_str("box_size = 4").unwrap();
    assert_eq!(c.notation.alphabet.to_string(), "123456789ABCDEFG");
    assert!(!c.keys.reset.ctrl && !c.keys.quit.ctrl);

    let c = Config::from_toml_str("box_size = 6").unwrap();
    assert_eq!(
        c.notation.alphabet.to_string(),
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    );
    assert_eq!(c.keys.reset.to_string(), "Ctrl+R");
    assert_eq!(c.keys.quit.to_string(), "Ctrl+Q");
    assert_eq!(c.keys.solve.to_string(), "Space");

    let c = Config::from_toml_str("box = \"2x3\"").unwrap();
    assert_eq!(c.notation.geometry.side(), 6);
    assert_eq!(c.notation.geometry.box_cols(), 3);

    let c = Config::from_toml_str("box_size = 2\nsymbols = \"ABCD\"\n").unwrap();
    assert_eq!(c.notation.alphabet.value('c'), Some(3));

    let c = Config::from_toml_str("[keys]\nsolve = \"Ctrl+Enter\"\nquit = \"escape\"\n").unwrap();
    assert_eq!(
        c.keys.solve,
        KeySpec {
            ctrl: true,
            key: KeyName::Enter
        }
    );
    assert_eq!(c.keys.quit.to_string(), "Esc");
}

#[test]
fn wrong_number_of_symbols_names_key_and_line() {
    let e = err("# comment\nbox_size = 3\nsymbols = \"12345678\"\n");
    assert_eq!((e.line, e.key.as_deref()), (Some(3), Some("symbols")));
    assert_eq!(
        e.to_string(),
        "line 3: symbols: 8 symbols given, but a side of 9 needs exactly 9"
    );
}

#[test]
fn duplicate_and_reserved_symbols() {
    let e = err("box_size = 2\nsymbols = \"1231\"");
    assert_eq!((e.line, e.key.as_deref()), (Some(2), Some("symbols")));
    assert!(e.message.contains("'1' appears twice"), "{e}");
    let e = err("box_size = 2\nsymbols = \"12.4\"");
    assert!(e.message.contains("'.' cannot be a symbol"), "{e}");
}

#[test]
fn a_command_key_that_is_a_symbol_or_clears_a_cell_is_refused() {
    let e = err("box_size = 6\n\n[keys]\nreset = \"r\"\n");
    assert_eq!((e.line, e.key.as_deref()), (Some(4), Some("keys.reset")));
    assert!(e.message.contains("also a symbol"), "{e}");
    assert!(e.message.contains("ctrl+r"), "{e}");
    let e = err("[keys]\nsolve = \"5\"");
    assert_eq!(e.key.as_deref(), Some("keys.solve"));
    let e = err("[keys]\nquit = \".\"");
    assert!(e.message.contains("clears a cell"), "{e}");
    let e = err("[keys]\nquit = \"delete\"");
    assert!(e.message.contains("clears a cell"), "{e}");
    // With Ctrl, a symbol's key is fine.
    assert!(Config::from_toml_str("box_size = 6\n[keys]\nreset = \"ctrl+x\"").is_ok());
}

#[test]
fn two_commands_on_one_key_are_refused() {
    let e = err("[keys]\nreset = \"space\"");
    assert_eq!((e.line, e.key.as_deref()), (Some(2), Some("keys.reset")));
    assert_eq!(
        e.message,
        "Space is also the key for keys.solve (its default); give each command its own key"
    );
}

#[test]
fn bad_key_names_sizes_and_unknown_keys() {
    let e = err("[keys]\nsolve = \"hyperspace\"");
    assert!(e.message.contains("is not a key"), "{e}");
    let e = err("box_size = 9");
    assert_eq!((e.line, e.key.as_deref()), (Some(1), Some("box_size")));
    assert!(e.message.contains("side must be from 4 to 64"), "{e}");
    let e = err("box_size = 7");
    assert_eq!((e.line, e.key.as_deref()), (Some(1), Some("box_size")));
    assert!(
        e.message.contains("no default symbols for a side of 49"),
        "{e}"
    );
    let e = err("box_size = 1");
    assert!(e.message.contains("too narrow"), "{e}");
    let e = err("box = \"2 by 3\"");
    assert!(e.message.contains("is not a box size"), "{e}");
    let e = err("box_size = 3\nbox = \"3x3\"");
    assert_eq!((e.line, e.key.as_deref()), (Some(2), Some("box")));
    let e = err("box_size = 3\n\ncolour = \"red\"\n");
    assert_eq!(e.line, Some(3));
    assert!(e.message.contains("unknown field `colour`"), "{e}");
    let e = err("[keys]\nsolve = \"space\"\nundo = \"h\"\n");
    assert_eq!(e.line, Some(3));
    let e = err("box_size = \"three\"");
    assert_eq!(e.line, Some(1));
    let e = err("box = \"7x7\"");
    assert_eq!(e.key.as_deref(), Some("box"));
    assert!(e.message.contains("no default symbols"), "{e}");
}

#[test]
fn the_new_keys_have_defaults_and_adapt_to_the_symbols() {
    let c = Config::default();
    assert_eq!(c.keys.notes.to_string(), "M");
    assert_eq!(c.keys.fill_notes.to_string(), "F");
    assert_eq!(c.keys.hint.to_string(), "H");
    assert_eq!(c.keys.check.to_string(), "E");
    // 16×16 holds A-G: F and E take Ctrl; 25×25 holds H and M too.
    let c = Config::from_toml_str("box_size = 4").unwrap();
    assert_eq!(c.keys.fill_notes.to_string(), "Ctrl+F");
    assert_eq!(c.keys.check.to_string(), "Ctrl+E");
    assert_eq!(c.keys.hint.to_string(), "H");
    let c = Config::from_toml_str("box_size = 5").unwrap();
    assert_eq!(c.keys.hint.to_string(), "Ctrl+H");
    assert_eq!(c.keys.notes.to_string(), "Ctrl+M");
    let c = Config::from_toml_str("[keys]\nhint = \"f9\"\n").unwrap();
    assert_eq!(c.keys.hint.to_string(), "F9");
    // F2 to F8 are the colours' and the filter's.
    let e = err("[keys]\nhint = \"f2\"\n");
    assert!(e.to_string().contains("fixed key for colour 1"), "{e}");
    // A fixed key cannot be taken.
    let e = err("[keys]\n\nhint = \"ctrl+z\"\n");
    assert_eq!(e.line, Some(3));
    assert!(e.to_string().contains("fixed key for undo"), "{e}");
    let e = err("[keys]\ncheck = \"?\"\n");
    assert!(e.to_string().contains("keys overlay"), "{e}");
}

#[test]
fn theme_and_colours_are_read_and_checked() {
    use sudoku_dlx::config::{Colors, Rgba, Theme};
    let c = Config::default();
    assert_eq!(
        (c.theme, c.light, c.dark),
        (Theme::System, Colors::LIGHT, Colors::DARK)
    );
    let c = Config::from_toml_str(
        "theme = \"Dark\"\n[colors.dark]\nhint = \"#102030\"\nclash = \"#FF000080\"\n",
    )
    .unwrap();
    assert_eq!(c.theme, Theme::Dark);
    assert_eq!(c.dark.hint, Rgba([0x10, 0x20, 0x30, 255]));
    assert_eq!(c.dark.clash, Rgba([255, 0, 0, 0x80]));
    assert_eq!(c.dark.given, Colors::DARK.given);
    assert_eq!(c.light, Colors::LIGHT);

    let e = err("theme = \"sepia\"\n");
    assert_eq!(e.line, Some(1));
    assert!(
        e.to_string().contains("theme: \"sepia\" is not a theme"),
        "{e}"
    );
    let e = err("[colors.light]\n\ngiven = \"red\"\n");
    assert_eq!(e.line, Some(3));
    assert_eq!(e.key.as_deref(), Some("colors.light.given"));
    assert!(e.to_string().contains("#rrggbb"), "{e}");
    let e = err("[colors.light]\ngivens = \"#000000\"\n");
    assert_eq!(e.line, Some(2));
    assert_eq!(e.key.as_deref(), Some("colors.light.givens"));
    assert!(e.to_string().contains("these are: given, entry"), "{e}");
    assert!(
        err("[colors.dark]\npeer = \"#12345\"\n")
            .to_string()
            .contains("peer")
    );
    assert_eq!(Rgba::parse("#0a0B0c"), Some(Rgba([10, 11, 12, 255])));
    assert_eq!(Rgba::parse("0a0b0c"), None);
}

#[test]
fn the_shipped_config_names_the_letters_that_take_ctrl_on_each_size() {
    // The comment in config.toml says which default letters become Ctrl+letter on which board;
    // the keys the program adapts must be exactly those.
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml")).unwrap();
    for (box_size, listed) in [
        (4, "B, E and F on 16x16"),
        (5, "B, E, F, H, M, N and P on 25x25"),
    ] {
        assert!(text.contains(listed), "config.toml should say {listed:?}");
        let config = Config::from_toml_str(&format!("box_size = {box_size}\n")).unwrap();
        let mut moved: Vec<char> = config
            .keys
            .all()
            .iter()
            .filter(|(_, spec)| spec.ctrl)
            .filter_map(|(_, spec)| match spec.key {
                KeyName::Char(c) => Some(c.to_ascii_uppercase()),
                _ => None,
            })
            .collect();
        moved.sort_unstable();
        let mut said: Vec<char> = listed
            .split(" on ")
            .next()
            .unwrap()
            .chars()
            .filter(char::is_ascii_uppercase)
            .collect();
        said.sort_unstable();
        assert_eq!(moved, said, "box_size = {box_size}");
    }
    assert!(text.contains("all ten letters on 36x36"));
    let config = Config::from_toml_str("box_size = 6\n").unwrap();
    assert_eq!(
        config.keys.all().iter().filter(|(_, s)| s.ctrl).count(),
        10,
        "every default letter is a 36x36 symbol"
    );
}
