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
    pool.get().map_err(crate::error::pool_error)
}

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

/// A pool of connections; fails fast when the database does not answer.
pub fn connect(database_url: &str, max_size: u32) -> anyhow::Result<PgPool> {
    let manager = ConnectionManager::<PgConnection>::new(database_url);
    Pool::builder()
        .max_size(max_size)
        .connection_timeout(Duration::from_secs(10))
        .build(manager)
        .context("could not connect to PostgreSQL (is DATABASE_URL right?)")
}

/// Applies pending migrations and returns their names.
pub fn run_migrations(pool: &PgPool) -> anyhow::Result<Vec<String>> {
    let mut conn = pool.get().context("no database connection for migrations")?;
    let applied =
        conn.run_pending_migrations(MIGRATIONS).map_err(|e| anyhow::anyhow!("migrations failed: {e}"))?;
    Ok(applied.iter().map(ToString::to_string).collect())
}
