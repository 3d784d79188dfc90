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
        let too_large = |e| ProblemError {
            line: 1,
            kind: ProblemErrorKind::TooLarge(e),
        };
        let mut m = Matrix::new(self.primary, self.secondary_items()).map_err(too_large)?;
        // Options all of one width from 2 to 8 go in as one batch, which lays them out in
        // blocks (`Matrix::add_options`). Should the batch fail, nothing of it was added, and
        // the options are added one by one below, where the error names the option's line.
        let widths = || self.options().map(<[u32]>::len);
        let batched = match (widths().min(), widths().max()) {
            (Some(w), Some(most)) if w == most => match w {
                2 => self.add_batch::<2>(&mut m),
                3 => self.add_batch::<3>(&mut m),
                4 => self.add_batch::<4>(&mut m),
                5 => self.add_batch::<5>(&mut m),
                6 => self.add_batch::<6>(&mut m),
                7 => self.add_batch::<7>(&mut m),
                8 => self.add_batch::<8>(&mut m),
                _ => false,
            },
            _ => false,
        };
        if batched {
            return Ok(m);
        }
        for (items, &line) in self.options().zip(&self.lines) {
            m.add_option(items.iter().map(|&i| i as usize))
                .map_err(|e| ProblemError {
                    line,
                    kind: ProblemErrorKind::TooLarge(e),
                })?;
        }
        Ok(m)
    }
}

impl Problem {
    /// Adds every option to `m` in one batch, when all are `W` items wide; false (and nothing
    /// added) if the batch fails.
    fn add_batch<const W: usize>(&self, m: &mut Matrix) -> bool {
        let batch: Vec<[usize; W]> = self
            .options()
            .map(|items| std::array::from_fn(|k| items.get(k).map_or(usize::MAX, |&i| i as usize)))
            .collect();
        m.add_options(&batch).is_ok()
    }
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
