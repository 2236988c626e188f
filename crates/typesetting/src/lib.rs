#![doc = include_str!("../README.md")]

mod board_pack;
mod layout;
mod winansi;

use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Document, Object, Stream};

use domain::ports::{PrintDocument, Typesetter};

pub use board_pack::PdfBoardPackBuilder;
pub use layout::{Line, Style};

/// A4 in points, with 2 cm margins.
pub const PAGE_WIDTH: f32 = 595.0;
pub const PAGE_HEIGHT: f32 = 842.0;
pub const MARGIN: f32 = 56.0;

/// The lopdf typesetter.
#[derive(Debug, Default, Clone, Copy)]
pub struct PdfTypesetter;

impl Typesetter for PdfTypesetter {
    fn typeset(&self, document: &PrintDocument) -> anyhow::Result<Vec<u8>> {
        let pages = layout::paginate(document, PAGE_WIDTH - 2.0 * MARGIN, PAGE_HEIGHT - 2.0 * MARGIN);
        write_pdf(&document.title, &pages)
    }
}

fn write_pdf(title: &str, pages: &[Vec<Line>]) -> anyhow::Result<Vec<u8>> {
    let count = pages.len();
    let mut doc = pdf_document(title, pages, &|index| format!("{title} - page {} of {count}", index + 1))?;
    doc.compress();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes)?;
    Ok(bytes)
}

/// The pages as a PDF document, each with `footer(page index)` at its foot.
fn pdf_document(
    title: &str,
    pages: &[Vec<Line>],
    footer: &dyn Fn(usize) -> String,
) -> anyhow::Result<Document> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = |name: &str| {
        dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => name, "Encoding" => "WinAnsiEncoding",
        }
    };
    let regular = doc.add_object(font("Helvetica"));
    let bold = doc.add_object(font("Helvetica-Bold"));
    let resources_id =
        doc.add_object(dictionary! { "Font" => dictionary! { "F1" => regular, "F2" => bold } });
    let mut kids = Vec::with_capacity(pages.len());
    let count = pages.len();
    for (index, lines) in pages.iter().enumerate() {
        let mut operations = Vec::new();
        let mut y = PAGE_HEIGHT - MARGIN;
        for line in lines {
            y -= line.style.leading();
            if line.text.is_empty() {
                continue;
            }
            operations.push(Operation::new("BT", vec![]));
            operations.push(Operation::new("rg", line.style.grey().into_iter().map(Object::Real).collect()));
            operations.push(Operation::new("Tf", vec![line.style.font().into(), line.style.size().into()]));
            operations.push(Operation::new("Td", vec![MARGIN.into(), y.into()]));
            operations.push(Operation::new("Tj", vec![Object::string_literal(winansi::encode(&line.text))]));
            operations.push(Operation::new("ET", vec![]));
        }
        // The page number and the title at the foot of every page.
        let footer = footer(index);
        operations.extend([
            Operation::new("BT", vec![]),
            Operation::new("rg", vec![Object::Real(0.4), Object::Real(0.4), Object::Real(0.4)]),
            Operation::new("Tf", vec!["F1".into(), 8.into()]),
            Operation::new("Td", vec![MARGIN.into(), (MARGIN / 2.0).into()]),
            Operation::new("Tj", vec![Object::string_literal(winansi::encode(&footer))]),
            Operation::new("ET", vec![]),
        ]);
        let content = Content { operations }.encode()?;
        let content_id = doc.add_object(Stream::new(dictionary! {}, content));
        kids.push(
            doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages_id, "Contents" => content_id })
                .into(),
        );
    }
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count as i64,
            "Resources" => resources_id,
            "MediaBox" => vec![0.into(), 0.into(), PAGE_WIDTH.into(), PAGE_HEIGHT.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    let info_id = doc.add_object(dictionary! {
        "Title" => Object::string_literal(winansi::encode(title)),
        "Producer" => Object::string_literal("Trustee Portal"),
    });
    doc.trailer.set("Root", catalog_id);
    doc.trailer.set("Info", info_id);
    Ok(doc)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use domain::ports::PrintBlock;

    use super::*;

    #[test]
    fn a_long_document_becomes_a_readable_multi_page_pdf() {
        let mut blocks = vec![PrintBlock::Heading("Current interests".into())];
        for n in 0..120 {
            blocks.push(PrintBlock::Paragraph(format!("Entry {n}: Trusteeship - Café Society. Trustee.")));
        }
        let document = PrintDocument { title: "Register of interests".into(), blocks };
        let bytes = PdfTypesetter.typeset(&document).unwrap();
        assert!(bytes.starts_with(b"%PDF-1.5"));
        let parsed = Document::load_mem(&bytes).unwrap();
        let pages = parsed.get_pages();
        assert!(pages.len() >= 2, "{} pages", pages.len());
        let text = parsed.extract_text(&[1]).unwrap();
        assert!(text.contains("Current interests"), "{text}");
        assert!(text.contains("Entry 0: Trusteeship"), "{text}");
    }
}
