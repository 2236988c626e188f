use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::reading::notes::{
    Note, NoteAnchor, NoteAuthor, NoteId, NoteRecord, NoteRect, NoteRepository, NoteWrite,
};
use domain::reading::{PaperKind, PaperRef, ReadingRefusal};
use domain::{RepoError, UserId};

use crate::schema::{paper_notes, users};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = paper_notes)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct NoteRow {
    id: uuid::Uuid,
    author_id: i32,
    paper_kind: String,
    paper_id: i32,
    page: i32,
    kind: String,
    x: f64,
    y: f64,
    rects: serde_json::Value,
    quote: String,
    prefix: String,
    suffix: String,
    body: String,
    visibility: String,
    created_at: DateTime<Utc>,
    edited_at: DateTime<Utc>,
}

fn to_note((row, author_name): (NoteRow, String)) -> Result<Note, RepoError> {
    let rects: Vec<NoteRect> = serde_json::from_value(row.rects)
        .map_err(|e| RepoError::Unexpected(anyhow::Error::new(e).context("paper_notes.rects")))?;
    Ok(Note {
        id: NoteId(row.id),
        paper: PaperRef {
            kind: row.paper_kind.parse().map_err(|_| bad_value("paper_notes.paper_kind", &row.paper_kind))?,
            id: row.paper_id,
        },
        page: row.page,
        kind: row.kind.parse().map_err(|_| bad_value("paper_notes.kind", &row.kind))?,
        anchor: NoteAnchor {
            x: row.x,
            y: row.y,
            rects,
            quote: row.quote,
            prefix: row.prefix,
            suffix: row.suffix,
        },
        body: row.body,
        visibility: row
            .visibility
            .parse()
            .map_err(|_| bad_value("paper_notes.visibility", &row.visibility))?,
        author: NoteAuthor { id: UserId(row.author_id), name: author_name },
        created_at: row.created_at,
        edited_at: row.edited_at,
    })
}

fn rects_json(record: &NoteRecord) -> Result<serde_json::Value, RepoError> {
    serde_json::to_value(&record.input.anchor.rects).map_err(|e| RepoError::Unexpected(anyhow::Error::new(e)))
}

pub struct PgNoteRepository {
    pool: PgPool,
}

impl PgNoteRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

fn find_note(conn: &mut PgConnection, id: NoteId) -> Result<Option<Note>, RepoError> {
    paper_notes::table
        .inner_join(users::table)
        .filter(paper_notes::id.eq(id.0))
        .select((NoteRow::as_select(), users::name))
        .first::<(NoteRow, String)>(conn)
        .optional()
        .map_err(repo_error)?
        .map(to_note)
        .transpose()
}

/// Writes `record` over the stored note, or inserts it; `false` when an insert found the id taken
/// meanwhile (a concurrent first send of the same note).
fn store(
    conn: &mut PgConnection,
    record: &NoteRecord,
    exists: bool,
) -> Result<bool, Refusal<ReadingRefusal>> {
    let rects = rects_json(record).map_err(|e| Refusal::Refused(e.into()))?;
    let input = &record.input;
    let anchor = &input.anchor;
    let content = (
        paper_notes::page.eq(input.page),
        paper_notes::x.eq(anchor.x),
        paper_notes::y.eq(anchor.y),
        paper_notes::rects.eq(rects),
        paper_notes::quote.eq(&anchor.quote),
        paper_notes::prefix.eq(&anchor.prefix),
        paper_notes::suffix.eq(&anchor.suffix),
        paper_notes::body.eq(&input.body),
        paper_notes::visibility.eq(input.visibility.as_str()),
        paper_notes::edited_at.eq(record.edited_at),
    );
    if exists {
        diesel::update(paper_notes::table.find(record.id.0)).set(content).execute(conn)?;
        return Ok(true);
    }
    let inserted = diesel::insert_into(paper_notes::table)
        .values((
            paper_notes::id.eq(record.id.0),
            paper_notes::author_id.eq(record.author.0),
            paper_notes::paper_kind.eq(input.paper.kind.as_str()),
            paper_notes::paper_id.eq(input.paper.id),
            paper_notes::kind.eq(input.kind.as_str()),
            paper_notes::created_at.eq(record.created_at),
            content,
        ))
        .on_conflict_do_nothing()
        .execute(conn)?;
    Ok(inserted == 1)
}

impl NoteRepository for PgNoteRepository {
    fn find(&self, id: NoteId) -> Result<Option<Note>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        find_note(&mut conn, id)
    }

    fn on_papers(&self, papers: &[PaperRef]) -> Result<Vec<Note>, RepoError> {
        if papers.is_empty() {
            return Ok(Vec::new());
        }
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = paper_notes::table.inner_join(users::table).into_boxed();
        for kind in PaperKind::ALL {
            let ids: Vec<i32> = papers.iter().filter(|p| p.kind == *kind).map(|p| p.id).collect();
            if !ids.is_empty() {
                query = query.or_filter(
                    paper_notes::paper_kind.eq(kind.as_str()).and(paper_notes::paper_id.eq_any(ids)),
                );
            }
        }
        let rows = query
            .order((
                paper_notes::page,
                paper_notes::y,
                paper_notes::x,
                paper_notes::created_at,
                paper_notes::id,
            ))
            .select((NoteRow::as_select(), users::name))
            .load::<(NoteRow, String)>(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(to_note).collect()
    }

    fn put(
        &self,
        id: NoteId,
        decide: &dyn Fn(Option<&Note>) -> Result<NoteWrite, ReadingRefusal>,
    ) -> Result<(Note, bool), ReadingRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // Twice at most: an insert that lost a race with the same note's first send decides again, on the
        // stored note.
        for _ in 0..2 {
            let written = conn
                .transaction(|conn| {
                    paper_notes::table
                        .find(id.0)
                        .select(paper_notes::id)
                        .for_update()
                        .first::<uuid::Uuid>(conn)
                        .optional()?;
                    let stored = find_note(conn, id).map_err(|e| Refusal::Refused(e.into()))?;
                    let created = stored.is_none();
                    match decide(stored.as_ref()).map_err(Refusal::Refused)? {
                        NoteWrite::Keep => Ok(Some(created)),
                        NoteWrite::Store(record) => Ok(store(conn, &record, !created)?.then_some(created)),
                    }
                })
                .map_err(Refusal::into_error)?;
            if let Some(created) = written {
                let note = find_note(&mut conn, id)?.ok_or(ReadingRefusal::NoteNotFound)?;
                return Ok((note, created));
            }
        }
        Err(RepoError::Unexpected(anyhow::anyhow!("note {id} could be neither inserted nor found")).into())
    }

    fn delete(&self, id: NoteId) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::delete(paper_notes::table.find(id.0)).execute(&mut conn).map_err(repo_error)?;
        Ok(())
    }
}
