//! `reading_records`: the pages each person has shown (docs/spec.md "Reading records").

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, Integer, Text, Timestamptz};

use domain::reading::records::{PageRecord, PageShown, ReadingRecordRepository};
use domain::reading::{PaperKind, PaperRef};
use domain::{RepoError, UserId};

use crate::schema::{governance_settings, reading_records};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

pub struct PgReadingRecordRepository {
    pool: PgPool,
}

impl PgReadingRecordRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// One statement: the batch's rows grouped per page (an upsert may touch a row once), inserted only while
/// the board keeps records, and merged with what is stored by keeping the earliest first and the latest
/// last time.
const UPSERT: &str = "\
INSERT INTO reading_records (user_id, paper_kind, paper_id, page, first_shown_at, last_shown_at) \
SELECT $1, b.kind, b.id, b.page, MIN(b.shown_at), MAX(b.shown_at) \
FROM unnest($2::text[], $3::int4[], $4::int4[], $5::timestamptz[]) AS b(kind, id, page, shown_at) \
WHERE EXISTS (SELECT 1 FROM governance_settings WHERE reading_records) \
GROUP BY b.kind, b.id, b.page \
ON CONFLICT (user_id, paper_kind, paper_id, page) DO UPDATE SET \
first_shown_at = LEAST(reading_records.first_shown_at, EXCLUDED.first_shown_at), \
last_shown_at = GREATEST(reading_records.last_shown_at, EXCLUDED.last_shown_at)";

type Row = (i32, String, i32, i32, DateTime<Utc>, DateTime<Utc>);

fn to_record((user, kind, id, page, first, last): Row) -> Result<PageRecord, RepoError> {
    let kind: PaperKind = kind.parse().map_err(|_| bad_value("reading_records.paper_kind", &kind))?;
    let page = u32::try_from(page).map_err(|_| bad_value("reading_records.page", &page.to_string()))?;
    Ok(PageRecord {
        user: UserId(user),
        paper: PaperRef { kind, id },
        page,
        first_shown_at: first,
        last_shown_at: last,
    })
}

impl ReadingRecordRepository for PgReadingRecordRepository {
    fn enabled(&self) -> Result<bool, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        governance_settings::table
            .select(governance_settings::reading_records)
            .first::<bool>(&mut conn)
            .map_err(repo_error)
    }

    #[tracing::instrument(skip(self, pages), fields(pages = pages.len()))]
    fn record(&self, user: UserId, pages: &[PageShown]) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let kinds: Vec<String> = pages.iter().map(|p| p.paper.kind.as_str().to_string()).collect();
        let ids: Vec<i32> = pages.iter().map(|p| p.paper.id).collect();
        // Pages are at most 100000 (checked at the edge).
        let numbers: Vec<i32> = pages.iter().map(|p| i32::try_from(p.page).unwrap_or(i32::MAX)).collect();
        let times: Vec<DateTime<Utc>> = pages.iter().map(|p| p.shown_at).collect();
        diesel::sql_query(UPSERT)
            .bind::<Integer, _>(user.0)
            .bind::<Array<Text>, _>(kinds)
            .bind::<Array<Integer>, _>(ids)
            .bind::<Array<Integer>, _>(numbers)
            .bind::<Array<Timestamptz>, _>(times)
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn pages(&self, user: Option<UserId>, papers: &[PaperRef]) -> Result<Vec<PageRecord>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut records = Vec::new();
        for kind in PaperKind::ALL {
            let ids: Vec<i32> = papers.iter().filter(|p| p.kind == *kind).map(|p| p.id).collect();
            if ids.is_empty() {
                continue;
            }
            let mut query = reading_records::table
                .filter(reading_records::paper_kind.eq(kind.as_str()))
                .filter(reading_records::paper_id.eq_any(ids))
                .select((
                    reading_records::user_id,
                    reading_records::paper_kind,
                    reading_records::paper_id,
                    reading_records::page,
                    reading_records::first_shown_at,
                    reading_records::last_shown_at,
                ))
                .order((reading_records::user_id, reading_records::paper_id, reading_records::page))
                .into_boxed();
            if let Some(user) = user {
                query = query.filter(reading_records::user_id.eq(user.0));
            }
            for row in query.load::<Row>(&mut conn).map_err(repo_error)? {
                records.push(to_record(row)?);
            }
        }
        Ok(records)
    }
}
