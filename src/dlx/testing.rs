//! Helpers shared by the engine's unit tests.

/// A small linear congruential generator (Knuth's MMIX constants): repeatable test data
/// without a dependency.
pub(crate) fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed
    }
}
