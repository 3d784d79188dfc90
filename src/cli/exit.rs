//! The exit codes, the same for every command.

/// Exit code: every puzzle solved.
pub const EXIT_OK: u8 = 0;
/// Exit code: some puzzle had no solution.
pub const EXIT_UNSOLVED: u8 = 1;
/// Exit code: bad input.
pub const EXIT_BAD_INPUT: u8 = 2;
