//! Typesetting a plain document as PDF (registers to publish, the annual report's lists...).

/// One block of a printed document, in reading order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrintBlock {
    Heading(String),
    /// Wrapped to the page width.
    Paragraph(String),
    /// A small grey line (dates, captions).
    Note(String),
    /// Vertical space.
    Gap,
}

/// A document as the use cases describe it: no fonts, sizes or pages, which are the adapter's business.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintDocument {
    pub title: String,
    pub blocks: Vec<PrintBlock>,
}

/// Turns a `PrintDocument` into the bytes of a PDF (A4, paginated, the title as the document's title).
pub trait Typesetter: Send + Sync {
    fn typeset(&self, document: &PrintDocument) -> anyhow::Result<Vec<u8>>;
}
