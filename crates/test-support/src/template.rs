//! The migrated template database that `TestDatabase::migrated()` clones.
//!
//! Its name carries a hash of the `migrations/` folder, so a changed migration makes a new template and
//! an old one is never cloned again. Test binaries and processes that start together take turns under an
//! advisory lock (on the `postgres` database, where all of them connect): the first migrates a database
//! under a temporary name, closes its connections and only then renames it, so nobody clones a
//! half-migrated template; the others find it done. Nobody may connect to the finished template
//! (`ALLOW_CONNECTIONS false`), since `CREATE DATABASE ... TEMPLATE` refuses a template with sessions.

use std::path::Path;
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use diesel::pg::PgConnection;
use diesel::sql_types::{Nullable, Text};
use diesel::RunQueryDsl;
use sha2::{Digest, Sha256};

use crate::{admin_connection, with_database};

const PREFIX: &str = "tp_template_";
/// `pg_advisory_lock` key held while a template is made ("tptemplt" in ASCII).
const LOCK: i64 = 0x7470_7465_6d70_6c74;
/// Templates of other migrations are dropped once this old: younger ones may belong to another checkout
/// (another branch's migrations) whose tests run on the same server right now.
const STALE_AFTER_SECONDS: u64 = 24 * 60 * 60;

/// The template of the current migrations, made when missing; once per process.
pub(crate) fn ensure(admin_url: &str) -> String {
    static TEMPLATE: OnceLock<String> = OnceLock::new();
    TEMPLATE.get_or_init(|| create_if_missing(admin_url)).clone()
}

fn create_if_missing(admin_url: &str) -> String {
    let name = format!("{PREFIX}{}", migrations_hash());
    let mut conn = admin_connection(admin_url);
    if exists(&mut conn, &name) {
        return name;
    }
    // A panic below ends this connection, which releases the lock.
    run(&mut conn, &format!("SELECT pg_advisory_lock({LOCK})"));
    if !exists(&mut conn, &name) {
        build(&mut conn, admin_url, &name);
    }
    drop_stale(&mut conn, &name);
    run(&mut conn, &format!("SELECT pg_advisory_unlock({LOCK})"));
    name
}

/// Migrates `{name}_building` with the project's own `run_migrations`, then makes it the template.
fn build(conn: &mut PgConnection, admin_url: &str, name: &str) {
    let building = format!("{name}_building");
    // Left by a run that stopped half way (we hold the lock, so nobody is building it now).
    run(conn, &format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"));
    run(conn, &format!("CREATE DATABASE {building}"));
    {
        let pool = persistence::connect(&with_database(admin_url, &building), 1)
            .unwrap_or_else(|e| panic!("could not connect to {building}: {e:#}"));
        persistence::run_migrations(&pool).unwrap_or_else(|e| panic!("could not migrate {building}: {e:#}"));
        // Dropping the pool closes its connection.
    }
    // Sessions still closing on the server's side would make the rename fail (it waits five seconds).
    let _ = diesel::sql_query(format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{building}'"
    ))
    .execute(conn);
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    run(conn, &format!("COMMENT ON DATABASE {building} IS 'created {now}'"));
    run(conn, &format!("ALTER DATABASE {building} RENAME TO {name}"));
    run(conn, &format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true"));
}

/// Drops the templates of other migrations made long ago (see `STALE_AFTER_SECONDS`).
fn drop_stale(conn: &mut PgConnection, current: &str) {
    #[derive(diesel::QueryableByName)]
    struct Template {
        #[diesel(sql_type = Text)]
        datname: String,
        #[diesel(sql_type = Nullable<Text>)]
        note: Option<String>,
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let templates = diesel::sql_query(format!(
        "SELECT datname::text AS datname, shobj_description(oid, 'pg_database') AS note FROM pg_database \
         WHERE datname LIKE '{}%' AND datname NOT LIKE '%\\_building'",
        PREFIX.replace('_', "\\_")
    ))
    .load::<Template>(conn)
    .unwrap_or_default();
    for template in templates.into_iter().filter(|t| t.datname != current) {
        let created = template
            .note
            .as_deref()
            .and_then(|n| n.strip_prefix("created "))
            .and_then(|n| n.parse::<u64>().ok());
        if created.is_none_or(|created| now.saturating_sub(created) > STALE_AFTER_SECONDS) {
            let name = template.datname;
            // A clone in progress holds the template; the drop waits for it. A failure leaves it for next time.
            let _ = diesel::sql_query(format!("ALTER DATABASE {name} IS_TEMPLATE false")).execute(conn);
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name}")).execute(conn);
        }
    }
}

fn exists(conn: &mut PgConnection, name: &str) -> bool {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        count: i64,
    }
    diesel::sql_query("SELECT count(*) AS count FROM pg_database WHERE datname = $1")
        .bind::<Text, _>(name)
        .get_result::<Count>(conn)
        .unwrap_or_else(|e| panic!("could not look for the template {name}: {e}"))
        .count
        > 0
}

fn run(conn: &mut PgConnection, statement: &str) {
    diesel::sql_query(statement).execute(conn).unwrap_or_else(|e| panic!("{statement}: {e}"));
}

/// The first 16 hex digits of a SHA-256 over every file of the top-level `migrations/` folder (relative
/// path and content, in path order).
fn migrations_hash() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    files.sort();
    let mut hasher = Sha256::new();
    for (relative, path) in files {
        let content =
            std::fs::read(&path).unwrap_or_else(|e| panic!("could not read {}: {e}", path.display()));
        hasher.update(relative.as_bytes());
        hasher.update([0]);
        hasher.update((content.len() as u64).to_le_bytes());
        hasher.update(&content);
    }
    hasher.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
}

fn collect(root: &Path, folder: &Path, files: &mut Vec<(String, std::path::PathBuf)>) {
    let entries =
        std::fs::read_dir(folder).unwrap_or_else(|e| panic!("could not read {}: {e}", folder.display()));
    for entry in entries {
        let path = entry.unwrap_or_else(|e| panic!("could not read {}: {e}", folder.display())).path();
        if path.is_dir() {
            collect(root, &path, files);
        } else {
            let relative = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            files.push((relative, path));
        }
    }
}
