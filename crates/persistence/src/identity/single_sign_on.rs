//! Single sign-on's rows (spec §13 Single sign-on): started sign-ins and one-time codes, each taken once
//! with `DELETE ... RETURNING` (so two processes never both use one), and the accounts' links.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::identity::single_sign_on::{Handoff, NewSsoLink, PendingSignIn, SsoLink};
use domain::identity::SsoRepository;
use domain::{RepoError, UserId};

use crate::schema::{sso_handoffs, sso_links, sso_pending_sign_ins};
use crate::shared::error::repo_error;
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = sso_links)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct LinkRow {
    id: i32,
    user_id: i32,
    issuer: String,
    subject: String,
    email: String,
    linked_at: DateTime<Utc>,
}

impl From<LinkRow> for SsoLink {
    fn from(row: LinkRow) -> Self {
        SsoLink {
            id: row.id,
            user_id: UserId(row.user_id),
            issuer: row.issuer,
            subject: row.subject,
            email: row.email,
            linked_at: row.linked_at,
        }
    }
}

pub struct PgSsoRepository {
    pool: PgPool,
}

impl PgSsoRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl SsoRepository for PgSsoRepository {
    fn save_pending(
        &self,
        state: &str,
        pending: &PendingSignIn,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = crate::shared::pool::conn(&self.pool)?;
        // Sign-ins never finished are forgotten by the next one started.
        diesel::delete(sso_pending_sign_ins::table.filter(sso_pending_sign_ins::expires_at.le(now)))
            .execute(&mut conn)
            .map_err(repo_error)?;
        diesel::insert_into(sso_pending_sign_ins::table)
            .values((
                sso_pending_sign_ins::state.eq(state),
                sso_pending_sign_ins::nonce.eq(&pending.nonce),
                sso_pending_sign_ins::pkce_verifier.eq(&pending.pkce_verifier),
                sso_pending_sign_ins::created_at.eq(now),
                sso_pending_sign_ins::expires_at.eq(expires_at),
            ))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn take_pending(&self, state: &str, now: DateTime<Utc>) -> Result<Option<PendingSignIn>, RepoError> {
        let taken: Option<(String, String, DateTime<Utc>)> =
            diesel::delete(sso_pending_sign_ins::table.filter(sso_pending_sign_ins::state.eq(state)))
                .returning((
                    sso_pending_sign_ins::nonce,
                    sso_pending_sign_ins::pkce_verifier,
                    sso_pending_sign_ins::expires_at,
                ))
                .get_result(&mut crate::shared::pool::conn(&self.pool)?)
                .optional()
                .map_err(repo_error)?;
        Ok(taken
            .filter(|(_, _, expires_at)| *expires_at > now)
            .map(|(nonce, pkce_verifier, _)| PendingSignIn { nonce, pkce_verifier }))
    }

    fn save_handoff(
        &self,
        code_hash: &str,
        handoff: &Handoff,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = crate::shared::pool::conn(&self.pool)?;
        diesel::delete(sso_handoffs::table.filter(sso_handoffs::expires_at.le(now)))
            .execute(&mut conn)
            .map_err(repo_error)?;
        diesel::insert_into(sso_handoffs::table)
            .values((
                sso_handoffs::code_hash.eq(code_hash),
                sso_handoffs::user_id.eq(handoff.user_id.0),
                sso_handoffs::provider_second_factor.eq(handoff.provider_second_factor),
                sso_handoffs::created_at.eq(now),
                sso_handoffs::expires_at.eq(expires_at),
            ))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn take_handoff(&self, code_hash: &str, now: DateTime<Utc>) -> Result<Option<Handoff>, RepoError> {
        let taken: Option<(i32, bool, DateTime<Utc>)> =
            diesel::delete(sso_handoffs::table.filter(sso_handoffs::code_hash.eq(code_hash)))
                .returning((
                    sso_handoffs::user_id,
                    sso_handoffs::provider_second_factor,
                    sso_handoffs::expires_at,
                ))
                .get_result(&mut crate::shared::pool::conn(&self.pool)?)
                .optional()
                .map_err(repo_error)?;
        Ok(taken.filter(|(_, _, expires_at)| *expires_at > now).map(
            |(user_id, provider_second_factor, _)| Handoff {
                user_id: UserId(user_id),
                provider_second_factor,
            },
        ))
    }

    fn find_link(&self, issuer: &str, subject: &str) -> Result<Option<SsoLink>, RepoError> {
        sso_links::table
            .filter(sso_links::issuer.eq(issuer))
            .filter(sso_links::subject.eq(subject))
            .select(LinkRow::as_select())
            .first(&mut crate::shared::pool::conn(&self.pool)?)
            .optional()
            .map(|row| row.map(SsoLink::from))
            .map_err(repo_error)
    }

    fn links_of(&self, user_id: UserId) -> Result<Vec<SsoLink>, RepoError> {
        sso_links::table
            .filter(sso_links::user_id.eq(user_id.0))
            .order((sso_links::linked_at.asc(), sso_links::id.asc()))
            .select(LinkRow::as_select())
            .load(&mut crate::shared::pool::conn(&self.pool)?)
            .map(|rows| rows.into_iter().map(SsoLink::from).collect())
            .map_err(repo_error)
    }

    fn create_link(&self, link: NewSsoLink) -> Result<SsoLink, RepoError> {
        diesel::insert_into(sso_links::table)
            .values((
                sso_links::user_id.eq(link.user_id.0),
                sso_links::issuer.eq(link.issuer),
                sso_links::subject.eq(link.subject),
                sso_links::email.eq(link.email),
                sso_links::linked_at.eq(link.linked_at),
            ))
            .returning(LinkRow::as_returning())
            .get_result(&mut crate::shared::pool::conn(&self.pool)?)
            .map(SsoLink::from)
            .map_err(repo_error)
    }

    fn delete_link(&self, user_id: UserId, id: i32) -> Result<Option<SsoLink>, RepoError> {
        diesel::delete(sso_links::table.filter(sso_links::id.eq(id)).filter(sso_links::user_id.eq(user_id.0)))
            .returning(LinkRow::as_returning())
            .get_result(&mut crate::shared::pool::conn(&self.pool)?)
            .optional()
            .map(|row| row.map(SsoLink::from))
            .map_err(repo_error)
    }
}
