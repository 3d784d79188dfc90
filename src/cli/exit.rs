//! The exit codes, the same for every command that reads puzzles (`solve`, `bench`, `rate`):
//! the worst thing that happened to any puzzle decides, bad input first.

/// Exit code: every puzzle solved.
pub const EXIT_OK: u8 = 0;
/// Exit code: some puzzle had no solution.
pub const EXIT_UNSOLVED: u8 = 1;
/// Exit code: bad input (a line that is no puzzle, a file that cannot be read, a bad config or
/// command line).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code: some puzzle was not decided within `--timeout`.
pub const EXIT_GAVE_UP: u8 = 3;

/// The worse of two exit codes: bad input, then gave up, then no solution, then success.
pub fn worse(a: u8, b: u8) -> u8 {
    let rank = |code| match code {
        EXIT_OK => 0,
        EXIT_UNSOLVED => 1,
        EXIT_GAVE_UP => 2,
        _ => 3,
    };
    if rank(b) > rank(a) { b } else { a }
}

/// What is printed for a puzzle given up after `--timeout`: `gave up after 1234567 nodes
/// (2.00 s)` (`calls` for the backtracking solver).
pub fn gave_up(work: &crate::sudoku::Work, elapsed: std::time::Duration) -> String {
    let what = match work {
        crate::sudoku::Work::Dlx(_) => "nodes",
        crate::sudoku::Work::Backtrack { .. } => "calls",
    };
    format!(
        "gave up after {} {what} ({:.2} s)",
        work.nodes(),
        elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_outranks_giving_up_which_outranks_no_solution() {
        assert_eq!(worse(EXIT_OK, EXIT_UNSOLVED), EXIT_UNSOLVED);
        assert_eq!(worse(EXIT_GAVE_UP, EXIT_UNSOLVED), EXIT_GAVE_UP);
        assert_eq!(worse(EXIT_GAVE_UP, EXIT_BAD_INPUT), EXIT_BAD_INPUT);
        assert_eq!(worse(EXIT_BAD_INPUT, EXIT_GAVE_UP), EXIT_BAD_INPUT);
        assert_eq!(worse(EXIT_UNSOLVED, EXIT_OK), EXIT_UNSOLVED);
    }
}
