//! `xc`: any exact-cover problem in the input format of Knuth's `dlx1` (see [`Problem`]),
//! solved by the engine: each solution as its options, one a line, a blank line between
//! solutions; or their number.
//!
//! `--stats` reports on standard error as `dlx1` does at the end of a run: `Altogether 1
//! solution, 30 updates, 6 nodes.` The counts are reckoned as `dlx1` reckons them: *updates* is
//! one for each item covered and one for each node hidden, *nodes* one for each level the search
//! enters and one for each solution ("a solution is a special node"). `dlx1` sees a solution
//! before it enters the level below, where the engine enters that level and finds no item left,
//! so both come to the engine's count of options tried plus one (for level 0). With `--plain`
//! the search is `dlx1`'s own (the first shortest primary item; its options top to bottom), so
//! the figures are those `dlx1` gives; without it, of equally short items the one with the
//! greatest secondary reach is chosen ([`ItemOrder::SecondaryReach`]), pruning by pairs removes
//! options, and where options are wide the early stop at dead ends makes fewer updates, so both
//! are smaller.

use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use crate::dlx::{ItemOrder, Outcome, Problem, Stats};
use crate::sudoku::files::formats::{self, MAX_FILE_BYTES};

use super::args::XcArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED};

/// The average number of items an option has from which `xc` stops covering an option's items
/// at a dead end ([`crate::dlx::Search::with_early_stop`]).
const EARLY_STOP_WIDTH: usize = 5;

pub(super) fn xc(args: &XcArgs) -> io::Result<u8> {
    let (name, text) = match read(args.file.as_deref()) {
        Ok(read) => read,
        Err(why) => {
            crate::output::note(format_args!("{why}"));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let problem = match Problem::parse(&text) {
        Ok(p) => p,
        Err(e) => {
            crate::output::note(format_args!("{name}: {e}"));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    // Plain, the items keep the file's order, so that the search is `dlx1`'s; otherwise ties
    // between equally short items go to the one whose options remove the most options through
    // secondary items (13 queens: 37% fewer nodes; benches/README.md).
    let order = if args.plain {
        ItemOrder::AsNamed
    } else {
        ItemOrder::SecondaryReach
    };
    let mut m = match problem.matrix_in(order) {
        Ok(m) => m,
        Err(e) => {
            crate::output::note(format_args!("{name}: {e}"));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let start = Instant::now();
    let deadline = args.timeout.map(|t| start + t);
    // The early stop at dead ends pays for its scans where options are wide (the pentominoes,
    // six items: 9% faster) and costs where they are narrow (Langford pairs, three: 20%
    // slower); benches/README.md has the figures.
    let items: usize = problem.options().map(<[u32]>::len).sum();
    let wide = items >= EARLY_STOP_WIDTH * problem.option_count();
    let mut search = m
        .search()
        .with_pruning(!args.plain)
        .with_early_stop(!args.plain && wide);
    if let Some(deadline) = deadline {
        search = search.with_deadline(deadline);
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = None;
    let mut found = 0u64;
    let outcome = if args.count {
        // A count never looks at a solution's options, so none is decoded.
        found = search.count(limit);
        if search.is_cancelled() {
            Outcome::Cancelled
        } else {
            Outcome::Exhausted
        }
    } else {
        search_with(&mut search, limit, |solution| {
            found += 1;
            let mut write = || -> io::Result<()> {
                if found > 1 {
                    writeln!(out)?;
                }
                for &option in solution {
                    writeln!(out, "{}", problem.option_text(option))?;
                }
                Ok(())
            };
            match write() {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        })
    };
    let stats = search.stats();
    drop(search);
    if let Some(e) = failed {
        return Err(e);
    }
    if args.count {
        writeln!(out, "{found}")?;
    }
    out.flush()?;
    if args.stats {
        crate::output::note(format_args!("{}", altogether(&stats)));
    }
    if outcome == Outcome::Cancelled {
        crate::output::note(format_args!(
            "{name}: gave up after {} nodes ({:.2} s), {found} solution{} found so far",
            stats.nodes,
            start.elapsed().as_secs_f64(),
            if found == 1 { "" } else { "s" }
        ));
        return Ok(EXIT_GAVE_UP);
    }
    Ok(if found == 0 { EXIT_UNSOLVED } else { EXIT_OK })
}

/// Visits up to `limit` solutions.
fn search_with(
    search: &mut crate::dlx::Search<'_>,
    limit: u64,
    mut visit: impl FnMut(&[crate::dlx::OptionId]) -> ControlFlow<()>,
) -> Outcome {
    let mut seen = 0u64;
    search.for_each(|solution| {
        seen += 1;
        visit(solution)?;
        if seen >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// `dlx1`'s closing line: `Altogether 1 solution, 30 updates, 6 nodes.` (see the module docs
/// for how the counts are reckoned).
pub(super) fn altogether(stats: &Stats) -> String {
    let nodes = stats.nodes.saturating_add(1);
    format!(
        "Altogether {} solution{}, {} updates, {nodes} nodes.",
        stats.solutions,
        if stats.solutions == 1 { "" } else { "s" },
        stats.updates
    )
}

/// The problem's text and its name for messages, from a file or standard input; the error
/// names the file and, for text that is not UTF-8, the line and column.
fn read(file: Option<&std::path::Path>) -> Result<(String, String), String> {
    let path = file.filter(|p| p.as_os_str() != "-");
    let name = path.map_or_else(|| "standard input".to_string(), |p| p.display().to_string());
    let bytes = match path {
        Some(p) => formats::read_bounded(p, MAX_FILE_BYTES).map_err(|e| format!("{name}: {e}"))?,
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .take(MAX_FILE_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| format!("{name}: {e}"))?;
            if bytes.len() as u64 > MAX_FILE_BYTES {
                return Err(format!(
                    "{name}: more than {} MiB, the most read",
                    MAX_FILE_BYTES >> 20
                ));
            }
            bytes
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let (line, column, byte) = formats::bad_utf8(e.as_bytes(), &e.utf8_error());
            return Err(format!(
                "{name}: line {line}, column {column}: not UTF-8 text (byte 0x{byte:02X})"
            ));
        }
    };
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    Ok((name, text))
}
