use chrono::{DateTime, Utc};
use diesel::dsl::count_star;
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::entities::security_settings::SecuritySettings;
use domain::ports::{SecuritySettingsRepository, StoredSecondFactor, TwoFactorRepository};
use domain::{RepoError, UserId};

use crate::error::{pool_error, repo_error};
use crate::schema::{mfa_recovery_codes, security_settings, users};
use crate::PgPool;

/// Second-factor secrets (columns of `users`) and recovery code hashes.
pub struct PgTwoFactorRepository {
    pool: PgPool,
}

impl PgTwoFactorRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    fn conn(
        &self,
    ) -> Result<diesel::r2d2::PooledConnection<diesel::r2d2::ConnectionManager<PgConnection>>, RepoError>
    {
        self.pool.get().map_err(pool_error)
    }
}

fn store_codes(conn: &mut PgConnection, user_id: UserId, code_hashes: &[String]) -> QueryResult<()> {
    diesel::delete(mfa_recovery_codes::table.filter(mfa_recovery_codes::user_id.eq(user_id.0)))
        .execute(conn)?;
    let rows: Vec<_> = code_hashes
        .iter()
        .map(|hash| (mfa_recovery_codes::user_id.eq(user_id.0), mfa_recovery_codes::code_hash.eq(hash)))
        .collect();
    diesel::insert_into(mfa_recovery_codes::table).values(rows).execute(conn)?;
    Ok(())
}

impl TwoFactorRepository for PgTwoFactorRepository {
    fn find(&self, user_id: UserId) -> Result<StoredSecondFactor, RepoError> {
        let found: Option<(Option<String>, Option<String>)> = users::table
            .find(user_id.0)
            .select((users::mfa_secret, users::mfa_pending_secret))
            .first(&mut self.conn()?)
            .optional()
            .map_err(repo_error)?;
        let (secret, pending_secret) = found.ok_or(RepoError::NotFound)?;
        Ok(StoredSecondFactor { secret, pending_secret })
    }

    fn set_pending(&self, user_id: UserId, secret: &str) -> Result<(), RepoError> {
        diesel::update(users::table.find(user_id.0))
            .set(users::mfa_pending_secret.eq(secret))
            .execute(&mut self.conn()?)
            .map_err(repo_error)?;
        Ok(())
    }

    fn enable(
        &self,
        user_id: UserId,
        secret: &str,
        step: i64,
        code_hashes: &[String],
    ) -> Result<bool, RepoError> {
        self.conn()?
            .transaction(|conn| {
                let updated = diesel::update(
                    users::table
                        .find(user_id.0)
                        .filter(users::mfa_pending_secret.eq(secret))
                        .filter(users::mfa_secret.is_null()),
                )
                .set((
                    users::mfa_secret.eq(secret),
                    users::mfa_pending_secret.eq(None::<String>),
                    users::mfa_last_step.eq(step),
                ))
                .execute(conn)?;
                if updated == 0 {
                    return Ok(false);
                }
                store_codes(conn, user_id, code_hashes)?;
                Ok(true)
            })
            .map_err(repo_error)
    }

    fn use_step(&self, user_id: UserId, step: i64) -> Result<bool, RepoError> {
        // One conditional UPDATE: of two requests with the same code, only one moves the step.
        let updated = diesel::update(
            users::table
                .find(user_id.0)
                .filter(users::mfa_last_step.is_null().or(users::mfa_last_step.lt(step))),
        )
        .set(users::mfa_last_step.eq(step))
        .execute(&mut self.conn()?)
        .map_err(repo_error)?;
        Ok(updated > 0)
    }

    fn use_recovery_code(
        &self,
        user_id: UserId,
        code_hash: &str,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let updated = diesel::update(
            mfa_recovery_codes::table
                .filter(mfa_recovery_codes::user_id.eq(user_id.0))
                .filter(mfa_recovery_codes::code_hash.eq(code_hash))
                .filter(mfa_recovery_codes::used_at.is_null()),
        )
        .set(mfa_recovery_codes::used_at.eq(at))
        .execute(&mut self.conn()?)
        .map_err(repo_error)?;
        Ok(updated > 0)
    }

    fn replace_recovery_codes(&self, user_id: UserId, code_hashes: &[String]) -> Result<(), RepoError> {
        self.conn()?.transaction(|conn| store_codes(conn, user_id, code_hashes)).map_err(repo_error)
    }

    fn unused_recovery_codes(&self, user_id: UserId) -> Result<i64, RepoError> {
        mfa_recovery_codes::table
            .filter(mfa_recovery_codes::user_id.eq(user_id.0))
            .filter(mfa_recovery_codes::used_at.is_null())
            .select(count_star())
            .first(&mut self.conn()?)
            .map_err(repo_error)
    }

    fn clear(&self, user_id: UserId) -> Result<(), RepoError> {
        self.conn()?
            .transaction(|conn| {
                diesel::delete(mfa_recovery_codes::table.filter(mfa_recovery_codes::user_id.eq(user_id.0)))
                    .execute(conn)?;
                diesel::update(users::table.find(user_id.0))
                    .set((
                        users::mfa_secret.eq(None::<String>),
                        users::mfa_pending_secret.eq(None::<String>),
                        users::mfa_last_step.eq(None::<i64>),
                    ))
                    .execute(conn)
            })
            .map_err(repo_error)?;
        Ok(())
    }
}

/// The one row of `security_settings` (inserted by its migration).
pub struct PgSecuritySettingsRepository {
    pool: PgPool,
}

impl PgSecuritySettingsRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl SecuritySettingsRepository for PgSecuritySettingsRepository {
    fn get(&self) -> Result<SecuritySettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let require_mfa_for_officers = security_settings::table
            .select(security_settings::require_mfa_for_officers)
            .first::<bool>(&mut conn)
            .map_err(repo_error)?;
        Ok(SecuritySettings { require_mfa_for_officers })
    }

    fn save(&self, settings: SecuritySettings) -> Result<SecuritySettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let require_mfa_for_officers = diesel::update(security_settings::table)
            .set((
                security_settings::require_mfa_for_officers.eq(settings.require_mfa_for_officers),
                security_settings::updated_at.eq(diesel::dsl::now),
            ))
            .returning(security_settings::require_mfa_for_officers)
            .get_result::<bool>(&mut conn)
            .map_err(repo_error)?;
        Ok(SecuritySettings { require_mfa_for_officers })
    }
}
