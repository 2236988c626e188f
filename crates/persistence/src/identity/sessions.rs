use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::identity::session::{NewSession, Session};
use domain::identity::SessionRepository;
use domain::{RepoError, SessionId, UserId};

use crate::schema::sessions;
use crate::shared::error::repo_error;
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = sessions)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct SessionRow {
    id: i32,
    user_id: i32,
    device: String,
    client_address: String,
    created_at: DateTime<Utc>,
    last_active_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
    reauthenticated_at: Option<DateTime<Utc>>,
    second_factor_by_provider: bool,
}

impl From<SessionRow> for Session {
    fn from(row: SessionRow) -> Self {
        Session {
            id: SessionId(row.id),
            user_id: UserId(row.user_id),
            device: row.device,
            client_address: row.client_address,
            created_at: row.created_at,
            last_active_at: row.last_active_at,
            expires_at: row.expires_at,
            ended_at: row.ended_at,
            reauthenticated_at: row.reauthenticated_at,
            second_factor_by_provider: row.second_factor_by_provider,
        }
    }
}

/// Ends the user's unended sessions but `keep`, inside the caller's transaction (password changes, role
/// changes, deactivation).
pub(crate) fn end_sessions(
    conn: &mut PgConnection,
    user: UserId,
    keep: Option<SessionId>,
) -> QueryResult<usize> {
    let unended = sessions::table.filter(sessions::user_id.eq(user.0)).filter(sessions::ended_at.is_null());
    let at = diesel::dsl::now;
    match keep {
        Some(keep) => diesel::update(unended.filter(sessions::id.ne(keep.0)))
            .set(sessions::ended_at.eq(at))
            .execute(conn),
        None => diesel::update(unended).set(sessions::ended_at.eq(at)).execute(conn),
    }
}

pub struct PgSessionRepository {
    pool: PgPool,
}

impl PgSessionRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl SessionRepository for PgSessionRepository {
    fn create(&self, session: NewSession) -> Result<Session, RepoError> {
        diesel::insert_into(sessions::table)
            .values((
                sessions::user_id.eq(session.user_id.0),
                sessions::device.eq(session.device),
                sessions::client_address.eq(session.client_address),
                sessions::created_at.eq(session.created_at),
                sessions::last_active_at.eq(session.created_at),
                sessions::expires_at.eq(session.expires_at),
                sessions::reauthenticated_at.eq(session.created_at),
                sessions::second_factor_by_provider.eq(session.second_factor_by_provider),
            ))
            .returning(SessionRow::as_returning())
            .get_result(&mut crate::shared::pool::conn(&self.pool)?)
            .map(Session::from)
            .map_err(repo_error)
    }

    fn find(&self, id: SessionId) -> Result<Option<Session>, RepoError> {
        sessions::table
            .find(id.0)
            .select(SessionRow::as_select())
            .first(&mut crate::shared::pool::conn(&self.pool)?)
            .optional()
            .map(|row| row.map(Session::from))
            .map_err(repo_error)
    }

    fn touch(&self, id: SessionId, at: DateTime<Utc>) -> Result<(), RepoError> {
        // Never moves backwards when two requests race.
        diesel::update(sessions::table.find(id.0).filter(sessions::last_active_at.lt(at)))
            .set(sessions::last_active_at.eq(at))
            .execute(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)?;
        Ok(())
    }

    fn reauthenticated(&self, id: SessionId, at: DateTime<Utc>) -> Result<(), RepoError> {
        diesel::update(sessions::table.find(id.0))
            .set(sessions::reauthenticated_at.eq(at))
            .execute(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)?;
        Ok(())
    }

    fn unended(&self, user_id: UserId, now: DateTime<Utc>) -> Result<Vec<Session>, RepoError> {
        sessions::table
            .filter(sessions::user_id.eq(user_id.0))
            .filter(sessions::ended_at.is_null())
            .filter(sessions::expires_at.gt(now))
            .order((sessions::created_at.desc(), sessions::id.desc()))
            .select(SessionRow::as_select())
            .load(&mut crate::shared::pool::conn(&self.pool)?)
            .map(|rows| rows.into_iter().map(Session::from).collect())
            .map_err(repo_error)
    }

    fn end(&self, user_id: UserId, id: SessionId, at: DateTime<Utc>) -> Result<bool, RepoError> {
        let ended = diesel::update(
            sessions::table
                .find(id.0)
                .filter(sessions::user_id.eq(user_id.0))
                .filter(sessions::ended_at.is_null()),
        )
        .set(sessions::ended_at.eq(at))
        .execute(&mut crate::shared::pool::conn(&self.pool)?)
        .map_err(repo_error)?;
        Ok(ended > 0)
    }

    fn end_others(&self, user_id: UserId, keep: SessionId, at: DateTime<Utc>) -> Result<usize, RepoError> {
        diesel::update(
            sessions::table
                .filter(sessions::user_id.eq(user_id.0))
                .filter(sessions::id.ne(keep.0))
                .filter(sessions::ended_at.is_null())
                .filter(sessions::expires_at.gt(at)),
        )
        .set(sessions::ended_at.eq(at))
        .execute(&mut crate::shared::pool::conn(&self.pool)?)
        .map_err(repo_error)
    }

    fn prune(&self, before: DateTime<Utc>) -> Result<usize, RepoError> {
        diesel::delete(
            sessions::table.filter(sessions::ended_at.lt(before).or(sessions::expires_at.lt(before))),
        )
        .execute(&mut crate::shared::pool::conn(&self.pool)?)
        .map_err(repo_error)
    }
}
