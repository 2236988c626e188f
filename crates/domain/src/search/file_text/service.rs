//! Working through the queue of files (docs/spec.md "Search", "Text from files"): claim one, read it
//! through the file store, take its text out, cap it, record the outcome. A file that cannot be read is
//! tried again later, a few times, then given up as 'no text': nothing ever blocks the queue.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::Duration;

use crate::library::FileStore;
use crate::search::file_text::{
    Extracted, FileTextJob, FileTextKind, FileTextOutcome, FileTextQueue, FileToRead, NoTextReason,
    TextExtractor,
};
use crate::RepoError;

/// The most text kept per file, in characters. A long annual report has about that many; past it, a file
/// is almost always data (a spreadsheet export) whose further words add little to finding it, while the
/// whole of it would make every index row, every snippet (`ts_headline` reads the text it highlights) and
/// PostgreSQL's tsvector (at most 1 MB, and word positions stop counting at 16,383) larger and slower.
pub const MAX_TEXT_CHARS: usize = 200_000;

/// Claims of one file before it is given up as 'no text' ('too many attempts').
pub const MAX_ATTEMPTS: i32 = 5;

/// How long a claim keeps other workers away. The extractor gives up on a file well within it (a minute:
/// the `text-extract` crate), so a claim only outlives its worker when that process died; then the file
/// is read again once the lease ends.
pub const LEASE: Duration = Duration::from_secs(120);

/// Works through the `file_texts` queue; every server process may run one (docs/spec.md "Text from files").
#[derive(Clone)]
pub struct FileTextService {
    pub queue: Arc<dyn FileTextQueue>,
    pub files: Arc<dyn FileStore>,
    pub extractor: Arc<dyn TextExtractor>,
    /// The wait before a file that could not be read is tried again; it doubles with each attempt.
    pub retry_base: Duration,
}

/// What one step did, for the log (never the file's text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkedFile {
    pub kind: FileTextKind,
    pub record_id: i64,
    pub attempts: i32,
    pub result: WorkResult,
    /// False when the outcome was not recorded: the record was deleted or its file replaced meanwhile (the
    /// new file is queued on its own).
    pub recorded: bool,
}

/// The outcome of one step, without the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkResult {
    Indexed {
        chars: usize,
    },
    NoText(NoTextReason),
    /// The file could not be read this time; `error` says why (with its causes).
    Retry {
        after: Duration,
        error: String,
    },
    /// The last attempt failed too; `error` says why.
    GaveUp {
        error: String,
    },
}

impl FileTextService {
    /// Claims one due file and works it out; `None` when no file is due. Blocking (file store, parsing):
    /// call it off the async workers.
    pub fn work_one(&self) -> Result<Option<WorkedFile>, RepoError> {
        let Some(job) = self.queue.claim(1, LEASE, MAX_ATTEMPTS)?.into_iter().next() else {
            return Ok(None);
        };
        let (outcome, result) = self.outcome_of(&job);
        let recorded = self.queue.record(&job, &outcome)?;
        Ok(Some(WorkedFile {
            kind: job.kind,
            record_id: job.record_id,
            attempts: job.attempts,
            result,
            recorded,
        }))
    }

    fn outcome_of(&self, job: &FileTextJob) -> (FileTextOutcome, WorkResult) {
        match self.extract(job) {
            Ok(Extracted::Text(text)) => {
                let text = searchable(&text, MAX_TEXT_CHARS);
                if text.is_empty() {
                    (FileTextOutcome::NoText(NoTextReason::Empty), WorkResult::NoText(NoTextReason::Empty))
                } else {
                    let chars = text.chars().count();
                    (FileTextOutcome::Indexed(text), WorkResult::Indexed { chars })
                }
            }
            Ok(Extracted::NoText(reason)) => (FileTextOutcome::NoText(reason), WorkResult::NoText(reason)),
            Err(error) if job.attempts >= MAX_ATTEMPTS => (
                FileTextOutcome::NoText(NoTextReason::TooManyAttempts),
                WorkResult::GaveUp { error: format!("{error:#}") },
            ),
            Err(error) => {
                let after = self.backoff(job.attempts);
                (FileTextOutcome::RetryAfter(after), WorkResult::Retry { after, error: format!("{error:#}") })
            }
        }
    }

    /// Reads the file and takes its text out. A panicking extractor is a failed attempt like any other,
    /// so one hostile file can neither stop the worker nor be retried for ever.
    fn extract(&self, job: &FileTextJob) -> anyhow::Result<Extracted> {
        let bytes = self.files.read(&job.storage_key)?;
        let file =
            FileToRead { file_name: &job.file_name, mime_type: job.mime_type.as_deref(), bytes: &bytes };
        match catch_unwind(AssertUnwindSafe(|| self.extractor.extract(&file, MAX_TEXT_CHARS))) {
            Ok(extracted) => extracted,
            Err(panic) => {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(anyhow::anyhow!("the text extractor panicked: {message}"))
            }
        }
    }

    /// `retry_base` doubled for each attempt after the first (at most 2^10 times).
    fn backoff(&self, attempts: i32) -> Duration {
        let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(0).min(10);
        self.retry_base.saturating_mul(1 << doublings)
    }
}

/// The text as it is stored and searched: without NUL and other control characters (PostgreSQL's text
/// cannot hold NUL; the others are noise from the file formats), trimmed, and cut to at most `max_chars`
/// characters at a character boundary.
pub fn searchable(text: &str, max_chars: usize) -> String {
    let cleaned: String =
        text.trim().chars().filter(|c| !c.is_control() || matches!(c, '\n' | '\t')).take(max_chars).collect();
    cleaned.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::Mutex;

    use super::*;
    use crate::library::files::StorageKey;
    use crate::testing::MemoryFileStore;

    /// One pending job, and what was recorded for it.
    struct OneJob {
        job: Mutex<Option<FileTextJob>>,
        recorded: Mutex<Vec<FileTextOutcome>>,
    }

    impl FileTextQueue for OneJob {
        fn claim(&self, _: i64, _: Duration, _: i32) -> Result<Vec<FileTextJob>, RepoError> {
            Ok(self.job.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.take().into_iter().collect())
        }

        fn record(&self, _: &FileTextJob, outcome: &FileTextOutcome) -> Result<bool, RepoError> {
            self.recorded.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.push(outcome.clone());
            Ok(true)
        }
    }

    enum Behaviour {
        Answer(Extracted),
        Fail,
        Panic,
    }

    impl TextExtractor for Behaviour {
        fn extract(&self, file: &FileToRead<'_>, _: usize) -> anyhow::Result<Extracted> {
            assert_eq!(file.file_name, "paper.pdf");
            match self {
                Behaviour::Answer(extracted) => Ok(extracted.clone()),
                Behaviour::Fail => anyhow::bail!("converter missing"),
                Behaviour::Panic => panic!("parser bug"),
            }
        }
    }

    fn run(behaviour: Behaviour, attempts: i32, stored: bool) -> (Option<WorkedFile>, Vec<FileTextOutcome>) {
        let store = Arc::new(MemoryFileStore::default());
        let key = if stored {
            let mut pending = store.begin().unwrap_or_else(|e| panic!("{e}"));
            pending.write_all(b"%PDF-1.4").unwrap_or_else(|e| panic!("{e}"));
            pending.commit().unwrap_or_else(|e| panic!("{e}"))
        } else {
            StorageKey::parse("abcdef").unwrap_or_else(|| panic!("key"))
        };
        let queue = Arc::new(OneJob {
            job: Mutex::new(Some(FileTextJob {
                kind: FileTextKind::Document,
                record_id: 7,
                storage_key: key,
                file_name: "paper.pdf".into(),
                mime_type: Some("application/pdf".into()),
                attempts,
            })),
            recorded: Mutex::new(Vec::new()),
        });
        let service = FileTextService {
            queue: queue.clone(),
            files: store,
            extractor: Arc::new(behaviour),
            retry_base: Duration::from_secs(30),
        };
        let worked = service.work_one().unwrap_or_else(|e| panic!("{e}"));
        let recorded = queue.recorded.lock().map(|r| r.clone()).unwrap_or_default();
        (worked, recorded)
    }

    #[test]
    fn text_is_recorded_cleaned_and_capped() {
        let long = format!("  Budget\u{0}2027 {}", "é".repeat(MAX_TEXT_CHARS + 10));
        let (worked, recorded) = run(Behaviour::Answer(Extracted::Text(long)), 1, true);
        let FileTextOutcome::Indexed(text) = &recorded[0] else { panic!("{recorded:?}") };
        assert!(text.starts_with("Budget2027 éé"), "{}", &text[..20]);
        assert_eq!(text.chars().count(), MAX_TEXT_CHARS);
        assert_eq!(worked.map(|w| w.result), Some(WorkResult::Indexed { chars: MAX_TEXT_CHARS }));
    }

    #[test]
    fn blank_text_is_no_text_and_a_verdict_is_final() {
        let (_, recorded) = run(Behaviour::Answer(Extracted::Text(" \n\t ".into())), 1, true);
        assert_eq!(recorded, vec![FileTextOutcome::NoText(NoTextReason::Empty)]);
        let (_, recorded) = run(Behaviour::Answer(Extracted::NoText(NoTextReason::Encrypted)), 1, true);
        assert_eq!(recorded, vec![FileTextOutcome::NoText(NoTextReason::Encrypted)]);
    }

    #[test]
    fn failures_are_retried_with_a_growing_wait_then_given_up() {
        let (_, recorded) = run(Behaviour::Fail, 1, true);
        assert_eq!(recorded, vec![FileTextOutcome::RetryAfter(Duration::from_secs(30))]);
        let (_, recorded) = run(Behaviour::Fail, 3, true);
        assert_eq!(recorded, vec![FileTextOutcome::RetryAfter(Duration::from_secs(120))]);
        // A missing file is a failure like any other.
        let (worked, recorded) = run(Behaviour::Answer(Extracted::Text("x".into())), 2, false);
        assert_eq!(recorded, vec![FileTextOutcome::RetryAfter(Duration::from_secs(60))]);
        assert!(
            matches!(worked.map(|w| w.result), Some(WorkResult::Retry { error, .. }) if error.contains("no such file"))
        );
        let (_, recorded) = run(Behaviour::Fail, MAX_ATTEMPTS, true);
        assert_eq!(recorded, vec![FileTextOutcome::NoText(NoTextReason::TooManyAttempts)]);
    }

    #[test]
    fn a_panicking_extractor_is_a_failed_attempt() {
        let (worked, recorded) = run(Behaviour::Panic, 1, true);
        assert_eq!(recorded, vec![FileTextOutcome::RetryAfter(Duration::from_secs(30))]);
        assert!(
            matches!(worked.map(|w| w.result), Some(WorkResult::Retry { error, .. }) if error.contains("parser bug"))
        );
    }

    #[test]
    fn an_empty_queue_does_nothing() {
        let queue = Arc::new(OneJob { job: Mutex::new(None), recorded: Mutex::new(Vec::new()) });
        let service = FileTextService {
            queue,
            files: Arc::new(MemoryFileStore::default()),
            extractor: Arc::new(Behaviour::Fail),
            retry_base: Duration::from_secs(1),
        };
        assert_eq!(service.work_one().ok(), Some(None));
    }

    #[test]
    fn searchable_text_is_cut_at_a_character_boundary() {
        assert_eq!(searchable("ŵŵŵŵ", 2), "ŵŵ");
        assert_eq!(searchable("a\u{7}b\r\nc", 10), "ab\nc");
    }
}
