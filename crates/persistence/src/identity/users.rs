use chrono::{DateTime, Utc};
use diesel::dsl::{count_star, now};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::identity::role::Role;
use domain::identity::user::{NewUser, User, UserChanges};
use domain::identity::UserRepository;
use domain::{RepoError, SessionId, UserId};

use super::sessions::end_sessions;
use crate::schema::{calendar_feed_tokens, users};
use crate::shared::error::{bad_value, repo_error, TxError};
use crate::PgPool;

// Matches the case-insensitive unique index `users_email_lower_key`, so the lookup uses it.
define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct UserRow {
    pub(crate) id: i32,
    name: String,
    email: String,
    role: String,
    active: bool,
    phone: Option<String>,
    require_password_change: bool,
    token_version: i32,
    created_at: DateTime<Utc>,
    temp_password_expires_at: Option<DateTime<Utc>>,
    // The secret itself never leaves the two-factor repository.
    #[diesel(select_expression = users::mfa_secret.is_not_null())]
    #[diesel(select_expression_type = diesel::dsl::IsNotNull<users::mfa_secret>)]
    mfa_enabled: bool,
    access_ends_at: Option<DateTime<Utc>>,
}

impl TryFrom<UserRow> for User {
    type Error = RepoError;

    fn try_from(row: UserRow) -> Result<Self, RepoError> {
        let role: Role = row.role.parse().map_err(|_| bad_value("users.role", &row.role))?;
        Ok(User {
            id: UserId(row.id),
            name: row.name,
            email: row.email,
            role,
            active: row.active,
            phone: row.phone,
            created_at: row.created_at,
            require_password_change: row.require_password_change,
            token_version: row.token_version,
            temp_password_expires_at: row.temp_password_expires_at,
            mfa_enabled: row.mfa_enabled,
            access_ends_at: row.access_ends_at,
        })
    }
}

pub struct PgUserRepository {
    pool: PgPool,
}

impl PgUserRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

fn active_admins(conn: &mut PgConnection) -> QueryResult<i64> {
    users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::active.eq(true))
        .select(count_star())
        .first(conn)
}

/// Runs `write` with the admin rows locked, and rolls it back if it removed the last active admin.
fn guarding_last_admin<T>(
    conn: &mut PgConnection,
    write: impl FnOnce(&mut PgConnection) -> Result<T, TxError>,
) -> Result<T, RepoError> {
    conn.transaction(|conn| {
        users::table
            .filter(users::role.eq(Role::Admin.as_str()))
            .select(users::id)
            .for_update()
            .load::<i32>(conn)?;
        let before = active_admins(conn)?;
        let result = write(conn)?;
        if before > 0 && active_admins(conn)? == 0 {
            return Err(TxError::Repo(RepoError::LastAdmin));
        }
        Ok(result)
    })
    .map_err(RepoError::from)
}

impl UserRepository for PgUserRepository {
    fn list(&self) -> Result<Vec<User>, RepoError> {
        let rows = users::table
            .select(UserRow::as_select())
            .order((users::name.asc(), users::id.asc()))
            .load(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)?;
        rows.into_iter().map(User::try_from).collect()
    }

    fn find(&self, id: UserId) -> Result<Option<User>, RepoError> {
        users::table
            .find(id.0)
            .select(UserRow::as_select())
            .first(&mut crate::shared::pool::conn(&self.pool)?)
            .optional()
            .map_err(repo_error)?
            .map(User::try_from)
            .transpose()
    }

    fn find_with_password_by_email(&self, email: &str) -> Result<Option<(User, String)>, RepoError> {
        let found = users::table
            .filter(lower(users::email).eq(email.to_lowercase()))
            .select((UserRow::as_select(), users::password_hash))
            .first::<(UserRow, String)>(&mut crate::shared::pool::conn(&self.pool)?)
            .optional()
            .map_err(repo_error)?;
        found.map(|(row, hash)| Ok((User::try_from(row)?, hash))).transpose()
    }

    fn count(&self) -> Result<i64, RepoError> {
        users::table
            .select(count_star())
            .first(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)
    }

    fn create(&self, user: NewUser) -> Result<User, RepoError> {
        diesel::insert_into(users::table)
            .values((
                users::name.eq(user.name),
                users::email.eq(user.email),
                users::role.eq(user.role.as_str()),
                users::phone.eq(user.phone),
                users::password_hash.eq(user.password_hash),
                users::require_password_change.eq(user.require_password_change),
                users::temp_password_expires_at.eq(user.temp_password_expires_at),
            ))
            .returning(UserRow::as_returning())
            .get_result(&mut crate::shared::pool::conn(&self.pool)?)
            .map_err(repo_error)
            .and_then(User::try_from)
    }

    fn update(&self, id: UserId, changes: UserChanges, revoke_sessions: bool) -> Result<User, RepoError> {
        let row = guarding_last_admin(&mut *crate::shared::pool::conn(&self.pool)?, |conn| {
            let bump = if revoke_sessions { 1 } else { 0 };
            if revoke_sessions {
                end_sessions(conn, id, None)?;
            }
            if !changes.active {
                // A deactivated user's private calendar feed stops for good: its URL is forgotten, and
                // the user gets a new one if they are activated again (spec: §2 Calendar feed).
                diesel::delete(calendar_feed_tokens::table.filter(calendar_feed_tokens::user_id.eq(id.0)))
                    .execute(conn)?;
            }
            Ok(diesel::update(users::table.find(id.0))
                .set((
                    users::name.eq(changes.name),
                    users::email.eq(changes.email),
                    users::role.eq(changes.role.as_str()),
                    users::active.eq(changes.active),
                    users::phone.eq(changes.phone),
                    users::token_version.eq(users::token_version + bump),
                    users::updated_at.eq(now),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)?)
        })?;
        User::try_from(row)
    }

    fn delete(&self, id: UserId) -> Result<(), RepoError> {
        guarding_last_admin(&mut *crate::shared::pool::conn(&self.pool)?, |conn| {
            // A signature keeps its signer for good (the table is append-only).
            let signed: bool = diesel::select(diesel::dsl::exists(
                crate::schema::signatures::table.filter(crate::schema::signatures::signer_id.eq(id.0)),
            ))
            .get_result(conn)?;
            if signed {
                return Err(TxError::Repo(RepoError::HasSigned));
            }
            let deleted = diesel::delete(users::table.find(id.0)).execute(conn)?;
            if deleted == 0 {
                return Err(TxError::Repo(RepoError::NotFound));
            }
            Ok(())
        })
    }

    fn find_with_password(&self, id: UserId) -> Result<Option<(User, String)>, RepoError> {
        let found = users::table
            .find(id.0)
            .select((UserRow::as_select(), users::password_hash))
            .first::<(UserRow, String)>(&mut crate::shared::pool::conn(&self.pool)?)
            .optional()
            .map_err(repo_error)?;
        found.map(|(row, hash)| Ok((User::try_from(row)?, hash))).transpose()
    }

    fn set_password(
        &self,
        id: UserId,
        password_hash: &str,
        temporary_until: Option<DateTime<Utc>>,
        keep: Option<SessionId>,
    ) -> Result<User, RepoError> {
        let row = crate::shared::pool::conn(&self.pool)?.transaction(|conn| {
            end_sessions(conn, id, keep)?;
            diesel::update(users::table.find(id.0))
                .set((
                    users::password_hash.eq(password_hash),
                    users::require_password_change.eq(temporary_until.is_some()),
                    users::temp_password_expires_at.eq(temporary_until),
                    users::token_version.eq(users::token_version + 1),
                    users::updated_at.eq(now),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)
        });
        row.map_err(repo_error).and_then(User::try_from)
    }

    fn revoke_sessions(&self, id: UserId) -> Result<(), RepoError> {
        crate::shared::pool::conn(&self.pool)?
            .transaction(|conn| {
                end_sessions(conn, id, None)?;
                diesel::update(users::table.find(id.0))
                    .set(users::token_version.eq(users::token_version + 1))
                    .execute(conn)
            })
            .map_err(repo_error)?;
        Ok(())
    }
}
