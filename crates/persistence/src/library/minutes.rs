use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use diesel::pg::Pg;
use domain::library::minutes::{Minutes, MinutesSource, NewMinutes};
use domain::library::{LibraryRefusal, MinutesRepository};
use domain::meetings::meeting::MeetingScope;
use domain::{MeetingId, MinutesId, RepoError};

use super::documents::storage_key;
use crate::meetings::visible_to;
use crate::schema::{meetings, minutes};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::shared::search::contains_pattern;
use crate::PgPool;

const MEETING_FOREIGN_KEY: &str = "minutes_meeting_id_fkey";

#[derive(Queryable, Selectable)]
#[diesel(table_name = minutes)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct MinutesRow {
    id: i32,
    title: String,
    meeting_date: DateTime<Utc>,
    meeting_id: Option<i32>,
    file_name: Option<String>,
    file_size: Option<i64>,
    storage_key: Option<String>,
    external_link: Option<String>,
    created_at: DateTime<Utc>,
}

impl TryFrom<MinutesRow> for Minutes {
    type Error = RepoError;

    fn try_from(row: MinutesRow) -> Result<Self, RepoError> {
        let source = match (row.storage_key, row.file_name, row.file_size, row.external_link) {
            (Some(key), Some(file_name), Some(file_size), None) => MinutesSource::File {
                file_name,
                file_size,
                storage_key: storage_key("minutes.storage_key", &key)?,
            },
            (None, None, None, Some(link)) => MinutesSource::Link(link),
            _ => return Err(bad_value("minutes.storage_key/external_link", "neither or both")),
        };
        Ok(Minutes {
            id: MinutesId(row.id),
            title: row.title,
            meeting_date: row.meeting_date,
            meeting_id: row.meeting_id.map(MeetingId),
            source,
            created_at: row.created_at,
        })
    }
}

/// The ids of the meetings `scope` may see, as a subquery.
fn visible_meeting_ids(
    scope: MeetingScope,
) -> meetings::BoxedQuery<'static, Pg, diesel::sql_types::Nullable<diesel::sql_types::Integer>> {
    meetings::table.filter(visible_to(scope)).select(meetings::id.nullable()).into_boxed()
}

pub struct PgMinutesRepository {
    pool: PgPool,
}

impl PgMinutesRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl MinutesRepository for PgMinutesRepository {
    fn list(&self, search: Option<&str>, scope: MeetingScope) -> Result<Vec<Minutes>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = minutes::table
            .select(MinutesRow::as_select())
            .filter(minutes::meeting_id.is_null().or(minutes::meeting_id.eq_any(visible_meeting_ids(scope))))
            .order((minutes::meeting_date.desc(), minutes::id.desc()))
            .into_boxed();
        if let Some(term) = search {
            query = query.filter(minutes::title.ilike(contains_pattern(term)).escape('\\'));
        }
        let rows = query.load(&mut conn).map_err(repo_error)?;
        rows.into_iter().map(Minutes::try_from).collect()
    }

    fn find(&self, id: MinutesId, scope: MeetingScope) -> Result<Option<Minutes>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        minutes::table
            .find(id.0)
            .filter(minutes::meeting_id.is_null().or(minutes::meeting_id.eq_any(visible_meeting_ids(scope))))
            .select(MinutesRow::as_select())
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?
            .map(Minutes::try_from)
            .transpose()
    }

    fn create(&self, new: NewMinutes) -> Result<Minutes, LibraryRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (file_name, file_size, key, link) = match new.source {
            MinutesSource::File { file_name, file_size, storage_key } => {
                (Some(file_name), Some(file_size), Some(storage_key.as_str().to_string()), None)
            }
            MinutesSource::Link(link) => (None, None, None, Some(link)),
        };
        diesel::insert_into(minutes::table)
            .values((
                minutes::title.eq(new.title),
                minutes::meeting_date.eq(new.meeting_date),
                minutes::meeting_id.eq(new.meeting_id.map(|id| id.0)),
                minutes::file_name.eq(file_name),
                minutes::file_size.eq(file_size),
                minutes::storage_key.eq(key),
                minutes::external_link.eq(link),
                minutes::uploaded_by.eq(new.uploaded_by.0),
                minutes::created_at.eq(new.created_at),
            ))
            .returning(MinutesRow::as_returning())
            .get_result(&mut conn)
            .map_err(|e| match e {
                DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, info)
                    if info.constraint_name() == Some(MEETING_FOREIGN_KEY) =>
                {
                    LibraryRefusal::NoSuchMeeting
                }
                other => repo_error(other).into(),
            })
            .and_then(|row| Ok(Minutes::try_from(row)?))
    }
}
