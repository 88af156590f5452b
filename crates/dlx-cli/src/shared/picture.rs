//! The `--svg FILE` of the subcommands: which file each picture goes to, and writing it.

use std::path::{Path, PathBuf};

use anyhow::Context as _;

/// Where the pictures of a run go: `FILE` itself when the input holds one
/// case, and `FILE-1.svg`, `FILE-2.svg`, ... (the case's number, from 1 in
/// input order, before the extension) when it holds several.
pub(crate) struct Pictures {
    path: PathBuf,
    numbered: bool,
}

impl Pictures {
    /// The pictures of an input that holds `several` cases or one.
    pub(crate) fn new(path: &Path, several: bool) -> Pictures {
        Pictures {
            path: path.to_owned(),
            numbered: several,
        }
    }

    /// Writes the picture of case `index` (from 0).
    pub(crate) fn write(&self, index: usize, svg: &str) -> anyhow::Result<()> {
        if !self.numbered {
            return write_svg(&self.path, svg);
        }
        let stem = self.path.file_stem().unwrap_or_default().to_string_lossy();
        let name = match self.path.extension() {
            Some(extension) => format!("{stem}-{}.{}", index + 1, extension.to_string_lossy()),
            None => format!("{stem}-{}", index + 1),
        };
        write_svg(&self.path.with_file_name(name), svg)
    }
}

/// Writes one picture. A file that cannot be written is an output failure
/// (exit code 1), not bad input: the puzzle was fine.
pub(crate) fn write_svg(path: &Path, svg: &str) -> anyhow::Result<()> {
    std::fs::write(path, svg).with_context(|| format!("cannot write `{}`", path.display()))
}
