//! The `file_texts` queue: which files wait for their text, who is reading which, and what was found.

use std::time::Duration;

use crate::library::files::StorageKey;
use crate::search::file_text::NoTextReason;
use crate::RepoError;

string_enum! {
    /// The records that carry a file, as `file_texts.kind` spells them.
    FileTextKind {
        Document => "document",
        CommitteeDocument => "committee_document",
        UploadedMinutes => "uploaded_minutes",
        AgendaPaper => "agenda_paper",
    }
}

/// A claimed file: leased to one worker until its outcome is recorded or the lease ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileTextJob {
    pub kind: FileTextKind,
    pub record_id: i64,
    /// The file this claim is about; the outcome is recorded only while the row still names it.
    pub storage_key: StorageKey,
    /// The record's file name and type, which tell the extractor the format.
    pub file_name: String,
    pub mime_type: Option<String>,
    /// Claims of this file so far, this one included.
    pub attempts: i32,
}

/// What became of a claimed file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileTextOutcome {
    /// Its text (already capped), to be searched.
    Indexed(String),
    /// It has no text; final until the file is replaced.
    NoText(NoTextReason),
    /// It could not be read this time (the store did not answer, the extractor failed): it stays pending
    /// and is tried again after this delay.
    RetryAfter(Duration),
}

/// The queue of files waiting for their text (`file_texts`).
pub trait FileTextQueue: Send + Sync {
    /// Claims up to `limit` due pending files, newest first, in one short transaction: the rows are locked
    /// with `FOR UPDATE SKIP LOCKED` (so two server processes never take the same one), their attempts
    /// counted and leased for `lease` (another process skips them meanwhile; a worker that dies with a
    /// claim leaves it to be claimed again when the lease ends). Pending files claimed `max_attempts`
    /// times already, with no outcome recorded (a file that crashes its worker), become 'no_text' with
    /// reason 'too many attempts' in the same transaction.
    fn claim(&self, limit: i64, lease: Duration, max_attempts: i32) -> Result<Vec<FileTextJob>, RepoError>;

    /// Records what became of a claimed file, only while its row is still pending with the same file and
    /// claim (the record was not deleted, its file not replaced, nor the claim taken over after the lease
    /// ended): `false` when it was not recorded for that reason.
    fn record(&self, job: &FileTextJob, outcome: &FileTextOutcome) -> Result<bool, RepoError>;
}
