//! The port that takes the text out of a file's bytes (the `text-extract` crate implements it).

string_enum! {
    /// Why a file has no text to search (`file_texts.reason`; docs/operations.md lists what to do about
    /// each).
    NoTextReason {
        Encrypted => "encrypted",
        Damaged => "damaged",
        NoTextLayer => "no text layer",
        UnsupportedType => "unsupported type",
        Empty => "empty",
        TooLarge => "too large",
        TooManyAttempts => "too many attempts",
    }
}

/// What an extractor found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Extracted {
    /// The file's words, in reading order as far as the format tells it (paragraphs and rows on lines).
    Text(String),
    /// The file was read, and it has no text that can be searched: final, never retried.
    NoText(NoTextReason),
}

/// A stored file and what its record says about it.
#[derive(Debug, Clone, Copy)]
pub struct FileToRead<'a> {
    /// The name it was uploaded under (its extension says which format it claims).
    pub file_name: &'a str,
    /// The type recorded at upload, when the record keeps one.
    pub mime_type: Option<&'a str>,
    /// The whole file (at most 10 MB: docs/spec.md, uploads).
    pub bytes: &'a [u8],
}

/// Takes the text out of PDF, DOCX, XLSX, XLS, TXT and (with a converter installed) DOC files.
pub trait TextExtractor: Send + Sync {
    /// The text of `file`, or why it has none. `max_chars` is a hint: an extractor may stop once it has
    /// that many characters (the caller caps the text anyway), which bounds the work on a huge file.
    /// Must never panic or use unbounded memory or time on hostile input (a damaged or encrypted PDF, a
    /// ZIP bomb posing as DOCX); an `Err` is a failure worth retrying (a converter that could not start),
    /// never a verdict on the file.
    fn extract(&self, file: &FileToRead<'_>, max_chars: usize) -> anyhow::Result<Extracted>;
}
