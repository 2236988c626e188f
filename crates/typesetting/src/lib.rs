#![doc = include_str!("../README.md")]

mod board_pack;
mod fonts;
mod layout;
mod page_count;
mod text;

use krilla::color::rgb;
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::Fill;
use krilla::surface::Surface;
use krilla::Document;

use domain::meetings::{PrintDocument, Typesetter};

pub use board_pack::PdfBoardPackBuilder;
pub use fonts::installed_font_covers;
pub use layout::{Line, Style};
pub use page_count::LopdfPageCounter;

/// A4 in points, with 2 cm margins.
pub const PAGE_WIDTH: f32 = 595.0;
pub const PAGE_HEIGHT: f32 = 842.0;
pub const MARGIN: f32 = 56.0;

/// The krilla typesetter.
#[derive(Debug, Default, Clone, Copy)]
pub struct PdfTypesetter;

impl Typesetter for PdfTypesetter {
    fn typeset(&self, document: &PrintDocument) -> anyhow::Result<Vec<u8>> {
        let pages = layout::paginate(document, PAGE_WIDTH - 2.0 * MARGIN, PAGE_HEIGHT - 2.0 * MARGIN)?;
        let count = pages.len();
        let title = &document.title;
        write_pdf(title, &pages, &|index| format!("{title} - page {} of {count}", index + 1))
    }
}

/// The pages as a PDF, each with `footer(page index)` at its foot; the fonts are embedded, subset to the
/// glyphs used, with a text layer that gives back the characters typed.
fn write_pdf(title: &str, pages: &[Vec<Line>], footer: &dyn Fn(usize) -> String) -> anyhow::Result<Vec<u8>> {
    let mut pdf = Document::new();
    for (index, lines) in pages.iter().enumerate() {
        let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT)
            .ok_or_else(|| anyhow::anyhow!("an invalid page size"))?;
        let mut page = pdf.start_page_with(settings);
        let mut surface = page.surface();
        let mut baseline = MARGIN;
        for line in lines {
            baseline += line.style.leading();
            if line.text.is_empty() {
                continue;
            }
            let style = line.style;
            set_grey(&mut surface, style.grey());
            text::draw(&mut surface, MARGIN, baseline, &line.text, style.bold(), style.size())?;
        }
        // The page number and the title at the foot of every page.
        set_grey(&mut surface, [0.4, 0.4, 0.4]);
        text::draw(&mut surface, MARGIN, PAGE_HEIGHT - MARGIN / 2.0, &footer(index), false, 8.0)?;
        surface.finish();
        page.finish();
    }
    pdf.set_metadata(Metadata::new().title(title.to_string()).producer("Trustee Portal".to_string()));
    pdf.finish().map_err(|error| anyhow::anyhow!("the PDF could not be written: {error:?}"))
}

fn set_grey(surface: &mut Surface<'_>, [r, g, b]: [f32; 3]) {
    let channel = |value: f32| (value * 255.0).round().clamp(0.0, 255.0) as u8;
    surface.set_fill(Some(Fill {
        paint: rgb::Color::new(channel(r), channel(g), channel(b)).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }));
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use domain::meetings::PrintBlock;

    use super::*;

    #[test]
    fn a_long_document_becomes_a_readable_multi_page_pdf() {
        let mut blocks = vec![PrintBlock::Heading("Current interests".into())];
        for n in 0..120 {
            blocks.push(PrintBlock::Paragraph(format!("Entry {n}: Trusteeship - Café Society. Trustee.")));
        }
        let document = PrintDocument { title: "Register of interests".into(), blocks };
        let bytes = PdfTypesetter.typeset(&document).unwrap();
        assert!(bytes.starts_with(b"%PDF-1."));
        let parsed = lopdf::Document::load_mem(&bytes).unwrap();
        let pages = parsed.get_pages();
        assert!(pages.len() >= 2, "{} pages", pages.len());
        let text = parsed.extract_text(&[1]).unwrap();
        assert!(text.contains("Current interests"), "{text}");
        assert!(text.contains("Entry 0: Trusteeship"), "{text}");
    }
}
