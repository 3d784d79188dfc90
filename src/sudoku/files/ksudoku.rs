//! KSudoku's files, read: its shape files (`<ksudoku-graph><graph …>`) and its saved games
//! (`<ksudoku><game><puzzle>…</puzzle><history>…</history></game></ksudoku>`), as KSudoku's own
//! code reads them (the format is written up in the project's notes on KSudoku; the writer is
//! [`ksudoku_write`](super::ksudoku_write)).
//!
//! # The board
//!
//! A KSudoku board is `sizeX × sizeY × sizeZ` cells numbered **column by column**: KSudoku's
//! index of the cell at column x, row y, layer z is `(x·sizeY + y)·sizeZ + z`, where this
//! crate's [`Layout`] numbers it `(z·height + y)·width + x`. Every index is mapped once, here
//! ([`position_of`], [`ksudoku_index`]); everything else works in positions.
//!
//! The `<graph>` element's children build the groups, each of which becomes a unit of the
//! [`Shape`]:
//!
//! * `<sudokugroups at withblocks>`: the rows and columns of an `order × order` grid whose top
//!   left cell is KSudoku's index `at`, and with blocks its `base × base` blocks, all computed by
//!   KSudoku's own index arithmetic (stride `sizeY`), where `base` is `n` for an order of `n²`
//!   (`n` from 2 to 5) and 3 for any other order, as KSudoku has it;
//! * `<roxdokugroups at>`: the planes of a `base³` cube whose corner is at `at`;
//! * `<clique size>`: one group, its cells listed;
//! * `<cage operator value size>`: a cage, only in a graph whose `specific-type` is
//!   `KillerSudoku` (every cage adds up: a killer [`Cage`]) or `Mathdoku` (operator 0 a given
//!   cell, 1 divide, 2 subtract, 3 multiply, 4 add: a [`MathCage`]).
//!
//! A position in no group and no cage is a hole, as in KSudoku. The built-in types
//! `type="sudoku"` and `type="roxdoku"` are KSudoku's plain square and plain cube of the order.
//!
//! # Saved games
//!
//! `<values>` holds the givens, a character per KSudoku index (`_` empty, `.` a hole, value `v`
//! the letter `'a' + v`), `<solution>` the solution in the same code (KSudoku writes it and
//! never reads it back; it is returned as written), and `<history>` the player's moves, replayed
//! in order as KSudoku replays them: a `value` event sets a cell (a `given="true"` one makes it a
//! given), a `markers` event replaces its pencil marks and empties it. KSudoku loads a
//! `<complex-event>` as nothing; so does this reader.
//!
//! # Being strict where KSudoku is lenient
//!
//! KSudoku silently turns a number it cannot read into 0 and a load it cannot do into an empty
//! window. This reader refuses instead, and every [`ReadError`] names the line and what is wrong.
//! Input is bounded before anything is allocated by it: files over [`MAX_BYTES`], orders over
//! [`MAX_SYMBOLS`], and boards over [`MAX_POSITIONS`] positions are refused. Numbers are read as
//! KSudoku reads them (`order`, the sizes and history numbers in C's way: `0x1F` hex, `017`
//! octal), and lists split at any whitespace.

use roxmltree::{Document, Node, ParsingOptions};
use thiserror::Error;

use crate::sudoku::board::cage::{Cage, MathCage, Operation, sum_range};
use crate::sudoku::board::geometry::Unit;
use crate::sudoku::board::shape::{Layout, MAX_POSITIONS, MAX_SYMBOLS, Shape, ShapeBuilder};

/// The largest KSudoku file read: 4 MiB, a hundred times KSudoku's largest shape.
pub const MAX_BYTES: usize = 4 << 20;

/// The order of a Mathdoku shape file whose `order` is the word `Mathdoku`, unless the caller
/// says otherwise (KSudoku's setting, whose default is 6).
pub const MATHDOKU_ORDER: usize = 6;

/// The orders a Mathdoku shape file may be played at (KSudoku's setting's range).
pub const MATHDOKU_ORDERS: std::ops::RangeInclusive<usize> = 3..=9;

/// KSudoku's `specific-type` names, as it writes them.
pub const SPECIFIC_TYPES: [&str; 9] = [
    "Plain",
    "XSudoku",
    "Jigsaw",
    "Aztec",
    "Samurai",
    "TinySamurai",
    "Roxdoku",
    "Mathdoku",
    "KillerSudoku",
];

/// Why a KSudoku file could not be read: the line (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct ReadError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong, for a person to act on.
    pub message: String,
}

/// A KSudoku saved game (or a shape file, as its empty board): values per position of
/// [`shape`](Self::shape), 0 for none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KsudokuGame {
    /// The board.
    pub shape: Shape,
    /// The givens, from 1.
    pub givens: Vec<u8>,
    /// The player's entries, from 1.
    pub entries: Vec<u8>,
    /// The player's pencil marks: bit `v - 1` for value `v`.
    pub notes: Vec<u64>,
    /// The solution, as the file wrote it.
    pub solution: Option<Vec<u8>>,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// Whether the player had help (a hint, a solve).
    pub had_help: bool,
}

impl KsudokuGame {
    /// A new game of `shape`: no givens, no entries.
    pub fn empty(shape: Shape) -> KsudokuGame {
        let n = shape.positions();
        KsudokuGame {
            shape,
            givens: vec![0; n],
            entries: vec![0; n],
            notes: vec![0; n],
            solution: None,
            elapsed_ms: 0,
            had_help: false,
        }
    }
}

/// KSudoku's index of a position of `layout` (see the module docs).
pub fn ksudoku_index(layout: Layout, position: usize) -> usize {
    let (x, y, z) = layout.coordinates(position);
    (x * layout.height + y) * layout.depth + z
}

/// The position of KSudoku's index `index` on `layout`.
pub fn position_of(layout: Layout, index: usize) -> usize {
    let z = index % layout.depth;
    let y = (index / layout.depth) % layout.height;
    let x = index / layout.depth / layout.height;
    layout.position(x, y, z)
}

/// The character KSudoku writes for a value: `_` for 0, `'a' + v` otherwise.
pub fn value_char(value: u8) -> char {
    if value == 0 {
        '_'
    } else {
        char::from_u32(u32::from('a') + u32::from(value)).unwrap_or('?')
    }
}

/// The values of a board in one line as KSudoku writes `<solution>` (and `<values>`): one
/// character per KSudoku index, `.` for a hole, `_` for an empty cell, `'a' + v` for value `v`.
pub fn solution_line(shape: &Shape, values: &[u8]) -> String {
    let layout = shape.layout();
    (0..shape.positions())
        .map(|k| {
            let p = position_of(layout, k);
            if shape.is_cell(p) {
                value_char(values.get(p).copied().unwrap_or(0))
            } else {
                '.'
            }
        })
        .collect()
}

/// True if the text is a KSudoku file: its first element is `<ksudoku>` (a saved game) or
/// `<ksudoku-graph>` (a shape file), after any XML declaration, comments and document type.
pub fn is_ksudoku(text: &str) -> bool {
    let mut t = text.strip_prefix('\u{feff}').unwrap_or(text).trim_start();
    loop {
        let skip = if t.starts_with("<?") {
            t.find("?>").map(|k| k + 2)
        } else if t.starts_with("<!--") {
            t.find("-->").map(|k| k + 3)
        } else if t.starts_with("<!") {
            t.find('>').map(|k| k + 1)
        } else {
            break;
        };
        match skip {
            Some(k) => t = t[k..].trim_start(),
            None => return false,
        }
    }
    ["<ksudoku-graph", "<ksudoku"].iter().any(|root| {
        t.strip_prefix(root)
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| c == '>' || c == '/' || c.is_whitespace())
    })
}

/// Reads a shape file: the first `<graph>` under the root. `mathdoku_order` is the order of a
/// graph whose `order` is `Mathdoku` (3 to 9; `None`: [`MATHDOKU_ORDER`]).
pub fn read_shape(text: &str, mathdoku_order: Option<usize>) -> Result<Shape, ReadError> {
    let doc = parse(text)?;
    let root = doc.root_element();
    let graph = child(root, "graph").ok_or_else(|| {
        at(
            root,
            "no <graph> under the root: this is no KSudoku shape file",
        )
    })?;
    read_graph(graph, mathdoku_order)
}

/// Reads a saved game (see the module docs).
pub fn read_game(text: &str, mathdoku_order: Option<usize>) -> Result<KsudokuGame, ReadError> {
    let doc = parse(text)?;
    let root = doc.root_element();
    let game = only(root, "game")?.ok_or_else(|| {
        at(
            root,
            "no <game> under the root: this is no KSudoku saved game",
        )
    })?;
    read_game_element(game, mathdoku_order)
}

/// Reads either: a saved game, or a shape file as the empty game of its board.
pub fn read(text: &str, mathdoku_order: Option<usize>) -> Result<KsudokuGame, ReadError> {
    let doc = parse(text)?;
    let root = doc.root_element();
    if let Some(game) = only(root, "game")? {
        return read_game_element(game, mathdoku_order);
    }
    let graph = child(root, "graph").ok_or_else(|| {
        at(
            root,
            "neither a KSudoku saved game (no <game>) nor a shape file (no <graph>)",
        )
    })?;
    Ok(KsudokuGame::empty(read_graph(graph, mathdoku_order)?))
}

/// KSudoku's plain square of `order` (`type="sudoku"`), if the order makes one.
pub fn sudoku_shape(order: usize) -> Option<Shape> {
    let text = format!("<g><graph order=\"{order}\" type=\"sudoku\"/></g>");
    read_shape(&text, None).ok()
}

/// The error at `node`'s line.
fn at(node: Node, message: impl Into<String>) -> ReadError {
    ReadError {
        line: node.document().text_pos_at(node.range().start).row as usize,
        message: message.into(),
    }
}

/// The document, bounded in size.
fn parse(text: &str) -> Result<Document<'_>, ReadError> {
    if text.len() > MAX_BYTES {
        return Err(ReadError {
            line: 1,
            message: format!(
                "the file is {} KiB; KSudoku files of at most {} MiB are read",
                text.len() >> 10,
                MAX_BYTES >> 20
            ),
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: 1 << 20,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, options).map_err(|e| ReadError {
        line: e.pos().row as usize,
        message: format!("not well-formed XML: {e}"),
    })
}

/// The first child element named `name`.
fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|c| c.is_element() && c.tag_name().name() == name)
}

/// The one child element named `name`, if any; a second is an error, as in KSudoku.
fn only<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Result<Option<Node<'a, 'i>>, ReadError> {
    let mut found = node
        .children()
        .filter(|c| c.is_element() && c.tag_name().name() == name);
    let first = found.next();
    if let Some(second) = found.next() {
        return Err(at(
            second,
            format!(
                "a second <{name}> in <{}>: KSudoku reads only one",
                node.tag_name().name()
            ),
        ));
    }
    Ok(first)
}

/// All the text inside an element.
fn text_of(node: Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect()
}

/// An integer as C's `strtol` with base 0 reads it (Qt's `toInt(…, 0)`): `0x` hex, a leading
/// `0` octal, else decimal, with an optional sign.
fn c_int(text: &str) -> Option<i64> {
    let t = text.trim();
    let (negative, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let value = if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i64::from_str_radix(hex, 16).ok()?
    } else if t.len() > 1 && t.starts_with('0') {
        i64::from_str_radix(&t[1..], 8).ok()?
    } else {
        t.parse::<i64>().ok()?
    };
    if t.is_empty() || t.starts_with(['+', '-']) {
        return None;
    }
    Some(if negative { -value } else { value })
}

/// A number attribute in `range`, read as C reads it (`c_style`, see [`c_int`]) or as a decimal;
/// `default` when absent.
fn number(
    node: Node,
    name: &str,
    default: Option<i64>,
    c_style: bool,
    range: std::ops::RangeInclusive<i64>,
) -> Result<i64, ReadError> {
    let tag = node.tag_name().name();
    let Some(text) = node.attribute(name) else {
        return default.ok_or_else(|| at(node, format!("<{tag}> has no {name}=\"…\"")));
    };
    let value = if c_style {
        c_int(text)
    } else {
        text.trim().parse::<i64>().ok()
    };
    match value {
        Some(v) if range.contains(&v) => Ok(v),
        Some(v) => Err(at(
            node,
            format!(
                "<{tag} {name}=\"{text}\">: {v} is out of range ({} to {})",
                range.start(),
                range.end()
            ),
        )),
        None => Err(at(
            node,
            format!("<{tag} {name}=\"{text}\">: '{text}' is not a whole number"),
        )),
    }
}

/// The `base` KSudoku gives an order: `n` for `n²` (n from 2 to 5), else 3.
fn base_of(order: usize) -> usize {
    (2..=5).find(|n| n * n == order).unwrap_or(3)
}

/// A graph being read: its layout, order, builder and the counts that name its units.
struct Graph {
    layout: Layout,
    order: usize,
    specific: &'static str,
    builder: ShapeBuilder,
    rows: usize,
    columns: usize,
    boxes: usize,
    planes: usize,
    groups: usize,
    /// Which positions a cage already holds, and the cage's line.
    caged: Vec<Option<usize>>,
}

impl Graph {
    fn size(&self) -> usize {
        self.layout.positions()
    }

    /// KSudoku's index, checked to be on the board, as a position.
    fn cell(&self, node: Node, index: usize, what: &str) -> Result<usize, ReadError> {
        if index >= self.size() {
            return Err(at(
                node,
                format!(
                    "{what} reaches cell index {index}, past the board's {} cells ({}×{}×{})",
                    self.size(),
                    self.layout.width,
                    self.layout.height,
                    self.layout.depth
                ),
            ));
        }
        Ok(position_of(self.layout, index))
    }

    /// KSudoku's `initSudokuGroups(at, blocks)`: rows, columns and blocks, interleaved.
    fn sudoku_groups(
        &mut self,
        node: Node,
        at_index: usize,
        blocks: bool,
    ) -> Result<(), ReadError> {
        let (n, b, stride) = (self.order, base_of(self.order), self.layout.height);
        let what = format!("<sudokugroups at=\"{at_index}\">");
        let list = |f: &dyn Fn(usize) -> usize| -> Result<Vec<usize>, ReadError> {
            (0..n).map(|j| self.cell(node, f(j), &what)).collect()
        };
        let mut units = Vec::new();
        for i in 0..n {
            units.push((
                Unit::Row(self.rows + i),
                list(&|j| at_index + j * stride + i)?,
            ));
            units.push((
                Unit::Column(self.columns + i),
                list(&|j| at_index + i * stride + j)?,
            ));
            if blocks {
                let cells =
                    list(&|j| at_index + ((i / b) * b + j % b) * stride + (i % b) * b + j / b)?;
                units.push((Unit::Box(self.boxes + i), cells));
            }
        }
        self.rows += n;
        self.columns += n;
        if blocks {
            self.boxes += n;
        }
        for (name, cells) in units {
            self.unit(node, name, cells)?;
        }
        Ok(())
    }

    /// KSudoku's `initRoxdokuGroups(at)`: the planes of a cube, three directions in turn.
    fn roxdoku_groups(&mut self, node: Node, at_index: usize) -> Result<(), ReadError> {
        let l = self.layout;
        let b = base_of(self.order);
        let what = format!("<roxdokugroups at=\"{at_index}\">");
        let corner = self.cell(node, at_index, &what)?;
        let (x0, y0, z0) = l.coordinates(corner);
        if x0 + b > l.width || y0 + b > l.height || z0 + b > l.depth {
            return Err(at(
                node,
                format!(
                    "{what}: a cube of side {b} from x={x0}, y={y0}, z={z0} does not fit a board \
                     of {}×{}×{}",
                    l.width, l.height, l.depth
                ),
            ));
        }
        for i in 0..b {
            let square = |f: &dyn Fn(usize, usize) -> (usize, usize, usize)| -> Vec<usize> {
                (0..b)
                    .flat_map(|j| (0..b).map(move |k| (j, k)))
                    .map(|(j, k)| {
                        let (x, y, z) = f(j, k);
                        l.position(x0 + x, y0 + y, z0 + z)
                    })
                    .collect()
            };
            let faces = [
                square(&|j, k| (i, j, k)),
                square(&|j, k| (k, i, j)),
                square(&|j, k| (j, k, i)),
            ];
            for face in faces {
                let name = Unit::Plane(self.planes);
                self.planes += 1;
                self.unit(node, name, face)?;
            }
        }
        Ok(())
    }

    /// A unit, checked: no cell twice, no more cells than the order.
    fn unit(&mut self, node: Node, name: Unit, cells: Vec<usize>) -> Result<(), ReadError> {
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(at(
                node,
                format!(
                    "{name} names cell index {} twice",
                    ksudoku_index(self.layout, w[0])
                ),
            ));
        }
        if cells.len() > self.order {
            return Err(at(
                node,
                format!(
                    "{name} has {} cells; a board of order {} holds at most {} in a group",
                    cells.len(),
                    self.order,
                    self.order
                ),
            ));
        }
        self.builder.unit(name, cells);
        Ok(())
    }

    /// The cell indices listed in a `<clique>` or `<cage>`: at most `size` of them.
    fn list(&self, node: Node, size: usize) -> Result<Vec<usize>, ReadError> {
        let tag = node.tag_name().name();
        text_of(node)
            .split_ascii_whitespace()
            .take(size)
            .map(|token| {
                let index = token.parse::<usize>().map_err(|_| {
                    at(
                        node,
                        format!("<{tag}>: '{token}' is not a cell index (a whole number from 0)"),
                    )
                })?;
                self.cell(node, index, &format!("<{tag}>"))
            })
            .collect()
    }

    /// A `<clique size>`: one group.
    fn clique(&mut self, node: Node) -> Result<(), ReadError> {
        let size = number(node, "size", None, false, 1..=MAX_POSITIONS as i64)? as usize;
        let cells = self.list(node, size)?;
        if cells.is_empty() {
            return Err(at(node, "<clique> lists no cells"));
        }
        let name = Unit::Group(self.groups);
        self.groups += 1;
        self.unit(node, name, cells)
    }

    /// A `<cage operator value size>`: a killer cage in a KillerSudoku graph, a Mathdoku cage in
    /// a Mathdoku graph.
    fn cage(&mut self, node: Node) -> Result<(), ReadError> {
        let size = number(node, "size", None, false, 1..=MAX_POSITIONS as i64)? as usize;
        let op = number(node, "operator", Some(0), false, 0..=4)?;
        let value = number(node, "value", Some(0), false, 0..=i64::from(u32::MAX))? as u32;
        let cells = self.list(node, size)?;
        let Some(&first) = cells.first() else {
            return Err(at(node, "<cage> lists no cells"));
        };
        let index = |p: usize| ksudoku_index(self.layout, p);
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(at(
                node,
                format!("<cage> names cell index {} twice", index(w[0])),
            ));
        }
        let line = at(node, "").line;
        for &c in &cells {
            if let Some(other) = self.caged[c] {
                return Err(at(
                    node,
                    format!(
                        "cell index {} is in this cage and in the cage on line {other}",
                        index(c)
                    ),
                ));
            }
            self.caged[c] = Some(line);
        }
        let n = cells.len();
        let from = index(first);
        match self.specific {
            "KillerSudoku" => {
                if op != 0 && op != 4 {
                    return Err(at(
                        node,
                        format!(
                            "<cage operator=\"{op}\">: a KillerSudoku cage adds up its cells \
                             (operator 4, or 0 for one cell); operators 1 to 3 are Mathdoku's"
                        ),
                    ));
                }
                let makes = sum_range(self.order, n)
                    .is_some_and(|(lo, hi)| (lo..=hi).contains(&u64::from(value)));
                if !makes {
                    return Err(at(
                        node,
                        format!(
                            "the cage at cell index {from} cannot add up to {value}: {n} different \
                             digits from 1 to {} cannot",
                            self.order
                        ),
                    ));
                }
                self.builder.cage(Cage { cells, sum: value });
            }
            "Mathdoku" => {
                let (op, wants) = match op {
                    0 => (Operation::Given, Some(1)),
                    1 => (Operation::Divide, Some(2)),
                    2 => (Operation::Subtract, Some(2)),
                    3 => (Operation::Multiply, None),
                    _ => (Operation::Add, None),
                };
                if let Some(wants) = wants.filter(|&w| w != n) {
                    let what = match op {
                        Operation::Given => "a given (operator 0)",
                        Operation::Divide => "division (operator 1)",
                        _ => "subtraction (operator 2)",
                    };
                    return Err(at(
                        node,
                        format!(
                            "the cage at cell index {from}: {what} takes {wants} cells, not {n}"
                        ),
                    ));
                }
                self.builder.math_cage(MathCage {
                    cells,
                    op,
                    target: u64::from(value),
                });
            }
            other => {
                return Err(at(
                    node,
                    format!(
                        "a <cage> in a graph of specific-type {other}: KSudoku plays cages in \
                         Mathdoku and KillerSudoku graphs only"
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Reads a `<graph>` into a shape (see the module docs).
fn read_graph(node: Node, mathdoku_order: Option<usize>) -> Result<Shape, ReadError> {
    let max = MAX_SYMBOLS as i64;
    let word = node.attribute("order").map(str::trim) == Some("Mathdoku");
    let order = if word {
        let order = mathdoku_order.unwrap_or(MATHDOKU_ORDER);
        if !MATHDOKU_ORDERS.contains(&order) {
            return Err(at(
                node,
                format!(
                    "order=\"Mathdoku\" at order {order}: KSudoku plays Mathdoku at orders {} to {}",
                    MATHDOKU_ORDERS.start(),
                    MATHDOKU_ORDERS.end()
                ),
            ));
        }
        order
    } else {
        number(node, "order", None, true, 1..=max)? as usize
    };
    let kind = node.attribute("type").ok_or_else(|| {
        at(
            node,
            "<graph> has no type=\"…\" (sudoku, roxdoku or custom)",
        )
    })?;
    let specific = node.attribute("specific-type").map_or("Plain", |name| {
        SPECIFIC_TYPES
            .iter()
            .find(|t| t.eq_ignore_ascii_case(name.trim()))
            .copied()
            .unwrap_or("Plain")
    });
    let (layout, name, specific) = match kind {
        "sudoku" => (Layout::flat(order, order), "PlainSudoku", "Plain"),
        "roxdoku" => (Layout::cube(base_of(order)), "Roxdoku", "Roxdoku"),
        "custom" => {
            let side = 1..=MAX_POSITIONS as i64;
            let (x, y) = if word {
                (order, order)
            } else {
                (
                    number(node, "sizeX", None, true, side.clone())? as usize,
                    number(node, "sizeY", None, true, side.clone())? as usize,
                )
            };
            let z = number(node, "sizeZ", None, true, side)? as usize;
            let fits = x
                .checked_mul(y)
                .and_then(|p| p.checked_mul(z))
                .is_some_and(|p| p <= MAX_POSITIONS);
            if !fits {
                return Err(at(
                    node,
                    format!("a board of {x}×{y}×{z} cells: at most {MAX_POSITIONS} are read"),
                ));
            }
            let layout = Layout {
                width: x,
                height: y,
                depth: z,
            };
            (layout, node.attribute("name").unwrap_or(""), specific)
        }
        other => {
            return Err(at(
                node,
                format!("<graph type=\"{other}\">: KSudoku knows sudoku, roxdoku and custom"),
            ));
        }
    };
    let mut g = Graph {
        layout,
        order,
        specific,
        builder: Shape::builder(name, layout, order),
        rows: 0,
        columns: 0,
        boxes: 0,
        planes: 0,
        groups: 0,
        caged: vec![None; layout.positions()],
    };
    match kind {
        "sudoku" => g.sudoku_groups(node, 0, true)?,
        "roxdoku" => g.roxdoku_groups(node, 0)?,
        _ => {
            for c in node.children().filter(Node::is_element) {
                let at_index = || number(c, "at", Some(0), false, 0..=MAX_POSITIONS as i64);
                match c.tag_name().name() {
                    "sudokugroups" => {
                        let blocks = c.attribute("withblocks").is_none_or(|b| b == "1");
                        g.sudoku_groups(c, at_index()? as usize, blocks)?;
                    }
                    "roxdokugroups" => g.roxdoku_groups(c, at_index()? as usize)?,
                    "clique" => g.clique(c)?,
                    "cage" => g.cage(c)?,
                    _ => {}
                }
            }
        }
    }
    g.builder
        .build()
        .map_err(|e| at(node, format!("the graph makes no board: {e}")))
}

/// What a character of `<values>` or `<solution>` stands for.
enum Symbol {
    Hole,
    Value(u8),
}

/// Reads `<values>` or `<solution>`: a character per KSudoku index, checked against the board.
fn read_values(node: Node, shape: &Shape) -> Result<Vec<u8>, ReadError> {
    let tag = node.tag_name().name();
    let text = text_of(node);
    let text = text.trim();
    let size = shape.positions();
    let count = text.chars().count();
    if count != size {
        return Err(at(
            node,
            format!("<{tag}> holds {count} characters; the board has {size} cells"),
        ));
    }
    let layout = shape.layout();
    let mut out = vec![0u8; size];
    for (k, c) in text.chars().enumerate() {
        let symbol = match c {
            '.' => Symbol::Hole,
            '_' => Symbol::Value(0),
            c => {
                let v = u32::from(c).wrapping_sub(u32::from('a'));
                if v as usize > shape.symbols() {
                    return Err(at(
                        node,
                        format!(
                            "<{tag}>, character {}: '{c}' is no value of a board of order {} \
                             ('b' is 1, '_' empty, '.' a hole)",
                            k + 1,
                            shape.symbols()
                        ),
                    ));
                }
                Symbol::Value(v as u8)
            }
        };
        let p = position_of(layout, k);
        match (symbol, shape.is_cell(p)) {
            (Symbol::Hole, true) => {
                return Err(at(
                    node,
                    format!(
                        "<{tag}>, character {}: '.' marks a hole, but cell index {k} is in a group",
                        k + 1
                    ),
                ));
            }
            (Symbol::Value(v), false) if v != 0 => {
                return Err(at(
                    node,
                    format!(
                        "<{tag}>, character {}: a value in cell index {k}, a hole (in no group)",
                        k + 1
                    ),
                ));
            }
            (Symbol::Value(v), _) => out[p] = v,
            (Symbol::Hole, false) => {}
        }
    }
    Ok(out)
}

/// Reads a `<game>`: its puzzle, then its history replayed.
fn read_game_element(game: Node, mathdoku_order: Option<usize>) -> Result<KsudokuGame, ReadError> {
    let had_help = number(game, "had-help", Some(0), false, i64::MIN..=i64::MAX)? != 0;
    let elapsed_ms = number(game, "msecs-elapsed", Some(0), false, 0..=i64::MAX)? as u64;
    let puzzle = only(game, "puzzle")?.ok_or_else(|| at(game, "<game> has no <puzzle>"))?;
    let graph = only(puzzle, "graph")?.ok_or_else(|| at(puzzle, "<puzzle> has no <graph>"))?;
    let shape = read_graph(graph, mathdoku_order)?;
    let values = only(puzzle, "values")?.ok_or_else(|| at(puzzle, "<puzzle> has no <values>"))?;
    let givens = read_values(values, &shape)?;
    let solution = match only(puzzle, "solution")? {
        Some(s) if !text_of(s).trim().is_empty() => Some(read_values(s, &shape)?),
        _ => None,
    };
    let mut out = KsudokuGame {
        givens,
        solution,
        elapsed_ms,
        had_help,
        ..KsudokuGame::empty(shape)
    };
    if let Some(history) = only(game, "history")? {
        for event in history
            .children()
            .filter(|c| c.is_element() && c.tag_name().name() == "simple-event")
        {
            replay(event, &mut out)?;
        }
    }
    Ok(out)
}

/// Applies one `<simple-event>` as KSudoku does.
fn replay(event: Node, game: &mut KsudokuGame) -> Result<(), ReadError> {
    let shape = &game.shape;
    let size = shape.positions() as i64;
    let index = number(event, "index", None, true, 0..=size - 1)? as usize;
    let p = position_of(shape.layout(), index);
    if !shape.is_cell(p) {
        return Err(at(
            event,
            format!("<simple-event index=\"{index}\">: cell index {index} is a hole"),
        ));
    }
    let order = shape.symbols();
    match (event.attribute("value"), event.attribute("markers")) {
        (Some(_), None) => {
            let v = number(event, "value", None, true, 0..=order as i64)? as u8;
            game.notes[p] = 0;
            if event.attribute("given") == Some("true") {
                game.givens[p] = v;
                game.entries[p] = 0;
            } else {
                game.givens[p] = 0;
                game.entries[p] = v;
            }
        }
        (None, Some(marks)) => {
            if marks.chars().count() > order {
                return Err(at(
                    event,
                    format!(
                        "<simple-event markers=\"{marks}\">: {} marks on a board of order {order}",
                        marks.chars().count()
                    ),
                ));
            }
            game.givens[p] = 0;
            game.entries[p] = 0;
            game.notes[p] = marks
                .chars()
                .enumerate()
                .filter(|&(_, c)| c != '0')
                .fold(0u64, |bits, (k, _)| bits | 1 << k);
        }
        _ => {
            return Err(at(
                event,
                "<simple-event> needs exactly one of value=\"…\" and markers=\"…\"",
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
