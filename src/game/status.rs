//! The status line under the board: what just happened, and whether it is bad news.

use std::time::Duration;

/// A line under the board saying what just happened, and how to show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// What to say.
    pub text: String,
    /// Whether it is bad news (drawn in the error colour).
    pub problem: bool,
}

impl Status {
    pub(super) fn info(text: impl Into<String>) -> Self {
        Status {
            text: text.into(),
            problem: false,
        }
    }

    pub(super) fn problem(text: impl Into<String>) -> Self {
        Status {
            text: text.into(),
            problem: true,
        }
    }
}

/// `1 given`, `23 givens`: a count and its noun, `one` for one of them and `many` else.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// `0.21 ms`, `12.4 ms`, `3.20 s`.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1e3)
    }
}
