//! The colours a player gives cells and candidates, as HoDoKu's players use them: one of
//! [`COLOURS`] colours on a cell, or on one candidate of a cell, to follow a chain of conjugate
//! pairs (simple colouring: two colours that alternate along the chain, one of which must be
//! true) or just to mark what they are looking at. [`colouring`](super::colouring) is how the
//! player changes them.
//!
//! A cell's colour is a number, 0 for none. Its candidates' colours are packed three bits a
//! symbol into one `u128` ([`MarkColours`]): 36 symbols take 108 bits, so the colours of a
//! cell cost sixteen bytes whatever the board, and a step that changes them stays as small as
//! one that changes a note.

/// How many colours there are (numbered from 1; 0 is none).
pub const COLOURS: u8 = 5;

/// Bits of one candidate's colour.
const BITS: u32 = 3;

/// The colours of one cell's candidates: three bits for each symbol `v` at `3·(v-1)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MarkColours(u128);

impl MarkColours {
    /// No candidate coloured.
    pub const NONE: MarkColours = MarkColours(0);

    /// The colour of candidate `value` (0 none; 0 for a value out of range).
    pub fn get(self, value: u8) -> u8 {
        match Self::shift(value) {
            Some(at) => ((self.0 >> at) & 0b111) as u8,
            None => 0,
        }
    }

    /// These colours with candidate `value` coloured `colour` (0 takes its colour off).
    pub fn with(self, value: u8, colour: u8) -> MarkColours {
        match Self::shift(value) {
            Some(at) if colour <= COLOURS => {
                let cleared = self.0 & !(0b111u128 << at);
                MarkColours(cleared | (u128::from(colour) << at))
            }
            _ => self,
        }
    }

    /// True if no candidate is coloured.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The packed bits, as the save writes them.
    pub fn bits(self) -> u128 {
        self.0
    }

    /// Colours from packed bits, if every field is a colour and none lies beyond `side`.
    pub fn from_bits(bits: u128, side: usize) -> Option<MarkColours> {
        let fields = side.min(36) as u32;
        let beyond = if fields * BITS >= 128 {
            0
        } else {
            bits >> (fields * BITS)
        };
        let colours = MarkColours(bits);
        let all_colours = (1..=fields as u8).all(|v| colours.get(v) <= COLOURS);
        (beyond == 0 && all_colours).then_some(colours)
    }

    fn shift(value: u8) -> Option<u32> {
        (1..=36)
            .contains(&value)
            .then(|| u32::from(value - 1) * BITS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mark_colours_pack_three_bits_a_symbol_and_refuse_what_is_no_colour() {
        let m = MarkColours::NONE.with(1, 3).with(36, 5).with(9, 1);
        assert_eq!((m.get(1), m.get(9), m.get(36), m.get(2)), (3, 1, 5, 0));
        assert_eq!(m.with(9, 0).get(9), 0);
        assert_eq!(m.with(9, 6), m, "6 is no colour");
        assert_eq!(m.get(0), 0);
        assert_eq!(m.get(37), 0);
        assert_eq!(MarkColours::from_bits(m.bits(), 36), Some(m));
        assert_eq!(MarkColours::from_bits(m.bits(), 9), None, "36 is past 9");
        assert_eq!(MarkColours::from_bits(0b111, 9), None, "7 is no colour");
        assert_eq!(MarkColours::from_bits(0, 4), Some(MarkColours::NONE));
    }
}
