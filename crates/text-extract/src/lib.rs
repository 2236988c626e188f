#![doc = include_str!("../README.md")]

mod doc;
mod docx;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
mod pdf;
mod sink;
mod spreadsheet;
#[cfg(test)]
mod tests;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use domain::library::files::FileKind;
use domain::search::file_text::{Extracted, FileToRead, NoTextReason, TextExtractor};

pub use doc::DocConverter;

/// How long one file may take. Files are at most 10 MB, so a well-formed one takes well under a second;
/// only a hostile or pathological file gets near this, and then yields what was read so far. It stays
/// well within the queue's lease (the domain's `LEASE`), so no other worker takes the file meanwhile.
pub const TIME_LIMIT: Duration = Duration::from_secs(60);

/// The most bytes read out of one compressed part of a DOCX or XLSX (or in all, for an XLSX), and the
/// most any PDF stream may inflate to: a 10 MB file of real text stays far below, a ZIP bomb stops here.
pub const MAX_INFLATED_BYTES: u64 = 64 * 1024 * 1024;

/// The portal's text extractor: PDF with lopdf, DOCX with zip and quick-xml, XLS and XLSX with calamine,
/// TXT as UTF-8, and DOC through `antiword` or `catdoc` when one is installed.
#[derive(Debug, Clone)]
pub struct FileTextExtractor {
    doc: Option<DocConverter>,
    time_limit: Duration,
    inflate_limit: u64,
}

/// The bounds on reading one file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// When to stop, keeping what was read.
    pub deadline: Instant,
    /// The most bytes a compressed part may inflate to (`MAX_INFLATED_BYTES` but in tests).
    pub inflated: u64,
}

impl FileTextExtractor {
    /// With the DOC converter found on `PATH` (`antiword`, else `catdoc`), if any.
    pub fn from_environment() -> Self {
        Self { doc: DocConverter::find(), time_limit: TIME_LIMIT, inflate_limit: MAX_INFLATED_BYTES }
    }

    /// Without a DOC converter: DOC files have 'unsupported type'.
    pub fn without_doc_converter() -> Self {
        Self { doc: None, time_limit: TIME_LIMIT, inflate_limit: MAX_INFLATED_BYTES }
    }

    /// With another bound on inflated bytes (tests of ZIP bombs use a small one).
    pub fn with_inflate_limit(self, bytes: u64) -> Self {
        Self { inflate_limit: bytes, ..self }
    }

    /// The DOC converter in use, if any (logged at start).
    pub fn doc_converter(&self) -> Option<&DocConverter> {
        self.doc.as_ref()
    }
}

impl TextExtractor for FileTextExtractor {
    fn extract(&self, file: &FileToRead<'_>, max_chars: usize) -> anyhow::Result<Extracted> {
        let Some(kind) = kind_of(file) else { return Ok(Extracted::NoText(NoTextReason::UnsupportedType)) };
        let limits = Limits { deadline: Instant::now() + self.time_limit, inflated: self.inflate_limit };
        let bytes = file.bytes;
        // Each parser is guarded as a last resort: a panic on a hostile file is a damaged file, never a
        // worker that stops.
        let extracted = catch_unwind(AssertUnwindSafe(|| match kind {
            FileKind::Pdf => Ok(pdf::extract(bytes, max_chars, limits)),
            FileKind::Docx => Ok(docx::extract(bytes, max_chars, limits)),
            FileKind::Xls | FileKind::Xlsx => Ok(spreadsheet::extract(kind, bytes, max_chars, limits)),
            FileKind::Txt => {
                Ok(Extracted::Text(String::from_utf8_lossy(bytes).chars().take(max_chars).collect()))
            }
            FileKind::Doc => match &self.doc {
                Some(converter) => converter.extract(bytes, max_chars, limits.deadline),
                None => Ok(Extracted::NoText(NoTextReason::UnsupportedType)),
            },
        }));
        extracted.unwrap_or_else(|_| {
            tracing::warn!(kind = kind.extension(), "text extraction panicked; the file counts as damaged");
            Ok(Extracted::NoText(NoTextReason::Damaged))
        })
    }
}

/// The format a file claims by its name's extension, else by its recorded type.
fn kind_of(file: &FileToRead<'_>) -> Option<FileKind> {
    FileKind::from_file_name(file.file_name).or_else(|| {
        let mime = file.mime_type?.split(';').next()?.trim();
        [FileKind::Pdf, FileKind::Doc, FileKind::Docx, FileKind::Xls, FileKind::Xlsx, FileKind::Txt]
            .into_iter()
            .find(|kind| kind.mime_type().split(';').next() == Some(mime))
    })
}
