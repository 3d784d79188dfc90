//! An exact-cover problem written as text, in the input format of Knuth's `dlx1`: the
//! [`Problem`] type, which reads that format, checks it as `dlx1` does, and builds a [`Matrix`].
//!
//! The format, from the "Intro" of `dlx1.w`:
//!
//! * every item has a name of one to eight characters, each a non-blank ASCII character other
//!   than `:` and `|`;
//! * the first line that is not blank or a comment names the primary items, separated by
//!   spaces, then `|` and the secondary items (the `|` may be left out when there are none);
//! * every later line is an option: the names of its items, in any order;
//! * a line whose first non-blank character is `|` is a comment, anywhere.
//!
//! ```text
//! | A simple example
//! A B C D E | F G
//! C E F
//! A D G
//! B C F
//! A D
//! B G
//! D E G
//! ```
//!
//! An exact cover picks options so that every primary item is in exactly one of them and every
//! secondary item in at most one (here `A D`, `C E F` and `B G`).
//!
//! Malformed text gets the error `dlx1` itself gives, with the line: no items, an illegal
//! character or too long a name, `|` twice on the item line, a duplicate item, an unknown item
//! in an option, an item twice in one option. Where `dlx1` only warns and skips an option that
//! has no primary item, this is an error too: such an option could never be chosen, and a file
//! holding one is more likely wrong than meant. Names with a colour (`A:x`) belong to Knuth's
//! `dlx2` and are refused by name.
//!
//! [`Problem::matrix_in`] can number the primary items so that, of equally short items, the
//! search chooses the one whose options remove the most options through secondary items
//! ([`ItemOrder`] says why).

use std::collections::HashMap;

use thiserror::Error;

use super::matrix::{DlxError, Matrix, OptionId};

/// The longest item name `dlx1` takes.
pub const MAX_NAME_LEN: usize = 8;

/// What is wrong with a problem's text, and on which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct ProblemError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: ProblemErrorKind,
}

/// The kinds of [`ProblemError`], worded as `dlx1` words them, with the name at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProblemErrorKind {
    /// Nothing but blank lines and comments.
    #[error("No items (the first line that is not a comment must name the items)")]
    NoItems,
    /// A name holds `:`, `|` or a character that is not printable ASCII.
    #[error("Illegal character in item name {name:?}: {found:?}")]
    IllegalCharacter {
        /// The name as written.
        name: String,
        /// The character.
        found: char,
    },
    /// A name of more than eight characters.
    #[error("Item name too long: {name:?} has {len} characters, at most 8")]
    NameTooLong {
        /// The name as written.
        name: String,
        /// Its length in characters.
        len: usize,
    },
    /// `|` twice on the item line.
    #[error("Item name line contains | twice")]
    BarTwice,
    /// An item named twice on the item line.
    #[error("Duplicate item name {name:?}")]
    DuplicateItem {
        /// The name.
        name: String,
    },
    /// An option names an item the item line does not.
    #[error("Unknown item name {name:?}")]
    UnknownItem {
        /// The name.
        name: String,
    },
    /// An option names an item twice.
    #[error("Duplicate item name {name:?} in this option")]
    DuplicateInOption {
        /// The name.
        name: String,
    },
    /// An option of secondary items only.
    #[error("Option has no primary item ({option}): it could never be chosen")]
    NoPrimaryInOption {
        /// The option as written.
        option: String,
    },
    /// A coloured item (`A:x`), which is `dlx2`'s format.
    #[error("Item {name:?} has a colour: colours are dlx2's format, not dlx1's")]
    Colour {
        /// The name as written.
        name: String,
    },
    /// Too many items or nodes for the engine.
    #[error("{0}")]
    TooLarge(DlxError),
}

/// An exact-cover problem read from `dlx1`'s text format: its items (primary first), its
/// options as item numbers, and where each option was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    names: Vec<String>,
    primary: usize,
    /// The options' items, one option after another: option `k` is
    /// `items[starts[k]..starts[k + 1]]`.
    items: Vec<u32>,
    starts: Vec<usize>,
    lines: Vec<usize>,
}

/// A name of at most eight bytes as one number, its bytes in order (names hold no zero byte, so
/// two names differ exactly when their numbers do); `None` for a longer name. Looking names up by
/// a number is several times cheaper than by a string, on a file of a million items.
fn key(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    let mut word = [0u8; MAX_NAME_LEN];
    word.get_mut(..bytes.len())?.copy_from_slice(bytes);
    Some(u64::from_le_bytes(word))
}

impl Problem {
    /// Reads a problem from `dlx1`'s text format, checking it as `dlx1` does.
    pub fn parse(text: &str) -> Result<Problem, ProblemError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(k, line)| (k + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('|'));
        let Some((item_line, items)) = lines.next() else {
            return Err(ProblemError {
                line: text.lines().count().max(1),
                kind: ProblemErrorKind::NoItems,
            });
        };
        let fail = |line, kind| ProblemError { line, kind };
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<u64, u32> = HashMap::new();
        let mut primary = None;
        for word in items.split_ascii_whitespace() {
            if word == "|" {
                if primary.is_some() {
                    return Err(fail(item_line, ProblemErrorKind::BarTwice));
                }
                primary = Some(names.len());
                continue;
            }
            check_name(word).map_err(|kind| fail(item_line, kind))?;
            let number = u32::try_from(names.len()).map_err(|_| {
                fail(
                    item_line,
                    ProblemErrorKind::TooLarge(DlxError::TooLarge { what: "the items" }),
                )
            })?;
            if index.insert(key(word).unwrap_or(0), number).is_some() {
                return Err(fail(
                    item_line,
                    ProblemErrorKind::DuplicateItem { name: word.into() },
                ));
            }
            names.push(word.to_string());
        }
        // A bar cannot come first (a line starting with `|` is a comment), so there is a
        // primary item.
        let primary = primary.unwrap_or(names.len());
        let (mut items, mut starts) = (Vec::new(), vec![0]);
        let mut where_ = Vec::new();
        let mut seen = vec![usize::MAX; names.len()];
        // Each item's name as its key, and the item after the last one found: options often
        // name items in the order the item line does (a file written by a program), and a
        // look at the next name costs a read of the next entry here, where the table costs a
        // cache miss or two on a file of a million items.
        let keys: Vec<u64> = names.iter().map(|n| key(n).unwrap_or(0)).collect();
        let mut next = 0usize;
        let mut find = |word: &str| {
            let k = key(word)?;
            let item = match keys.get(next) {
                Some(&guess) if guess == k => next as u32,
                _ => index.get(&k).copied()?,
            };
            next = item as usize + 1;
            Some(item)
        };
        for (line, text) in lines {
            let start = items.len();
            for word in text.split_ascii_whitespace() {
                let Some(item) = find(word) else {
                    let base = word.split(':').next().unwrap_or_default();
                    let kind = if word.contains(':') && find(base).is_some() {
                        ProblemErrorKind::Colour { name: word.into() }
                    } else {
                        check_name(word)
                            .err()
                            .unwrap_or(ProblemErrorKind::UnknownItem { name: word.into() })
                    };
                    return Err(fail(line, kind));
                };
                if seen[item as usize] == line {
                    return Err(fail(
                        line,
                        ProblemErrorKind::DuplicateInOption { name: word.into() },
                    ));
                }
                seen[item as usize] = line;
                items.push(item);
            }
            if items[start..].iter().all(|&item| item as usize >= primary) {
                return Err(fail(
                    line,
                    ProblemErrorKind::NoPrimaryInOption {
                        option: text.split_ascii_whitespace().collect::<Vec<_>>().join(" "),
                    },
                ));
            }
            starts.push(items.len());
            where_.push(line);
        }
        Ok(Problem {
            names,
            primary,
            items,
            starts,
            lines: where_,
        })
    }

    /// The items' names, primary first.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// The number of secondary items.
    pub fn secondary_items(&self) -> usize {
        self.names.len() - self.primary
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.lines.len()
    }

    /// Option `option`'s items, as item numbers in the order written (empty past the last).
    pub fn option(&self, option: OptionId) -> &[u32] {
        let k = option.index();
        match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(&start), Some(&end)) => &self.items[start..end],
            _ => &[],
        }
    }

    /// The options in the order written, each as [`option`](Self::option) gives it.
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        self.starts.windows(2).map(|w| &self.items[w[0]..w[1]])
    }

    /// The line each option was written on.
    pub fn option_line(&self, option: OptionId) -> Option<usize> {
        self.lines.get(option.index()).copied()
    }

    /// An option as `dlx1` prints it: its items' names, separated by spaces.
    pub fn option_text(&self, option: OptionId) -> String {
        self.option(option)
            .iter()
            .map(|&i| self.names[i as usize].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The matrix to search: the items in the order named, the options in the order written
    /// (so a plain search branches as `dlx1` does: on the first shortest primary item, trying
    /// its options top to bottom).
    pub fn matrix(&self) -> Result<Matrix, ProblemError> {
        self.matrix_in(ItemOrder::AsNamed)
    }

    /// The matrix to search, its primary items numbered in `order` (see [`ItemOrder`]): item
    /// `i` of the problem is the matrix's item [`number`](Self::number)`(i)`. The options keep
    /// their order, so an option of the matrix is the problem's option of the same number.
    pub fn matrix_in(&self, order: ItemOrder) -> Result<Matrix, ProblemError> {
        let too_large = |e| ProblemError {
            line: 1,
            kind: ProblemErrorKind::TooLarge(e),
        };
        let numbers = self.numbers(order);
        let numbers = numbers.as_deref();
        let mut m = Matrix::new(self.primary, self.secondary_items()).map_err(too_large)?;
        // Options all of one width from 2 to 8 go in as one batch, which lays them out in
        // blocks (`Matrix::add_options`). Should the batch fail, nothing of it was added, and
        // the options are added one by one below, where the error names the option's line.
        let widths = || self.options().map(<[u32]>::len);
        let batched = match (widths().min(), widths().max()) {
            (Some(w), Some(most)) if w == most => match w {
                2 => self.add_batch::<2>(&mut m, numbers),
                3 => self.add_batch::<3>(&mut m, numbers),
                4 => self.add_batch::<4>(&mut m, numbers),
                5 => self.add_batch::<5>(&mut m, numbers),
                6 => self.add_batch::<6>(&mut m, numbers),
                7 => self.add_batch::<7>(&mut m, numbers),
                8 => self.add_batch::<8>(&mut m, numbers),
                _ => false,
            },
            _ => false,
        };
        if batched {
            return Ok(m);
        }
        for (items, &line) in self.options().zip(&self.lines) {
            m.add_option(items.iter().map(|&i| renumber(numbers, i) as usize))
                .map_err(|e| ProblemError {
                    line,
                    kind: ProblemErrorKind::TooLarge(e),
                })?;
        }
        Ok(m)
    }
}

impl Problem {
    /// Adds every option to `m` in one batch, when all are `W` items wide, its items numbered
    /// by `numbers` (see [`renumber`]); false (and nothing added) if the batch fails.
    fn add_batch<const W: usize>(&self, m: &mut Matrix, numbers: Option<&[u32]>) -> bool {
        let batch: Vec<[usize; W]> = self
            .options()
            .map(|items| {
                std::array::from_fn(|k| {
                    items
                        .get(k)
                        .map_or(usize::MAX, |&i| renumber(numbers, i) as usize)
                })
            })
            .collect();
        m.add_options(&batch).is_ok()
    }

    /// The matrix's number of item `item` of the problem in `order`: the item itself, unless it
    /// is primary and `order` puts it elsewhere (`item` itself past the last item). Each call
    /// works the whole order out again.
    pub fn number(&self, item: u32, order: ItemOrder) -> u32 {
        renumber(self.numbers(order).as_deref(), item)
    }

    /// The matrix's number of each primary item in `order`, or `None` where that is the item's
    /// own number throughout.
    fn numbers(&self, order: ItemOrder) -> Option<Vec<u32>> {
        if order == ItemOrder::AsNamed || self.secondary_items() == 0 {
            return None;
        }
        let reach = self.secondary_reach();
        let mut ranked: Vec<u32> = (0..self.primary as u32).collect();
        // Stable: items of equal reach stay in the order named.
        ranked.sort_by_key(|&i| std::cmp::Reverse(reach[i as usize]));
        let mut numbers = vec![0; self.primary];
        for (number, &item) in ranked.iter().enumerate() {
            numbers[item as usize] = number as u32;
        }
        Some(numbers)
    }

    /// Each primary item's secondary reach (see [`ItemOrder`]): over its options, the other
    /// options that share a secondary item with it, each secondary item counted apart.
    fn secondary_reach(&self) -> Vec<u64> {
        let mut len = vec![0u64; self.names.len()];
        for &item in &self.items {
            len[item as usize] += 1;
        }
        let mut reach = vec![0u64; self.primary];
        for items in self.options() {
            let removed: u64 = items
                .iter()
                .filter(|&&j| j as usize >= self.primary)
                .map(|&j| len[j as usize] - 1)
                .sum();
            for &i in items {
                if let Some(r) = reach.get_mut(i as usize) {
                    *r += removed;
                }
            }
        }
        reach
    }
}

/// How [`Problem::matrix_in`] numbers the primary items, which decides the search's choice
/// among equally short ones.
///
/// The search branches on the shortest primary item, and of several equally short, on the one
/// numbered first; `dlx1` does the same with the items in the order named. That order is the
/// file's, and often says nothing about the problem. Yet one thing about an item is known before
/// the search and never seen by it: what its options do to the secondary items. Choosing an
/// option covers its secondary items, which removes every other option that holds one of them,
/// but the lengths the search compares are those of primary items only, so this pressure
/// reaches the choice late, through the primary items it starves.
///
/// [`Problem::matrix_in`] can therefore number the primary items by their *secondary reach*
/// ([`SecondaryReach`](Self::SecondaryReach)): for each option of the item, the number of other
/// options that share one of its secondary items (each secondary item counted apart), summed; the
/// greatest reach first, and items of equal reach in the order named. The choice is still the
/// shortest item; only among the shortest does the one whose options remove the most come first. On
/// 13 queens (rows and columns primary, diagonals secondary) this takes the middle rows and columns
/// first, alternating outwards, where the diagonals are longest, and counting the solutions
/// takes a third fewer nodes (benches/README.md, "Breaking ties by secondary reach"). A problem
/// with no secondary items keeps its order. The solutions are the same; only the order in which
/// they are found changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ItemOrder {
    /// As the items are named: the choice `dlx1` makes.
    #[default]
    AsNamed,
    /// The greatest secondary reach first, items of equal reach as named.
    SecondaryReach,
}

/// Item `item` numbered by `numbers` (a primary item's new number, from
/// [`Problem::numbers`]); `item` itself when there are none or it is not primary.
fn renumber(numbers: Option<&[u32]>, item: u32) -> u32 {
    numbers
        .and_then(|n| n.get(item as usize))
        .copied()
        .unwrap_or(item)
}

/// Checks one name against `dlx1`'s rule: 1 to 8 printable ASCII characters, not `:` or `|`.
fn check_name(name: &str) -> Result<(), ProblemErrorKind> {
    if let Some(found) = name
        .chars()
        .find(|&c| !c.is_ascii_graphic() || c == ':' || c == '|')
    {
        return Err(ProblemErrorKind::IllegalCharacter {
            name: name.into(),
            found,
        });
    }
    if name.len() > MAX_NAME_LEN {
        return Err(ProblemErrorKind::NameTooLong {
            name: name.into(),
            len: name.len(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNUTH: &str =
        "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

    fn kind(text: &str) -> (usize, ProblemErrorKind) {
        let e = Problem::parse(text).unwrap_err();
        (e.line, e.kind)
    }

    #[test]
    fn knuths_example_has_its_one_solution() {
        let p = Problem::parse(KNUTH).unwrap();
        assert_eq!((p.primary_items(), p.secondary_items()), (5, 2));
        assert_eq!(p.options().len(), 6);
        assert_eq!(p.option_line(OptionId(0)), Some(3));
        let mut m = p.matrix().unwrap();
        let mut solutions = Vec::new();
        m.search().for_each(|s| {
            let mut s: Vec<String> = s.iter().map(|&o| p.option_text(o)).collect();
            s.sort();
            solutions.push(s);
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(solutions, vec![vec!["A D", "B G", "C E F"]]);
    }

    /// `n` queens as `dlx1` takes them: rows and columns primary, diagonals secondary, every
    /// option four items wide.
    fn queens(n: usize) -> String {
        let mut text = String::new();
        fn names(p: &'static str, k: usize) -> impl Iterator<Item = String> {
            (0..k).map(move |i| format!("{p}{i}"))
        }
        let primary: Vec<String> = names("r", n).chain(names("c", n)).collect();
        let secondary: Vec<String> = names("a", 2 * n - 1).chain(names("b", 2 * n - 1)).collect();
        text += &format!("{} | {}\n", primary.join(" "), secondary.join(" "));
        for r in 0..n {
            for c in 0..n {
                text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
            }
        }
        text
    }

    /// Langford pairs of `n` as `dlx1` takes them: an option `i s_j s_k` for each number `i`
    /// at places `j` and `k = j + i + 1`, every option three items wide.
    fn langford(n: usize) -> String {
        let mut text: Vec<String> = (1..=n).map(|i| format!("d{i}")).collect();
        text.extend((1..=2 * n).map(|j| format!("s{j}")));
        let mut text = text.join(" ") + "\n";
        for i in 1..=n {
            for j in 1..=2 * n - i - 1 {
                text += &format!("d{i} s{j} s{}\n", j + i + 1);
            }
        }
        text
    }

    #[test]
    fn options_of_one_width_are_laid_out_in_blocks_and_searched_alike() {
        // Six queens have four solutions; Langford pairs of 7, 52 (each twice, reversed).
        for (text, width, count) in [(queens(6), 4, 4), (langford(7), 3, 52)] {
            let p = Problem::parse(&text).unwrap();
            let mut blocks = p.matrix().unwrap();
            assert_eq!((blocks.width, blocks.quad()), (width, width == 4));
            let mut spaced = Matrix::new(p.primary_items(), p.secondary_items()).unwrap();
            for items in p.options() {
                spaced
                    .add_option(items.iter().map(|&i| i as usize))
                    .unwrap();
            }
            assert_eq!(spaced.width, 0);
            let solutions = |m: &mut Matrix| {
                let mut search = m.search().with_pruning(false);
                let mut all = Vec::new();
                search.for_each(|s| {
                    all.push(s.to_vec());
                    std::ops::ControlFlow::Continue(())
                });
                (all, search.stats())
            };
            let (in_blocks, blocks_stats) = solutions(&mut blocks);
            let (one_by_one, spaced_stats) = solutions(&mut spaced);
            assert_eq!(in_blocks.len(), count);
            assert_eq!(in_blocks, one_by_one);
            assert_eq!(blocks_stats, spaced_stats);
        }
        // Options of two widths keep their spacers.
        let p = Problem::parse("a b c\na b\nc\n").unwrap();
        assert_eq!(p.matrix().unwrap().width, 0);
    }

    /// Secondary reach on Knuth's example, worked by hand: F is in two options and G in three,
    /// so an option holding F removes one other through it and one holding G two. A: ADG 2;
    /// B: BCF 1 + BG 2; C: CEF 1 + BCF 1; D: ADG 2 + DEG 2; E: CEF 1 + DEG 2. So D comes first,
    /// then B and E (3, as named), then A and C (2); the secondary items keep their numbers.
    #[test]
    fn secondary_reach_orders_the_primary_items() {
        let p = Problem::parse(KNUTH).unwrap();
        assert_eq!(p.secondary_reach(), vec![2, 3, 2, 4, 3]);
        let numbers = |p: &Problem, order| -> Vec<u32> {
            (0..p.names().len() as u32)
                .map(|i| p.number(i, order))
                .collect()
        };
        assert_eq!(
            numbers(&p, ItemOrder::SecondaryReach),
            vec![3, 1, 4, 0, 2, 5, 6]
        );
        assert_eq!(numbers(&p, ItemOrder::AsNamed), vec![0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(p.number(7, ItemOrder::SecondaryReach), 7);
        // Eight queens: the middle rows and columns first, alternating outwards.
        let p = Problem::parse(&queens(8)).unwrap();
        let order = numbers(&p, ItemOrder::SecondaryReach);
        let mut first: Vec<&str> = p.names()[..16].iter().map(String::as_str).collect();
        first.sort_by_key(|name| {
            let i = p.names().iter().position(|n| n == name).unwrap();
            order[i]
        });
        assert_eq!(
            first,
            [
                "r3", "r4", "c3", "c4", "r2", "r5", "c2", "c5", "r1", "r6", "c1", "c6", "r0", "r7",
                "c0", "c7"
            ]
        );
        // With no secondary items, the order named stands.
        let p = Problem::parse(&langford(5)).unwrap();
        let named = numbers(&p, ItemOrder::AsNamed);
        assert_eq!(numbers(&p, ItemOrder::SecondaryReach), named);
    }

    /// Numbered by reach, a matrix has the same solutions, found in another order (each
    /// option is the problem's option of the same number), and the queens take fewer nodes.
    #[test]
    fn numbered_by_reach_the_solutions_stay_and_the_queens_take_fewer_nodes() {
        for (text, count) in [
            (KNUTH.to_string(), 1),
            (queens(6), 4),
            (queens(8), 92),
            (langford(7), 52),
            ("a b | s t\na s\nb s\na t\nb\na\n".to_string(), 5),
        ] {
            let p = Problem::parse(&text).unwrap();
            let solve = |order| {
                let mut m = p.matrix_in(order).unwrap();
                let mut search = m.search().with_pruning(false);
                let mut all = Vec::new();
                search.for_each(|s| {
                    let mut s: Vec<String> = s.iter().map(|&o| p.option_text(o)).collect();
                    s.sort();
                    all.push(s);
                    std::ops::ControlFlow::Continue(())
                });
                all.sort();
                (all, search.stats().nodes)
            };
            let (named, named_nodes) = solve(ItemOrder::AsNamed);
            let (by_reach, reach_nodes) = solve(ItemOrder::SecondaryReach);
            assert_eq!(named.len(), count, "{text}");
            assert_eq!(by_reach, named, "{text}");
            if text == queens(8) {
                assert!(reach_nodes < named_nodes, "{reach_nodes} >= {named_nodes}");
            }
        }
    }

    #[test]
    fn all_primary_without_a_bar() {
        let p = Problem::parse("a b\na\nb\na b\n").unwrap();
        assert_eq!((p.primary_items(), p.secondary_items()), (2, 0));
        assert_eq!(p.matrix().unwrap().search().count(10), 2);
    }

    #[test]
    fn errors_name_the_line_and_what() {
        assert_eq!(kind(""), (1, ProblemErrorKind::NoItems));
        assert_eq!(kind("| c\n\n| d\n"), (3, ProblemErrorKind::NoItems));
        assert_eq!(kind("| only\n  | x y\n").1, ProblemErrorKind::NoItems);
        assert_eq!(kind("x | y | z\n"), (1, ProblemErrorKind::BarTwice));
        assert_eq!(
            kind("a b a\n"),
            (1, ProblemErrorKind::DuplicateItem { name: "a".into() })
        );
        assert_eq!(
            kind("abcdefghi\n"),
            (
                1,
                ProblemErrorKind::NameTooLong {
                    name: "abcdefghi".into(),
                    len: 9
                }
            )
        );
        assert!(matches!(
            kind("a b:c\n"),
            (1, ProblemErrorKind::IllegalCharacter { found: ':', .. })
        ));
        assert!(matches!(
            kind("a b|c\n"),
            (1, ProblemErrorKind::IllegalCharacter { found: '|', .. })
        ));
        assert!(matches!(
            kind("a é\n"),
            (1, ProblemErrorKind::IllegalCharacter { found: 'é', .. })
        ));
        assert_eq!(
            kind("a b\na\n| note\nb c\n"),
            (4, ProblemErrorKind::UnknownItem { name: "c".into() })
        );
        assert_eq!(
            kind("a b\na b a\n"),
            (2, ProblemErrorKind::DuplicateInOption { name: "a".into() })
        );
        assert_eq!(
            kind("a | s t\na s\ns t\n"),
            (
                3,
                ProblemErrorKind::NoPrimaryInOption {
                    option: "s t".into()
                }
            )
        );
        assert_eq!(
            kind("a | s\na s:red\n"),
            (
                2,
                ProblemErrorKind::Colour {
                    name: "s:red".into()
                }
            )
        );
        assert_eq!(kind("| s\n").1, ProblemErrorKind::NoItems);
        assert_eq!(kind("  | comment\n| s t\n").1, ProblemErrorKind::NoItems);
    }
}
