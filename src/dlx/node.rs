//! The arena's vocabulary: a node, and the numbers the layout reserves (the spacer's top, the
//! root, the tags of covered and long items).

/// The `top` of a spacer node. Items are numbered from 1, so 0 is never an item.
pub(super) const SPACER: u32 = 0;
/// Item number 0, which is no item: what [`Matrix::choose`] returns when every primary item is
/// covered.
pub(super) const ROOT: u32 = 0;
/// The tag of a covered item: above every length.
pub(super) const TAG_COVERED: u8 = u8::MAX;
/// The largest length a tag tells exactly; a tag of `TAG_CAP` means "this many or more".
pub(super) const TAG_CAP: u32 = 254;

/// The tag of an item with `len` options.
#[inline(always)]
pub(super) fn tag_of(len: u32) -> u8 {
    len.min(TAG_CAP) as u8
}

/// One node of the arena: a vertical link pair.
///
/// Its item, its `top`, is kept apart, in [`Matrix::tops`] at the same index: eight-byte nodes
/// are addressed by a scaled index with no multiplication, and both links load as one word.
///
/// For a spacer, `up`/`down` point to the first node of the option before and the last node of
/// the option after (see the [module docs](crate::dlx)).
///
/// Laid out as C lays it out (`up`, then `down`), so that the builders can write a node as one
/// eight-byte word (see [`write_node`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C)]
pub(super) struct Node {
    pub(super) up: u32,
    pub(super) down: u32,
}

/// Added to the `len` of a covered item, so that the scan for the shortest item (which reads the
/// `len` array straight through) passes over it. Hiding never
/// touches a covered item's `len`: every option that contains it is hidden already.
pub(super) const COVERED: u32 = 1 << 31;
