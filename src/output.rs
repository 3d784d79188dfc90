//! Writing to standard output and standard error without ever panicking. `println!` and
//! `eprintln!` panic when the stream is gone (a closed pipe, `head` having read enough) or
//! full (`> /dev/full`); the program must not. Output goes through the command's own locked
//! writer and its errors come back as `io::Result` (a closed pipe then ends the command
//! quietly, another error exits 2: see [`cli::run`](crate::cli::run)); messages for people go
//! through [`note`], which drops them where they cannot be written.

use std::fmt;
use std::io::{self, Write};

/// Writes one line to standard error, or nothing if standard error cannot take it.
pub fn note(line: impl fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}
