use chrono::{DateTime, Utc};
use diesel::dsl::{count_star, min};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;

use domain::identity::{Admitted, LoginThrottle, ThrottleLimits, ThrottleScope};
use domain::RepoError;

use crate::schema::sign_in_attempts;
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

/// The sign-in throttle in PostgreSQL, so every server process on the database shares the counts.
/// Attempts from one client address are serialised by a transaction-scoped advisory lock on the address:
/// checking and counting happen as one step, however many requests arrive at once.
pub struct PgLoginThrottle {
    pool: PgPool,
}

impl PgLoginThrottle {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// The seconds until the oldest counted attempt leaves the window (at least one).
fn wait_until_oldest_leaves(
    oldest: Option<DateTime<Utc>>,
    limits: &ThrottleLimits,
    now: DateTime<Utc>,
) -> u64 {
    let free_at = oldest.map_or(now, |t| t + limits.window);
    u64::try_from((free_at - now).num_seconds()).unwrap_or(0).max(1)
}

fn begin_locked(
    conn: &mut PgConnection,
    scope: ThrottleScope,
    account: &str,
    client: &str,
    limits: &ThrottleLimits,
    now: DateTime<Utc>,
) -> QueryResult<Result<Admitted, u64>> {
    diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext($1))")
        .bind::<Text, _>(format!("sign-in:{}:{client}", scope.as_str()))
        .execute(conn)?;
    let since = now - limits.window;
    let in_window = sign_in_attempts::table
        .filter(sign_in_attempts::scope.eq(scope.as_str()))
        .filter(sign_in_attempts::attempted_at.gt(since));

    let (pair_count, pair_oldest): (i64, Option<DateTime<Utc>>) = in_window
        .filter(sign_in_attempts::account.eq(account))
        .filter(sign_in_attempts::client.eq(client))
        .select((count_star(), min(sign_in_attempts::attempted_at)))
        .first(conn)?;
    if pair_count >= limits.per_account_and_client {
        return Ok(Err(wait_until_oldest_leaves(pair_oldest, limits, now)));
    }
    let (client_count, client_oldest): (i64, Option<DateTime<Utc>>) = in_window
        .filter(sign_in_attempts::client.eq(client))
        .select((count_star(), min(sign_in_attempts::attempted_at)))
        .first(conn)?;
    if client_count >= limits.per_client {
        return Ok(Err(wait_until_oldest_leaves(client_oldest, limits, now)));
    }
    let account_failures: i64 =
        in_window.filter(sign_in_attempts::account.eq(account)).select(count_star()).first(conn)?;
    let attempt_id = diesel::insert_into(sign_in_attempts::table)
        .values((
            sign_in_attempts::scope.eq(scope.as_str()),
            sign_in_attempts::account.eq(account),
            sign_in_attempts::client.eq(client),
            sign_in_attempts::attempted_at.eq(now),
        ))
        .returning(sign_in_attempts::id)
        .get_result(conn)?;
    Ok(Ok(Admitted { attempt_id, account_failures }))
}

impl LoginThrottle for PgLoginThrottle {
    fn begin(
        &self,
        scope: ThrottleScope,
        account: &str,
        client: &str,
        limits: &ThrottleLimits,
        now: DateTime<Utc>,
    ) -> Result<Result<Admitted, u64>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| begin_locked(conn, scope, account, client, limits, now)).map_err(repo_error)
    }

    fn succeeded(
        &self,
        scope: ThrottleScope,
        account: &str,
        client: &str,
        attempt: Admitted,
    ) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::delete(
            sign_in_attempts::table.filter(
                sign_in_attempts::id.eq(attempt.attempt_id).or(sign_in_attempts::scope
                    .eq(scope.as_str())
                    .and(sign_in_attempts::account.eq(account))
                    .and(sign_in_attempts::client.eq(client))),
            ),
        )
        .execute(&mut conn)
        .map_err(repo_error)?;
        Ok(())
    }

    fn prune(&self, before: DateTime<Utc>) -> Result<usize, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::delete(sign_in_attempts::table.filter(sign_in_attempts::attempted_at.lt(before)))
            .execute(&mut conn)
            .map_err(repo_error)
    }
}
