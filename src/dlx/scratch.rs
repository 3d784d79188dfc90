//! What the matrix keeps for its searches besides its links: the last search's stacks and what
//! a lazily restoring search left to undo, the conflict weights, and pruning's memo of pairs.

use super::node::TAG_CAP;

/// What [`Matrix::prune`] found out about the two options an item had when it last looked: the
/// nodes where they meet a second item, [`NO_PAIR`] if they share no other item, or [`MANY_PAIRS`]
/// if they share several (then it looks again every time). Which items two options share never
/// changes, so the answer stays true for as long as the item has those same two options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct PairMemo {
    pub(super) generation: u32,
    pub(super) first: u32,
    pub(super) second: u32,
    /// The node of the shared item in the first option, or [`NO_PAIR`] / [`MANY_PAIRS`].
    pub(super) meet_first: u32,
    /// The node of the shared item in the second option.
    pub(super) meet_second: u32,
}

/// [`PairMemo::meet_first`] when the two options share no other item.
pub(super) const NO_PAIR: u32 = 0;
/// [`PairMemo::meet_first`] when they share more than one.
pub(super) const MANY_PAIRS: u32 = u32::MAX;

/// What a search still holds at the level it stands on (see [`Pending`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Top {
    /// Nothing (it is about to enter the level, or has just left it).
    Nothing,
    /// This item covered, and the options pruning removed at this level (step X7 undoes them).
    Item(u32),
    /// The option `choice[level]` tried, and its item covered (steps X6 and X7).
    Retry,
}

/// The undoing a search that stopped without restoring left to do: every level below `level`
/// holds its option `choice[l]` and that option's item covered (and the options pruning removed
/// there), and level `level` holds `top`. With the search's stacks it says everything
/// [`unwind`] needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pending {
    pub(super) level: usize,
    pub(super) top: Top,
    /// The level from which the search ran [narrow](super::Matrix::narrow) in a matrix that
    /// was not (see `Search::narrow_from`): the levels from it on are undone narrow, the ones
    /// above it not.
    pub(super) narrow_from: Option<usize>,
}

/// How many dead ends pass between two halvings of the conflicts counted where they are blamed
/// on choices (see [`Search::with_blame_on_choices`]): sigh's solver halves its conflict scores
/// every 16,384 conflicts. On sigh's unsolvable jigsaw layouts, halving every 4,096 decided more
/// of them than never halving (benches/README.md); other spans were not tried.
///
/// [`Search::with_blame_on_choices`]: super::Search::with_blame_on_choices
pub(super) const WEIGHT_HALF_LIFE: u32 = 4096;

/// How often each primary item has been blamed for a dead end in the current search (see
/// [`Search::with_conflict_weights`]). Few items ever are, so they are also listed, and a
/// tie-break reads only them.
///
/// [`Search::with_conflict_weights`]: super::Search::with_conflict_weights
#[derive(Debug, Clone, Default)]
pub(super) struct Weights {
    /// Indexed by item (as `Matrix::len`); zero for every item not in `heavy`: the conflicts
    /// counted, on top of a random start where the search has one (see [`draw`](Self::draw)).
    pub(super) weight: Vec<u32>,
    /// The items with a weight above zero, in the order they got it.
    pub(super) heavy: Vec<u32>,
    /// Dead ends left before the conflicts are next halved, where they decay.
    pub(super) countdown: u32,
}

impl Weights {
    /// All weights zero, for a matrix with `primary` primary items: clears only the entries
    /// that are not, so a batch of small searches pays nothing per item.
    pub(super) fn clear(&mut self, primary: usize) {
        for &i in &self.heavy {
            self.weight[i as usize] = 0;
        }
        self.heavy.clear();
        self.countdown = WEIGHT_HALF_LIFE;
        if self.weight.len() < primary + 1 {
            self.weight.resize(primary + 1, 0);
        }
    }

    /// Gives every primary item (`1..=primary`) a starting weight drawn from `seed`, from 0 to
    /// `most` (see [`Search::with_random_weights`]): the items' conflicts count up from there.
    ///
    /// [`Search::with_random_weights`]: super::Search::with_random_weights
    pub(super) fn draw(&mut self, primary: usize, seed: u64, most: u32) {
        self.clear(primary);
        let mut state = seed;
        for item in 1..=primary as u32 {
            // splitmix64 (Steele, Lea and Flood, 2014): one multiply-xorshift chain a draw.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            let w = (z % (u64::from(most) + 1)) as u32;
            if w > 0 {
                self.weight[item as usize] = w;
                self.heavy.push(item);
            }
        }
    }

    #[inline]
    pub(super) fn bump(&mut self, item: u32) {
        let w = &mut self.weight[item as usize];
        if *w == 0 {
            self.heavy.push(item);
        }
        *w = w.saturating_add(1);
    }

    /// Counts a dead end towards the next halving of every item's weight: where conflicts
    /// decay, the items blamed lately weigh the most (and a random start wears away).
    #[inline]
    pub(super) fn decay(&mut self) {
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = WEIGHT_HALF_LIFE;
            let weight = &mut self.weight;
            // An item whose weight falls to zero leaves the list (and joins it again when next
            // blamed), so the list stays as long as the items blamed lately.
            self.heavy.retain(|&i| {
                let w = &mut weight[i as usize];
                *w >>= 1;
                *w != 0
            });
        }
    }

    /// Of the items whose tag in `tags` is `item`'s (the leftmost shortest), the heaviest, the leftmost of
    /// those on a tie. Items past the tag cap are left to the exact choice.
    #[inline]
    pub(super) fn heaviest_like(&self, tags: &[u8], item: u32) -> u32 {
        let tag = tags[item as usize];
        if u32::from(tag) >= TAG_CAP {
            return item;
        }
        let (mut best, mut most) = (item, self.weight[item as usize]);
        for &i in &self.heavy {
            let w = self.weight[i as usize];
            if tags[i as usize] == tag && (w > most || (w == most && i < best)) {
                (best, most) = (i, w);
            }
        }
        best
    }
}

/// The growable stacks of a search, kept by the matrix between searches (see [`Search::new`]).
#[derive(Debug, Clone, Default)]
pub(super) struct Stacks {
    pub(super) choice: Vec<u32>,
    pub(super) trail: Vec<u32>,
    pub(super) seen: Vec<u8>,
    pub(super) mark: Vec<(u32, u32)>,
    pub(super) weights: Weights,
}
