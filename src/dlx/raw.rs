//! The engine's unchecked accesses to its arrays: every read and write of a link, a top, a
//! length or a tag that the link operations make without a bounds check.

// Unchecked access to the arena in the link operations. SAFETY: every link stored in `nodes`
// (whose length is that of `tops`) and every `top` is an index below `nodes.len()` /
// `len.len()` = `tag.len()`, and every
// `prev`/`next` in `items` is below `items.len()`: `reset` and the option builders only ever
// store indices of nodes and items that exist, and the link operations only copy links from one
// node (or item) to another. Checked in debug builds.
//
// `at!(v, i)` reads `v[i]`, `at!(mut v, i)` is the place `v[i]`; the named forms below say which
// array of the matrix.
macro_rules! at {
    (mut $v:expr, $i:expr) => {{
        let i = ($i) as usize;
        debug_assert!(i < $v.len());
        #[allow(unsafe_code)]
        unsafe {
            $v.get_unchecked_mut(i)
        }
    }};
    ($v:expr, $i:expr) => {{
        let i = ($i) as usize;
        debug_assert!(i < $v.len());
        #[allow(unsafe_code)]
        unsafe {
            *$v.get_unchecked(i)
        }
    }};
}
/// The node at an index, as a place.
macro_rules! nd {
    ($m:expr, $i:expr) => {
        $crate::dlx::raw::at!(mut $m.nodes, $i)
    };
}
/// The item of the node at an index.
macro_rules! tp {
    ($m:expr, $i:expr) => {
        $crate::dlx::raw::at!($m.tops, $i)
    };
}
/// An item's tag, as a place.
macro_rules! tg {
    ($m:expr, $i:expr) => {
        $crate::dlx::raw::at!(mut $m.tag, $i)
    };
}
/// An item's length, as a place.
macro_rules! ln {
    ($m:expr, $i:expr) => {
        $crate::dlx::raw::at!(mut $m.len, $i)
    };
}
pub(crate) use {at, ln, nd, tg, tp};
