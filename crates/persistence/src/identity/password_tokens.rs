//! Single-use password links and the writes that go with them, each in one transaction.

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use diesel::sql_types::Text;

use domain::identity::{IdentityRefusal, PasswordTokenRepository};
use domain::notifications::mail::{MailKind, OutgoingMail};
use domain::{RepoError, UserId};

use crate::notifications::enqueue_on;
use crate::schema::{mail_outbox, password_reset_requests, password_tokens, users};
use crate::shared::error::{pool_error, Refusal};
use crate::PgPool;

diesel::define_sql_function!(fn lower(x: Text) -> Text);

/// id, user id, expiry, use.
type TokenRow = (i32, i32, DateTime<Utc>, Option<DateTime<Utc>>);

const RESET: &str = "reset";

/// A kind of single-use link: its `purpose` and how each of its refusals is answered.
pub(super) struct LinkKind {
    pub(super) purpose: &'static str,
    pub(super) unknown: IdentityRefusal,
    pub(super) used: IdentityRefusal,
    pub(super) expired: IdentityRefusal,
}

const RESET_LINK: LinkKind = LinkKind {
    purpose: RESET,
    unknown: IdentityRefusal::ResetLinkUnknown,
    used: IdentityRefusal::ResetLinkUsed,
    expired: IdentityRefusal::ResetLinkExpired,
};

pub struct PgPasswordTokenRepository {
    pool: PgPool,
}

impl PgPasswordTokenRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl PasswordTokenRepository for PgPasswordTokenRepository {
    fn issue_reset(
        &self,
        user_id: UserId,
        token_hash: &str,
        expires_at: DateTime<Utc>,
        mail: &OutgoingMail,
        max_per_hour: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction::<bool, diesel::result::Error, _>(|conn| {
            // Serialises requests for one address, so concurrent requests cannot pass the limit together.
            diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext('reset-mail:' || lower($1)))")
                .bind::<Text, _>(&mail.to)
                .execute(conn)?;
            let recent: i64 = mail_outbox::table
                .filter(lower(mail_outbox::recipient).eq(lower(&mail.to)))
                .filter(mail_outbox::kind.eq(MailKind::PasswordReset.as_str()))
                .filter(mail_outbox::created_at.gt(now - Duration::hours(1)))
                .count()
                .get_result(conn)?;
            if recent >= max_per_hour {
                return Ok(false);
            }
            // Only the newest link works.
            diesel::update(
                password_tokens::table
                    .filter(password_tokens::user_id.eq(user_id.0))
                    .filter(password_tokens::purpose.eq(RESET))
                    .filter(password_tokens::used_at.is_null()),
            )
            .set(password_tokens::expires_at.eq(now))
            .execute(conn)?;
            diesel::insert_into(password_tokens::table)
                .values((
                    password_tokens::user_id.eq(user_id.0),
                    password_tokens::purpose.eq(RESET),
                    password_tokens::token_hash.eq(token_hash),
                    password_tokens::expires_at.eq(expires_at),
                    password_tokens::created_at.eq(now),
                ))
                .execute(conn)?;
            enqueue_on(conn, mail)?;
            Ok(true)
        })
        .map_err(crate::shared::error::repo_error)
    }

    fn link_user(&self, token_hash: &str) -> Result<Option<UserId>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        password_tokens::table
            .filter(password_tokens::token_hash.eq(token_hash))
            .filter(password_tokens::purpose.eq(RESET))
            .select(password_tokens::user_id)
            .first::<i32>(&mut conn)
            .optional()
            .map(|id| id.map(UserId))
            .map_err(crate::shared::error::repo_error)
    }

    fn reset_password(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<UserId, IdentityRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let outcome = conn.transaction::<UserId, Refusal<IdentityRefusal>, _>(|conn| {
            let (token_id, user_id) = redeemable(conn, token_hash, RESET_LINK, now)?;
            // A deactivated account keeps no working link.
            let updated = diesel::update(users::table.find(user_id).filter(users::active.eq(true)))
                .set((
                    users::password_hash.eq(password_hash),
                    users::require_password_change.eq(false),
                    users::temp_password_expires_at.eq(None::<DateTime<Utc>>),
                    users::token_version.eq(users::token_version + 1),
                    users::updated_at.eq(now),
                ))
                .execute(conn)?;
            if updated == 0 {
                return Err(Refusal::Refused(IdentityRefusal::ResetLinkUnknown));
            }
            super::sessions::end_sessions(conn, UserId(user_id), None)?;
            diesel::update(password_tokens::table.find(token_id))
                .set(password_tokens::used_at.eq(now))
                .execute(conn)?;
            diesel::update(
                password_reset_requests::table
                    .filter(password_reset_requests::user_id.eq(user_id))
                    .filter(password_reset_requests::resolved_at.is_null()),
            )
            .set((
                password_reset_requests::resolved_at.eq(now),
                password_reset_requests::resolved_by.eq("link"),
            ))
            .execute(conn)?;
            Ok(UserId(user_id))
        });
        outcome.map_err(Refusal::into_error)
    }
}

/// The token with this hash and the link's purpose, locked, when it may still be used: (its id, its
/// user's id).
pub(super) fn redeemable(
    conn: &mut PgConnection,
    token_hash: &str,
    link: LinkKind,
    now: DateTime<Utc>,
) -> Result<(i32, i32), Refusal<IdentityRefusal>> {
    let token: Option<TokenRow> = password_tokens::table
        .filter(password_tokens::token_hash.eq(token_hash))
        .filter(password_tokens::purpose.eq(link.purpose))
        .select((
            password_tokens::id,
            password_tokens::user_id,
            password_tokens::expires_at,
            password_tokens::used_at,
        ))
        .for_update()
        .first(conn)
        .optional()?;
    let Some((token_id, user_id, expires_at, used_at)) = token else {
        return Err(Refusal::Refused(link.unknown));
    };
    if used_at.is_some() {
        return Err(Refusal::Refused(link.used));
    }
    if expires_at <= now {
        return Err(Refusal::Refused(link.expired));
    }
    Ok((token_id, user_id))
}
