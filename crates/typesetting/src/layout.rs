//! Line breaking and pagination in the standard fonts, with a conservative width estimate per character
//! (a line may end a little early, never past the margin).

use domain::ports::{PrintBlock, PrintDocument};

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

    pub fn font(self) -> &'static str {
        match self {
            Style::Title | Style::Heading => "F2",
            Style::Body | Style::Note => "F1",
        }
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

    /// Helvetica's widest common letters are about 0.72 em, its average about 0.5; bold is wider.
    fn char_width(self, c: char) -> f32 {
        let em = match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' => 0.28,
            'm' | 'w' | 'M' | 'W' | '@' => 0.89,
            'A'..='Z' => 0.72,
            _ => 0.56,
        };
        let bold = if self.font() == "F2" { 1.08 } else { 1.0 };
        em * bold * self.size()
    }

    fn width(self, text: &str) -> f32 {
        text.chars().map(|c| self.char_width(c)).sum()
    }
}

/// One line as placed on a page; an empty text is a gap.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub text: String,
    pub style: Style,
}

/// Breaks the blocks into lines no wider than `width` and pages no taller than `height`.
pub fn paginate(document: &PrintDocument, width: f32, height: f32) -> Vec<Vec<Line>> {
    let mut lines = wrap(&document.title, Style::Title, width);
    lines.push(Line { text: String::new(), style: Style::Body });
    for block in &document.blocks {
        match block {
            PrintBlock::Heading(text) => lines.extend(wrap(text, Style::Heading, width)),
            PrintBlock::Paragraph(text) => lines.extend(wrap(text, Style::Body, width)),
            PrintBlock::Note(text) => lines.extend(wrap(text, Style::Note, width)),
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
    pages
}

/// Greedy word wrap; a word longer than the line is cut.
fn wrap(text: &str, style: Style, width: f32) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if style.width(&candidate) <= width {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(Line { text: std::mem::take(&mut current), style });
        }
        let mut piece = String::new();
        for c in word.chars() {
            if style.width(&piece) + style.char_width(c) > width && !piece.is_empty() {
                lines.push(Line { text: std::mem::take(&mut piece), style });
            }
            piece.push(c);
        }
        current = piece;
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(Line { text: current, style });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_inside_the_width() {
        let text = "word ".repeat(200);
        let lines = wrap(&text, Style::Body, 300.0);
        assert!(lines.len() > 5);
        assert!(lines.iter().all(|l| Style::Body.width(&l.text) <= 300.0));
        let long = wrap(&"x".repeat(500), Style::Body, 100.0);
        assert!(long.iter().all(|l| Style::Body.width(&l.text) <= 100.0));
        assert_eq!(long.iter().map(|l| l.text.len()).sum::<usize>(), 500);
    }
}
