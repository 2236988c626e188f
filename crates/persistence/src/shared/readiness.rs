use anyhow::Context;
use diesel::connection::SimpleConnection;

use domain::shared::Readiness;

use crate::PgPool;

/// Ready when a pooled connection answers a trivial query.
pub struct PgReadiness {
    pool: PgPool,
}

impl PgReadiness {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl Readiness for PgReadiness {
    fn check(&self) -> anyhow::Result<()> {
        let mut conn = self.pool.get().context("no database connection")?;
        conn.batch_execute("SELECT 1").context("database did not answer")?;
        Ok(())
    }
}
