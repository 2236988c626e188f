//! Dropping test databases in the background.
//!
//! `DROP DATABASE` makes the server take a checkpoint and wait for it: seconds on a busy machine, more
//! than most tests take. So a test does not wait for it: each drop runs on a thread of its own (drops side
//! by side share a checkpoint). A statement the server has received completes even when the test process
//! exits meanwhile; a drop the process had no time to send is made by a later process: `sweep_once` drops
//! the test databases made more than `ABANDONED_AFTER_SECONDS` ago that nobody is connected to.

use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use diesel::pg::PgConnection;
use diesel::sql_types::Text;
use diesel::{Connection, RunQueryDsl};

/// Test databases are named `tp_test_<seconds since 1970>_<uuid>`.
pub(crate) const PREFIX: &str = "tp_test_";
const ABANDONED_AFTER_SECONDS: u64 = 10 * 60;

/// Drops the database on a thread of its own, ending the sessions still open on it (the test's own
/// server is stopping). Drops side by side share the server's checkpoints.
pub(crate) fn later(admin_url: &str, name: &str) {
    drop_in_background(admin_url, format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
}

/// Once per process: drops the test databases left by processes that exited before their drops were
/// made. Only those old enough and without sessions; a drop without `FORCE` fails on one still in use,
/// should a test have held one that long.
pub(crate) fn sweep_once(admin_url: &str) {
    static SWEPT: OnceLock<()> = OnceLock::new();
    SWEPT.get_or_init(|| {
        #[derive(diesel::QueryableByName)]
        struct Name {
            #[diesel(sql_type = Text)]
            datname: String,
        }
        let Ok(mut conn) = PgConnection::establish(admin_url) else { return };
        let names = diesel::sql_query(
            "SELECT datname::text AS datname FROM pg_database d WHERE datname ~ '^tp_test_[0-9]+_[0-9a-f]+$' \
             AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)",
        )
        .load::<Name>(&mut conn)
        .unwrap_or_default();
        let now = now();
        for name in names.into_iter().map(|n| n.datname) {
            if created_at(&name).is_some_and(|at| now.saturating_sub(at) > ABANDONED_AFTER_SECONDS) {
                drop_in_background(admin_url, format!("DROP DATABASE IF EXISTS {name}"));
            }
        }
    });
}

/// Connects here, on the caller's thread, and runs the statement on a new one, once it has started (so
/// that the statement goes out even when the process exits next). A thread still connecting when the
/// process exits can crash it (libpq's GSSAPI negotiation races the Kerberos library's exit handlers);
/// one waiting for the server's answer does not. A failure leaves the database to a sweep.
fn drop_in_background(admin_url: &str, statement: String) {
    let Ok(mut conn) = PgConnection::establish(admin_url) else { return };
    let (started, has_started) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("test-database-drop".into()).spawn(move || {
        let _ = started.send(());
        let _ = diesel::sql_query(statement).execute(&mut conn);
    });
    if spawned.is_ok() {
        let _ = has_started.recv();
    }
}

/// A fresh test database name.
pub(crate) fn fresh_name() -> String {
    format!("{PREFIX}{}_{}", now(), uuid::Uuid::new_v4().simple())
}

fn created_at(name: &str) -> Option<u64> {
    name.strip_prefix(PREFIX)?.split_once('_')?.0.parse().ok()
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
