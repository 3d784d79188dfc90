//! A game as a file: the puzzle, the player's entries and notes, the undo history and the time
//! played, as TOML that [`autosave`](crate::autosave) writes every few seconds and on quit.
//!
//! Boards are written as one line of symbols, where each cell came from as one letter a cell
//! (`.` empty, `g` given, `e` entry, `s` solver), notes as hexadecimal bit sets, colours as one
//! digit a cell (`.` none) and candidates' colours as hexadecimal [`MarkColours`] (both left out
//! when nothing is coloured), and a changed cell of the history as
//! `cell:value:origin:notes>value:origin:notes`, with `:colour:marks` after the notes of a
//! state that has colours. Reading checks everything
//! against the board's size, so a damaged file is refused with a message saying what is wrong,
//! never half-restored.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::sudoku::board::cage::{Cage, MathCage, Operation};
use crate::sudoku::board::shape::{Layout, Shape};
use crate::sudoku::{Alphabet, Geometry, Grid, Notation, Rules, Unit, Variant};

use super::colours::{COLOURS, MarkColours};
use super::history::{CellState, Change, Clock, Edit, History, Snapshot, Step};
use super::place::CollectionPlace;
use super::{Game, Origin};

/// The version written; files of another version are refused.
pub const VERSION: u32 = 1;

/// The saved form of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The format's version.
    pub version: u32,
    /// Typed symbols were writing notes.
    pub notes_mode: bool,
    /// The game on the board.
    pub current: SavedSnapshot,
    /// Steps undo can take back, oldest first.
    #[serde(default)]
    pub undo: Vec<SavedStep>,
    /// Steps redo can do again, the next to redo last.
    #[serde(default)]
    pub redo: Vec<SavedStep>,
    /// The collection the puzzle on the board was picked from, and its place there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<CollectionPlace>,
}

/// A whole game: the board on show, or the one a load replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSnapshot {
    /// The box shape, `"3x3"`.
    #[serde(rename = "box")]
    pub shape: String,
    /// The symbols, value 1 first.
    pub symbols: String,
    /// Every value, one symbol a cell, `.` empty.
    pub board: String,
    /// Where each value came from, one letter a cell: `.`, `g`, `e`, `s`.
    pub origins: String,
    /// The notes of every cell, hexadecimal bit sets separated by spaces.
    pub notes: String,
    /// Each cell's colour, one digit a cell (`.` none); empty when nothing is coloured.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub colours: String,
    /// The colours of each cell's candidates, hexadecimal sets of three bits a symbol separated
    /// by spaces; empty when no candidate is coloured.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub marks: String,
    /// A puzzle was loaded (not the empty board).
    pub loaded: bool,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// The variant's rules, for a variant's board (none for a classic one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<SavedVariant>,
    /// The board's shape, for a board that is not a square one (a Samurai, a cube, a
    /// Mathdoku); its `board`, `origins` and `notes` then run over every position of the
    /// shape's layout, holes included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_shape: Option<SavedShape>,
}

/// A board's shape as saved: its name, layout and symbols, and its units and cages given
/// outright, so that a shape read from a file plays again without the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedShape {
    /// Its name: `Samurai`, `Mathdoku`.
    pub name: String,
    /// Columns, rows and layers of its layout.
    pub layout: [usize; 3],
    /// Each unit as `kind number: cell cell ...` (`r` row, `c` column, `b` box, `x` region,
    /// `d` diagonal, `w` window, `l` plane, `g` group; cells are positions from 0).
    pub units: Vec<String>,
    /// Killer cages, `sum: cell cell ...`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<String>,
    /// Mathdoku cages, `target op: cell cell ...` (`op` one of `+ - * / =`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub math: Vec<String>,
}

impl SavedShape {
    fn of(s: &Shape) -> Self {
        let list = |cells: &[usize]| -> String {
            cells
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let l = s.layout();
        SavedShape {
            name: s.name().to_string(),
            layout: [l.width, l.height, l.depth],
            units: s
                .units()
                .map(|(u, cells)| {
                    let (letter, k) = match u {
                        Unit::Row(k) => ('r', k),
                        Unit::Column(k) => ('c', k),
                        Unit::Box(k) => ('b', k),
                        Unit::Region(k) => ('x', k),
                        Unit::Diagonal(k) => ('d', k),
                        Unit::Window(k) => ('w', k),
                        Unit::Plane(k) => ('l', k),
                        Unit::Group(k) | Unit::Cage(k) => ('g', k),
                    };
                    format!("{letter}{k}: {}", list(cells))
                })
                .collect(),
            cages: s
                .cages()
                .iter()
                .map(|c| format!("{}: {}", c.sum, list(&c.cells)))
                .collect(),
            math: s
                .math_cages()
                .iter()
                .map(|c| format!("{} {}: {}", c.target, c.op.ascii(), list(&c.cells)))
                .collect(),
        }
    }

    /// The shape, checked as any shape is; `symbols` symbols.
    fn to_shape(&self, symbols: usize) -> Result<Shape, String> {
        let [w, h, d] = self.layout;
        let mut b = Shape::builder(
            &self.name,
            Layout {
                width: w,
                height: h,
                depth: d,
            },
            symbols,
        );
        let split = |text: &str, what: &str| -> Result<(String, Vec<usize>), String> {
            let (head, cells) = text
                .split_once(':')
                .ok_or_else(|| format!("shape: {what} \"{text}\" has no ':'"))?;
            let cells = cells
                .split_whitespace()
                .map(|c| c.parse::<usize>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| format!("shape: {what} \"{text}\": cells are numbers"))?;
            Ok((head.trim().to_string(), cells))
        };
        for text in &self.units {
            let (head, cells) = split(text, "unit")?;
            let mut chars = head.chars();
            let letter = chars.next().unwrap_or(' ');
            let k: usize = chars
                .as_str()
                .parse()
                .map_err(|_| format!("shape: unit \"{text}\": not a kind and number"))?;
            let unit = match letter {
                'r' => Unit::Row(k),
                'c' => Unit::Column(k),
                'b' => Unit::Box(k),
                'x' => Unit::Region(k),
                'd' => Unit::Diagonal(k),
                'w' => Unit::Window(k),
                'l' => Unit::Plane(k),
                'g' => Unit::Group(k),
                _ => return Err(format!("shape: unit \"{text}\": no kind '{letter}'")),
            };
            b.unit(unit, cells);
        }
        for text in &self.cages {
            let (head, cells) = split(text, "cage")?;
            let sum = head
                .parse()
                .map_err(|_| format!("shape: cage \"{text}\": the sum is a number"))?;
            b.cage(Cage { cells, sum });
        }
        for text in &self.math {
            let (head, cells) = split(text, "cage")?;
            let (target, op) = head
                .split_once(' ')
                .ok_or_else(|| format!("shape: cage \"{text}\": not \"target op\""))?;
            let target = target
                .parse()
                .map_err(|_| format!("shape: cage \"{text}\": the target is a number"))?;
            let op = Operation::parse(op)
                .ok_or_else(|| format!("shape: cage \"{text}\": no operation '{op}'"))?;
            b.math_cage(MathCage { cells, op, target });
        }
        b.build().map_err(|e| format!("shape: {e}"))
    }
}

/// A variant's rules as saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedVariant {
    /// X: the main diagonals are units.
    #[serde(default)]
    pub diagonals: bool,
    /// Hyper: the windows are units.
    #[serde(default)]
    pub windows: bool,
    /// Jigsaw: each cell's region, numbers from 0 separated by spaces; empty for boxes.
    #[serde(default)]
    pub regions: String,
    /// Killer: each cage as `sum: cell cell ...`, cells numbered from 0.
    #[serde(default)]
    pub cages: Vec<String>,
}

impl SavedVariant {
    fn of(v: &Variant) -> Self {
        let r = v.rules();
        SavedVariant {
            diagonals: r.diagonals,
            windows: r.windows,
            regions: r.regions.as_ref().map_or(String::new(), |labels| {
                labels
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            }),
            cages: r
                .cages
                .iter()
                .map(|c| {
                    let cells: Vec<String> = c.cells.iter().map(usize::to_string).collect();
                    format!("{}: {}", c.sum, cells.join(" "))
                })
                .collect(),
        }
    }

    fn to_variant(&self, geometry: Geometry) -> Result<Variant, String> {
        let number = |w: &str, what: &str| {
            w.parse::<usize>()
                .map_err(|_| format!("variant {what}: {w:?} is not a number"))
        };
        let regions = if self.regions.trim().is_empty() {
            None
        } else {
            Some(
                self.regions
                    .split_whitespace()
                    .map(|w| number(w, "regions"))
                    .collect::<Result<Vec<_>, _>>()?,
            )
        };
        let mut cages = Vec::new();
        for text in &self.cages {
            let (sum, cells) = text
                .split_once(':')
                .ok_or_else(|| format!("variant cages: {text:?} is not \"sum: cells\""))?;
            cages.push(Cage {
                sum: u32::try_from(number(sum.trim(), "cages")?).unwrap_or(u32::MAX),
                cells: cells
                    .split_whitespace()
                    .map(|w| number(w, "cages"))
                    .collect::<Result<_, _>>()?,
            });
        }
        let rules = Rules {
            diagonals: self.diagonals,
            windows: self.windows,
            regions,
            cages,
        };
        Variant::new(geometry, rules).map_err(|e| format!("variant: {e}"))
    }
}

/// One step of the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedStep {
    /// What the step is called.
    pub label: String,
    /// The changed cells, for a step of cells.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
    /// The whole game on the other side, for a load.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub whole: Option<SavedSnapshot>,
}

fn origin_code(o: Origin) -> char {
    match o {
        Origin::Empty => '.',
        Origin::Given => 'g',
        Origin::Entry => 'e',
        Origin::Solver => 's',
    }
}

fn origin_of(c: char) -> Option<Origin> {
    Some(match c {
        '.' => Origin::Empty,
        'g' => Origin::Given,
        'e' => Origin::Entry,
        's' => Origin::Solver,
        _ => return None,
    })
}

impl SavedSnapshot {
    fn from_snapshot(s: &Snapshot) -> Self {
        let g = s.board.geometry();
        SavedSnapshot {
            shape: format!("{}x{}", g.box_rows(), g.box_cols()),
            symbols: s.board.alphabet().to_string(),
            board: s.board.to_line(),
            origins: s.origin.iter().map(|&o| origin_code(o)).collect(),
            notes: s
                .notes
                .iter()
                .map(|n| format!("{n:x}"))
                .collect::<Vec<_>>()
                .join(" "),
            colours: if s.colours.iter().all(|&c| c == 0) {
                String::new()
            } else {
                s.colours
                    .iter()
                    .map(|&c| {
                        char::from_digit(u32::from(c), 10)
                            .filter(|_| c != 0)
                            .unwrap_or('.')
                    })
                    .collect()
            },
            marks: if s.marks.iter().all(|m| m.is_empty()) {
                String::new()
            } else {
                s.marks
                    .iter()
                    .map(|m| format!("{:x}", m.bits()))
                    .collect::<Vec<_>>()
                    .join(" ")
            },
            loaded: s.loaded,
            elapsed_ms: u64::try_from(s.elapsed.as_millis()).unwrap_or(u64::MAX),
            variant: s.board.variant().map(SavedVariant::of),
            board_shape: s.board.shape().map(SavedShape::of),
        }
    }

    /// The board of a snapshot on a shape: its values one symbol a position, `.` for empty
    /// cells and holes.
    fn shaped_board(&self, saved: &SavedShape) -> Result<Grid, String> {
        let alphabet = Alphabet::new(self.symbols.chars().collect(), self.symbols.chars().count())
            .map_err(|e| format!("symbols \"{}\": {e}", self.symbols))?;
        let shape = saved.to_shape(alphabet.len())?;
        let mut board = Grid::on_shape(Arc::new(shape), Some(Arc::new(alphabet)))?;
        let positions = board.positions();
        let values: Vec<u8> = self
            .board
            .chars()
            .map(|c| {
                if c == '.' || c == '#' {
                    Some(0)
                } else {
                    board.alphabet().value(c)
                }
            })
            .collect::<Option<_>>()
            .filter(|v: &Vec<u8>| v.len() == positions)
            .ok_or_else(|| {
                format!(
                    "board: not {positions} cells of the symbols \"{}\"",
                    self.symbols
                )
            })?;
        board = board
            .with_values(values)
            .ok_or_else(|| "board: a hole holds a value".to_string())?;
        Ok(board)
    }

    fn to_snapshot(&self) -> Result<Snapshot, String> {
        if let Some(saved) = &self.board_shape {
            let board = self.shaped_board(saved)?;
            return self.finish(board);
        }
        // "1xN": a board without boxes (a jigsaw of a side such as 5 or 7).
        let boxless = self
            .shape
            .strip_prefix("1x")
            .and_then(|n| n.parse().ok())
            .map(Geometry::without_boxes);
        let geometry = boxless
            .unwrap_or_else(|| Geometry::parse(&self.shape))
            .map_err(|e| format!("box \"{}\": {e}", self.shape))?;
        let alphabet = Alphabet::new(self.symbols.chars().collect(), geometry.side())
            .map_err(|e| format!("symbols \"{}\": {e}", self.symbols))?;
        let notation = Notation {
            geometry,
            alphabet: Arc::new(alphabet),
        };
        let cells = geometry.cells();
        let board = Grid::parse_line(&self.board, Some(&notation))
            .ok()
            .filter(|b| b.notation() == &notation)
            .ok_or_else(|| {
                format!(
                    "board: not {cells} cells of the symbols \"{}\"",
                    self.symbols
                )
            })?;
        let variant = match &self.variant {
            Some(v) => Some(Arc::new(v.to_variant(geometry)?)),
            None => None,
        };
        let board = board
            .with_variant(variant)
            .map_err(|_| "variant: not of this board's size".to_string())?;
        self.finish(board)
    }

    /// The snapshot of `board` with the saved origins, notes, time, checked against it.
    fn finish(&self, board: Grid) -> Result<Snapshot, String> {
        let cells = board.positions();
        let side = board.geometry().side();
        let origin: Vec<Origin> = self
            .origins
            .chars()
            .map(origin_of)
            .collect::<Option<_>>()
            .filter(|o: &Vec<Origin>| o.len() == cells)
            .ok_or_else(|| format!("origins: not {cells} of the letters . g e s"))?;
        if origin
            .iter()
            .zip(board.values())
            .any(|(&o, &v)| (o == Origin::Empty) != (v == 0))
        {
            return Err("origins: an empty cell has a value, or a filled one none".into());
        }
        let notes = parse_notes(&self.notes, side)
            .filter(|n| n.len() == cells)
            .ok_or_else(|| format!("notes: not {cells} hexadecimal sets of the board's symbols"))?;
        let colours = if self.colours.is_empty() {
            vec![0; cells]
        } else {
            self.colours
                .chars()
                .map(|c| match c {
                    '.' => Some(0),
                    c => c
                        .to_digit(10)
                        .map(|d| d as u8)
                        .filter(|&d| (1..=COLOURS).contains(&d)),
                })
                .collect::<Option<Vec<u8>>>()
                .filter(|c| c.len() == cells)
                .ok_or_else(|| format!("colours: not {cells} of . and the digits 1 to {COLOURS}"))?
        };
        let marks = if self.marks.is_empty() {
            vec![MarkColours::NONE; cells]
        } else {
            self.marks
                .split_whitespace()
                .map(|m| {
                    u128::from_str_radix(m, 16)
                        .ok()
                        .and_then(|bits| MarkColours::from_bits(bits, side))
                })
                .collect::<Option<Vec<_>>>()
                .filter(|m| m.len() == cells)
                .ok_or_else(|| {
                    format!("marks: not {cells} hexadecimal sets of candidates' colours")
                })?
        };
        Ok(Snapshot {
            board,
            origin,
            notes,
            colours,
            marks,
            loaded: self.loaded,
            elapsed: Duration::from_millis(self.elapsed_ms),
        })
    }
}

fn mask(side: usize) -> u64 {
    if side >= 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    }
}

fn parse_notes(text: &str, side: usize) -> Option<Vec<u64>> {
    text.split_whitespace()
        .map(|n| {
            u64::from_str_radix(n, 16)
                .ok()
                .filter(|&n| n & !mask(side) == 0)
        })
        .collect()
}

fn write_state(s: CellState) -> String {
    let plain = format!("{}:{}:{:x}", s.value, origin_code(s.origin), s.notes);
    if s.colour == 0 && s.marks.is_empty() {
        plain
    } else {
        format!("{plain}:{}:{:x}", s.colour, s.marks.bits())
    }
}

fn read_state(text: &str, side: usize) -> Option<CellState> {
    let mut parts = text.split(':');
    let value: u8 = parts.next()?.parse().ok()?;
    let mut origin = parts.next()?.chars();
    let origin = origin_of(origin.next()?).filter(|_| origin.next().is_none())?;
    let notes = u64::from_str_radix(parts.next()?, 16).ok()?;
    let (colour, marks) = match parts.next() {
        Some(colour) => {
            let colour: u8 = colour.parse().ok().filter(|&c| c <= COLOURS)?;
            let bits = u128::from_str_radix(parts.next()?, 16).ok()?;
            (colour, MarkColours::from_bits(bits, side)?)
        }
        None => (0, MarkColours::NONE),
    };
    let fits = usize::from(value) <= side
        && (value == 0) == (origin == Origin::Empty)
        && notes & !mask(side) == 0;
    (fits && parts.next().is_none()).then_some(CellState {
        value,
        origin,
        notes,
        colour,
        marks,
    })
}

impl SavedStep {
    fn from_step(step: &Step) -> Self {
        match &step.edit {
            Edit::Cells(changes) => SavedStep {
                label: step.label.clone(),
                cells: changes
                    .iter()
                    .map(|c| {
                        format!(
                            "{}:{}>{}",
                            c.cell,
                            write_state(c.before),
                            write_state(c.after)
                        )
                    })
                    .collect(),
                whole: None,
            },
            Edit::Whole(s) => SavedStep {
                label: step.label.clone(),
                cells: Vec::new(),
                whole: Some(SavedSnapshot::from_snapshot(s)),
            },
        }
    }

    /// The step, checked against the board it applies to (of `side` symbols and `positions`
    /// positions).
    fn to_step(&self, (side, positions): (usize, usize)) -> Result<Step, String> {
        let edit = match &self.whole {
            Some(whole) => Edit::Whole(Box::new(whole.to_snapshot()?)),
            None => {
                let change = |text: &str| -> Option<Change> {
                    let (cell, rest) = text.split_once(':')?;
                    let cell: u32 = cell.parse().ok().filter(|&c| (c as usize) < positions)?;
                    let (before, after) = rest.split_once('>')?;
                    Some(Change {
                        cell,
                        before: read_state(before, side)?,
                        after: read_state(after, side)?,
                    })
                };
                let changes = self
                    .cells
                    .iter()
                    .map(|t| {
                        change(t)
                            .ok_or_else(|| format!("step \"{}\": bad cell \"{t}\"", self.label))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Edit::Cells(changes)
            }
        };
        Ok(Step {
            label: self.label.clone(),
            edit,
        })
    }
}

/// Reads a list of steps whose latest is last, walking back from a board of `size` (symbols,
/// positions): a load's step switches to the size of the game it holds for the steps before it.
fn read_steps(steps: &[SavedStep], mut size: (usize, usize)) -> Result<Vec<Step>, String> {
    let mut out = Vec::with_capacity(steps.len());
    for saved in steps.iter().rev() {
        let step = saved.to_step(size)?;
        if let Edit::Whole(s) = &step.edit {
            size = (s.board.geometry().side(), s.board.positions());
        }
        out.push(step);
    }
    out.reverse();
    Ok(out)
}

impl Game {
    /// The game as it would be saved now.
    pub fn to_saved(&self, now: Instant) -> SavedGame {
        let mut snapshot = self.snapshot();
        snapshot.elapsed = self.clock.elapsed(now);
        SavedGame {
            version: VERSION,
            notes_mode: self.notes_mode,
            current: SavedSnapshot::from_snapshot(&snapshot),
            undo: self.history.undo.iter().map(SavedStep::from_step).collect(),
            redo: self.history.redo.iter().map(SavedStep::from_step).collect(),
            place: self.place.clone(),
        }
    }

    /// A game from its saved form; a message saying what is wrong if anything is.
    pub fn from_saved(saved: &SavedGame) -> Result<Game, String> {
        if saved.version != VERSION {
            return Err(format!(
                "version {} (this program reads version {VERSION})",
                saved.version
            ));
        }
        let snapshot = saved.current.to_snapshot()?;
        let size = (snapshot.board.geometry().side(), snapshot.board.positions());
        let undo = read_steps(&saved.undo, size)?;
        let redo = read_steps(&saved.redo, size)?;
        let mut game = Game::new(snapshot.board.notation().clone());
        let elapsed = snapshot.elapsed;
        game.restore(snapshot);
        game.clock = Clock::stopped_at(elapsed);
        game.notes_mode = saved.notes_mode;
        game.place = saved.place.clone();
        game.history = History {
            undo: undo.into(),
            redo,
        };
        game.status = super::Status::info(format!(
            "Welcome back: your game is as you left it ({} played)",
            super::history::format_clock(elapsed)
        ));
        Ok(game)
    }
}
