//! The symbols a board is written in, and the characters that mean "empty".

use std::fmt;

use thiserror::Error;

/// The marker for an empty cell when a board is written out.
pub const EMPTY: char = '.';

/// Characters that mean "empty" in puzzle text besides `.` (and `0` where `0` is no symbol).
pub const EMPTY_MARKERS: [char; 4] = ['.', '-', '_', '*'];

/// Characters that lay out a board in text and are never cells: `|` and `+` (rules), spaces,
/// and the byte order mark U+FEFF, which files joined end to end carry in their middle (a
/// zero-width no-break space: nothing to see, so nothing to count).
pub fn is_layout(c: char) -> bool {
    c == '|' || c == '+' || c == '\u{feff}' || c.is_whitespace()
}

/// Characters that mean something else: `#` starts a comment, `,` separates CSV fields, `?`
/// opens the window's keys overlay.
const RESERVED: [char; 3] = ['#', ',', '?'];

/// A character that shows nothing on its own: a control character, a zero-width or other format
/// character, a variation selector or a combining mark (which draws on the character before
/// it).
fn is_invisible(c: char) -> bool {
    let u = u32::from(c);
    c.is_control()
        || c.is_whitespace()
        || matches!(u,
            0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
            | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
            | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0xE0000..=0xE0FFF)
        // Combining marks.
        || matches!(u,
            0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A
            | 0x064B..=0x065F | 0x0E31 | 0x0E34..=0x0E3A | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF
            | 0x20D0..=0x20FF | 0x302A..=0x302F | 0x3099 | 0x309A | 0xFE20..=0xFE2F)
}

/// What is wrong with a set of symbols.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AlphabetError {
    /// The number of symbols is not the side of the board.
    #[error("{found} symbols given, but a side of {side} needs exactly {side}")]
    WrongCount {
        /// Symbols given.
        found: usize,
        /// Symbols needed.
        side: usize,
    },
    /// A symbol appears twice.
    #[error("the symbol {0:?} appears twice")]
    Duplicate(char),
    /// A symbol that cannot be told apart from layout, an empty cell, a comment, a CSV separator
    /// or the window's key for its keys overlay.
    #[error(
        "{0:?} cannot be a symbol: in puzzle text or in the window it means an empty cell, board \
         layout, a comment, a separator or a key"
    )]
    Reserved(char),
    /// A symbol that shows nothing on its own: a control, format or combining character.
    #[error(
        "{0:?} (U+{code:04X}) cannot be a symbol: it is not a visible character on its own",
        code = u32::from(*.0)
    )]
    Invisible(char),
    /// No default symbols exist for so large a side.
    #[error("there are no default symbols for a side of {0} (at most 36): give them explicitly")]
    NoDefault(usize),
}

/// The `side` display symbols of a board, value 1 to value `side`.
///
/// Letters are read case-insensitively unless the alphabet holds both cases of the letter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    /// Value (1-based) of each ASCII character, 0 if none: the fast path for parsing.
    ascii: [u8; 128],
}

impl Alphabet {
    /// The default symbols for a side: `1`–`9` then `A`–`Z` (16 → `1-9A-G`, 25 → `1-9A-P`), and
    /// `0`–`9` then `A`–`Z` for 36, the only side for which `1`–`Z` is one short.
    pub fn default_for(side: usize) -> Result<Self, AlphabetError> {
        const DIGITS_FIRST: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let text = match side {
            36 => "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            s if s <= DIGITS_FIRST.len() => &DIGITS_FIRST[..s],
            s => return Err(AlphabetError::NoDefault(s)),
        };
        Alphabet::new(text.chars().collect(), side)
    }

    /// The given symbols for a board of side `side`.
    pub fn new(symbols: Vec<char>, side: usize) -> Result<Self, AlphabetError> {
        if symbols.len() != side {
            return Err(AlphabetError::WrongCount {
                found: symbols.len(),
                side,
            });
        }
        for (k, &c) in symbols.iter().enumerate() {
            if is_layout(c) || EMPTY_MARKERS.contains(&c) || RESERVED.contains(&c) {
                return Err(AlphabetError::Reserved(c));
            }
            if is_invisible(c) {
                return Err(AlphabetError::Invisible(c));
            }
            if symbols[..k].contains(&c) {
                return Err(AlphabetError::Duplicate(c));
            }
        }
        let mut ascii = [0u8; 128];
        for (k, &c) in symbols.iter().enumerate() {
            let value = (k + 1) as u8;
            if c.is_ascii() {
                ascii[c as usize] = value;
            }
            // The other case of a letter reads as the same symbol, unless it is a symbol itself.
            for other in [c.to_ascii_lowercase(), c.to_ascii_uppercase()] {
                if other != c && other.is_ascii() && !symbols.contains(&other) {
                    ascii[other as usize] = value;
                }
            }
        }
        Ok(Alphabet { symbols, ascii })
    }

    /// The number of symbols (the side of the board).
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Never true: an alphabet has at least 4 symbols. Present for API convention.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The symbols, value 1 first.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// The symbol for a value from 1 to side; [`EMPTY`] for 0 or out of range.
    pub fn symbol(&self, value: u8) -> char {
        match value {
            0 => EMPTY,
            v => self.symbols.get(v as usize - 1).copied().unwrap_or(EMPTY),
        }
    }

    /// The value (1 to side) of a symbol, case-insensitively for letters where that is not
    /// ambiguous; `None` if it is not a symbol.
    pub fn value(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            return match self.ascii[c as usize] {
                0 => None,
                v => Some(v),
            };
        }
        self.symbols
            .iter()
            .position(|&s| s == c)
            .map(|k| (k + 1) as u8)
    }

    /// True if `c` means an empty cell in puzzle text: `.`, `-`, `_`, `*`, and `0` when `0` is
    /// not a symbol.
    pub fn is_empty_marker(&self, c: char) -> bool {
        EMPTY_MARKERS.contains(&c) || (c == '0' && self.value('0').is_none())
    }

    /// True if the letter `c` (either case) reads as a symbol.
    pub fn holds_letter(&self, c: char) -> bool {
        self.value(c.to_ascii_lowercase()).is_some() || self.value(c.to_ascii_uppercase()).is_some()
    }
}

impl fmt::Display for Alphabet {
    /// The symbols as one string: `123456789`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.symbols.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults() {
        assert_eq!(Alphabet::default_for(9).unwrap().to_string(), "123456789");
        assert_eq!(
            Alphabet::default_for(16).unwrap().to_string(),
            "123456789ABCDEFG"
        );
        assert_eq!(
            Alphabet::default_for(25).unwrap().to_string(),
            "123456789ABCDEFGHIJKLMNOP"
        );
        assert_eq!(
            Alphabet::default_for(36).unwrap().to_string(),
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        );
        assert_eq!(Alphabet::default_for(37), Err(AlphabetError::NoDefault(37)));
    }

    #[test]
    fn values_case_and_empty() {
        let a = Alphabet::default_for(16).unwrap();
        assert_eq!(a.value('1'), Some(1));
        assert_eq!(a.value('G'), Some(16));
        assert_eq!(a.value('g'), Some(16));
        assert_eq!(a.value('H'), None);
        assert_eq!(a.symbol(10), 'A');
        assert_eq!(a.symbol(0), '.');
        assert!(a.is_empty_marker('0') && a.is_empty_marker('.'));
        let z = Alphabet::default_for(36).unwrap();
        assert_eq!(z.value('0'), Some(1));
        assert!(!z.is_empty_marker('0'));
        assert!(z.holds_letter('q') && !a.holds_letter('q'));
        // Both cases present: read exactly.
        let mixed = Alphabet::new("aAbB".chars().collect(), 4).unwrap();
        assert_eq!((mixed.value('a'), mixed.value('A')), (Some(1), Some(2)));
    }

    #[test]
    fn bad_alphabets() {
        let new = |s: &str, n| Alphabet::new(s.chars().collect(), n);
        assert_eq!(
            new("1234", 9),
            Err(AlphabetError::WrongCount { found: 4, side: 9 })
        );
        assert_eq!(new("1231", 4), Err(AlphabetError::Duplicate('1')));
        assert_eq!(new("12.4", 4), Err(AlphabetError::Reserved('.')));
        assert_eq!(new("12 4", 4), Err(AlphabetError::Reserved(' ')));
    }
}
