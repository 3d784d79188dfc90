//! The player's own shapes: KSudoku shape files (`.xml`) put in the `shapes` folder of the data
//! directory (beside the saved game; `$SUDOKU_DLX_DATA_DIR/shapes` when that is set), which New
//! offers under "A shape". The folder is listed again at most every two seconds while the menu
//! is open, so a file dropped there shows up without a restart; a file is read only when its
//! shape is asked for, on the generator's thread.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::sudoku::board::shape::Shape;
use crate::sudoku::files::{formats, ksudoku};

/// The folder's name in the data directory.
pub const FOLDER: &str = "shapes";

/// The largest shape file read: KSudoku's biggest shipped one is under 4 KiB.
const MAX_BYTES: u64 = 1 << 20;

/// How long a listing of the folder stands.
const FRESH: Duration = Duration::from_secs(2);

/// The shape files of the folder, by name, as last listed.
#[derive(Debug, Clone)]
pub struct ShapeFiles {
    folder: Option<PathBuf>,
    listed: Option<(Instant, Vec<(String, PathBuf)>)>,
}

impl ShapeFiles {
    /// The files of `folder` (none without one).
    pub fn new(folder: Option<PathBuf>) -> Self {
        ShapeFiles {
            folder,
            listed: None,
        }
    }

    /// The shape files (`*.xml`), each with its name (the file's stem), sorted by name; the
    /// folder listed again if the last listing is older than two seconds.
    pub fn list(&mut self) -> Vec<(String, PathBuf)> {
        let stale = self
            .listed
            .as_ref()
            .is_none_or(|(at, _)| at.elapsed() > FRESH);
        if stale {
            let files = self.folder.as_deref().map(list).unwrap_or_default();
            self.listed = Some((Instant::now(), files));
        }
        self.listed
            .as_ref()
            .map(|(_, files)| files.clone())
            .unwrap_or_default()
    }
}

/// The `.xml` files of a folder (none if it cannot be read).
fn list(folder: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("xml")))
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            Some((name, p))
        })
        .collect();
    files.sort();
    files
}

/// The shape of a KSudoku shape file (or saved game), or what is wrong with it, naming the file.
pub fn read(path: &Path) -> Result<Shape, String> {
    let name = path.display();
    let bytes = formats::read_bounded(path, MAX_BYTES).map_err(|e| format!("{name}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
    ksudoku::read_shape(&text, None)
        .or_else(|_| ksudoku::read_game(&text, None).map(|game| game.shape))
        .map_err(|e| format!("{name}: {e}"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_folders_shape_files_are_listed_and_read() {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-shapes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tiny = "<!DOCTYPE ksudoku-graph>\n<ksudoku-graph>\n <graph sizeX=\"10\" sizeY=\"10\" \
                    sizeZ=\"1\" order=\"4\" type=\"custom\" name=\"Mine\">\n  <sudokugroups at=\"0\" \
                    withblocks=\"1\"/>\n  <sudokugroups at=\"66\" withblocks=\"1\"/>\n </graph>\n\
                    </ksudoku-graph>\n";
        std::fs::write(dir.join("Mine.xml"), tiny).unwrap();
        std::fs::write(dir.join("notes.txt"), "not a shape").unwrap();
        std::fs::write(dir.join("Broken.xml"), "<ksudoku-graph>").unwrap();
        let mut files = ShapeFiles::new(Some(dir.clone()));
        let listed = files.list();
        let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Broken", "Mine"]);
        let shape = read(&listed[1].1).unwrap();
        assert_eq!(shape.cell_count(), 32);
        let e = read(&listed[0].1).unwrap_err();
        assert!(e.contains("Broken.xml"), "{e}");
        assert!(ShapeFiles::new(None).list().is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }
}
