//! The file-text worker (docs/spec.md "Search", "Text from files"): reads the text out of uploaded files
//! for search, one file at a time, on a thread of its own, so a long PDF never holds an async worker or a
//! request (an upload only adds its row to the queue, by trigger). It wakes when the database notifies
//! `file_texts` (an upload or a replaced file) and looks every `poll` anyway (a file waiting to be tried
//! again; a notification missed while the listening connection was down). Every server process may run
//! one: the queue's claims (`FOR UPDATE SKIP LOCKED`, leased) give each file to one of them, and a file
//! whose worker died is claimed again when the lease ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender};
use std::sync::Arc;
use std::time::Duration;

use domain::search::file_text::{FileTextService, WorkResult, WorkedFile};

/// The channel the `file_texts` triggers notify.
pub const CHANNEL: &str = "file_texts";

/// Stops the worker when dropped (after the file it is reading, if any).
pub struct FileTextWorkerHandle {
    stop: Arc<AtomicBool>,
    wake: SyncSender<()>,
}

impl Drop for FileTextWorkerHandle {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.wake.try_send(());
    }
}

/// Starts the worker and its listening connection on `database_url`. Without the connection (it is
/// retried in the background) the worker still finds every file by polling.
pub fn start(service: FileTextService, database_url: &str, poll: Duration) -> FileTextWorkerHandle {
    let (wake, woken) = mpsc::sync_channel::<()>(1);
    match persistence::PgWakeups::new(database_url, CHANNEL).and_then(|w| w.start(wake.clone())) {
        Ok(()) => {}
        Err(e) => tracing::warn!(error = %e, "file texts: cannot listen for uploads; polling only"),
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::Builder::new()
        .name("file-texts".into())
        .spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                match service.work_one() {
                    // One file done: there may be more due right away.
                    Ok(Some(worked)) => {
                        log(&worked);
                        continue;
                    }
                    Ok(None) => {}
                    Err(e) => tracing::error!(error = format!("{e:#}"), "file texts: the queue failed"),
                }
                match woken.recv_timeout(poll) {
                    Ok(()) | Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            }
        })
        .map(|_| ())
        .unwrap_or_else(|e| tracing::error!(error = %e, "cannot start the file-text worker"));
    FileTextWorkerHandle { stop, wake }
}

/// One line per file, never its text.
fn log(worked: &WorkedFile) {
    let (kind, record_id, attempts) = (worked.kind.as_str(), worked.record_id, worked.attempts);
    if !worked.recorded {
        tracing::info!(kind, record_id, "file texts: the file was replaced or deleted while it was read");
        return;
    }
    match &worked.result {
        WorkResult::Indexed { chars } => tracing::info!(kind, record_id, chars, "file texts: indexed"),
        WorkResult::NoText(reason) => {
            tracing::info!(kind, record_id, reason = reason.as_str(), "file texts: the file has no text")
        }
        WorkResult::Retry { after, error } => tracing::warn!(
            kind,
            record_id,
            attempts,
            error,
            retry_in_seconds = after.as_secs(),
            "file texts: cannot read the file; trying again later"
        ),
        WorkResult::GaveUp { error } => tracing::warn!(
            kind,
            record_id,
            attempts,
            error,
            "file texts: cannot read the file; given up ('too many attempts')"
        ),
    }
}
