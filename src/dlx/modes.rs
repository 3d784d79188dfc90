//! The dispatch on a matrix's modes: the link operations and the search loop are compiled once
//! for each (narrow or not, the layout, large or not), and these macros pick the one that
//! matches the matrix at hand.

#[cfg(doc)]
use super::matrix::Matrix;

/// Evaluates `body` in the matrix's modes: `modes!(m, body)` matches them and, in each arm,
/// defines the constants `N` (whether the matrix is [narrow](Matrix::narrow)), `Q` (its
/// [layout](Matrix::layout): [`SPACED`](super::matrix::SPACED), or the width of its blocks, 2
/// to 8, [`QUAD`](super::matrix::QUAD) among them) and `L` (whether it is
/// [large](Matrix::large), keeping a summary of its tags: only with spacers), for `body` to
/// name, as in `modes!(m, m.cover::<N, Q, L>(i))`. Each arm compiles `body` once, with its
/// constants.
macro_rules! modes {
    ($m:expr, $body:expr) => {{
        match ($m.narrow, $m.layout(), $m.large) {
            (true, 2, _) => $crate::dlx::modes::modes!(@ true, 2, false, $body),
            (false, 2, _) => $crate::dlx::modes::modes!(@ false, 2, false, $body),
            (true, 3, _) => $crate::dlx::modes::modes!(@ true, 3, false, $body),
            (false, 3, _) => $crate::dlx::modes::modes!(@ false, 3, false, $body),
            (true, 4, _) => $crate::dlx::modes::modes!(@ true, 4, false, $body),
            (false, 4, _) => $crate::dlx::modes::modes!(@ false, 4, false, $body),
            (true, 5, _) => $crate::dlx::modes::modes!(@ true, 5, false, $body),
            (false, 5, _) => $crate::dlx::modes::modes!(@ false, 5, false, $body),
            (true, 6, _) => $crate::dlx::modes::modes!(@ true, 6, false, $body),
            (false, 6, _) => $crate::dlx::modes::modes!(@ false, 6, false, $body),
            (true, 7, _) => $crate::dlx::modes::modes!(@ true, 7, false, $body),
            (false, 7, _) => $crate::dlx::modes::modes!(@ false, 7, false, $body),
            (true, 8, _) => $crate::dlx::modes::modes!(@ true, 8, false, $body),
            (false, 8, _) => $crate::dlx::modes::modes!(@ false, 8, false, $body),
            (true, _, false) => $crate::dlx::modes::modes!(@ true, 0, false, $body),
            (true, _, true) => $crate::dlx::modes::modes!(@ true, 0, true, $body),
            (false, _, false) => $crate::dlx::modes::modes!(@ false, 0, false, $body),
            (false, _, true) => $crate::dlx::modes::modes!(@ false, 0, true, $body),
        }
    }};
    (@ $n:literal, $q:literal, $l:literal, $body:expr) => {{
        #[allow(dead_code)]
        const N: bool = $n;
        #[allow(dead_code)]
        const Q: u8 = $q;
        #[allow(dead_code)]
        const L: bool = $l;
        $body
    }};
}
pub(super) use modes;

/// Calls a link operation in the matrix's modes (see [`modes!`]): `in_mode!(m, cover(i))` is
/// `m.cover::<N, Q, L>(i)`. The operations are unsafe functions, so a use stands in an
/// `unsafe` block whose `SAFETY` comment says why the operation's contract holds.
macro_rules! in_mode {
    ($m:expr, $f:ident($($a:expr),*)) => {
        $crate::dlx::modes::modes!($m, $m.$f::<N, Q, L>($($a),*))
    };
}
pub(super) use in_mode;
