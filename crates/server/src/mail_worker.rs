//! Runs the outbox worker on its own thread until the handle is dropped. Every server process runs one;
//! the claims in PostgreSQL keep them from sending a message twice.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use runtime::OutboxWorker;

pub struct MailWorkerHandle {
    stop: Arc<AtomicBool>,
}

impl Drop for MailWorkerHandle {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

pub fn start(worker: OutboxWorker, poll: Duration) -> MailWorkerHandle {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::Builder::new()
        .name("mail-outbox".into())
        .spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                match worker.run_once() {
                    // A full batch: there may be more due right away.
                    Ok(n) if n > 0 => continue,
                    Ok(_) => {}
                    Err(e) => {
                        tracing::error!(error = format!("{e:#}"), "mail outbox worker failed; retrying")
                    }
                }
                std::thread::sleep(poll);
            }
        })
        .map(|_| ())
        .unwrap_or_else(|e| tracing::error!(error = %e, "cannot start the mail outbox worker"));
    MailWorkerHandle { stop }
}
