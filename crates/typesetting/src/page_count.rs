//! A stored PDF's page count (docs/spec.md "Reading records"), read the way the board pack reads a paper:
//! a file the pack could not merge (damaged, password-protected) has no count.

use domain::library::PdfPages;

use crate::board_pack::{load, Loaded};

/// Counts pages with lopdf.
#[derive(Debug, Default, Clone, Copy)]
pub struct LopdfPageCounter;

impl PdfPages for LopdfPageCounter {
    fn page_count(&self, bytes: &[u8]) -> Option<u32> {
        match load(bytes) {
            Loaded::Merge(_, pages) => Some(pages),
            Loaded::Listed(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use domain::meetings::{PrintBlock, PrintDocument, Typesetter};

    use super::*;
    use crate::PdfTypesetter;

    #[test]
    fn a_typeset_pdf_has_its_pages_counted_and_anything_else_has_none() {
        let document = PrintDocument {
            title: "Counted".into(),
            blocks: (0..120).map(|i| PrintBlock::Paragraph(format!("Line {i}"))).collect(),
        };
        let pdf = PdfTypesetter.typeset(&document).expect("typeset");
        let pages = lopdf::Document::load_mem(&pdf).expect("load").get_pages().len();
        assert!(pages > 1);
        assert_eq!(LopdfPageCounter.page_count(&pdf), u32::try_from(pages).ok());
        assert_eq!(LopdfPageCounter.page_count(b"not a pdf"), None);
        assert_eq!(LopdfPageCounter.page_count(&pdf[..pdf.len() / 3]), None);
    }
}
