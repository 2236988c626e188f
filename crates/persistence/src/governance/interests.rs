//! The register of interests and its append-only history.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

use domain::governance::interest::{Interest, InterestFields, InterestVersion};
use domain::governance::{Editor, GovernanceRefusal, InterestRepository};
use domain::{InterestId, RepoError, UserId};

use crate::schema::{interest_versions, interests, users};
use crate::shared::error::{bad_value, pool_error, repo_error, TxError};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = interests)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct InterestRow {
    id: i32,
    user_id: i32,
    kind: String,
    organisation: String,
    nature: String,
    started_on: NaiveDate,
    ended_on: Option<NaiveDate>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

fn to_interest(row: InterestRow, user_name: String) -> Result<Interest, RepoError> {
    Ok(Interest {
        id: InterestId(row.id),
        user_id: UserId(row.user_id),
        user_name,
        fields: InterestFields {
            kind: row.kind.parse().map_err(|_| bad_value("interests.kind", &row.kind))?,
            organisation: row.organisation,
            nature: row.nature,
            started_on: row.started_on,
            ended_on: row.ended_on,
        },
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

fn snapshot(fields: &InterestFields) -> Result<String, TxError> {
    serde_json::to_string(fields).map_err(|e| TxError::Repo(RepoError::Unexpected(e.into())))
}

fn parse_snapshot(text: &str) -> Result<InterestFields, RepoError> {
    serde_json::from_str(text).map_err(|_| bad_value("interest_versions", text))
}

pub struct PgInterestRepository {
    pool: PgPool,
}

impl PgInterestRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

fn record_version(
    conn: &mut PgConnection,
    id: i32,
    editor: &Editor,
    at: DateTime<Utc>,
    before: Option<&InterestFields>,
    after: &InterestFields,
) -> Result<(), TxError> {
    diesel::insert_into(interest_versions::table)
        .values((
            interest_versions::interest_id.eq(id),
            interest_versions::changed_by.eq(editor.id.0),
            interest_versions::changed_by_name.eq(&editor.name),
            interest_versions::changed_at.eq(at),
            interest_versions::before.eq(before.map(snapshot).transpose()?),
            interest_versions::after.eq(snapshot(after)?),
        ))
        .execute(conn)?;
    Ok(())
}

/// Inserts a new entry and its first version inside the caller's transaction, the trustee's row locked so
/// they cannot be deleted meanwhile; `None` when the trustee does not exist.
fn insert(
    conn: &mut PgConnection,
    user: UserId,
    fields: &InterestFields,
    editor: &Editor,
    at: DateTime<Utc>,
) -> Result<Option<(InterestRow, String)>, TxError> {
    let name = users::table.find(user.0).select(users::name).for_share().first::<String>(conn).optional()?;
    let Some(name) = name else {
        return Ok(None);
    };
    let row = diesel::insert_into(interests::table)
        .values((
            interests::user_id.eq(user.0),
            interests::kind.eq(fields.kind.as_str()),
            interests::organisation.eq(&fields.organisation),
            interests::nature.eq(&fields.nature),
            interests::started_on.eq(fields.started_on),
            interests::ended_on.eq(fields.ended_on),
            interests::created_at.eq(at),
            interests::updated_at.eq(at),
        ))
        .returning(InterestRow::as_returning())
        .get_result(conn)?;
    record_version(conn, row.id, editor, at, None, fields)?;
    Ok(Some((row, name)))
}

/// A new entry made with a declaration of a conflict: its id, or `None` when the trustee does not exist.
pub(crate) fn insert_entry(
    conn: &mut PgConnection,
    user: UserId,
    fields: &InterestFields,
    editor: &Editor,
    at: DateTime<Utc>,
) -> Result<Option<InterestId>, TxError> {
    Ok(insert(conn, user, fields, editor, at)?.map(|(row, _)| InterestId(row.id)))
}

impl InterestRepository for PgInterestRepository {
    fn list(&self, user: Option<UserId>) -> Result<Vec<Interest>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = interests::table
            .inner_join(users::table)
            .select((InterestRow::as_select(), users::name))
            .into_boxed();
        if let Some(user) = user {
            query = query.filter(interests::user_id.eq(user.0));
        }
        let rows: Vec<(InterestRow, String)> = query
            .order((
                users::name.asc(),
                interests::user_id.asc(),
                interests::ended_on.is_not_null().asc(),
                interests::started_on.desc(),
                interests::id.desc(),
            ))
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(|(row, name)| to_interest(row, name)).collect()
    }

    fn get(&self, id: InterestId) -> Result<Interest, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (row, name) = interests::table
            .inner_join(users::table)
            .filter(interests::id.eq(id.0))
            .select((InterestRow::as_select(), users::name))
            .first::<(InterestRow, String)>(&mut conn)
            .optional()
            .map_err(repo_error)?
            .ok_or(GovernanceRefusal::InterestNotFound)?;
        Ok(to_interest(row, name)?)
    }

    fn create(
        &self,
        user: UserId,
        fields: InterestFields,
        editor: &Editor,
        at: DateTime<Utc>,
    ) -> Result<Interest, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (row, name) = conn
            .transaction(|conn| insert(conn, user, &fields, editor, at))
            .map_err(RepoError::from)?
            .ok_or(GovernanceRefusal::NoSuchTrustee)?;
        Ok(to_interest(row, name)?)
    }

    fn update(
        &self,
        id: InterestId,
        fields: InterestFields,
        editor: &Editor,
        at: DateTime<Utc>,
    ) -> Result<Interest, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (row, name) = conn
            .transaction(|conn| {
                // Locked: a concurrent edit waits, then records this edit's result as its "before".
                let before = interests::table
                    .find(id.0)
                    .select(InterestRow::as_select())
                    .for_update()
                    .first(conn)
                    .optional()?;
                let Some(before) = before else {
                    return Ok(None);
                };
                let before = to_interest(before, String::new()).map_err(TxError::Repo)?.fields;
                let row = diesel::update(interests::table.find(id.0))
                    .set((
                        interests::kind.eq(fields.kind.as_str()),
                        interests::organisation.eq(&fields.organisation),
                        interests::nature.eq(&fields.nature),
                        interests::started_on.eq(fields.started_on),
                        interests::ended_on.eq(fields.ended_on),
                        interests::updated_at.eq(at),
                    ))
                    .returning(InterestRow::as_returning())
                    .get_result(conn)?;
                record_version(conn, id.0, editor, at, Some(&before), &fields)?;
                let name = users::table.find(row.user_id).select(users::name).first::<String>(conn)?;
                Ok::<_, TxError>(Some((row, name)))
            })
            .map_err(RepoError::from)?
            .ok_or(GovernanceRefusal::InterestNotFound)?;
        Ok(to_interest(row, name)?)
    }

    fn history(&self, id: InterestId) -> Result<Vec<InterestVersion>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        type Row = (Option<i32>, String, DateTime<Utc>, Option<String>, String);
        let rows: Vec<Row> = interest_versions::table
            .filter(interest_versions::interest_id.eq(id.0))
            .order(interest_versions::id.asc())
            .select((
                interest_versions::changed_by,
                interest_versions::changed_by_name,
                interest_versions::changed_at,
                interest_versions::before,
                interest_versions::after,
            ))
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|(changed_by, changed_by_name, changed_at, before, after)| {
                Ok(InterestVersion {
                    interest_id: id,
                    changed_by: changed_by.map(UserId),
                    changed_by_name,
                    changed_at,
                    before: before.as_deref().map(parse_snapshot).transpose()?,
                    after: parse_snapshot(&after)?,
                })
            })
            .collect()
    }
}
