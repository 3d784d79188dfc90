//! The house rules of the source tree, checked by reading it: which module may use which
//! (`dlx` ← `sudoku` ← `game` ← `app`, no egui below the window), no two files that import
//! each other (nor any longer cycle), and no source file grown past the size a reader can hold.
//! See the code map in `src/lib.rs`.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crate's source files (the binary's `main.rs` aside), each with its module path
/// (`["dlx", "links"]` for `src/dlx/links.rs`, `["dlx"]` for `src/dlx/mod.rs`).
fn sources() -> Vec<(PathBuf, Vec<String>)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files
        .into_iter()
        .filter(|p| !p.ends_with("main.rs"))
        .map(|p| {
            let rel = p.strip_prefix(&root).unwrap().with_extension("");
            let mut module: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                module.pop();
            }
            (p, module)
        })
        .collect()
}

/// The code of a file without its comments (line comments only: the crate uses no block
/// comments) and without its `#[cfg(test)] mod tests { .. }` block, which may reach anywhere.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(k) => &text[..k],
        None => &text[..],
    };
    text.lines()
        .map(|line| match line.find("//") {
            // A `//` inside a string literal would cut the line short; harmless for this scan,
            // which looks for paths and `use` items only.
            Some(k) => &line[..k],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names from `crate`, `super` or `self`, expanded from `use` trees
/// (`use super::{a::B, c}` names `super::a::B` and `super::c`) and found inline
/// (`super::history::format_clock(..)`), as segments.
fn paths(code: &str) -> Vec<Vec<String>> {
    fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let mut base = prefix.to_vec();
            base.extend(head);
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut start = 0;
            for (k, ch) in inner.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&inner[start..k], &base, out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            expand(&inner[start..], &base, out);
        } else if !tree.is_empty() {
            let mut path = prefix.to_vec();
            let tree = tree.split(" as ").next().unwrap_or(tree);
            path.extend(tree.split("::").map(|s| s.trim().to_string()));
            out.push(path);
        }
    }
    let mut out = Vec::new();
    // `use` items.
    let mut rest = code;
    while let Some(k) = rest.find("use ") {
        let before = rest[..k].chars().last();
        let after = &rest[k + 4..];
        rest = after;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = after.find(';') else { break };
        let tree = &after[..end];
        let tree = tree.trim();
        if tree.starts_with("crate::") || tree.starts_with("super::") || tree.starts_with("self::")
        {
            expand(tree, &[], &mut out);
        } else if !["std", "core", "alloc"].iter().any(|c| tree.starts_with(c)) {
            // `use history::Clock` in `game/mod.rs`: a child module, named from here. (A path
            // into another crate resolves to no file of this one and is dropped.)
            expand(tree, &["self".to_string()], &mut out);
        }
    }
    // Inline paths.
    for root in ["crate::", "super::"] {
        let mut rest = code;
        while let Some(k) = rest.find(root) {
            let before = rest[..k].chars().last();
            let tail = &rest[k..];
            rest = &rest[k + root.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let end = tail
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(tail.len());
            let path: Vec<String> = tail[..end]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            out.push(path);
        }
    }
    out
}

/// The module path a path in the file of `module` names, made absolute (from `crate`).
fn absolute(module: &[String], file_is_mod: bool, path: &[String]) -> Option<Vec<String>> {
    // In `src/x/y.rs` (module x::y) `super` is x; in `src/x/mod.rs` (module x) it is the root.
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    let _ = file_is_mod;
    base.extend(rest.iter().cloned());
    Some(base)
}

/// What each `mod.rs` (and `lib.rs`) re-exports from its children: `pub use links::in_mode`
/// makes `dlx::in_mode` name `dlx::links`.
fn reexports(files: &[(PathBuf, Vec<String>)]) -> BTreeMap<Vec<String>, Vec<String>> {
    let mut map = BTreeMap::new();
    for (path, module) in files {
        let code = code(path);
        for line in code.split(';') {
            let line = line.trim();
            let Some(tree) = line
                .strip_prefix("pub use ")
                .or_else(|| line.strip_prefix("pub(crate) use "))
            else {
                continue;
            };
            let mut named = Vec::new();
            let tree = format!("self::{tree}");
            for p in paths(&format!("use {tree};")) {
                named.push(p);
            }
            for p in named {
                if let (Some(abs), Some(last)) = (absolute(module, true, &p), p.last()) {
                    let mut exported = module.clone();
                    exported.push(last.clone());
                    map.insert(exported, abs);
                }
            }
        }
    }
    map
}

/// The file a path resolves to: the longest module prefix that is a file, following re-exports.
fn resolve(
    path: &[String],
    modules: &BTreeMap<Vec<String>, PathBuf>,
    reexports: &BTreeMap<Vec<String>, Vec<String>>,
) -> Option<PathBuf> {
    let mut path = path.to_vec();
    for _ in 0..8 {
        let prefix = (0..=path.len())
            .rev()
            .find(|&n| modules.contains_key(&path[..n]))?;
        if prefix < path.len() {
            let mut item = path[..=prefix].to_vec();
            item.truncate(prefix + 1);
            if let Some(target) = reexports.get(&item) {
                let mut next = target.clone();
                next.extend(path[prefix + 1..].iter().cloned());
                if next != path {
                    path = next;
                    continue;
                }
            }
        }
        return modules.get(&path[..prefix]).cloned();
    }
    None
}

/// Which files each file imports items from (another file, never itself or its own children's
/// declarations).
fn imports() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let files = sources();
    let modules: BTreeMap<Vec<String>, PathBuf> =
        files.iter().map(|(p, m)| (m.clone(), p.clone())).collect();
    let reexports = reexports(&files);
    let mut graph = BTreeMap::new();
    for (path, module) in &files {
        let is_mod = path.ends_with("mod.rs") || path.ends_with("lib.rs");
        let mut targets = BTreeSet::new();
        let code = code(path);
        // A `mod.rs` re-exporting its children is their front door, not an import.
        let own_reexports: String = if is_mod {
            code.split(';')
                .filter(|s| {
                    let s = s.trim();
                    !(s.starts_with("pub use ") || s.starts_with("pub(crate) use "))
                })
                .collect::<Vec<_>>()
                .join(";")
        } else {
            code.clone()
        };
        for p in paths(&own_reexports) {
            let Some(abs) = absolute(module, is_mod, &p) else {
                continue;
            };
            if let Some(target) = resolve(&abs, &modules, &reexports)
                && &target != path
            {
                targets.insert(target);
            }
        }
        graph.insert(path.clone(), targets);
    }
    graph
}

fn short(path: &Path) -> String {
    path.to_string_lossy()
        .split("/src/")
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn no_two_files_import_each_other_nor_any_cycle() {
    let graph = imports();
    let mut pairs = Vec::new();
    for (a, targets) in &graph {
        for b in targets {
            if a < b && graph.get(b).is_some_and(|t| t.contains(a)) {
                pairs.push(format!("{} <-> {}", short(a), short(b)));
            }
        }
    }
    assert!(pairs.is_empty(), "files that import each other: {pairs:#?}");
    // Any longer cycle, by depth-first search.
    fn visit(
        node: &PathBuf,
        graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        state: &mut BTreeMap<PathBuf, u8>,
        stack: &mut Vec<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        match state.get(node) {
            Some(2) => return None,
            Some(1) => {
                let at = stack.iter().position(|p| p == node).unwrap_or(0);
                return Some(stack[at..].to_vec());
            }
            _ => {}
        }
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, state, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        let mut stack = Vec::new();
        if let Some(cycle) = visit(node, &graph, &mut state, &mut stack) {
            let names: Vec<String> = cycle.iter().map(|p| short(p)).collect();
            panic!("a cycle of imports: {}", names.join(" -> "));
        }
    }
}

/// The files of a module (a top-level folder or file under `src/`).
fn files_of(top: &str) -> Vec<PathBuf> {
    sources()
        .into_iter()
        .filter(|(_, m)| m.first().is_some_and(|f| f == top))
        .map(|(p, _)| p)
        .collect()
}

/// The lines of the files of `top` that name any of `forbidden` in code (comments aside).
fn offending(top: &str, forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for path in files_of(top) {
        let code = code(&path);
        for (n, line) in code.lines().enumerate() {
            if forbidden.iter().any(|f| line.contains(f)) {
                found.push(format!("{}:{}: {}", short(&path), n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_engine_knows_nothing_of_grids_games_or_windows() {
    let bad = offending(
        "dlx",
        &[
            "crate::sudoku",
            "crate::game",
            "crate::app",
            "crate::config",
            "egui",
            "eframe",
        ],
    );
    assert!(bad.is_empty(), "dlx reaches up: {bad:#?}");
    // Nor does its code speak of sudoku (its docs may use one as the running example).
    let words: Vec<String> = files_of("dlx")
        .iter()
        .flat_map(|p| {
            let code = code(p);
            code.lines()
                .filter(|l| {
                    // Words of identifiers: `cell_item` and `CellItem` both say "cell".
                    let spaced: String = l
                        .chars()
                        .flat_map(|c| {
                            let gap = c.is_uppercase().then_some(' ');
                            gap.into_iter()
                                .chain(std::iter::once(c.to_ascii_lowercase()))
                        })
                        .collect();
                    spaced.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
                        ["sudoku", "grid", "cell", "cells", "digit", "symbol"].contains(&w)
                    })
                })
                .map(|l| format!("{}: {}", short(p), l.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        words.is_empty(),
        "grid words in the engine's code: {words:#?}"
    );
}

#[test]
fn nothing_below_the_window_uses_egui() {
    for top in [
        "dlx", "sudoku", "game", "config", "cli", "library", "autosave", "print",
    ] {
        let bad = offending(top, &["egui", "eframe", "crate::app"]);
        assert!(bad.is_empty(), "{top} uses the window's crates: {bad:#?}");
    }
    let bad = offending("sudoku", &["crate::game", "crate::config", "crate::cli"]);
    assert!(bad.is_empty(), "sudoku reaches up: {bad:#?}");
    let bad = offending("game", &["crate::cli", "crate::library"]);
    assert!(bad.is_empty(), "game reaches sideways: {bad:#?}");
    // Printing and pictures take plain boards: the window hands over what the game holds.
    let bad = offending("print", &["crate::game", "crate::cli", "crate::config"]);
    assert!(bad.is_empty(), "print reaches up: {bad:#?}");
}

/// The files of the engine that hold unsafe code: the unchecked accessors and vector code
/// (`unchecked.rs`), and the code that calls them, each call in an `unsafe` block with its
/// `SAFETY` comment (see `src/dlx/unchecked.rs`, "The boundary").
const UNSAFE_FILES: [&str; 10] = [
    "dlx/unchecked.rs",
    "dlx/links.rs",
    "dlx/links/tests.rs",
    "dlx/prune.rs",
    "dlx/prune/tests.rs",
    "dlx/bounds.rs",
    "dlx/same_values.rs",
    "dlx/build.rs",
    "dlx/search.rs",
    "dlx/unwind.rs",
];

#[test]
fn unsafe_code_lives_in_the_engine_only() {
    let bad: Vec<String> = sources()
        .iter()
        .filter(|(p, _)| !UNSAFE_FILES.contains(&short(p).as_str()))
        .flat_map(|(p, _)| {
            code(p)
                .lines()
                .filter(|l| l.contains("unsafe"))
                .map(|l| format!("{}: {}", short(p), l.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        bad.is_empty(),
        "unsafe code outside {UNSAFE_FILES:?}: {bad:#?}"
    );
    // Each of them allows it for itself; the crate denies it everywhere else, and every
    // `unsafe` block needs its `SAFETY` comment (clippy).
    for (p, _) in sources() {
        if UNSAFE_FILES.contains(&short(&p).as_str()) {
            let text = fs::read_to_string(&p).unwrap();
            assert!(
                text.contains("#![allow(unsafe_code)]"),
                "{} allows unsafe code for itself",
                short(&p)
            );
        }
    }
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    for lint in [
        "unsafe_code = \"deny\"",
        "unsafe_op_in_unsafe_fn = \"deny\"",
        "undocumented_unsafe_blocks = \"deny\"",
    ] {
        assert!(lib.contains(lint), "Cargo.toml: {lint}");
    }
}

/// Whether `line` uses the macro `name!` (not one whose name ends in it, as `writeln!` ends in
/// `ln!`).
fn uses_macro(line: &str, name: &str) -> bool {
    let pattern = format!("{name}!");
    line.match_indices(&pattern).any(|(k, _)| {
        !line[..k]
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn nothing_outside_the_engine_reaches_its_arena() {
    // The unchecked accessors, the arena's arrays and the link operations, by their names.
    let names = [
        "unchecked",
        "get_unchecked",
        "Room",
        ".nodes[",
        ".tops",
        ".tag[",
        ".len[",
        "cover::<",
        "cover_others",
        "hide::<",
        "remove_option",
        "restore_option",
        "unwind",
    ];
    let macros = ["nd", "tp", "tg", "ln", "in_mode"];
    let mut bad = Vec::new();
    for (p, module) in sources() {
        if module.first().is_some_and(|m| m == "dlx") {
            continue;
        }
        for (n, line) in code(&p).lines().enumerate() {
            if names.iter().any(|f| line.contains(f)) || macros.iter().any(|m| uses_macro(line, m))
            {
                bad.push(format!("{}:{}: {}", short(&p), n + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "the engine's arena used outside src/dlx: {bad:#?}"
    );
    // The scan sees what it looks for.
    assert!(uses_macro("*nd!(self, i)", "nd") && !uses_macro("writeln!(out)", "ln"));

    // Nor can it: the arena's fields, the link operations, the accessors and the stacks are
    // private to src/dlx (`pub(super)` at most), whatever else the engine lends the crate.
    let dlx = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("dlx");
    let fields = [
        "nodes:", "tops:", "len:", "tag:", "narrow:", "quad:", "pending:", "stacks:",
    ];
    let mut wide = Vec::new();
    for file in [
        "matrix.rs",
        "links.rs",
        "unchecked.rs",
        "unwind.rs",
        "prune.rs",
        "scratch.rs",
        "node.rs",
        "search.rs",
        "choose.rs",
    ] {
        let path = dlx.join(file);
        for (n, line) in code(&path).lines().enumerate() {
            let line = line.trim();
            let crate_wide = line.starts_with("pub(crate)")
                && !(file == "matrix.rs"
                    && (line.starts_with("pub(crate) fn add_options_trusted")
                        || line.contains("Id(pub(crate) u32)")));
            let exported_field = file == "matrix.rs"
                && line.starts_with("pub ")
                && fields.iter().any(|f| line.contains(f));
            let exported_op = file != "matrix.rs"
                && file != "search.rs"
                && file != "prune.rs"
                && (line.starts_with("pub fn") || line.starts_with("pub unsafe fn"));
            if crate_wide || exported_field || exported_op {
                wide.push(format!("dlx/{file}:{}: {line}", n + 1));
            }
        }
    }
    assert!(
        wide.is_empty(),
        "the engine's internals are visible outside src/dlx: {wide:#?}"
    );
}

#[test]
fn no_source_file_is_too_long_to_read() {
    let long: Vec<String> = sources()
        .iter()
        .map(|(p, _)| (p, fs::read_to_string(p).unwrap().lines().count()))
        .filter(|&(_, n)| n > 1_000)
        .map(|(p, n)| format!("{}: {n} lines", short(p)))
        .collect();
    assert!(long.is_empty(), "files over 1,000 lines: {long:#?}");
}

#[test]
fn the_scan_sees_imports() {
    // The rules above are only as good as the scan: it must find what it looks for.
    let graph = imports();
    let get = |name: &str| {
        graph
            .iter()
            .find(|(p, _)| short(p) == name)
            .map(|(_, t)| t.iter().map(|p| short(p)).collect::<BTreeSet<_>>())
            .unwrap_or_default()
    };
    assert!(get("dlx/search.rs").contains("dlx/matrix.rs"));
    assert!(get("sudoku/cover/classic.rs").contains("dlx/matrix.rs"));
    assert!(get("app/window.rs").iter().any(|p| p.starts_with("game/")));
    let uses = paths("use super::{a::B, c::{D, e::F}};\nlet x = crate::g::h(1);");
    assert!(uses.contains(&vec!["super".into(), "a".into(), "B".into()]));
    assert!(uses.contains(&vec!["super".into(), "c".into(), "e".into(), "F".into()]));
    assert!(uses.contains(&vec!["crate".into(), "g".into(), "h".into()]));
}

/// The code of every source file under `dir` (tests blocks and comments left out).
fn codes_under(dir: &str) -> Vec<(String, String)> {
    sources()
        .into_iter()
        .map(|(p, _)| (short(&p), code(&p)))
        .filter(|(s, _)| s.starts_with(dir))
        .collect()
}

#[test]
fn one_cover_model_builds_every_boards_items_and_options() {
    // Items and options are added to an engine's matrix only by the engine itself, by the
    // cover folder (the model's mapping and the classic fast path), and by `xc`'s reading of
    // a problem that is no board.
    let builders: Vec<String> = codes_under("")
        .into_iter()
        .filter(|(s, code)| {
            (code.contains("add_option(") || code.contains("Matrix::new("))
                && !s.starts_with("dlx/")
                && !s.starts_with("sudoku/cover/")
        })
        .map(|(s, _)| s)
        .collect();
    assert!(
        builders.is_empty(),
        "files outside sudoku/cover that build a matrix: {builders:?}"
    );
}

#[test]
fn cage_arithmetic_is_written_once() {
    // The functions that know what a cage's digits may be live in board/cage.rs alone.
    for name in [
        "fn digit_sets",
        "fn can_still_make",
        "fn fillings",
        "fn sum_range",
    ] {
        let homes: Vec<String> = codes_under("")
            .into_iter()
            .filter(|(_, code)| code.contains(name))
            .map(|(s, _)| s)
            .collect();
        assert_eq!(homes.len(), 1, "{name} in {homes:?}");
        assert!(
            homes[0] == "sudoku/board/cage.rs" || name == "fn can_still_make",
            "{name} in {homes:?}"
        );
    }
}

#[test]
fn the_code_map_names_the_file_of_every_concept_of_the_board() {
    // Each file of the sudoku folder is named in lib.rs's code map, by its path or its module.
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let unnamed: Vec<String> = sources()
        .into_iter()
        .map(|(p, m)| (short(&p), m))
        .filter(|(s, _)| s.starts_with("sudoku/") && !s.ends_with("/tests.rs"))
        .filter(|(s, m)| {
            let path = s.trim_start_matches("sudoku/");
            let module = m.join("::");
            !lib.contains(path) && !lib.contains(&format!("[`{module}`]"))
        })
        .map(|(s, _)| s)
        .collect();
    assert!(
        unnamed.is_empty(),
        "files of src/sudoku that src/lib.rs's code map does not name: {unnamed:?}"
    );
}
