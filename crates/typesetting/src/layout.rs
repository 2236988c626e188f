//! Line breaking and pagination, with every width measured from the fonts the line is printed in.

use domain::ports::{PrintBlock, PrintDocument};

use crate::text;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Title,
    Heading,
    Body,
    Note,
}

impl Style {
    pub fn size(self) -> f32 {
        match self {
            Style::Title => 18.0,
            Style::Heading => 13.0,
            Style::Body => 10.5,
            Style::Note => 8.5,
        }
    }

    pub fn bold(self) -> bool {
        matches!(self, Style::Title | Style::Heading)
    }

    pub fn leading(self) -> f32 {
        self.size() * 1.45
    }

    pub fn grey(self) -> [f32; 3] {
        match self {
            Style::Note => [0.35, 0.35, 0.35],
            _ => [0.0, 0.0, 0.0],
        }
    }

    /// The printed width of `text`, measured from the font's shaped advances.
    fn width(self, text: &str) -> anyhow::Result<f32> {
        text::width(text, self.bold(), self.size())
    }
}

/// One line as placed on a page; an empty text is a gap.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub text: String,
    pub style: Style,
}

/// Breaks the blocks into lines no wider than `width` and pages no taller than `height`.
pub fn paginate(document: &PrintDocument, width: f32, height: f32) -> anyhow::Result<Vec<Vec<Line>>> {
    let mut lines = wrap(&document.title, Style::Title, width)?;
    lines.push(Line { text: String::new(), style: Style::Body });
    for block in &document.blocks {
        match block {
            PrintBlock::Heading(text) => lines.extend(wrap(text, Style::Heading, width)?),
            PrintBlock::Paragraph(text) => lines.extend(wrap(text, Style::Body, width)?),
            PrintBlock::Note(text) => lines.extend(wrap(text, Style::Note, width)?),
            PrintBlock::Gap => lines.push(Line { text: String::new(), style: Style::Body }),
        }
    }
    let mut pages = vec![Vec::new()];
    let mut used = 0.0;
    for line in lines {
        if used + line.style.leading() > height && used > 0.0 {
            pages.push(Vec::new());
            used = 0.0;
        }
        used += line.style.leading();
        if let Some(page) = pages.last_mut() {
            page.push(line);
        }
    }
    Ok(pages)
}

/// Greedy word wrap; a word longer than the line (or a run of Chinese or Japanese, which has no spaces)
/// is cut between characters.
fn wrap(text: &str, style: Style, width: f32) -> anyhow::Result<Vec<Line>> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if style.width(&candidate)? <= width {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(Line { text: std::mem::take(&mut current), style });
        }
        let mut piece = String::new();
        for c in word.chars() {
            let longer = format!("{piece}{c}");
            if !piece.is_empty() && style.width(&longer)? > width {
                lines.push(Line { text: std::mem::take(&mut piece), style });
                piece.push(c);
            } else {
                piece = longer;
            }
        }
        current = piece;
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(Line { text: current, style });
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn long_text_wraps_inside_the_width() {
        let text = "word ".repeat(200);
        let lines = wrap(&text, Style::Body, 300.0).unwrap();
        assert!(lines.len() > 5);
        assert!(lines.iter().all(|l| Style::Body.width(&l.text).unwrap() <= 300.0));
        let long = wrap(&"x".repeat(500), Style::Body, 100.0).unwrap();
        assert!(long.iter().all(|l| Style::Body.width(&l.text).unwrap() <= 100.0));
        assert_eq!(long.iter().map(|l| l.text.len()).sum::<usize>(), 500);
    }

    #[test]
    fn widths_come_from_the_font() {
        // In Noto Sans "W" is far wider than "i", and bold is wider than regular: an estimate per
        // character class would not tell "ŵ" from "w".
        let narrow = Style::Body.width("iiiiiiiiii").unwrap();
        let wide = Style::Body.width("WWWWWWWWWW").unwrap();
        assert!(wide > 2.5 * narrow, "{narrow} {wide}");
        assert!(Style::Heading.width("Gŵyl Dewi").unwrap() > Style::Body.width("Gŵyl Dewi").unwrap());
        assert_eq!(Style::Body.width("ŵ").unwrap(), Style::Body.width("w").unwrap());
        // A line filled to the width measures no more than it, to the hundredth of a point.
        let lines = wrap(&"Łukasz Wójcik Ελένη Пётр ".repeat(30), Style::Body, 483.0).unwrap();
        let widest = lines.iter().map(|l| Style::Body.width(&l.text).unwrap()).fold(0.0, f32::max);
        assert!(widest <= 483.0 && widest > 400.0, "{widest}");
    }
}
