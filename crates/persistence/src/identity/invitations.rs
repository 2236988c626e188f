//! Invitations (spec §11 Invitations): the invited account, its single-use links and its mail, each write in
//! one transaction.

use chrono::{DateTime, Utc};
use diesel::dsl::now as db_now;
use diesel::prelude::*;

use domain::identity::invitations::service::NO_PASSWORD;
use domain::identity::user::{NewUser, User};
use domain::identity::{IdentityRefusal, InvitationRepository, PendingInvitation};
use domain::notifications::mail::OutgoingMail;
use domain::{RepoError, UserId};

use super::password_tokens::{redeemable, LinkKind};
use super::users::UserRow;
use crate::notifications::enqueue_on;
use crate::schema::{password_tokens, users};
use crate::shared::error::{pool_error, repo_error, Refusal};
use crate::PgPool;

const INVITATION: &str = "invitation";

const INVITATION_LINK: LinkKind = LinkKind {
    purpose: INVITATION,
    unknown: IdentityRefusal::InvitationUnknown,
    used: IdentityRefusal::InvitationUsed,
    expired: IdentityRefusal::InvitationExpired,
};

pub struct PgInvitationRepository {
    pool: PgPool,
}

impl PgInvitationRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

pub(super) fn store_link(
    conn: &mut PgConnection,
    user_id: i32,
    token_hash: &str,
    expires_at: DateTime<Utc>,
) -> QueryResult<usize> {
    diesel::insert_into(password_tokens::table)
        .values((
            password_tokens::user_id.eq(user_id),
            password_tokens::purpose.eq(INVITATION),
            password_tokens::token_hash.eq(token_hash),
            password_tokens::expires_at.eq(expires_at),
        ))
        .execute(conn)
}

impl InvitationRepository for PgInvitationRepository {
    fn create_invited(
        &self,
        user: NewUser,
        token_hash: &str,
        expires_at: DateTime<Utc>,
        mut mail: OutgoingMail,
    ) -> Result<User, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = conn
            .transaction::<UserRow, diesel::result::Error, _>(|conn| {
                let row: UserRow = diesel::insert_into(users::table)
                    .values((
                        users::name.eq(user.name),
                        users::email.eq(user.email),
                        users::role.eq(user.role.as_str()),
                        users::phone.eq(user.phone),
                        users::password_hash.eq(user.password_hash),
                        users::require_password_change.eq(false),
                    ))
                    .returning(UserRow::as_returning())
                    .get_result(conn)?;
                store_link(conn, row.id, token_hash, expires_at)?;
                mail.user_id = Some(UserId(row.id));
                enqueue_on(conn, &mail)?;
                Ok(row)
            })
            .map_err(repo_error)?;
        User::try_from(row)
    }

    fn reissue(
        &self,
        user_id: UserId,
        token_hash: &str,
        expires_at: DateTime<Utc>,
        mail: &OutgoingMail,
        now: DateTime<Utc>,
    ) -> Result<(), IdentityRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let outcome = conn.transaction::<(), Refusal<IdentityRefusal>, _>(|conn| {
            let hash: Option<String> = users::table
                .find(user_id.0)
                .select(users::password_hash)
                .for_update()
                .first(conn)
                .optional()?;
            match hash {
                None => return Err(Refusal::Refused(IdentityRefusal::UserNotFound)),
                Some(hash) if hash != NO_PASSWORD => {
                    return Err(Refusal::Refused(IdentityRefusal::AlreadyHasPassword))
                }
                Some(_) => {}
            }
            // Only the newest link works.
            diesel::update(
                password_tokens::table
                    .filter(password_tokens::user_id.eq(user_id.0))
                    .filter(password_tokens::purpose.eq(INVITATION))
                    .filter(password_tokens::used_at.is_null())
                    .filter(password_tokens::expires_at.gt(now)),
            )
            .set(password_tokens::expires_at.eq(now))
            .execute(conn)?;
            store_link(conn, user_id.0, token_hash, expires_at)?;
            enqueue_on(conn, mail)?;
            Ok(())
        });
        outcome.map_err(Refusal::into_error)
    }

    fn link_user(&self, token_hash: &str) -> Result<Option<UserId>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        password_tokens::table
            .filter(password_tokens::token_hash.eq(token_hash))
            .filter(password_tokens::purpose.eq(INVITATION))
            .select(password_tokens::user_id)
            .first::<i32>(&mut conn)
            .optional()
            .map(|id| id.map(UserId))
            .map_err(repo_error)
    }

    fn accept(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<UserId, IdentityRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let outcome = conn.transaction::<UserId, Refusal<IdentityRefusal>, _>(|conn| {
            let (_, user_id) = redeemable(conn, token_hash, INVITATION_LINK, now)?;
            // Only an active account still without a password: one that got a password another way
            // (a reset link, an admin's temporary password) has accepted already.
            let updated = diesel::update(
                users::table
                    .find(user_id)
                    .filter(users::active.eq(true))
                    .filter(users::password_hash.eq(NO_PASSWORD)),
            )
            .set((
                users::password_hash.eq(password_hash),
                users::require_password_change.eq(false),
                users::temp_password_expires_at.eq(None::<DateTime<Utc>>),
                users::token_version.eq(users::token_version + 1),
                users::updated_at.eq(db_now),
            ))
            .execute(conn)?;
            if updated == 0 {
                return Err(Refusal::Refused(IdentityRefusal::InvitationUsed));
            }
            diesel::update(
                password_tokens::table
                    .filter(password_tokens::user_id.eq(user_id))
                    .filter(password_tokens::purpose.eq(INVITATION))
                    .filter(password_tokens::used_at.is_null()),
            )
            .set(password_tokens::used_at.eq(now))
            .execute(conn)?;
            Ok(UserId(user_id))
        });
        outcome.map_err(Refusal::into_error)
    }

    fn pending(&self) -> Result<Vec<PendingInvitation>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let invited: Vec<i32> = users::table
            .filter(users::password_hash.eq(NO_PASSWORD))
            .select(users::id)
            .load(&mut conn)
            .map_err(repo_error)?;
        let newest: Vec<(i32, Option<DateTime<Utc>>)> = password_tokens::table
            .filter(password_tokens::user_id.eq_any(&invited))
            .filter(password_tokens::purpose.eq(INVITATION))
            .filter(password_tokens::used_at.is_null())
            .group_by(password_tokens::user_id)
            .select((password_tokens::user_id, diesel::dsl::max(password_tokens::expires_at)))
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok(invited
            .into_iter()
            .map(|id| PendingInvitation {
                user_id: UserId(id),
                expires_at: newest.iter().find(|(u, _)| *u == id).and_then(|(_, at)| *at),
            })
            .collect())
    }
}
