//! The techniques by name: what each is called, the grade a puzzle needing it gets, and its
//! difficulty on the Sudoku Explainer scale (the rater's docs give the table and its source).

use std::fmt;

use super::Grade;

/// A solving technique, from the easiest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A value with one place left in a row, column or box.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A killer cage's digits come from the sets that make its sum and fit its cells.
    CageCombination,
    /// Pointing: a value whose places in a box lie on one line goes from the rest of the line.
    Pointing,
    /// Claiming: a value whose places in a line lie in one box goes from the rest of the box.
    Claiming,
    /// A value whose places in one unit all lie in another (a diagonal, a window, a shape's
    /// unit) goes from the rest of that other unit.
    LockedCandidates,
    /// Two cells of a unit with the same two candidates: those go from the unit's other cells.
    NakedPair,
    /// Two values with the same two places in a unit: other candidates go from those cells.
    HiddenPair,
    /// Three cells of a unit holding only three values between them.
    NakedTriple,
    /// Three values with only three places between them in a unit.
    HiddenTriple,
    /// A value with two places in each of two rows, in the same two columns (or the other way).
    XWing,
    /// The same with three rows and three columns.
    Swordfish,
    /// A cell with candidates `ab` seeing `ac` and `bc`: `c` goes from cells seeing both.
    XyWing,
    /// Killer: a digit every admissible set of a cage holds, its places in the cage all in
    /// one unit, goes from the rest of that unit.
    CageUnitOverlap,
    /// Killer: a unit's places for a digit all in one cage put the digit in the cage: the
    /// cage's sets without it go, and so does the digit from the cage's cells outside the unit.
    UnitCageOverlap,
    /// Killer: the cells of a unit outside the cages wholly inside it add up to the rest of
    /// the unit's total.
    Innies,
    /// Killer: the cells of the cages meeting a unit that lie outside it add up to the cages'
    /// sums less the unit's total.
    Outies,
    /// Killer: innies of two or three units that share no cell (neighbouring rows, columns,
    /// boxes of a band), which add up to the rest of their total.
    InniesOverUnits,
    /// Killer: outies of two or three units that share no cell.
    OutiesOverUnits,
    /// Killer: a union of units with one innie and one outie, whose difference the cages fix.
    InnieOutieDifference,
    /// A value's two places in each of two rows (or columns, or other units of one kind that
    /// share no cell), with one end of each seeing the other: the value goes from cells that
    /// see both far ends.
    Skyscraper,
    /// A value's two places in a row and in a column, one end of each in the same box: the
    /// value goes from cells that see both far ends.
    TwoStringKite,
    /// An X-wing with fins: one row also has places in a box next to a corner. The value
    /// goes from the X-wing's columns only in that box (cells seeing every fin).
    FinnedXWing,
    /// A finned X-wing missing a corner: one row has a single place in the columns, beside
    /// its fins.
    SashimiXWing,
    /// A swordfish with fins in one box: the value goes from the cover cells that see every
    /// fin.
    FinnedSwordfish,
    /// A finned swordfish missing a corner.
    SashimiSwordfish,
    /// A value's places in a box all on one row and one column through it, and two places in
    /// a line, one on that row: the value goes from the cell seeing the line's other end and
    /// the box's column.
    EmptyRectangle,
    /// A cell with candidates `abc` seeing `ac` and `bc`: `c` goes from cells seeing all
    /// three.
    XyzWing,
    /// Two cells `ab` joined by a unit where `b` has two places, one seeing each: `a` goes
    /// from cells seeing both.
    WWing,
    /// One value's two-place units chained and coloured in turn: a colour that sees itself is
    /// false, and a cell seeing both colours loses the value.
    SimpleColouring,
    /// Four cells of a rectangle over two boxes that could swap two values: a puzzle with one
    /// solution cannot end up that way (only when the puzzle is known to be unique).
    UniqueRectangle,
    /// Four cells of a unit holding only four values between them.
    NakedQuad,
    /// The fish of four rows and four columns.
    Jellyfish,
    /// Four rows whose places for a value lie in four columns, beside fins in one box: the
    /// value goes from the cover cells that see every fin.
    FinnedJellyfish,
    /// A finned jellyfish missing a corner.
    SashimiJellyfish,
    /// Four values with only four places between them in a unit.
    HiddenQuad,
    /// Every cell bivalue but one: the third candidate of that one is its value (only when
    /// the puzzle is known to be unique).
    BugPlusOne,
    /// A chain of one value's links, strong and weak in turn, strong at both ends: one end
    /// holds the value, so cells seeing both ends lose it.
    XChain,
    /// A chain of two-candidate cells: whichever way the first goes, one end holds the value
    /// the two ends share, so cells seeing both ends lose it.
    XyChain,
    /// A chain of candidates from one back to itself: a candidate whose falsehood would make it
    /// true is placed; one whose truth would make it false goes.
    NiceLoop,
    /// A loop of candidates whose links alternate all the way round: each link then has exactly
    /// one true end, so what sees both ends of a link goes (the other candidates of a cell the
    /// loop passes through, the value from the rest of a unit it crosses).
    ContinuousNiceLoop,
    /// An alternating inference chain: strong links (one of two is true) and weak links (not
    /// both are true) in turn; one of its two ends is true, so what sees both goes.
    Aic,
    /// A nice loop, discontinuous or continuous, with groups among its nodes: a value's places
    /// where a box meets a line, true when one of them holds it.
    GroupedNiceLoop,
    /// An alternating inference chain with groups among its nodes.
    GroupedAic,
    /// Two almost locked sets (N cells with N+1 candidates) that cannot share a value: another
    /// value of both goes from the cells seeing all its places in them.
    AlsXz,
    /// Two almost locked sets that cannot share either of two values: both are locked, so
    /// each of their values goes from the cells seeing all its places in them.
    DoublyLinkedAlsXz,
    /// Three almost locked sets: two each tied to the third by a value they cannot share; a
    /// value of the two goes from the cells seeing all its places in them.
    AlsXyWing,
    /// Trying each candidate of a cell, or each place of a value in a unit, and following
    /// singles: what every try agrees on holds, and a try that breaks the board is false.
    ForcingChain,
    /// The same, following singles and locked candidates.
    ForcingNet,
}

impl Technique {
    /// Every technique, in the order the rater tries them.
    pub const ALL: &'static [Technique] = &[
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::CageCombination,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
        Technique::CageUnitOverlap,
        Technique::UnitCageOverlap,
        Technique::Innies,
        Technique::Outies,
        Technique::InniesOverUnits,
        Technique::OutiesOverUnits,
        Technique::InnieOutieDifference,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::EmptyRectangle,
        Technique::XyzWing,
        Technique::WWing,
        Technique::SimpleColouring,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::XChain,
        Technique::XyChain,
        Technique::NiceLoop,
        Technique::ContinuousNiceLoop,
        Technique::Aic,
        Technique::GroupedNiceLoop,
        Technique::GroupedAic,
        Technique::AlsXz,
        Technique::DoublyLinkedAlsXz,
        Technique::AlsXyWing,
        Technique::ForcingChain,
        Technique::ForcingNet,
    ];

    /// The grade a puzzle needing this technique has.
    pub fn grade(self) -> Grade {
        match self {
            Technique::HiddenSingle | Technique::NakedSingle | Technique::CageCombination => {
                Grade::Easy
            }
            Technique::Pointing
            | Technique::Claiming
            | Technique::LockedCandidates
            | Technique::NakedPair
            | Technique::HiddenPair => Grade::Medium,
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing
            | Technique::Swordfish
            | Technique::XyWing => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    /// How hard the technique is on the Sudoku Explainer scale, which players quote (1.0 to
    /// about 11; see the module docs for where the numbers come from).
    pub fn difficulty(self) -> f32 {
        match self {
            Technique::HiddenSingle => 1.5,
            Technique::CageCombination => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming | Technique::LockedCandidates => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::CageUnitOverlap => 2.6,
            Technique::UnitCageOverlap => 2.8,
            Technique::Innies | Technique::Outies => 3.0,
            Technique::InniesOverUnits | Technique::OutiesOverUnits => 3.2,
            Technique::InnieOutieDifference => 3.4,
            Technique::FinnedXWing => 3.4,
            Technique::SashimiXWing => 3.5,
            Technique::Skyscraper | Technique::FinnedSwordfish => 4.0,
            Technique::TwoStringKite | Technique::SashimiSwordfish => 4.1,
            Technique::EmptyRectangle => 4.3,
            Technique::XyzWing | Technique::WWing => 4.4,
            Technique::UniqueRectangle | Technique::SimpleColouring => 4.5,
            Technique::FinnedJellyfish => 5.4,
            Technique::SashimiJellyfish => 5.5,
            Technique::XChain => 6.5,
            Technique::BugPlusOne => 5.6,
            Technique::XyChain => 6.6,
            Technique::NiceLoop | Technique::ContinuousNiceLoop | Technique::Aic => 7.0,
            Technique::GroupedNiceLoop | Technique::GroupedAic => 7.2,
            Technique::AlsXz | Technique::DoublyLinkedAlsXz => 7.5,
            Technique::AlsXyWing => 7.8,
            Technique::ForcingChain => 8.3,
            Technique::ForcingNet => 9.0,
        }
    }

    /// The name players use.
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
            Technique::Swordfish => "swordfish",
            Technique::XyWing => "XY-wing",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::Innies => "innies",
            Technique::Outies => "outies",
            Technique::CageUnitOverlap => "cage-unit overlap",
            Technique::UnitCageOverlap => "unit-cage overlap",
            Technique::InniesOverUnits => "innies over units",
            Technique::OutiesOverUnits => "outies over units",
            Technique::InnieOutieDifference => "innie-outie difference",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string kite",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::FinnedXWing => "finned X-wing",
            Technique::SashimiXWing => "sashimi X-wing",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::SashimiSwordfish => "sashimi swordfish",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::SashimiJellyfish => "sashimi jellyfish",
            Technique::XyzWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::SimpleColouring => "simple colouring",
            Technique::XChain => "X-chain",
            Technique::CageCombination => "cage combinations",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::BugPlusOne => "BUG+1",
            Technique::XyChain => "XY-chain",
            Technique::NiceLoop => "nice loop",
            Technique::ContinuousNiceLoop => "continuous nice loop",
            Technique::Aic => "alternating inference chain",
            Technique::GroupedNiceLoop => "grouped nice loop",
            Technique::GroupedAic => "grouped alternating inference chain",
            Technique::AlsXz => "ALS-XZ",
            Technique::DoublyLinkedAlsXz => "doubly linked ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-wing",
            Technique::ForcingChain => "forcing chain",
            Technique::ForcingNet => "forcing net",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
