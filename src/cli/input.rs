//! Where the puzzles come from: a file or standard input, in any format the window reads.
//!
//! One-line files (and `.sdm`) are streamed a line at a time, so a file of millions of puzzles
//! is read in flat memory; every other format ([`Format`]) is read whole, up to
//! [`MAX_FILE_BYTES`], and parsed as the window parses it. The format comes from the extension
//! (`.sdk`, `.sdm`, `.ss`, `.csv`, `.toml`, `.ksudoku`) or, for `.txt`, other names and standard
//! input, from the first 64 KiB of content.
//!
//! A file is a regular file or a named pipe with a writer (process substitution, `<(...)`); a
//! folder or a device is refused, and so is a named pipe nothing writes to, which would
//! otherwise wait for ever ([`open_pipe`]).
//!
//! Streaming, each line stands alone: a byte order mark at the start is skipped, a line that is
//! not UTF-8 or is longer than [`MAX_LINE_BYTES`] is reported by line and column and the next
//! line read, so one bad line never stops a batch.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, IsTerminal, Read};
use std::path::Path;

use crate::sudoku::files::formats::{self, Entry, Format, MAX_FILE_BYTES};
use crate::sudoku::{Grid, Notation};

/// Lines read and solved together: enough to keep every core busy, small enough that memory
/// stays flat however long the file is.
pub(super) const CHUNK_LINES: usize = 4096;

/// The longest line read: 64 KiB, ten times the longest 36×36 puzzle line with spaces.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// How much of a stream is looked at to tell its format: 64 KiB, or 80 lines (a 64×64 block grid
/// with its rules and a title).
const PEEK_BYTES: usize = 64 << 10;
const PEEK_LINES: usize = 80;

fn bytecount(bytes: &[u8], byte: u8) -> usize {
    bytes.iter().filter(|&&b| b == byte).count()
}

/// One puzzle's worth of input, and the line it starts on.
pub(super) struct Piece {
    pub line: usize,
    pub what: What,
}

impl Piece {
    /// The board: parsed from the line (symbols read with `preferred` where the size matches),
    /// or as the file's format read it; else where and what is wrong (`line 3, column 5: …`).
    pub fn grid(&self, preferred: &Notation) -> Result<Cow<'_, Grid>, String> {
        match &self.what {
            What::Grid(grid) => Ok(Cow::Borrowed(grid.as_ref())),
            What::Text(text) => Grid::parse_line(text, Some(preferred))
                .map(Cow::Owned)
                .map_err(|e| e.starting_at(self.line).to_string()),
            What::Bad(why) => Err(why.clone()),
        }
    }
}

/// A puzzle as read: a line still to parse, a board already parsed, or what is wrong.
pub(super) enum What {
    Text(String),
    Grid(Box<Grid>),
    /// Where (`line 3, column 5: `) and what, to follow the input's name.
    Bad(String),
}

/// An open input: its name for messages and its puzzles.
pub(super) struct Input {
    name: String,
    format: Format,
    source: Source,
}

enum Source {
    Lines {
        reader: Box<dyn BufRead>,
        line: usize,
        buf: Vec<u8>,
    },
    Entries(std::vec::IntoIter<Entry>),
    /// A whole-file format that failed to parse: its one error, then nothing.
    Failed(Option<Piece>),
}

impl Input {
    /// Opens `file` (`-` or none: standard input). The error names the file.
    pub fn open(file: Option<&Path>, preferred: &Notation) -> io::Result<Input> {
        let path = file.filter(|p| p.as_os_str() != "-");
        let name = path.map_or_else(|| "standard input".to_string(), |p| p.display().to_string());
        let named = |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
        let (reader, format): (Box<dyn Read>, Option<Format>) = match path {
            None => (Box::new(io::stdin()), None),
            Some(p) => {
                // A device is no puzzle file (and /dev/zero never ends); pipes are fine.
                let meta = std::fs::metadata(p).map_err(named)?;
                if meta.is_dir() {
                    return Err(named(io::Error::other("is a folder, not a file")));
                }
                if is_device(&meta) {
                    return Err(named(io::Error::other("is a device, not a file")));
                }
                let file: Box<dyn Read> = if is_pipe(&meta) {
                    let (first, file) = open_pipe(p).map_err(named)?;
                    Box::new(Cursor::new(first).chain(file))
                } else {
                    Box::new(File::open(p).map_err(named)?)
                };
                (file, Format::from_path(p))
            }
        };
        // The first bytes, to tell the format by (then read on from where they end): up to
        // PEEK_BYTES or PEEK_LINES lines, enough for a block grid of any size, and no further
        // than the first puzzle line where that settles it (a line of 81 cells is no block row),
        // so that puzzles piped in slowly come out as they come in. Typed at a terminal, a
        // puzzle is one line, solved as soon as it is entered.
        let typed = path.is_none() && io::stdin().is_terminal();
        let mut peek = Vec::with_capacity(PEEK_BYTES);
        let mut reader = reader;
        let mut ended = false;
        if format.is_none() && !typed {
            let mut chunk = [0u8; 8192];
            while peek.len() < PEEK_BYTES && bytecount(&peek, b'\n') < PEEK_LINES {
                let n = match reader.read(&mut chunk) {
                    Ok(n) => n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(named(e)),
                };
                if n == 0 {
                    ended = true;
                    break;
                }
                peek.extend_from_slice(&chunk[..n]);
                if let Some(end) = peek.iter().rposition(|&b| b == b'\n')
                    && formats::surely_lines(&String::from_utf8_lossy(&peek[..end]))
                {
                    break;
                }
            }
        }
        let format = if typed { Some(Format::Line) } else { format };
        let format = format.unwrap_or_else(|| {
            let text = String::from_utf8_lossy(&peek);
            // The last line of the peek may be cut short: leave it out. A first line longer
            // than the whole peek is one over-long line, for the line reader to report.
            let whole = match text.rfind('\n') {
                Some(end) if !ended => &text[..end],
                None if peek.len() >= PEEK_BYTES => return Format::Line,
                _ => &text,
            };
            let whole = whole.strip_prefix('\u{feff}').unwrap_or(whole);
            // (A KSudoku file is detected as such, and read whole.)
            formats::detect(whole)
        });
        let rest = Cursor::new(peek).chain(reader);
        let source = match format {
            Format::Line | Format::Sdm => Source::Lines {
                reader: Box::new(BufReader::with_capacity(1 << 16, rest)),
                line: 0,
                buf: Vec::new(),
            },
            _ => {
                let mut bytes = Vec::new();
                rest.take(MAX_FILE_BYTES + 1)
                    .read_to_end(&mut bytes)
                    .map_err(named)?;
                if bytes.len() as u64 > MAX_FILE_BYTES {
                    return Err(named(io::Error::other(format!(
                        "a {} file of more than {} MiB (the most read whole); one-line files \
                         of any size are read a line at a time",
                        format.extension(),
                        MAX_FILE_BYTES >> 20
                    ))));
                }
                let text = String::from_utf8_lossy(&bytes);
                match formats::read(&text, Some(format), Some(preferred)) {
                    Ok((_, entries)) => Source::Entries(entries.into_iter()),
                    Err(e) => Source::Failed(Some(Piece {
                        line: e.line,
                        what: What::Bad(format!("{e}")),
                    })),
                }
            }
        };
        Ok(Input {
            name,
            format,
            source,
        })
    }

    /// The input's name for messages: the path as given, or "standard input".
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The format the input is read in (by its extension, else by its content).
    pub fn format(&self) -> Format {
        self.format
    }

    /// The next puzzle, skipping blank lines and `#` comments; `None` at the end.
    pub fn next_piece(&mut self) -> io::Result<Option<Piece>> {
        match &mut self.source {
            Source::Entries(entries) => Ok(entries.next().map(|e| Piece {
                line: e.line,
                what: What::Grid(Box::new(e.puzzle)),
            })),
            Source::Failed(error) => Ok(error.take()),
            Source::Lines { reader, line, buf } => loop {
                buf.clear();
                let (read, cut) = read_line_bounded(reader.as_mut(), buf, MAX_LINE_BYTES)?;
                if read == 0 {
                    return Ok(None);
                }
                *line += 1;
                let n = *line;
                if cut {
                    return Ok(Some(Piece {
                        line: n,
                        what: What::Bad(format!(
                            "line {n}: longer than {} KiB, the longest line read",
                            MAX_LINE_BYTES >> 10
                        )),
                    }));
                }
                let mut bytes = &buf[..];
                if n == 1 {
                    bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
                }
                let text = match std::str::from_utf8(bytes) {
                    Ok(text) => text,
                    Err(e) => {
                        let (_, column, byte) = formats::bad_utf8(bytes, &e);
                        return Ok(Some(Piece {
                            line: n,
                            what: What::Bad(format!(
                                "line {n}, column {column}: not UTF-8 text (byte 0x{byte:02X})"
                            )),
                        }));
                    }
                };
                let t = text.trim();
                if t.is_empty() || t.starts_with('#') {
                    continue;
                }
                return Ok(Some(Piece {
                    line: n,
                    what: What::Text(t.to_string()),
                }));
            },
        }
    }
}

#[cfg(unix)]
fn is_pipe(meta: &std::fs::Metadata) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type())
}

#[cfg(not(unix))]
fn is_pipe(_: &std::fs::Metadata) -> bool {
    false
}

/// Opens the named pipe at `path` for reading, if something is writing to it, without waiting
/// for a writer: a pipe with none is refused by name, rather than waited on for ever. The
/// bytes read while looking come back with the pipe, to be read first.
///
/// A pipe with a writer is one of process substitution (`solve <(unzip -p puzzles.zip)`, a
/// `/dev/fd/63` whose writer holds it from the start) or a writer started first (`cat p.txt >
/// fifo &`, waiting in its own open until a reader comes). A reader opened with `O_NONBLOCK`
/// does not wait; its first read then tells the two cases apart: POSIX gives 0 (the end) only
/// when no process has the pipe open for writing, and "would block" when one has but has not
/// written yet. What is read on is an ordinary, blocking reader, opened while this process
/// holds a writer of its own (a blocking open waits only while there is no writer at all) and
/// the looking reader (so nothing written meanwhile is lost): the real writer may have written
/// everything and gone by then, and its bytes are still in the pipe.
#[cfg(unix)]
fn open_pipe(path: &Path) -> io::Result<(Vec<u8>, File)> {
    use std::os::unix::fs::OpenOptionsExt;
    let looking = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let mut first = vec![0u8; 8192];
    let n = loop {
        match (&looking).read(&mut first) {
            Ok(0) => {
                return Err(io::Error::other(
                    "a named pipe with nothing writing to it (start the writer first, as in \
                     `cat p.txt > PIPE &`)",
                ));
            }
            Ok(n) => break n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => break 0,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    };
    first.truncate(n);
    let holding = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let reader = File::open(path)?;
    drop(holding);
    drop(looking);
    Ok((first, reader))
}

#[cfg(not(unix))]
fn open_pipe(path: &Path) -> io::Result<(Vec<u8>, File)> {
    Ok((Vec::new(), File::open(path)?))
}

#[cfg(unix)]
fn is_device(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    t.is_char_device() || t.is_block_device() || t.is_socket()
}

#[cfg(not(unix))]
fn is_device(meta: &std::fs::Metadata) -> bool {
    !meta.is_file()
}

/// Reads up to and including the next `\n` into `buf`, keeping at most `max` bytes: the rest of
/// a longer line is read and dropped. Returns the bytes read (0 at the end) and whether the line
/// was cut.
fn read_line_bounded(
    reader: &mut dyn BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<(usize, bool)> {
    let mut read = 0;
    let mut cut = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((read, cut));
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = max.saturating_sub(buf.len());
        if chunk.len() > room {
            cut = true;
        }
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        read += used;
        reader.consume(used);
        if done {
            return Ok((read, cut));
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn long_lines_are_cut_and_the_next_line_read_whole() {
        let text = format!("{}\nabc\n", "x".repeat(100));
        let mut reader = Cursor::new(text.into_bytes());
        let mut buf = Vec::new();
        assert_eq!(
            read_line_bounded(&mut reader, &mut buf, 10).unwrap(),
            (101, true)
        );
        assert_eq!(buf.len(), 10);
        buf.clear();
        assert_eq!(
            read_line_bounded(&mut reader, &mut buf, 10).unwrap(),
            (4, false)
        );
        assert_eq!(buf, b"abc\n");
        buf.clear();
        assert_eq!(
            read_line_bounded(&mut reader, &mut buf, 10).unwrap(),
            (0, false)
        );
    }
}
