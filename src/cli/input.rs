//! Where the puzzles come from: a file or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

/// Lines read and solved together: enough to keep every core busy, small enough that memory
/// stays flat however long the file is.
pub(super) const CHUNK_LINES: usize = 4096;

pub(super) fn open_input(file: Option<&Path>) -> io::Result<Box<dyn BufRead>> {
    match file {
        None => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) => File::open(p)
            .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display()))),
    }
}
