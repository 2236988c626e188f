//! Line breaking and pagination, with every width measured from the fonts the line is printed in.

use domain::meetings::{PrintBlock, PrintDocument};

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
///
/// Each word (and each character of a word that must be cut) is shaped once and the line is filled by
/// adding their widths; the finished line is then shaped whole, and while kerning across its spaces makes
/// it wider than the line it gives its last piece to the next. Shaping every candidate line instead costs
/// a paragraph time in the square of its line length.
fn wrap(text: &str, style: Style, width: f32) -> anyhow::Result<Vec<Line>> {
    let mut filler = Filler { style, width, space: style.width(" ")?, lines: Vec::new(), pieces: Vec::new() };
    for word in text.split_whitespace() {
        let word_width = style.width(word)?;
        if word_width <= width {
            filler.add(Piece { text: word.to_string(), width: word_width, spaced: true })?;
            continue;
        }
        for c in word.chars() {
            let mut buf = [0u8; 4];
            let text = c.encode_utf8(&mut buf).to_string();
            let width = style.width(&text)?;
            filler.add(Piece { text, width, spaced: false })?;
        }
        // The next word starts after a space again.
        if let Some(last) = filler.pieces.last_mut() {
            last.spaced = true;
        }
    }
    filler.finish()
}

/// A word, or a character of a word cut between characters.
struct Piece {
    text: String,
    width: f32,
    /// Whether a space separates it from the piece after it.
    spaced: bool,
}

struct Filler {
    style: Style,
    width: f32,
    space: f32,
    lines: Vec<Line>,
    /// The pieces of the line being filled.
    pieces: Vec<Piece>,
}

impl Filler {
    fn text_of(pieces: &[Piece]) -> String {
        let mut text = String::new();
        for (index, piece) in pieces.iter().enumerate() {
            if index > 0 && pieces[index - 1].spaced {
                text.push(' ');
            }
            text.push_str(&piece.text);
        }
        text
    }

    fn sum(&self, pieces: &[Piece]) -> f32 {
        let gaps = pieces.windows(2).filter(|pair| pair[0].spaced).count();
        pieces.iter().map(|piece| piece.width).sum::<f32>() + gaps as f32 * self.space
    }

    fn add(&mut self, piece: Piece) -> anyhow::Result<()> {
        let gap = match self.pieces.last() {
            Some(last) if last.spaced => self.space,
            _ => 0.0,
        };
        if !self.pieces.is_empty() && self.sum(&self.pieces) + gap + piece.width > self.width {
            self.flush()?;
        }
        self.pieces.push(piece);
        Ok(())
    }

    /// Ends the current line; pieces that do not fit once it is shaped whole start the next one.
    fn flush(&mut self) -> anyhow::Result<()> {
        let mut carried = Vec::new();
        while self.pieces.len() > 1 && self.style.width(&Self::text_of(&self.pieces))? > self.width {
            if let Some(last) = self.pieces.pop() {
                carried.insert(0, last);
            }
        }
        if !self.pieces.is_empty() {
            let text = Self::text_of(&self.pieces);
            self.lines.push(Line { text, style: self.style });
        }
        // Fewer pieces than fitted by their sum: they start the next line.
        self.pieces = carried;
        Ok(())
    }

    fn finish(mut self) -> anyhow::Result<Vec<Line>> {
        if !self.pieces.is_empty() {
            self.flush()?;
        }
        if self.lines.is_empty() {
            self.lines.push(Line { text: String::new(), style: self.style });
        }
        Ok(self.lines)
    }
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
