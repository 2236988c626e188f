use chrono::{DateTime, Utc};
use diesel::dsl::count_star;
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::identity::two_factor::SecuritySettings;
use domain::identity::{SecuritySettingsRepository, StoredSecondFactor, TwoFactorRepository};
use domain::{RepoError, UserId};

use crate::schema::{mfa_recovery_codes, security_settings, used_mfa_challenges, users};
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

/// Second-factor secrets (columns of `users`, sealed by the domain before they get here), recovery code
/// hashes and the challenges already exchanged for a session.
pub struct PgTwoFactorRepository {
    pool: PgPool,
}

impl PgTwoFactorRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
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
            .first(&mut crate::shared::pool::conn(&self.pool)?)
            .optional()
            .map_err(repo_error)?;
        let (secret, pending_secret) = found.ok_or(RepoError::NotFound)?;
        Ok(StoredSecondFactor { secret, pending_secret })
    }

    fn set_pending(&self, user_id: UserId, secret: &str) -> Result<(), RepoError> {
        diesel::update(users::table.find(user_id.0))
            .set(users::mfa_pending_secret.eq(secret))
            .execute(&mut crate::shared::pool::conn(&self.pool)?)
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
        crate::shared::pool::conn(&self.pool)?
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
        .execute(&mut crate::shared::pool::conn(&self.pool)?)
        .map_err(repo_error)?;
        Ok(updated > 0)
    }

    fn unused_recovery_code_hashes(&self, user_id: UserId) -> Result<Vec<(i32, String)>, RepoError> {
        mfa_recovery_codes::table
            .filter(mfa_recovery_codes::user_id.eq(user_id.0))
            .filter(mfa_recovery_codes::used_at.is_null())
            .order(mfa_recovery_codes::id)
            .select((mfa_recovery_codes::id, mfa_recovery_codes::code_hash))
            .load(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)
    }

    fn use_recovery_code(&self, user_id: UserId, code_id: i32, at: DateTime<Utc>) -> Result<bool, RepoError> {
        // Conditional: of two requests with the same code, only one marks it used.
        let updated = diesel::update(
            mfa_recovery_codes::table
                .find(code_id)
                .filter(mfa_recovery_codes::user_id.eq(user_id.0))
                .filter(mfa_recovery_codes::used_at.is_null()),
        )
        .set(mfa_recovery_codes::used_at.eq(at))
        .execute(&mut crate::shared::pool::conn(&self.pool)?)
        .map_err(repo_error)?;
        Ok(updated > 0)
    }

    fn use_challenge(
        &self,
        user_id: UserId,
        challenge_id: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        crate::shared::pool::conn(&self.pool)?
            .transaction(|conn| {
                diesel::delete(used_mfa_challenges::table.filter(used_mfa_challenges::expires_at.lt(now)))
                    .execute(conn)?;
                // The primary key decides: of two requests with the same challenge, one inserts.
                diesel::insert_into(used_mfa_challenges::table)
                    .values((
                        used_mfa_challenges::id.eq(challenge_id),
                        used_mfa_challenges::user_id.eq(user_id.0),
                        used_mfa_challenges::expires_at.eq(expires_at),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)
            })
            .map(|inserted| inserted > 0)
            .map_err(repo_error)
    }

    fn unsalted_recovery_code_hashes(&self) -> Result<Vec<(i32, String)>, RepoError> {
        // Salted hashes are bcrypt strings (`$2b$...`); wrapped legacy digests carry their tag.
        mfa_recovery_codes::table
            .filter(mfa_recovery_codes::code_hash.not_like("$%"))
            .filter(
                mfa_recovery_codes::code_hash
                    .not_like(format!("{}%", domain::identity::two_factor::service::LEGACY_WRAPPED)),
            )
            .order(mfa_recovery_codes::id)
            .select((mfa_recovery_codes::id, mfa_recovery_codes::code_hash))
            .load(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)
    }

    fn replace_recovery_code_hash(&self, code_id: i32, old: &str, new: &str) -> Result<bool, RepoError> {
        // Conditional: a code used or regenerated meanwhile is left as it is.
        let updated = diesel::update(
            mfa_recovery_codes::table.find(code_id).filter(mfa_recovery_codes::code_hash.eq(old)),
        )
        .set(mfa_recovery_codes::code_hash.eq(new))
        .execute(&mut crate::shared::pool::conn(&self.pool)?)
        .map_err(repo_error)?;
        Ok(updated > 0)
    }

    fn release_challenge(&self, challenge_id: &str) -> Result<(), RepoError> {
        diesel::delete(used_mfa_challenges::table.find(challenge_id))
            .execute(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)?;
        Ok(())
    }

    fn all_secrets(&self) -> Result<Vec<(UserId, StoredSecondFactor)>, RepoError> {
        let rows: Vec<(i32, Option<String>, Option<String>)> = users::table
            .filter(users::mfa_secret.is_not_null().or(users::mfa_pending_secret.is_not_null()))
            .order(users::id)
            .select((users::id, users::mfa_secret, users::mfa_pending_secret))
            .load(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, secret, pending_secret)| (UserId(id), StoredSecondFactor { secret, pending_secret }))
            .collect())
    }

    fn replace_secrets(
        &self,
        user_id: UserId,
        old: (Option<&str>, Option<&str>),
        new: (Option<&str>, Option<&str>),
    ) -> Result<bool, RepoError> {
        // IS NOT DISTINCT FROM: a NULL matches a NULL.
        let updated = diesel::update(
            users::table
                .find(user_id.0)
                .filter(users::mfa_secret.is_not_distinct_from(old.0))
                .filter(users::mfa_pending_secret.is_not_distinct_from(old.1)),
        )
        .set((users::mfa_secret.eq(new.0), users::mfa_pending_secret.eq(new.1)))
        .execute(&mut crate::shared::pool::conn(&self.pool)?)
        .map_err(repo_error)?;
        Ok(updated > 0)
    }

    fn replace_recovery_codes(&self, user_id: UserId, code_hashes: &[String]) -> Result<(), RepoError> {
        crate::shared::pool::conn(&self.pool)?
            .transaction(|conn| store_codes(conn, user_id, code_hashes))
            .map_err(repo_error)
    }

    fn unused_recovery_codes(&self, user_id: UserId) -> Result<i64, RepoError> {
        mfa_recovery_codes::table
            .filter(mfa_recovery_codes::user_id.eq(user_id.0))
            .filter(mfa_recovery_codes::used_at.is_null())
            .select(count_star())
            .first(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)
    }

    fn clear(&self, user_id: UserId) -> Result<(), RepoError> {
        crate::shared::pool::conn(&self.pool)?
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

type SettingsRow = (bool, bool, bool, Option<i32>);

fn settings_from(row: SettingsRow) -> SecuritySettings {
    let (require_mfa_for_officers, trust_provider_mfa, password_sign_in_off, break_glass) = row;
    SecuritySettings {
        require_mfa_for_officers,
        trust_provider_mfa,
        password_sign_in_off,
        break_glass_admin_id: break_glass.map(UserId),
    }
}

const SETTINGS_COLUMNS: (
    security_settings::require_mfa_for_officers,
    security_settings::trust_provider_mfa,
    security_settings::password_sign_in_off,
    security_settings::break_glass_admin_id,
) = (
    security_settings::require_mfa_for_officers,
    security_settings::trust_provider_mfa,
    security_settings::password_sign_in_off,
    security_settings::break_glass_admin_id,
);

impl SecuritySettingsRepository for PgSecuritySettingsRepository {
    fn get(&self) -> Result<SecuritySettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        security_settings::table
            .select(SETTINGS_COLUMNS)
            .first::<SettingsRow>(&mut conn)
            .map(settings_from)
            .map_err(repo_error)
    }

    fn save(&self, settings: SecuritySettings) -> Result<SecuritySettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::update(security_settings::table)
            .set((
                security_settings::require_mfa_for_officers.eq(settings.require_mfa_for_officers),
                security_settings::trust_provider_mfa.eq(settings.trust_provider_mfa),
                security_settings::password_sign_in_off.eq(settings.password_sign_in_off),
                security_settings::break_glass_admin_id.eq(settings.break_glass_admin_id.map(|id| id.0)),
                security_settings::updated_at.eq(diesel::dsl::now),
            ))
            .returning(SETTINGS_COLUMNS)
            .get_result::<SettingsRow>(&mut conn)
            .map(settings_from)
            .map_err(repo_error)
    }
}
