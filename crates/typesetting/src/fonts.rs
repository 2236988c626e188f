//! The fonts every PDF is typeset in (spec: Printed documents > Fonts and scripts).
//!
//! Noto Sans Regular and Bold are bundled in the binary: they cover Latin with Latin Extended (Welsh ŵ ŷ,
//! Polish, Czech, Turkish...), Greek and Cyrillic, so the common case needs nothing from the machine. A
//! character they lack (Chinese, Arabic, Devanagari...) is looked up, once per process, in the fonts
//! installed under `$XDG_DATA_DIRS/fonts` (by default `/usr/local/share/fonts` and `/usr/share/fonts`,
//! where Debian's `fonts-noto-core` and `fonts-noto-cjk` go). When no installed font has it, the bundled
//! font's empty box is drawn and the character is still in the PDF's text layer (copy, search, screen
//! readers).

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use krilla::text::Font;
use rustybuzz::ttf_parser;
use rustybuzz::Face;

static NOTO_SANS_REGULAR: &[u8] = include_bytes!("../fonts/NotoSans-Regular.ttf");
static NOTO_SANS_BOLD: &[u8] = include_bytes!("../fonts/NotoSans-Bold.ttf");

/// A font ready to shape with (rustybuzz) and to embed (krilla), from the same bytes.
pub(crate) struct LoadedFont {
    pub face: Face<'static>,
    pub font: Font,
    pub units_per_em: f32,
}

impl LoadedFont {
    fn new(data: &'static [u8], index: u32) -> Option<Self> {
        let face = Face::from_slice(data, index)?;
        let font = Font::new(krilla::Data::from(data), index)?;
        let units_per_em = f32::from(u16::try_from(face.units_per_em()).ok()?);
        Some(LoadedFont { face, font, units_per_em })
    }

    pub fn covers(&self, c: char) -> bool {
        self.face.glyph_index(c).is_some()
    }
}

struct Bundled {
    regular: LoadedFont,
    bold: LoadedFont,
}

fn bundled() -> anyhow::Result<&'static Bundled> {
    static BUNDLED: OnceLock<Option<Bundled>> = OnceLock::new();
    BUNDLED
        .get_or_init(|| {
            Some(Bundled {
                regular: LoadedFont::new(NOTO_SANS_REGULAR, 0)?,
                bold: LoadedFont::new(NOTO_SANS_BOLD, 0)?,
            })
        })
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("the bundled Noto Sans fonts cannot be read"))
}

/// The bundled font of the weight.
pub(crate) fn primary(bold: bool) -> anyhow::Result<&'static LoadedFont> {
    let fonts = bundled()?;
    Ok(if bold { &fonts.bold } else { &fonts.regular })
}

/// An installed font file and the characters its first face maps.
struct Candidate {
    path: PathBuf,
    bold: bool,
    /// Lower is better: plain Noto Sans first, then other upright fonts, then italics, condensed, mono...
    rank: u8,
    /// Sorted, disjoint, inclusive code point ranges.
    ranges: Vec<(u32, u32)>,
}

impl Candidate {
    fn covers(&self, c: char) -> bool {
        let c = u32::from(c);
        let at = self.ranges.partition_point(|&(_, end)| end < c);
        self.ranges.get(at).is_some_and(|&(start, _)| start <= c)
    }
}

#[derive(Default)]
struct Cache {
    /// Installed fonts loaded so far, by candidate index (`None`: the file could not be loaded).
    loaded: HashMap<usize, Option<&'static LoadedFont>>,
    /// The font chosen for a character in a weight.
    chosen: HashMap<(char, bool), Option<&'static LoadedFont>>,
}

struct System {
    candidates: Vec<Candidate>,
    cache: Mutex<Cache>,
}

fn system() -> &'static System {
    static SYSTEM: OnceLock<System> = OnceLock::new();
    SYSTEM.get_or_init(|| {
        let mut candidates = Vec::new();
        for dir in font_dirs() {
            let mut files = Vec::new();
            font_files(&dir, 0, &mut files);
            candidates.extend(files.into_iter().filter_map(candidate));
        }
        candidates.sort_by(|a, b| a.rank.cmp(&b.rank).then_with(|| a.path.cmp(&b.path)));
        System { candidates, cache: Mutex::new(Cache::default()) }
    })
}

/// `$XDG_DATA_DIRS/fonts`, the freedesktop.org convention fontconfig follows too.
fn font_dirs() -> Vec<PathBuf> {
    let dirs = std::env::var_os("XDG_DATA_DIRS")
        .filter(|dirs| !dirs.is_empty())
        .unwrap_or_else(|| OsString::from("/usr/local/share:/usr/share"));
    let mut found: Vec<PathBuf> = std::env::split_paths(&dirs).map(|dir| dir.join("fonts")).collect();
    found.dedup();
    found
}

fn font_files(dir: &Path, depth: u8, out: &mut Vec<PathBuf>) {
    // Font trees are shallow; the bound keeps a symlink loop from recursing forever.
    if depth > 8 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            font_files(&path, depth + 1, out);
        } else if path
            .extension()
            .and_then(|ext| ext.to_str())
            .is_some_and(|ext| ["ttf", "otf", "ttc", "otc"].contains(&ext.to_ascii_lowercase().as_str()))
        {
            out.push(path);
        }
    }
}

fn candidate(path: PathBuf) -> Option<Candidate> {
    let data = std::fs::read(&path).ok()?;
    let face = ttf_parser::Face::parse(&data, 0).ok()?;
    let mut points = Vec::new();
    for subtable in face.tables().cmap?.subtables {
        if subtable.is_unicode() {
            subtable.codepoints(|c| points.push(c));
        }
    }
    points.sort_unstable();
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in points {
        match ranges.last_mut() {
            Some((_, end)) if c <= end.saturating_add(1) => *end = (*end).max(c),
            _ => ranges.push((c, c)),
        }
    }
    let name = path.file_stem()?.to_string_lossy().to_ascii_lowercase();
    let bold = name.contains("bold");
    let odd = ["italic", "oblique", "light", "thin", "black", "condensed", "mono", "extra", "semi", "medium"]
        .iter()
        .any(|word| name.contains(word));
    let rank = if odd {
        4
    } else if name.starts_with("notosans") {
        0
    } else if name.contains("serif") || name.contains("emoji") {
        2
    } else {
        1
    };
    Some(Candidate { path, bold, rank, ranges })
}

/// An installed font for `c` in the weight (or the other weight when only that one has it), if any.
pub(crate) fn fallback(c: char, bold: bool) -> Option<&'static LoadedFont> {
    let system = system();
    let mut cache = system.cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(chosen) = cache.chosen.get(&(c, bold)) {
        return *chosen;
    }
    let mut order: Vec<usize> =
        (0..system.candidates.len()).filter(|&i| system.candidates[i].covers(c)).collect();
    // Stable: within the same weight match, the rank order of the list stays.
    order.sort_by_key(|&i| system.candidates[i].bold != bold);
    let mut chosen = None;
    for index in order {
        let loaded = *cache.loaded.entry(index).or_insert_with(|| load(&system.candidates[index].path));
        if let Some(font) = loaded.filter(|font| font.covers(c)) {
            chosen = Some(font);
            break;
        }
    }
    cache.chosen.insert((c, bold), chosen);
    chosen
}

/// Reads an installed font for the rest of the process: the shaper and the PDF writer borrow its bytes
/// for as long as PDFs are typeset, so they are kept, like the bundled ones (one copy per font file).
fn load(path: &Path) -> Option<&'static LoadedFont> {
    let data: &'static [u8] = Box::leak(std::fs::read(path).ok()?.into_boxed_slice());
    let font = LoadedFont::new(data, 0)?;
    Some(Box::leak(Box::new(font)))
}

/// Whether some installed font has `c`: tests use it to skip a script the machine has no font for.
pub fn installed_font_covers(c: char) -> bool {
    system().candidates.iter().any(|candidate| candidate.covers(c))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_bundled_fonts_cover_latin_extended_greek_and_cyrillic() {
        for bold in [false, true] {
            let font = primary(bold).unwrap();
            for c in "Gŵyl Dewi ŷ Łukasz Wójcik Šťastný İstanbul ğ Ελένη Пётр £€–“”•".chars()
            {
                assert!(font.covers(c), "{c} (bold: {bold})");
            }
        }
    }
}
