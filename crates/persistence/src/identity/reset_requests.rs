use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::identity::password_reset::ResetRequest;
use domain::identity::ResetRequestRepository;
use domain::{RepoError, ResetRequestId, UserId};

use crate::schema::{password_reset_requests, users};
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

pub struct PgResetRequestRepository {
    pool: PgPool,
}

impl PgResetRequestRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl ResetRequestRepository for PgResetRequestRepository {
    fn record(&self, email: &str, user_id: Option<UserId>, at: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::insert_into(password_reset_requests::table)
            .values((
                password_reset_requests::email.eq(email),
                password_reset_requests::user_id.eq(user_id.map(|id| id.0)),
                password_reset_requests::requested_at.eq(at),
            ))
            // A request for the same e-mail is already waiting: keep the first one.
            .on_conflict_do_nothing()
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn pending(&self) -> Result<Vec<ResetRequest>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows = password_reset_requests::table
            .left_join(users::table)
            .filter(password_reset_requests::resolved_at.is_null())
            .order((password_reset_requests::requested_at.asc(), password_reset_requests::id.asc()))
            .select((
                password_reset_requests::id,
                password_reset_requests::email,
                password_reset_requests::user_id,
                users::name.nullable(),
                password_reset_requests::requested_at,
            ))
            .load::<(i32, String, Option<i32>, Option<String>, DateTime<Utc>)>(&mut conn)
            .map_err(repo_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, email, user_id, user_name, requested_at)| ResetRequest {
                id: ResetRequestId(id),
                email,
                user_id: user_id.map(UserId),
                user_name,
                requested_at,
            })
            .collect())
    }

    fn resolve_for_user(&self, user_id: UserId, at: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::update(
            password_reset_requests::table
                .filter(password_reset_requests::user_id.eq(user_id.0))
                .filter(password_reset_requests::resolved_at.is_null()),
        )
        .set(password_reset_requests::resolved_at.eq(at))
        .execute(&mut conn)
        .map_err(repo_error)?;
        Ok(())
    }
}
