//! What the finders read off the candidates, kept from one finder to the next while the
//! candidates stay the same.
//!
//! The rater asks every finder in turn on the same candidates: pointing, claiming and the
//! fish of a square board all read where each value's places lie (`crossings.rs`), the nice
//! loops, the AICs and their grouped forms all read one chain graph (two with groups), and both
//! ALS-XZ finders and the ALS-XY-wing one list of sets and of the pairs a restricted common
//! ties. The first to ask builds it; the others find it here. A change of the candidates (a
//! new board loaded, a step applied) makes the next ask build afresh, but for the crossings:
//! those of the last candidates are kept and brought up to date (`crossings.rs`).
//!
//! One thing is kept across changes of the candidates: which values a fish search (over a
//! shape's units, or finned on a square board) found nothing for, with the places it looked
//! at. A fish of one value reads only that value's places, and most steps leave most values'
//! places as they were, so the next search skips those values. A new board forgets them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::als::Als;
use super::chains::Graph;
use super::crossings::Crossings;
use super::peers::Peers;
use crate::sudoku::logic::Rater;

/// The reads of one set of candidates.
#[derive(Default)]
struct Reads {
    /// The candidates they were read from.
    cand: Vec<u64>,
    peers: Option<Arc<Peers>>,
    /// Where each value's places lie (square boards only).
    crossings: Option<Arc<Crossings>>,
    graph: Option<Arc<Graph>>,
    grouped: Option<Arc<Graph>>,
    sets: Option<Arc<Vec<Als>>>,
    /// The pairs of sets tied by a restricted common ([`Rater::restricted_pairs`]).
    pairs: Option<Arc<Vec<(usize, usize, u64)>>>,
    /// The last crossings read before the candidates changed, and the candidates they were
    /// read from.
    last_crossings: Option<(Vec<u64>, Arc<Crossings>)>,
}

/// The fish searches whose failures the cache remembers: each reads only one value's places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(in crate::sudoku::logic) enum FishKind {
    /// Fish over a shape's units (`fish.rs`).
    OverUnits,
    /// Finned fish on a square board (`finned.rs`).
    Finned,
    /// Sashimi fish on a square board.
    Sashimi,
}

/// The rater's cache of reads (a copy of a rater starts with an empty one).
#[derive(Default)]
pub(in crate::sudoku::logic) struct Cache {
    reads: Mutex<Reads>,
    /// For each kind and size of fish and each value that a search found nothing for: the
    /// value's places then ([`Rater::fish_places`]).
    fishless: Mutex<HashMap<(FishKind, usize, u8), Vec<u32>>>,
}

impl Clone for Cache {
    fn clone(&self) -> Self {
        Cache::default()
    }
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Cache")
    }
}

impl Cache {
    /// Forgets every read (the board changed).
    pub(in crate::sudoku::logic) fn clear(&self) {
        *self.reads.lock().unwrap_or_else(PoisonError::into_inner) = Reads::default();
        self.fishless
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// Whether a search for fish of `kind` and `size` for `value` found nothing when its
    /// places were `key`.
    pub(in crate::sudoku::logic) fn fishless(
        &self,
        kind: FishKind,
        size: usize,
        value: u8,
        key: &[u32],
    ) -> bool {
        let fishless = self.fishless.lock().unwrap_or_else(PoisonError::into_inner);
        fishless.get(&(kind, size, value)).is_some_and(|k| k == key)
    }

    /// Notes that a search for fish of `kind` and `size` for `value` found nothing on places
    /// `key`.
    pub(in crate::sudoku::logic) fn note_fishless(
        &self,
        kind: FishKind,
        size: usize,
        value: u8,
        key: Vec<u32>,
    ) {
        let mut fishless = self.fishless.lock().unwrap_or_else(PoisonError::into_inner);
        fishless.insert((kind, size, value), key);
    }
}

impl Rater {
    /// One read of the current candidates: `get` picks it from the cache, `make` builds it.
    fn cached<T>(
        &self,
        get: impl Fn(&mut Reads) -> &mut Option<Arc<T>>,
        make: impl FnOnce(&Rater) -> T,
    ) -> Arc<T> {
        self.cached_from(get, |_| (), |r, ()| make(r))
    }

    /// [`cached`](Self::cached), where `make` is also handed what `take` takes from the
    /// cache when the read is not there.
    fn cached_from<T, S>(
        &self,
        get: impl Fn(&mut Reads) -> &mut Option<Arc<T>>,
        take: impl FnOnce(&mut Reads) -> S,
        make: impl FnOnce(&Rater, S) -> T,
    ) -> Arc<T> {
        let taken = {
            let mut reads = self
                .cache
                .reads
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            self.refresh(&mut reads);
            if let Some(found) = get(&mut reads) {
                return found.clone();
            }
            take(&mut reads)
        };
        let made = Arc::new(make(self, taken));
        let mut reads = self
            .cache
            .reads
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if reads.cand == self.cand {
            *get(&mut reads) = Some(made.clone());
        }
        made
    }

    /// Forgets the reads of other candidates than the current ones, keeping their crossings
    /// aside (or the ones kept before, if they had none).
    fn refresh(&self, reads: &mut Reads) {
        if reads.cand == self.cand {
            return;
        }
        let old = std::mem::take(reads);
        let last = match old.crossings {
            Some(x) => Some((old.cand, x)),
            None => old.last_crossings,
        };
        *reads = Reads {
            cand: self.cand.clone(),
            last_crossings: last,
            ..Reads::default()
        };
    }

    /// Where each value's places lie on a square board; `None` on a shape. The last
    /// candidates' crossings are brought up to date if no finder holds them any more.
    pub(in crate::sudoku::logic) fn crossings(&self) -> Option<Arc<Crossings>> {
        let g = self.geometry?;
        Some(self.cached_from(
            |r| &mut r.crossings,
            |r| r.last_crossings.take(),
            |r, last| {
                let updated = last.and_then(|(before, x)| {
                    let mut x = Arc::try_unwrap(x).ok()?;
                    r.update_crossings(g, &mut x, &before).then_some(x)
                });
                updated.unwrap_or_else(|| r.read_crossings(g))
            },
        ))
    }

    /// Who sees whom.
    pub(in crate::sudoku::logic) fn peers(&self) -> Arc<Peers> {
        self.cached(|r| &mut r.peers, Peers::of)
    }

    /// The chain graph of every candidate (with groups if `grouped`).
    pub(in crate::sudoku::logic) fn graph(&self, grouped: bool) -> Arc<Graph> {
        let peers = self.peers();
        if grouped {
            self.cached(|r| &mut r.grouped, |r| r.grouped_chain_graph(&peers))
        } else {
            self.cached(|r| &mut r.graph, |r| r.chain_graph(&peers, false))
        }
    }

    /// The almost locked sets.
    pub(in crate::sudoku::logic) fn sets(&self) -> Arc<Vec<Als>> {
        let peers = self.peers();
        self.cached(|r| &mut r.sets, |r| r.almost_locked_sets(&peers))
    }

    /// The pairs of almost locked sets tied by a restricted common.
    pub(in crate::sudoku::logic) fn linked_sets(&self) -> Arc<Vec<(usize, usize, u64)>> {
        let sets = self.sets();
        self.cached(|r| &mut r.pairs, |_| Rater::restricted_pairs(&sets))
    }
}
