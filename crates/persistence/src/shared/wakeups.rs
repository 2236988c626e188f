//! Wake-ups over PostgreSQL `LISTEN/NOTIFY` for a background worker whose queue is a table (the
//! `file_texts` worker: docs/spec.md "Text from files"): the table's triggers notify a channel when work
//! is queued, and the worker, waiting for its next poll, starts at once. A notification may be lost while
//! the connection is down, so the worker still polls, and every (re)connection wakes it too.

use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Duration;

use futures_util::future::poll_fn;
use tokio_postgres::{AsyncMessage, NoTls};

/// How often a quiet connection is checked (and the worker asked whether it still listens).
const PING_EVERY: Duration = Duration::from_secs(20);
const PING_TIMEOUT: Duration = Duration::from_secs(5);
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// Listens on one channel with its own connection and thread.
pub struct PgWakeups {
    database_url: String,
    channel: &'static str,
}

/// Whether the worker still listens.
enum Heard {
    Yes,
    Gone,
}

impl PgWakeups {
    /// `channel` is a plain identifier (lower-case letters and `_`), as the triggers spell it.
    pub fn new(database_url: &str, channel: &'static str) -> anyhow::Result<PgWakeups> {
        anyhow::ensure!(
            !channel.is_empty() && channel.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "'{channel}' is not a channel name"
        );
        Ok(PgWakeups { database_url: database_url.to_string(), channel })
    }

    /// Starts listening on a thread of its own: `wake` gets a signal for each notification, each
    /// (re)connection and each quiet check (a worker with one signal waiting gets no second). It stops
    /// once the receiving end of `wake` is gone.
    pub fn start(self, wake: SyncSender<()>) -> anyhow::Result<()> {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        std::thread::Builder::new().name(format!("listen-{}", self.channel)).spawn(move || {
            runtime.block_on(async move {
                loop {
                    match self.listen(&wake).await {
                        Ok(()) => return,
                        Err(e) => tracing::warn!(error = %e, channel = self.channel,
                            "wake-ups: connection lost; reconnecting (the worker polls meanwhile)"),
                    }
                    tokio::time::sleep(RECONNECT_AFTER).await;
                    if let Heard::Gone = signal(&wake) {
                        return;
                    }
                }
            });
        })?;
        Ok(())
    }

    /// Listens until the connection fails (`Err`) or the worker is gone (`Ok`).
    async fn listen(&self, wake: &SyncSender<()>) -> anyhow::Result<()> {
        let (client, mut connection) = tokio_postgres::connect(&self.database_url, NoTls).await?;
        let forward = wake.clone();
        let channel = self.channel;
        let mut driver = tokio::spawn(async move {
            while let Some(message) = poll_fn(|cx| connection.poll_message(cx)).await {
                if let AsyncMessage::Notification(n) = message? {
                    if n.channel() == channel {
                        if let Heard::Gone = signal(&forward) {
                            break;
                        }
                    }
                }
            }
            Ok::<(), tokio_postgres::Error>(())
        });
        let listen_command = format!("LISTEN {channel}");
        tokio::select! {
            listened = client.batch_execute(&listen_command) => listened?,
            ended = &mut driver => { ended??; anyhow::bail!("connection closed before LISTEN") }
        }
        // What was queued while nobody listened is found by the worker's next look.
        if let Heard::Gone = signal(wake) {
            return Ok(());
        }
        loop {
            tokio::select! {
                ended = &mut driver => { ended??; anyhow::bail!("connection closed") }
                _ = tokio::time::sleep(PING_EVERY) => {
                    if let Heard::Gone = signal(wake) {
                        return Ok(());
                    }
                    tokio::time::timeout(PING_TIMEOUT, client.simple_query("SELECT 1")).await??;
                }
            }
        }
    }
}

fn signal(wake: &SyncSender<()>) -> Heard {
    match wake.try_send(()) {
        Ok(()) | Err(TrySendError::Full(())) => Heard::Yes,
        Err(TrySendError::Disconnected(())) => Heard::Gone,
    }
}
