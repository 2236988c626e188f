use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::notices::{NewNotice, Notice, NoticeRepository, NoticesRefusal};
use domain::{NoticeId, RepoError};

use crate::schema::notices;
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = notices)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct NoticeRow {
    id: i32,
    title: String,
    content: String,
    priority: String,
    pinned: bool,
    expires_at: Option<DateTime<Utc>>,
    published_at: DateTime<Utc>,
}

impl TryFrom<NoticeRow> for Notice {
    type Error = RepoError;

    fn try_from(row: NoticeRow) -> Result<Self, RepoError> {
        Ok(Notice {
            id: NoticeId(row.id),
            title: row.title,
            content: row.content,
            priority: row.priority.parse().map_err(|_| bad_value("notices.priority", &row.priority))?,
            pinned: row.pinned,
            expires_at: row.expires_at,
            published_at: row.published_at,
        })
    }
}

pub struct PgNoticeRepository {
    pool: PgPool,
}

impl PgNoticeRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl NoticeRepository for PgNoticeRepository {
    fn list(&self, include_expired: bool, now: DateTime<Utc>) -> Result<Vec<Notice>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = notices::table.select(NoticeRow::as_select()).into_boxed();
        if !include_expired {
            // The same rule as Notice::is_expired: expired once the expiry is not after now.
            query = query.filter(notices::expires_at.is_null().or(notices::expires_at.gt(now)));
        }
        let rows = query
            .order((notices::pinned.desc(), notices::published_at.desc(), notices::id.desc()))
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(Notice::try_from).collect()
    }

    fn create(&self, notice: NewNotice) -> Result<Notice, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::insert_into(notices::table)
            .values((
                notices::title.eq(notice.title),
                notices::content.eq(notice.content),
                notices::priority.eq(notice.priority.as_str()),
                notices::pinned.eq(notice.pinned),
                notices::expires_at.eq(notice.expires_at),
                notices::created_by.eq(notice.created_by.0),
                notices::published_at.eq(notice.published_at),
            ))
            .returning(NoticeRow::as_returning())
            .get_result(&mut conn)
            .map_err(repo_error)
            .and_then(Notice::try_from)
    }

    fn delete(&self, id: NoticeId) -> Result<Notice, NoticesRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = diesel::delete(notices::table.find(id.0))
            .returning(NoticeRow::as_returning())
            .get_result(&mut conn)
            .optional()
            .map_err(repo_error)?
            .ok_or(NoticesRefusal::NotFound)?;
        Ok(Notice::try_from(row)?)
    }
}
