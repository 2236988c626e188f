//! In-memory fakes of the ports for the use cases' unit tests.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use crate::files::StorageKey;
use crate::ports::{FileStore, PendingFile};

#[derive(Default)]
pub struct MemoryFileStore {
    files: Arc<Mutex<HashMap<StorageKey, Vec<u8>>>>,
    next: AtomicU32,
}

impl MemoryFileStore {
    pub fn count(&self) -> usize {
        self.files.lock().map(|files| files.len()).unwrap_or(0)
    }
}

impl FileStore for MemoryFileStore {
    fn begin(&self) -> anyhow::Result<Box<dyn PendingFile>> {
        let n = self.next.fetch_add(1, Ordering::SeqCst);
        let key = StorageKey::parse(&format!("{n:08x}")).ok_or_else(|| anyhow::anyhow!("bad key"))?;
        Ok(Box::new(MemoryPending { key, data: Vec::new(), files: self.files.clone() }))
    }

    fn read(&self, key: &StorageKey) -> anyhow::Result<Vec<u8>> {
        let files = self.files.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        files.get(key).cloned().ok_or_else(|| anyhow::anyhow!("no such file"))
    }

    fn delete(&self, key: &StorageKey) -> anyhow::Result<()> {
        self.files.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.remove(key);
        Ok(())
    }
}

struct MemoryPending {
    key: StorageKey,
    data: Vec<u8>,
    files: Arc<Mutex<HashMap<StorageKey, Vec<u8>>>>,
}

impl Write for MemoryPending {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.data.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl PendingFile for MemoryPending {
    fn commit(self: Box<Self>) -> anyhow::Result<StorageKey> {
        let MemoryPending { key, data, files } = *self;
        files.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.insert(key.clone(), data);
        Ok(key)
    }
}
