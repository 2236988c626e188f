//! The change feed over PostgreSQL `LISTEN/NOTIFY` (spec §9, §9a): one dedicated connection per process
//! listens on `portal_changes`, which the triggers of migration `change_notifications` notify on commit.
//! It reconnects after a failure; while it is not listening, the sink is told it is deaf.

use std::sync::mpsc;
use std::sync::Weak;
use std::time::Duration;

use domain::shared::{Change, ChangeFeed, ChangeSink};
use futures_util::future::poll_fn;
use tokio_postgres::{AsyncMessage, NoTls};

/// The notification channel of the triggers.
pub const CHANNEL: &str = "portal_changes";
/// How often a quiet connection is checked, and how long a check may take.
const PING_EVERY: Duration = Duration::from_secs(20);
const PING_TIMEOUT: Duration = Duration::from_secs(5);
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

enum Signal {
    Listening,
    Deaf,
    Change(Change),
}

pub struct PgChangeFeed {
    database_url: String,
}

impl PgChangeFeed {
    pub fn new(database_url: &str) -> PgChangeFeed {
        PgChangeFeed { database_url: database_url.to_string() }
    }
}

impl ChangeFeed for PgChangeFeed {
    fn start(&self, sink: Weak<dyn ChangeSink>) -> anyhow::Result<()> {
        let (signals, received) = mpsc::channel::<Signal>();
        let alive = sink.clone();
        // The sink may read the database (a chat message by id): on its own thread, so the listening
        // connection is always read promptly.
        std::thread::Builder::new().name("change-dispatch".into()).spawn(move || {
            for signal in received {
                let Some(sink) = sink.upgrade() else { return };
                match signal {
                    Signal::Listening => sink.listening(),
                    Signal::Deaf => sink.deaf(),
                    Signal::Change(change) => sink.change(change),
                }
            }
        })?;
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let url = self.database_url.clone();
        std::thread::Builder::new().name("change-feed".into()).spawn(move || {
            runtime.block_on(async move {
                while alive.strong_count() > 0 {
                    if let Err(e) = listen(&url, &signals, &alive).await {
                        tracing::warn!(error = %e, "change feed: connection lost; reconnecting");
                    }
                    if signals.send(Signal::Deaf).is_err() {
                        return;
                    }
                    tokio::time::sleep(RECONNECT_AFTER).await;
                }
            });
        })?;
        Ok(())
    }
}

/// Listens until the connection fails.
async fn listen(
    url: &str,
    signals: &mpsc::Sender<Signal>,
    alive: &Weak<dyn ChangeSink>,
) -> anyhow::Result<()> {
    let (client, mut connection) = tokio_postgres::connect(url, NoTls).await?;
    let forward = signals.clone();
    let mut driver = tokio::spawn(async move {
        while let Some(message) = poll_fn(|cx| connection.poll_message(cx)).await {
            match message? {
                AsyncMessage::Notification(n) if n.channel() == CHANNEL => match Change::parse(n.payload()) {
                    Some(change) => {
                        if forward.send(Signal::Change(change)).is_err() {
                            break;
                        }
                    }
                    None => tracing::warn!(payload = n.payload(), "change feed: unknown notification"),
                },
                _ => {}
            }
        }
        Ok::<(), tokio_postgres::Error>(())
    });
    let listen_command = format!("LISTEN {CHANNEL}");
    tokio::select! {
        listened = client.batch_execute(&listen_command) => listened?,
        ended = &mut driver => { ended??; anyhow::bail!("connection closed before LISTEN") }
    }
    signals.send(Signal::Listening)?;
    tracing::info!("change feed: listening");
    loop {
        tokio::select! {
            ended = &mut driver => { ended??; anyhow::bail!("connection closed") }
            _ = tokio::time::sleep(PING_EVERY) => {
                if alive.strong_count() == 0 {
                    return Ok(());
                }
                tokio::time::timeout(PING_TIMEOUT, client.simple_query("SELECT 1")).await??;
            }
        }
    }
}
