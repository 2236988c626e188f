#![doc = include_str!("../README.md")]

mod dropper;
pub mod file_store;
pub mod s3;
mod spares;
mod template;

use diesel::pg::PgConnection;
use diesel::{Connection, RunQueryDsl};

/// A database that lives as long as this value.
pub struct TestDatabase {
    admin_url: String,
    name: String,
    url: String,
}

impl TestDatabase {
    /// Creates an empty database, for the tests of migrating one (the `migrate` command, processes that
    /// start together on a blank database); panics with a clear message when PostgreSQL is not reachable,
    /// since no test can run then.
    pub fn empty() -> Self {
        Self::create_from(None)
    }

    /// Creates a database with every migration applied, cloned from the template of the current
    /// migrations: a copy takes a fraction of the time of running them.
    pub fn migrated() -> Self {
        let template = template::ensure(&admin_url());
        Self::create_from(Some(&template))
    }

    fn create_from(template: Option<&str>) -> Self {
        let base = base_url();
        let admin_url = admin_url();
        dropper::sweep_once(&admin_url);
        let name = match template {
            Some(template) => spares::take(&admin_url, template),
            None => {
                let name = dropper::fresh_name();
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin_connection(&admin_url))
                    .unwrap_or_else(|e| panic!("could not create test database {name}: {e}"));
                name
            }
        };
        let url = with_database(&base, &name);
        Self { admin_url, name, url }
    }

    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for TestDatabase {
    /// Dropped in the background (`dropper`): the server's checkpoint is not the test's to wait for.
    fn drop(&mut self) {
        dropper::later(&self.admin_url, &self.name);
    }
}

/// The server's URL from the environment (`README.md`), without TLS unless the URL asks for it: threads
/// that make and drop databases can still be waiting on the server when the test process exits, and libpq
/// inside OpenSSL while the process's exit handlers clean OpenSSL up crashed it.
fn base_url() -> String {
    let url = std::env::var("TEST_DATABASE_URL")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string());
    with_setting(&url, "sslmode", "disable")
}

/// `url` with `key=value` added to its query, unless it sets `key` itself.
fn with_setting(url: &str, key: &str, value: &str) -> String {
    if url.contains(&format!("{key}=")) {
        return url.to_string();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}{key}={value}")
}

/// The server's `postgres` database, where databases are created and the template's lock is taken.
fn admin_url() -> String {
    // Only libpq reads it (the app's change feed does not know `gssencmode`): no GSSAPI negotiation,
    // which crashed a process exiting while a thread of this crate connected.
    with_setting(&with_database(&base_url(), "postgres"), "gssencmode", "disable")
}

fn admin_connection(admin_url: &str) -> PgConnection {
    PgConnection::establish(admin_url).unwrap_or_else(|e| panic!("tests need PostgreSQL at {admin_url}: {e}"))
}

/// Replaces the database name (the last path segment, before any query) of a PostgreSQL URL.
fn with_database(url: &str, database: &str) -> String {
    let (without_query, query) = match url.split_once('?') {
        Some((head, query)) => (head, Some(query)),
        None => (url, None),
    };
    let scheme_end = without_query.find("://").map_or(0, |i| i + 3);
    let base = match without_query[scheme_end..].rfind('/') {
        Some(slash) => &without_query[..scheme_end + slash],
        None => without_query,
    };
    match query {
        Some(q) => format!("{base}/{database}?{q}"),
        None => format!("{base}/{database}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{with_database, with_setting};

    #[test]
    fn a_setting_is_added_unless_the_url_has_it() {
        assert_eq!(
            with_setting("postgres://u@h/app", "sslmode", "disable"),
            "postgres://u@h/app?sslmode=disable"
        );
        assert_eq!(
            with_setting("postgres://u@h/app?sslmode=require", "sslmode", "disable"),
            "postgres://u@h/app?sslmode=require"
        );
        assert_eq!(
            with_setting("postgres://u@h/app?sslmode=disable", "gssencmode", "disable"),
            "postgres://u@h/app?sslmode=disable&gssencmode=disable"
        );
    }

    #[test]
    fn replaces_the_database_name() {
        assert_eq!(with_database("postgres://u@h:5432/app", "x"), "postgres://u@h:5432/x");
        assert_eq!(
            with_database("postgres://u@h/app?sslmode=disable", "x"),
            "postgres://u@h/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
    }
}
