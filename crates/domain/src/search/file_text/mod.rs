//! Text from files (docs/spec.md "Search", "Text from files"): the words inside the library's documents,
//! committee documents, uploaded minutes and agenda papers, read in the background so an upload answers
//! at once. The queue is the `file_texts` table, kept in step with the records by triggers; this module
//! holds the rules of working through it (claims, the cap on text, retries) and the ports it needs.

pub mod extractor;
pub mod queue;
pub mod service;

pub use extractor::{Extracted, FileToRead, NoTextReason, TextExtractor};
pub use queue::{FileTextJob, FileTextKind, FileTextOutcome, FileTextQueue};
pub use service::{FileTextService, WorkResult, WorkedFile, LEASE, MAX_ATTEMPTS, MAX_TEXT_CHARS};
