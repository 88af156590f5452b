//! The `--svg PATH` of the subcommands: which file each picture goes to, and writing it.

use std::path::{Path, PathBuf};

use anyhow::Context as _;

/// Where the pictures of a run go.
///
/// `PATH` is a file or a folder. A file: `PATH` itself when the input holds
/// one case, and `STEM-1.EXT`, `STEM-2.EXT`, ... (the case's number, from 1
/// in input order, before the extension; `.svg` when `PATH` has none) when
/// it holds several. A folder (one that exists, or `PATH` ending with `/`):
/// `PATH/NAME.svg`, or `PATH/NAME-1.svg`, ..., with the subcommand's NAME
/// (`puzzle`, `map`, ...). A folder once gave `PATH-1`, `PATH-2`, ...
/// beside it, without an extension (issue 20).
pub(crate) struct Pictures {
    path: PathBuf,
    numbered: bool,
    /// The file name's stem inside a folder, `None` when `path` is a file.
    folder: Option<&'static str>,
}

impl Pictures {
    /// The pictures of an input that holds `several` cases or one, named
    /// `name` (`puzzle-1.svg`, ...) inside a folder.
    pub(crate) fn new(path: &Path, several: bool, name: &'static str) -> Pictures {
        let text = path.as_os_str().to_string_lossy();
        let is_folder =
            path.is_dir() || text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR);
        Pictures {
            path: path.to_owned(),
            numbered: several,
            folder: is_folder.then_some(name),
        }
    }

    /// Where the picture of case `index` (from 0) goes.
    fn path(&self, index: usize) -> PathBuf {
        if let Some(name) = self.folder {
            return if self.numbered {
                self.path.join(format!("{name}-{}.svg", index + 1))
            } else {
                self.path.join(format!("{name}.svg"))
            };
        }
        if !self.numbered {
            return self.path.clone();
        }
        let stem = self.path.file_stem().unwrap_or_default().to_string_lossy();
        let extension = self
            .path
            .extension()
            .map_or_else(|| "svg".into(), |e| e.to_string_lossy());
        self.path
            .with_file_name(format!("{stem}-{}.{extension}", index + 1))
    }

    /// Writes the picture of case `index` (from 0); a folder that does not
    /// exist yet is made first.
    pub(crate) fn write(&self, index: usize, svg: &str) -> anyhow::Result<()> {
        if self.folder.is_some() && !self.path.is_dir() {
            std::fs::create_dir_all(&self.path)
                .with_context(|| format!("cannot make the folder `{}`", self.path.display()))?;
        }
        write_svg(&self.path(index), svg)
    }
}

/// Writes one picture. A file that cannot be written is an output failure
/// (exit code 1), not bad input: the puzzle was fine.
fn write_svg(path: &Path, svg: &str) -> anyhow::Result<()> {
    std::fs::write(path, svg).with_context(|| format!("cannot write `{}`", path.display()))
}

/// The picture of a case without a solution, which would otherwise be a
/// blank board: `svg` with `note` written across its middle on a white band,
/// so that the picture says why nothing is drawn on it.
pub(crate) fn with_note(svg: &str, note: &str) -> String {
    // The drawing's size, from its `viewBox="0 0 W H"` (the models' SVG writer always sets it).
    let size = svg
        .split_once("viewBox=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(view, _)| {
            view.split_whitespace()
                .filter_map(|n| n.parse::<f64>().ok())
                .collect::<Vec<f64>>()
        });
    let Some([_, _, width, height]) = size.and_then(|v| <[f64; 4]>::try_from(v).ok()) else {
        return svg.to_owned();
    };
    let Some(end) = svg.rfind("</svg>") else {
        return svg.to_owned();
    };
    let font = (width / 10.0).clamp(10.0, 48.0);
    let band = font * 1.8;
    let (x, y) = (width / 2.0, height / 2.0);
    let escaped = note
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        "{}<rect x=\"0\" y=\"{:.1}\" width=\"{width:.1}\" height=\"{band:.1}\" fill=\"white\" fill-opacity=\"0.85\"/>\n<text x=\"{x:.1}\" y=\"{y:.1}\" font-family=\"sans-serif\" font-size=\"{font:.1}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#b00020\">{escaped}</text>\n{}",
        &svg[..end],
        y - band / 2.0,
        &svg[end..]
    )
}
