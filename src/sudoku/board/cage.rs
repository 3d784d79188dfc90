//! Cages and their arithmetic, all of it: what a cage's cells may hold, as sets of digits or as
//! fillings cell by cell, and the bounds that tell early that a cage can no longer be made.
//!
//! Two kinds of cage are played:
//!
//! * A **killer cage** ([`Cage`]): its cells hold *different* digits that add up to its sum. What
//!   matters for exact cover is the *set* of its digits (see [`digit_sets`]): the cells take the
//!   set's digits in some order, which the placements decide.
//! * A **Mathdoku cage** ([`MathCage`], KenKen, Solo's Keen): its cells' digits, combined by its
//!   [`Operation`], make its target. Digits may repeat in it, except in two cells that share a
//!   unit (a row or a column), which the board forbids anyway. Subtraction and division are
//!   defined for two cells (the larger less or over the smaller), as every Mathdoku game plays
//!   them. Such a cage is modelled by its *fillings* ([`MathCage::fillings`]), one digit per cell.
//!
//! A digit is a symbol's place in the board's alphabet, 1 to the number of symbols, whatever its
//! character: `A` counts 10 on a 16×16 board written `1`–`9`, `A`–`G`.

use std::fmt;
use std::sync::OnceLock;

/// A killer cage: cells whose values differ and add up to `sum`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// Its cells.
    pub cells: Vec<usize>,
    /// What they add up to.
    pub sum: u32,
}

/// How a Mathdoku cage's digits make its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    /// The digits add up to the target.
    Add,
    /// Two digits: the larger less the smaller is the target.
    Subtract,
    /// The digits multiply to the target.
    Multiply,
    /// Two digits: the larger over the smaller is the target, exactly.
    Divide,
    /// One cell, whose digit is the target.
    Given,
}

impl Operation {
    /// The sign players see in the cage's corner: `+`, `−`, `×`, `÷`, or nothing.
    pub fn sign(self) -> &'static str {
        match self {
            Operation::Add => "+",
            Operation::Subtract => "−",
            Operation::Multiply => "×",
            Operation::Divide => "÷",
            Operation::Given => "",
        }
    }

    /// The sign in plain ASCII, as files write it: `+`, `-`, `*`, `/`, `=` (one given cell).
    pub fn ascii(self) -> &'static str {
        match self {
            Operation::Add => "+",
            Operation::Subtract => "-",
            Operation::Multiply => "*",
            Operation::Divide => "/",
            Operation::Given => "=",
        }
    }

    /// Reads `+`, `-`/`−`, `*`/`x`/`×`, `/`/`÷`, or `=` (one given cell), as files write them.
    pub fn parse(text: &str) -> Option<Operation> {
        Some(match text.trim() {
            "+" | "add" => Operation::Add,
            "-" | "−" | "subtract" => Operation::Subtract,
            "*" | "x" | "×" | "multiply" => Operation::Multiply,
            "/" | "÷" | "divide" => Operation::Divide,
            "=" | "" | "given" => Operation::Given,
            _ => return None,
        })
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.sign())
    }
}

/// A Mathdoku cage: cells whose digits, combined by `op`, make `target`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MathCage {
    /// Its cells.
    pub cells: Vec<usize>,
    /// How the digits are combined.
    pub op: Operation,
    /// What they make.
    pub target: u64,
}

/// The most fillings one Mathdoku cage may have: a bound on the options a cage brings to the
/// matrix, and so on its memory (a cage past it is refused with the reason).
pub const MAX_FILLINGS: usize = 200_000;

/// The most steps (digits tried) a listing of one Mathdoku cage's fillings may take: a bound on
/// its time, for a cage whose bounds leave a large search with few fillings (twelve cells of a
/// row of 36×36 adding up to 77, one less than the least they can make, try billions). The
/// busiest cage of five cells of 16×16 tries about a million; ten million take about a second.
pub const MAX_FILLING_STEPS: u64 = 10_000_000;

impl MathCage {
    /// Whether `digits` (one per cell, each from 1) make the target.
    pub fn makes(&self, digits: &[u8]) -> bool {
        let d = |k: usize| u64::from(digits.get(k).copied().unwrap_or(0));
        match self.op {
            Operation::Add => digits.iter().map(|&x| u64::from(x)).sum::<u64>() == self.target,
            Operation::Multiply => {
                digits
                    .iter()
                    .try_fold(1u64, |acc, &x| acc.checked_mul(u64::from(x)))
                    == Some(self.target)
            }
            Operation::Subtract => digits.len() == 2 && d(0).abs_diff(d(1)) == self.target,
            Operation::Divide => {
                let (lo, hi) = (d(0).min(d(1)), d(0).max(d(1)));
                digits.len() == 2 && lo > 0 && hi % lo == 0 && hi / lo == self.target
            }
            Operation::Given => digits.len() == 1 && d(0) == self.target,
        }
    }

    /// Whether the cage, with `digits` (0 for an empty cell) in its cells, can still be made:
    /// a full cage makes its target; a part-filled one has some filling of the rest that does,
    /// judged by bounds (sums and products of the smallest and largest digits left).
    pub fn can_still_make(&self, digits: &[u8], symbols: usize) -> bool {
        let open = digits.iter().filter(|&&d| d == 0).count();
        if open == 0 {
            return self.makes(digits);
        }
        let n = symbols as u64;
        let filled = digits.iter().filter(|&&d| d != 0).map(|&d| u64::from(d));
        match self.op {
            Operation::Add => {
                let got: u64 = filled.sum();
                let open = open as u64;
                got + open <= self.target && self.target <= got + open * n
            }
            Operation::Multiply => {
                let got = filled.fold(1u64, |acc, d| acc.saturating_mul(d));
                got > 0 && self.target.is_multiple_of(got) && {
                    let left = self.target / got;
                    // The rest must multiply to `left` with `open` digits of at most `n`: it is
                    // at most n^open, and no prime over `n` divides it.
                    (n.checked_pow(open as u32)).is_none_or(|top| left <= top) && smooth(left, n)
                }
            }
            Operation::Subtract | Operation::Divide => {
                let Some(given) = filled.clone().next() else {
                    return true;
                };
                (1..=n).any(|other| {
                    let pair = [given as u8, other as u8];
                    self.makes(&pair)
                })
            }
            Operation::Given => true,
        }
    }

    /// Every filling of the cage: a digit from 1 to `symbols` per cell, in the order of
    /// [`cells`](Self::cells), that makes the target, keeps the digits fixed in `fixed` (0 where
    /// open), and gives different digits to two cells that `apart(i, j)` says share a unit.
    /// `None` if there are more than [`MAX_FILLINGS`], or listing them takes more than
    /// [`MAX_FILLING_STEPS`].
    pub fn fillings(
        &self,
        symbols: usize,
        fixed: &[u8],
        apart: impl Fn(usize, usize) -> bool,
    ) -> Option<Vec<Vec<u8>>> {
        let k = self.cells.len();
        let mut out = Vec::new();
        let mut digits = vec![0u8; k];
        // Depth-first over the cells, each digit checked against the cells before it and the
        // cage's bound on what is left.
        let mut at = 0usize;
        let mut steps = 0u64;
        loop {
            steps += 1;
            if steps > MAX_FILLING_STEPS {
                return None;
            }
            // Advance the digit at `at`, or back up when it has none left.
            let next = next_digit(self, &digits, at, symbols, fixed, &apart);
            match next {
                Some(d) => {
                    digits[at] = d;
                    if at + 1 == k {
                        if self.makes(&digits) {
                            if out.len() == MAX_FILLINGS {
                                return None;
                            }
                            out.push(digits.clone());
                        }
                    } else {
                        at += 1;
                    }
                }
                None => {
                    digits[at] = 0;
                    if at == 0 {
                        return Some(out);
                    }
                    at -= 1;
                }
            }
        }
    }
}

/// Whether `x` (not 0) is a product of numbers from 1 to `n`: no prime over `n` divides it.
fn smooth(mut x: u64, n: u64) -> bool {
    for p in 2..=n.min(x) {
        while x.is_multiple_of(p) {
            x /= p;
        }
    }
    x == 1
}

/// The next digit after `digits[at]` for cell `at` of `cage` that agrees with the fixed digit,
/// differs from earlier cells that share a unit with it, and leaves the cage makeable.
fn next_digit(
    cage: &MathCage,
    digits: &[u8],
    at: usize,
    symbols: usize,
    fixed: &[u8],
    apart: &impl Fn(usize, usize) -> bool,
) -> Option<u8> {
    let from = digits[at] + 1;
    let mut trial = digits.to_vec();
    for t in trial.iter_mut().skip(at + 1) {
        *t = 0;
    }
    for d in from..=symbols as u8 {
        let want = fixed.get(at).copied().unwrap_or(0);
        if want != 0 && want != d {
            continue;
        }
        if (0..at).any(|j| digits[j] == d && apart(j, at)) {
            continue;
        }
        trial[at] = d;
        if cage.can_still_make(&trial, symbols) {
            return Some(d);
        }
    }
    None
}

/// The most digit sets of a killer cage that a matrix lists as options: a bound on what a cage
/// brings to the matrix, and so on its memory. The busiest sum of a cage of 9×9 has 12 sets, of
/// 16×16 526, of nine cells of 25×25 45,207; a cage of seven cells of 36×36 may have 130,053. A
/// cage past it is not listed (see [`listed_cages`]).
pub const MAX_DIGIT_SETS: u64 = 200_000;

/// The largest side whose counts of digit sets with no digit given are worked out once, for
/// every size and sum together ([`digit_set_counts`]).
const TABLED_SIDES: usize = 64;

/// How many sets [`digit_sets`] would give, counted without listing them: the ways to choose the
/// digits not in `given` from the others, digit by digit, kept by how many are chosen and what
/// they add up to (`side × size × sum` steps). With no digit given (a cage of an empty board,
/// and every cage a killer board implies) the count is read from a table made once per side.
/// Saturates at `u64::MAX`.
pub fn digit_set_count(side: usize, size: usize, sum: u32, given: &[usize]) -> u64 {
    let mut given = given.to_vec();
    given.sort_unstable();
    given.dedup();
    let sum = u64::from(sum);
    let given_sum: u64 = given.iter().map(|&g| g as u64).sum();
    if size == 0
        || size > side
        || given.len() > size
        || given.iter().any(|&g| g == 0 || g > side)
        || given_sum > sum
    {
        return 0;
    }
    let (want, left) = (size - given.len(), sum - given_sum);
    let Some((_, high)) = sum_range(side, want.max(1)) else {
        return 0;
    };
    if left > high {
        return 0;
    }
    let left = left as usize;
    if given.is_empty()
        && let Some(table) = digit_set_counts(side)
    {
        // Sums up to the most `side` digits make, one row a number of digits.
        let sums = side * (side + 1) / 2 + 1;
        return table.get(want * sums + left).copied().unwrap_or(0);
    }
    let counts = ways(side, want, left, &given);
    counts[want * (left + 1) + left]
}

/// The counts of [`digit_set_count`] with no digit given, for a side up to [`TABLED_SIDES`]:
/// entry `j · (m + 1) + t`, where `m = side (side + 1) / 2`, is the number of sets of `j`
/// digits of `1..=side` that add up to `t`. Made the first time a side is asked for.
fn digit_set_counts(side: usize) -> Option<&'static [u64]> {
    static TABLES: [OnceLock<Vec<u64>>; TABLED_SIDES + 1] =
        [const { OnceLock::new() }; TABLED_SIDES + 1];
    let table = TABLES.get(side)?;
    Some(table.get_or_init(|| ways(side, side, side * (side + 1) / 2, &[])))
}

/// The ways to choose up to `most` digits of `1..=side` outside `given` (sorted), by how many
/// are chosen and what they add up to, up to `top`: entry `j · (top + 1) + t` counts the sets
/// of `j` digits adding up to `t`, digit by digit (`side × most × top` steps), saturating at
/// `u64::MAX`.
fn ways(side: usize, most: usize, top: usize, given: &[usize]) -> Vec<u64> {
    let mut ways = vec![0u64; (most + 1) * (top + 1)];
    ways[0] = 1;
    for d in (1..=side).filter(|d| given.binary_search(d).is_err()) {
        for j in (1..=most).rev() {
            for t in (d..=top).rev() {
                let from = ways[(j - 1) * (top + 1) + t - d];
                let to = &mut ways[j * (top + 1) + t];
                *to = to.saturating_add(from);
            }
        }
    }
    ways
}

/// The most entries the options of all of a board's cages may bring to the matrix, in all: a
/// digit set of a killer cage of `k` cells on a board of `n` symbols covers the cage and the
/// `n - k` digits not in it, `n - k + 1` entries; a Mathdoku filling covers the cage and, for
/// each open cell, the cell and its units (about 12 bytes an entry in the engine). Killer cages
/// past it are not listed (see [`listed_cages`]); Mathdoku cages past it are refused.
pub const MAX_CAGE_ENTRIES: u64 = 10_000_000;

/// Why a matrix that is to be shown, written out or searched without sums cannot hold a killer
/// cage: it has more digit sets than a matrix lists (see [`listed_cages`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetsError {
    /// One cage has its digit sets unlisted.
    #[error(
        "cage {cage} at {cell} has {count} digit sets (sets of {cells} different digits that add up \
         to {sum}), more than a matrix lists: only the solver's search, which keeps the cage's sum \
         itself, takes a cage that large; split it into smaller cages for this"
    )]
    Cage {
        /// The cage, from 1.
        cage: usize,
        /// Its first cell.
        cell: String,
        /// Its cells.
        cells: usize,
        /// Its sum.
        sum: u32,
        /// Its digit sets.
        count: u64,
    },
}

/// Which killer cages of a board of `side` symbols have their digit sets listed, as options of
/// the matrix and as the rater's combinations, counted with no digit given (givens only take
/// sets away): in the order given, a cage of at most [`MAX_DIGIT_SETS`] sets while all listed
/// so far stay within [`MAX_CAGE_ENTRIES`] entries. Any other cage is kept by its cells'
/// different digits and its sum alone: the search keeps the sum by bounds as cells fill (see
/// the cover model), so memory follows the cage's cells, not its sets (a cage of twelve cells of
/// 36×36 adding up to 222 has 16,509,188).
pub fn listed_cages<'a>(side: usize, cages: impl IntoIterator<Item = &'a Cage>) -> Vec<bool> {
    let mut entries = 0u64;
    cages
        .into_iter()
        .map(|cage| {
            let count = digit_set_count(side, cage.cells.len(), cage.sum, &[]);
            let width = (side + 1).saturating_sub(cage.cells.len()) as u64;
            let total = entries.saturating_add(count.saturating_mul(width));
            let listed = count <= MAX_DIGIT_SETS && total <= MAX_CAGE_ENTRIES;
            if listed {
                entries = total;
            }
            listed
        })
        .collect()
}

/// The sets of `size` distinct digits from 1 to `side` that add up to `sum` and hold every digit
/// of `given`, in increasing order. As many as [`digit_set_count`] says: a caller with a cage
/// from a file lists only the cages [`listed_cages`] lists.
pub fn digit_sets(side: usize, size: usize, sum: u32, given: &[usize]) -> Vec<Vec<usize>> {
    fn go(
        from: usize,
        side: usize,
        left: usize,
        sum: u64,
        set: &mut Vec<usize>,
        given: &[usize],
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            if sum == 0 && given.iter().all(|g| set.contains(g)) {
                out.push(set.clone());
            }
            return;
        }
        for d in from..=side {
            // The smallest and largest sums the rest could still make.
            let low: u64 = (d..d + left).map(|x| x as u64).sum();
            let high: u64 = (side + 1 - left..=side).map(|x| x.max(d) as u64).sum();
            if low > sum {
                break;
            }
            if high < sum {
                continue;
            }
            set.push(d);
            go(d + 1, side, left - 1, sum - d as u64, set, given, out);
            set.pop();
        }
    }
    let mut out = Vec::new();
    if size > 0 && size <= side {
        go(
            1,
            side,
            size,
            u64::from(sum),
            &mut Vec::new(),
            given,
            &mut out,
        );
    }
    out
}

/// Whether `open` cells can still take distinct digits from 1 to `side`, none of `used` (bit
/// `d - 1` for digit `d`), adding up to `left`: it lies between the smallest and the largest
/// such sums. The bound that marks a broken killer cage, and that the backtracker prunes by.
pub fn can_still_make(side: usize, used: u64, open: usize, left: u64) -> bool {
    let free = |d: &u64| used & (1 << (d - 1)) == 0;
    let side = side as u64;
    let low: u64 = (1..=side).filter(free).take(open).sum();
    let high: u64 = (1..=side).rev().filter(free).take(open).sum();
    (low..=high).contains(&left)
}

impl Cage {
    /// The digits an open cell of the cage may still take by its sum, with `values` on the board
    /// (0 for empty; bit `d - 1` for digit `d`): each digit none of its cells holds that leaves
    /// its other open cells a sum they can still make ([`can_still_make`]). A superset of the
    /// digits its digit sets hold, worked out without listing them; none when no cell is open.
    pub fn open_digits(&self, side: usize, values: &[u8]) -> u64 {
        let digit = |c: &usize| values.get(*c).map_or(0, |&v| u64::from(v));
        let held = self
            .cells
            .iter()
            .map(digit)
            .filter(|&d| d != 0)
            .fold(0u64, |m, d| m | 1 << (d - 1));
        let open = self.cells.iter().filter(|c| digit(c) == 0).count();
        let Some(left) = u64::from(self.sum).checked_sub(self.cells.iter().map(digit).sum()) else {
            return 0;
        };
        if open == 0 {
            return 0;
        }
        (1..=side.min(64) as u64)
            .filter(|&d| {
                held & 1 << (d - 1) == 0
                    && d <= left
                    && can_still_make(side, held | 1 << (d - 1), open - 1, left - d)
            })
            .fold(0, |m, d| m | 1 << (d - 1))
    }
}

/// The smallest and largest sums of `cells` different digits from 1 to `side` (`None` when
/// there are more cells than digits).
pub fn sum_range(side: usize, cells: usize) -> Option<(u64, u64)> {
    (cells <= side).then(|| {
        let low: u64 = (1..=cells as u64).sum();
        let high: u64 = ((side - cells + 1) as u64..=side as u64).sum();
        (low, high)
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn math(cells: usize, op: Operation, target: u64) -> MathCage {
        MathCage {
            cells: (0..cells).collect(),
            op,
            target,
        }
    }

    /// Every filling by brute force: all digit tuples, filtered by the rules.
    fn brute(cage: &MathCage, n: usize, apart: impl Fn(usize, usize) -> bool) -> Vec<Vec<u8>> {
        let k = cage.cells.len();
        let mut out = Vec::new();
        let total = n.pow(k as u32);
        for mut code in 0..total {
            let mut digits = vec![0u8; k];
            for d in &mut digits {
                *d = (code % n) as u8 + 1;
                code /= n;
            }
            digits.reverse();
            let clash = (0..k).any(|i| (0..i).any(|j| digits[i] == digits[j] && apart(j, i)));
            if !clash && cage.makes(&digits) {
                out.push(digits);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn fillings_equal_brute_force() {
        let line = |i: usize, j: usize| i / 2 == j / 2 || i % 2 == j % 2;
        for n in 3..=6 {
            for (k, op) in [
                (1, Operation::Given),
                (2, Operation::Subtract),
                (2, Operation::Divide),
                (2, Operation::Add),
                (3, Operation::Add),
                (3, Operation::Multiply),
                (4, Operation::Multiply),
                (4, Operation::Add),
            ] {
                for target in 0..=40 {
                    let cage = math(k, op, target);
                    let mut got = cage.fillings(n, &[], line).unwrap();
                    got.sort();
                    assert_eq!(
                        got,
                        brute(&cage, n, line),
                        "{k} cells {op:?} {target} of {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn digit_sets_are_counted_without_listing() {
        for side in [4, 6, 9] {
            for size in 0..=side + 1 {
                for sum in 0..=50 {
                    for given in [&[][..], &[1], &[2, 3], &[9]] {
                        assert_eq!(
                            digit_set_count(side, size, sum, given),
                            digit_sets(side, size, sum, given).len() as u64,
                            "{size} of {side} make {sum} with {given:?}"
                        );
                    }
                }
            }
        }
        // Too many to list, counted all the same: the busiest sum of twelve cells of 36×36.
        assert_eq!(digit_set_count(36, 12, 222, &[]), 16_509_188);
    }

    /// The table of counts with no digit given holds what counting each case alone gives.
    #[test]
    fn tabled_counts_are_the_counts_of_each_case() {
        for side in [1, 2, 9, 16, 25] {
            let most = side * (side + 1) / 2;
            for size in 1..=side {
                for sum in 0..=most + 1 {
                    let alone = ways(side, size, sum, &[])[size * (sum + 1) + sum];
                    assert_eq!(
                        digit_set_count(side, size, sum as u32, &[]),
                        alone,
                        "{size} of {side} make {sum}"
                    );
                }
            }
        }
        // Past the table, counted case by case.
        assert_eq!(digit_set_count(TABLED_SIDES + 1, 1, 3, &[]), 1);
    }

    /// A cage's open digits hold every digit that some completion by different digits adding up
    /// to its sum puts in an open cell, on cages of every size of a board of seven symbols, some
    /// cells given; and where the sum leaves no choice, only those.
    #[test]
    fn open_digits_are_the_digits_of_some_completion() {
        let side = 7;
        for cells in 1..=4usize {
            for sum in 0..=30u32 {
                for given in [vec![], vec![3u8], vec![0, 6], vec![2, 0, 5]] {
                    let mut values = given.clone();
                    values.resize(cells, 0);
                    values.truncate(cells);
                    let cage = Cage {
                        cells: (0..cells).collect(),
                        sum,
                    };
                    // Every filling of the open cells with digits different from each other
                    // and from the given ones.
                    let mut want = 0u64;
                    let open: Vec<usize> = (0..cells).filter(|&c| values[c] == 0).collect();
                    let total = (side as u64).pow(open.len() as u32);
                    for code in 0..total {
                        let mut filled = values.clone();
                        let mut rest = code;
                        for &c in &open {
                            filled[c] = (rest % side as u64) as u8 + 1;
                            rest /= side as u64;
                        }
                        let mut seen = 0u64;
                        let distinct = filled.iter().all(|&d| {
                            let new = seen & 1 << (d - 1) == 0;
                            seen |= 1 << (d - 1);
                            new
                        });
                        let made = filled.iter().map(|&d| u32::from(d)).sum::<u32>() == sum;
                        if distinct && made {
                            for &c in &open {
                                want |= 1 << (filled[c] - 1);
                            }
                        }
                    }
                    let got = cage.open_digits(side, &values);
                    assert_eq!(
                        got & want,
                        want,
                        "{cells} cells, sum {sum}, given {values:?}"
                    );
                    if want == 0 && open.len() == 1 {
                        assert_eq!(got, 0, "{cells} cells, sum {sum}, given {values:?}");
                    }
                }
            }
        }
        let cage = |cells: usize, sum| Cage {
            cells: (0..cells).collect(),
            sum,
        };
        assert_eq!(cage(2, 3).open_digits(9, &[0, 0]), 0b11);
        assert_eq!(cage(3, 24).open_digits(9, &[0, 0, 0]), 0b1_1100_0000);
        assert_eq!(cage(3, 24).open_digits(9, &[9, 0, 0]), 0b0_1100_0000);
        assert_eq!(cage(3, 24).open_digits(9, &[1, 0, 0]), 0);
        assert_eq!(cage(2, 5).open_digits(9, &[2, 3]), 0);
    }

    #[test]
    fn fillings_keep_fixed_digits() {
        let cage = math(3, Operation::Add, 6);
        let got = cage.fillings(4, &[0, 3, 0], |_, _| true).unwrap();
        assert_eq!(got, vec![vec![1, 3, 2], vec![2, 3, 1]]);
    }

    #[test]
    fn division_and_subtraction_take_two_cells() {
        let div = math(2, Operation::Divide, 2);
        assert!(div.makes(&[2, 4]) && div.makes(&[6, 3]) && !div.makes(&[3, 5]));
        let sub = math(2, Operation::Subtract, 3);
        assert!(sub.makes(&[1, 4]) && sub.makes(&[6, 3]) && !sub.makes(&[2, 2]));
        assert!(!math(3, Operation::Subtract, 1).makes(&[3, 2, 1]));
    }

    #[test]
    fn operations_read_and_written() {
        for op in [
            Operation::Add,
            Operation::Subtract,
            Operation::Multiply,
            Operation::Divide,
        ] {
            assert_eq!(Operation::parse(op.sign()), Some(op));
        }
        assert_eq!(Operation::parse("x"), Some(Operation::Multiply));
        for op in [
            Operation::Add,
            Operation::Subtract,
            Operation::Multiply,
            Operation::Divide,
            Operation::Given,
        ] {
            assert_eq!(Operation::parse(op.ascii()), Some(op));
        }
        assert_eq!(Operation::parse("%"), None);
    }

    #[test]
    fn killer_bounds() {
        assert_eq!(sum_range(9, 2), Some((3, 17)));
        assert_eq!(sum_range(9, 10), None);
        assert!(can_still_make(9, 0, 2, 17));
        assert!(!can_still_make(9, 1 << 8, 2, 17));
        assert_eq!(digit_sets(9, 2, 4, &[]), vec![vec![1, 3]]);
    }
}
