//! What every area uses: the connection pool and migrations, the driver errors in the domain's words, the
//! change feed (LISTEN/NOTIFY), the wake-ups of background workers, readiness, and the LIKE pattern of text
//! searches.

pub(crate) mod change_feed;
pub(crate) mod error;
pub(crate) mod pool;
pub(crate) mod readiness;
pub(crate) mod search;
pub(crate) mod wakeups;
