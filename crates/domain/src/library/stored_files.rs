//! Keeping uploaded files and their rows together: a failed upload leaves neither a file nor a row, and a
//! deleted record takes its file with it.

use crate::library::files::{FileKind, StorageKey, MAX_UPLOAD_BYTES};
use crate::library::{FileStore, LibraryRefusal, PendingFile, ReceivedFile};
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;

pub const FILE_REQUIRED: &str = "Please choose a file to upload.";

/// Commits the upload, then records it with `insert`. If recording fails the committed file is removed
/// again, so nothing is left that no row points to. `insert` may answer any area's refusal.
pub fn commit_then_record<T, E: From<DomainError>>(
    store: &dyn FileStore,
    pending: Box<dyn PendingFile>,
    insert: impl FnOnce(StorageKey) -> Result<T, E>,
) -> Result<T, E> {
    let key = pending.commit().map_err(DomainError::from)?;
    match insert(key.clone()) {
        Ok(record) => Ok(record),
        Err(error) => {
            if let Err(cleanup) = store.delete(&key) {
                tracing::error!(storage_key = %key, error = ?cleanup, "could not remove the file of a failed upload");
            }
            Err(error)
        }
    }
}

/// Removes the file of a record whose row is already gone. The deletion has happened for the user; a file
/// that cannot be removed is the operator's problem, so it is logged (with its key, never its content).
pub fn remove_after_row(store: &dyn FileStore, key: &StorageKey) {
    if let Err(error) = store.delete(key) {
        tracing::error!(storage_key = %key, error = ?error, "record deleted but its file could not be removed");
    }
}

/// The received file, re-checked against the kinds this use case accepts; a missing file is a field error.
pub fn checked_file(
    errors: &mut FieldErrors,
    file: Option<ReceivedFile>,
    allowed: &[FileKind],
) -> Result<Option<ReceivedFile>, LibraryRefusal> {
    let Some(file) = file else {
        errors.add("file", FILE_REQUIRED);
        return Ok(None);
    };
    if file.size > MAX_UPLOAD_BYTES {
        return Err(LibraryRefusal::FileTooLarge);
    }
    if !allowed.contains(&file.kind) {
        errors.add("file", FileKind::not_accepted_message(allowed));
        return Ok(None);
    }
    Ok(Some(file))
}

/// A byte count as the database stores it (BIGINT).
pub fn file_size(size: u64) -> Result<i64, LibraryRefusal> {
    i64::try_from(size).map_err(|_| LibraryRefusal::FileTooLarge)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MemoryFileStore;
    use std::io::Write;

    #[test]
    fn a_failed_insert_removes_the_committed_file() {
        let store = MemoryFileStore::default();
        let mut pending = store.begin().unwrap_or_else(|e| panic!("{e}"));
        pending.write_all(b"%PDF-1.4").unwrap_or_else(|e| panic!("{e}"));
        let result: Result<(), DomainError> =
            commit_then_record(&store, pending, |_| Err(DomainError::invalid("meetingId", "nope")));
        assert!(matches!(result, Err(DomainError::Invalid(_))));
        assert_eq!(store.count(), 0);
    }

    #[test]
    fn a_successful_insert_keeps_the_file() {
        let store = MemoryFileStore::default();
        let pending = store.begin().unwrap_or_else(|e| panic!("{e}"));
        let key = commit_then_record(&store, pending, Ok::<_, DomainError>).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(store.count(), 1);
        remove_after_row(&store, &key);
        assert_eq!(store.count(), 0);
    }
}
