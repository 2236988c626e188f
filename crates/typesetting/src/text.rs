//! Shaping: a line of text becomes runs of glyphs, each in one font, with the advances the font gives
//! (so line breaking measures what is printed, kerning and ligatures included).

use krilla::geom::Point;
use krilla::surface::Surface;
use krilla::text::{GlyphId, KrillaGlyph};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rustybuzz::{Direction, Language, Script, ShapePlan, UnicodeBuffer};

use crate::fonts::{self, LoadedFont};

/// Drawn for a character that no font has (U+25CC DOTTED CIRCLE, which Noto Sans has).
const PLACEHOLDER: char = '\u{25CC}';

/// Consecutive characters set in one font, shaped.
pub(crate) struct Run {
    font: &'static LoadedFont,
    text: String,
    glyphs: Vec<KrillaGlyph>,
    /// The sum of the advances, in ems.
    advance: f32,
}

/// Spaces and punctuation between two characters of the same installed font stay in that font's run,
/// so an Arabic phrase is shaped (and set right to left) as one; elsewhere they are the bundled font's.
fn neutral(c: char) -> bool {
    c.is_whitespace() || c.is_ascii_punctuation()
}

/// Splits `text` into runs by font: the bundled font where it has the character, else an installed one.
fn by_font(text: &str, bold: bool) -> anyhow::Result<Vec<(&'static LoadedFont, String)>> {
    let primary = fonts::primary(bold)?;
    let chars: Vec<char> = text.chars().collect();
    let own = |c: char| -> Option<&'static LoadedFont> {
        if neutral(c) {
            None
        } else if c.is_control() || primary.covers(c) {
            Some(primary)
        } else {
            Some(fonts::fallback(c, bold).unwrap_or(primary))
        }
    };
    let fonts: Vec<Option<&'static LoadedFont>> = chars.iter().map(|&c| own(c)).collect();
    let mut runs: Vec<(&'static LoadedFont, String)> = Vec::new();
    for (index, &c) in chars.iter().enumerate() {
        let font = match fonts[index] {
            Some(font) => font,
            None => {
                let before = fonts[..index].iter().rev().flatten().next();
                let after = fonts[index + 1..].iter().flatten().next();
                match (before, after) {
                    (Some(before), Some(after)) if std::ptr::eq(*before, *after) && before.covers(c) => {
                        before
                    }
                    _ => primary,
                }
            }
        };
        match runs.last_mut() {
            Some((last, run)) if std::ptr::eq(*last, font) => run.push(c),
            _ => runs.push((font, c.to_string())),
        }
    }
    Ok(runs)
}

/// Shaping plans by font, direction, script and language. Making a plan (reading the font's layout
/// tables into features and lookups) costs far more than shaping a line with it, and every line of every
/// document asks for one of a handful of them.
type PlanKey = (usize, Direction, Option<Script>, Option<Language>);

fn plan_for(font: &'static LoadedFont, buffer: &UnicodeBuffer) -> Arc<ShapePlan> {
    static PLANS: OnceLock<Mutex<HashMap<PlanKey, Arc<ShapePlan>>>> = OnceLock::new();
    let key: PlanKey =
        (std::ptr::from_ref(font) as usize, buffer.direction(), Some(buffer.script()), buffer.language());
    let plans = PLANS.get_or_init(Mutex::default);
    let mut plans = plans.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    plans
        .entry(key.clone())
        .or_insert_with(|| Arc::new(ShapePlan::new(&font.face, key.1, key.2, key.3.as_ref(), &[])))
        .clone()
}

fn shape_run(font: &'static LoadedFont, text: String) -> Run {
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(&text);
    buffer.guess_segment_properties();
    let plan = plan_for(font, &buffer);
    let output = rustybuzz::shape_with_plan(&font.face, &plan, buffer);
    let infos = output.glyph_infos();
    // Each glyph maps back to its cluster: from its first byte to the next cluster's (in either direction).
    let mut starts: Vec<usize> = infos.iter().map(|info| info.cluster as usize).collect();
    starts.sort_unstable();
    starts.dedup();
    let em = font.units_per_em;
    // A character no font has is drawn as a dotted circle, not the empty .notdef glyph: krilla leaves
    // .notdef out of the text layer, and the dotted circle carries each character's own text.
    let placeholder = font
        .face
        .glyph_index(PLACEHOLDER)
        .and_then(|glyph| Some((glyph, font.face.glyph_hor_advance(glyph)?)));
    let mut advance = 0.0;
    let glyphs = infos
        .iter()
        .zip(output.glyph_positions())
        .map(|(info, position)| {
            let start = info.cluster as usize;
            let end = starts.iter().copied().find(|&next| next > start).unwrap_or(text.len());
            let (glyph, x_advance) = match placeholder {
                Some((glyph, width)) if info.glyph_id == 0 => (u32::from(glyph.0), f32::from(width)),
                _ => (info.glyph_id, position.x_advance as f32),
            };
            advance += x_advance / em;
            KrillaGlyph::new(
                GlyphId::new(glyph),
                x_advance / em,
                position.x_offset as f32 / em,
                position.y_offset as f32 / em,
                position.y_advance as f32 / em,
                start..end,
                None,
            )
        })
        .collect();
    Run { font, text, glyphs, advance }
}

/// The runs of one line.
pub(crate) fn shape(text: &str, bold: bool) -> anyhow::Result<Vec<Run>> {
    Ok(by_font(text, bold)?.into_iter().map(|(font, text)| shape_run(font, text)).collect())
}

/// The printed width of `text` at `size` points.
pub(crate) fn width(text: &str, bold: bool, size: f32) -> anyhow::Result<f32> {
    Ok(shape(text, bold)?.iter().map(|run| run.advance).sum::<f32>() * size)
}

/// Draws one line with its baseline starting at (`x`, `y`), y measured down from the top of the page.
pub(crate) fn draw(
    surface: &mut Surface<'_>,
    x: f32,
    y: f32,
    text: &str,
    bold: bool,
    size: f32,
) -> anyhow::Result<()> {
    let mut x = x;
    for run in shape(text, bold)? {
        surface.draw_glyphs(Point::from_xy(x, y), &run.glyphs, run.font.font.clone(), &run.text, size, false);
        x += run.advance * size;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_character_no_font_has_keeps_its_text_and_takes_room() {
        // A private-use character: in no font. It must not become the bundled font's .notdef glyph (which
        // the PDF's text layer leaves out), and it must take room on the line.
        let runs = shape("a\u{E000}\u{E001}b", false).unwrap();
        let glyphs: Vec<&KrillaGlyph> = runs.iter().flat_map(|run| &run.glyphs).collect();
        assert_eq!(glyphs.len(), 4);
        assert!(glyphs.iter().all(|glyph| glyph.glyph_id != GlyphId::new(0)));
        assert!(glyphs.iter().all(|glyph| glyph.x_advance > 0.1));
        let ranges: Vec<_> = glyphs.iter().map(|glyph| glyph.text_range.clone()).collect();
        assert_eq!(ranges, vec![0..1, 1..4, 4..7, 7..8]);
    }
}
