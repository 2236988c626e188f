//! Uploaded files on the local disk under `DATA_DIR/files`.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use domain::library::files::StorageKey;
use domain::library::{FileStore, PendingFile};

/// Files are named by random UUIDs (never by user input) in one folder; uploads are written to
/// `tmp/` first and renamed into place on commit, which is atomic on one file system.
///
/// An upload in progress holds an exclusive lock on its `tmp/` file, which the system drops when the
/// process ends however it ends. So a store made at start removes every unlocked `tmp/` file: what a
/// killed process was receiving, never what another server process on the same folder is receiving now.
pub struct LocalFileStore {
    root: PathBuf,
    tmp: PathBuf,
}

impl LocalFileStore {
    pub fn new(data_dir: &Path) -> anyhow::Result<Self> {
        let root = data_dir.join("files");
        let tmp = root.join("tmp");
        fs::create_dir_all(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
        let store = Self { root, tmp };
        match store.remove_abandoned_uploads() {
            Ok(0) => {}
            Ok(removed) => tracing::info!(removed, "partial uploads of an ended process removed"),
            Err(error) => tracing::warn!(error = ?error, "partial uploads could not be removed"),
        }
        Ok(store)
    }

    /// Removes the `tmp/` files no upload is writing (no lock held on them); returns how many.
    pub fn remove_abandoned_uploads(&self) -> anyhow::Result<usize> {
        let mut removed = 0;
        for entry in fs::read_dir(&self.tmp).with_context(|| format!("cannot list {}", self.tmp.display()))? {
            let path = entry?.path();
            if path.extension().is_none_or(|ext| ext != "part") {
                continue;
            }
            let Ok(file) = File::open(&path) else { continue };
            // Held by a live upload: leave it. The lock is released when `file` drops.
            if file.try_lock().is_ok() {
                match fs::remove_file(&path) {
                    Ok(()) => removed += 1,
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                    Err(e) => return Err(e).with_context(|| format!("cannot remove {}", path.display())),
                }
            }
        }
        Ok(removed)
    }

    /// A new locked `tmp/` file. Another process's sweep may remove a file between its creation and
    /// its lock; then the path no longer names the locked file, and a new one is made.
    fn create_locked(&self) -> anyhow::Result<(StorageKey, PathBuf, File)> {
        for _ in 0..3 {
            let key = StorageKey::parse(&uuid::Uuid::new_v4().to_string())
                .ok_or_else(|| anyhow::anyhow!("generated key rejected"))?;
            let temp_path = self.tmp.join(format!("{key}.part"));
            let file = File::create_new(&temp_path)
                .with_context(|| format!("cannot create {}", temp_path.display()))?;
            file.lock().with_context(|| format!("cannot lock {}", temp_path.display()))?;
            let still_ours = fs::metadata(&temp_path)
                .is_ok_and(|on_disk| file.metadata().is_ok_and(|locked| same_file(&on_disk, &locked)));
            if still_ours {
                return Ok((key, temp_path, file));
            }
        }
        Err(anyhow::anyhow!("could not create an upload file in {}", self.tmp.display()))
    }

    fn path_of(&self, key: &StorageKey) -> PathBuf {
        self.root.join(key.as_str())
    }
}

impl FileStore for LocalFileStore {
    fn begin(&self) -> anyhow::Result<Box<dyn PendingFile>> {
        let (key, temp_path, file) = self.create_locked()?;
        Ok(Box::new(LocalPendingFile {
            file: Some(file),
            temp_path,
            final_path: self.path_of(&key),
            key,
            committed: false,
        }))
    }

    fn read(&self, key: &StorageKey) -> anyhow::Result<Vec<u8>> {
        let path = self.path_of(key);
        fs::read(&path).with_context(|| format!("cannot read stored file {key}"))
    }

    fn delete(&self, key: &StorageKey) -> anyhow::Result<()> {
        match fs::remove_file(self.path_of(key)) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e).with_context(|| format!("cannot delete stored file {key}")),
        }
    }
}

/// Whether two metadata describe the same file (device and inode).
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

struct LocalPendingFile {
    file: Option<File>,
    temp_path: PathBuf,
    final_path: PathBuf,
    key: StorageKey,
    committed: bool,
}

impl Write for LocalPendingFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.file.as_mut() {
            Some(file) => file.write(buf),
            None => Err(io::Error::other("file already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.file.as_mut() {
            Some(file) => file.flush(),
            None => Ok(()),
        }
    }
}

impl PendingFile for LocalPendingFile {
    fn commit(mut self: Box<Self>) -> anyhow::Result<StorageKey> {
        let file = self.file.take().ok_or_else(|| anyhow::anyhow!("file already committed"))?;
        file.sync_all().context("cannot flush the upload to disk")?;
        drop(file);
        fs::rename(&self.temp_path, &self.final_path).context("cannot move the upload into place")?;
        self.committed = true;
        Ok(self.key.clone())
    }
}

impl Drop for LocalPendingFile {
    fn drop(&mut self) {
        if !self.committed {
            self.file.take();
            let _ = fs::remove_file(&self.temp_path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count_files(dir: &Path) -> usize {
        fs::read_dir(dir)
            .map(|d| d.filter(|e| e.as_ref().is_ok_and(|e| e.path().is_file())).count())
            .unwrap_or(0)
    }

    #[test]
    fn committed_files_can_be_read_and_deleted() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalFileStore::new(dir.path()).unwrap();
        let mut pending = store.begin().unwrap();
        pending.write_all(b"%PDF-1.4 hello").unwrap();
        let key = pending.commit().unwrap();
        assert_eq!(store.read(&key).unwrap(), b"%PDF-1.4 hello");
        assert_eq!(count_files(&dir.path().join("files/tmp")), 0);
        store.delete(&key).unwrap();
        assert!(store.read(&key).is_err());
        store.delete(&key).unwrap();
    }

    #[test]
    fn the_local_store_passes_the_file_store_conformance_suite() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalFileStore::new(dir.path()).unwrap();
        let files = dir.path().join("files");
        test_support::file_store::conformance(&store, &|| {
            count_files(&files) + count_files(&files.join("tmp"))
        });
    }

    #[test]
    fn a_new_store_removes_what_an_ended_process_left_and_keeps_uploads_in_progress() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalFileStore::new(dir.path()).unwrap();
        let tmp = dir.path().join("files/tmp");
        // What a process killed mid-upload leaves: a `.part` file nobody holds.
        fs::write(tmp.join("0b6f3c4e-0000-4000-8000-000000000001.part"), b"partial").unwrap();
        // An upload in progress in this process (as in another server process on the same folder).
        let mut pending = store.begin().unwrap();
        pending.write_all(b"%PDF-1.4 in progress").unwrap();
        assert_eq!(count_files(&tmp), 2);

        let restarted = LocalFileStore::new(dir.path()).unwrap();
        assert_eq!(count_files(&tmp), 1, "only the abandoned file is removed");
        let key = pending.commit().unwrap();
        assert_eq!(restarted.read(&key).unwrap(), b"%PDF-1.4 in progress");
        assert_eq!(count_files(&tmp), 0);
    }

    #[test]
    fn dropped_uploads_leave_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalFileStore::new(dir.path()).unwrap();
        let mut pending = store.begin().unwrap();
        pending.write_all(b"partial").unwrap();
        assert_eq!(count_files(&dir.path().join("files/tmp")), 1);
        drop(pending);
        assert_eq!(count_files(&dir.path().join("files/tmp")), 0);
        assert_eq!(count_files(&dir.path().join("files")), 0);
    }
}
