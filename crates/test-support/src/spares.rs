//! Migrated test databases made ahead of need.
//!
//! Copying the template takes a noticeable part of a short test (the copy is written to the WAL and
//! flushed). A thread of its own keeps `READY` copies waiting, so a test takes one at once while the next
//! is copied during the tests' own waits. The thread connects on the caller's thread before it starts
//! (see `dropper` on why a thread must never be connecting while the process exits); the copies left
//! waiting when the process exits are dropped by a later process's sweep, like any abandoned test database.

use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Mutex, OnceLock};

use diesel::pg::PgConnection;
use diesel::RunQueryDsl;

use crate::{admin_connection, dropper};

/// How many copies wait at most; tests run two at a time on the machines the suite is timed on.
const READY: usize = 2;

/// A fresh copy of `template`, made ahead when one is waiting, else now.
pub(crate) fn take(admin_url: &str, template: &str) -> String {
    static SPARES: OnceLock<Mutex<Receiver<String>>> = OnceLock::new();
    let spares = SPARES.get_or_init(|| Mutex::new(start(admin_url, template.to_string())));
    let waiting = spares.lock().ok().and_then(|receiver| receiver.try_recv().ok());
    waiting.unwrap_or_else(|| {
        let mut conn = admin_connection(admin_url);
        copy(&mut conn, template).unwrap_or_else(|e| panic!("could not create a test database: {e}"))
    })
}

/// Starts the thread that keeps up to `READY` copies waiting; it ends when a copy fails.
fn start(admin_url: &str, template: String) -> Receiver<String> {
    let (sender, receiver) = sync_channel(READY);
    let mut conn = admin_connection(admin_url);
    let spawned = std::thread::Builder::new().name("test-database-spares".into()).spawn(move || {
        while let Ok(name) = copy(&mut conn, &template) {
            if sender.send(name).is_err() {
                break;
            }
        }
    });
    if let Err(e) = spawned {
        eprintln!("test databases are made on demand: no thread for spares ({e})");
    }
    receiver
}

/// Copies the template under a fresh name. Commits in a test database are not waited for on disk: a
/// crash loses nothing a test needs, and it spares every write a flush.
pub(crate) fn copy(conn: &mut PgConnection, template: &str) -> Result<String, diesel::result::Error> {
    let name = dropper::fresh_name();
    diesel::sql_query(format!("CREATE DATABASE {name} TEMPLATE {template}")).execute(conn)?;
    diesel::sql_query(format!("ALTER DATABASE {name} SET synchronous_commit = off")).execute(conn)?;
    Ok(name)
}
