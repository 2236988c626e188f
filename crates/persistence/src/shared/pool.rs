use std::time::Duration;

use anyhow::Context;
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Pool, PooledConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

pub type PgPool = Pool<ConnectionManager<PgConnection>>;

/// A connection from the pool, or the repository error for an exhausted or unreachable pool.
pub(crate) fn conn(
    pool: &PgPool,
) -> Result<PooledConnection<ConnectionManager<PgConnection>>, domain::RepoError> {
    pool.get().map_err(crate::shared::error::pool_error)
}

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

/// How long a request waits for a connection before it is answered 503 (docs/spec.md §13): long enough for
/// a busy moment, short enough that a stopped database never holds a request (or the person) for long.
pub const CONNECTION_WAIT: Duration = Duration::from_millis(1500);

/// A pool of connections; fails fast when the database does not answer.
pub fn connect(database_url: &str, max_size: u32) -> anyhow::Result<PgPool> {
    let manager = ConnectionManager::<PgConnection>::new(database_url);
    Pool::builder()
        .max_size(max_size)
        .connection_timeout(CONNECTION_WAIT)
        .build(manager)
        .context("could not connect to PostgreSQL (is DATABASE_URL right?)")
}

/// `pg_advisory_lock` key held while migrating ("migrate" in ASCII).
const MIGRATION_LOCK: i64 = 0x006d_6967_7261_7465;

/// Applies pending migrations and returns their names. Server processes started together on one database
/// take turns under an advisory lock: the first applies the migrations, the others then find none pending
/// (rather than failing on tables that appeared meanwhile).
pub fn run_migrations(pool: &PgPool) -> anyhow::Result<Vec<String>> {
    use diesel::RunQueryDsl;
    let mut conn = pool.get().context("no database connection for migrations")?;
    diesel::sql_query(format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
        .execute(&mut conn)
        .context("could not take the migration lock")?;
    let applied = conn
        .run_pending_migrations(MIGRATIONS)
        .map(|applied| applied.iter().map(ToString::to_string).collect())
        .map_err(|e| anyhow::anyhow!("migrations failed: {e}"));
    diesel::sql_query(format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
        .execute(&mut conn)
        .context("could not release the migration lock")?;
    applied
}
