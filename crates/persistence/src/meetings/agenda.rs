//! The agenda of a meeting: its items and papers, read and written inside the meeting repository's
//! transactions.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::library::files::StorageKey;
use domain::meetings::agenda::{
    AgendaItem, AgendaPaper, AgendaPurpose, NewAgendaItem, Presenter, PresenterChoice, ITEMS_MAX,
};
use domain::meetings::MeetingsRefusal;
use domain::{AgendaItemId, AgendaPaperId, DocumentId, MeetingId, RepoError, ResolutionId, UserId};

use crate::schema::{agenda_items, agenda_papers, documents, meetings, users};
use crate::shared::error::{bad_value, repo_error, Refusal};

pub(super) type Tx<T> = Result<T, Refusal<MeetingsRefusal>>;

/// Records that the agenda changed at `at`.
pub(super) fn touch_agenda(conn: &mut PgConnection, id: MeetingId, at: DateTime<Utc>) -> QueryResult<()> {
    diesel::update(meetings::table.find(id.0)).set(meetings::agenda_changed_at.eq(at)).execute(conn)?;
    Ok(())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = agenda_items)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ItemRow {
    id: i32,
    meeting_id: i32,
    position: i32,
    title: String,
    purpose: String,
    presenter_user_id: Option<i32>,
    presenter_name: Option<String>,
    duration_minutes: i32,
    description: String,
    created_at: DateTime<Utc>,
    changed_at: DateTime<Utc>,
    resolution_id: Option<i32>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = agenda_papers)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct PaperRow {
    id: i32,
    agenda_item_id: i32,
    title: Option<String>,
    file_name: Option<String>,
    mime_type: Option<String>,
    file_size: Option<i64>,
    storage_key: Option<String>,
    document_id: Option<i32>,
    added_at: DateTime<Utc>,
}

/// The library document's file, for a linked paper.
type LinkedFile = (Option<String>, Option<String>, Option<String>, Option<i64>, Option<String>);

fn to_paper(row: PaperRow, linked: LinkedFile) -> Result<AgendaPaper, RepoError> {
    let (doc_title, doc_file, doc_mime, doc_size, doc_key) = linked;
    let missing = || bad_value("agenda_papers", &format!("paper {} without a file", row.id));
    let raw_key = row.storage_key.or(doc_key).ok_or_else(missing)?;
    let storage_key =
        StorageKey::parse(&raw_key).ok_or_else(|| bad_value("agenda_papers.storage_key", &raw_key))?;
    Ok(AgendaPaper {
        id: AgendaPaperId(row.id),
        item_id: AgendaItemId(row.agenda_item_id),
        title: row.title.or(doc_title).ok_or_else(missing)?,
        file_name: row.file_name.or(doc_file).ok_or_else(missing)?,
        mime_type: row.mime_type.or(doc_mime).ok_or_else(missing)?,
        file_size: row.file_size.or(doc_size).ok_or_else(missing)?,
        storage_key,
        library_document: row.document_id.map(DocumentId),
        added_at: row.added_at,
    })
}

pub(super) fn papers_of(conn: &mut PgConnection, items: &[i32]) -> Result<Vec<AgendaPaper>, RepoError> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let rows = agenda_papers::table
        .left_join(documents::table)
        .filter(agenda_papers::agenda_item_id.eq_any(items))
        .order(agenda_papers::id.asc())
        .select((
            PaperRow::as_select(),
            (
                documents::title.nullable(),
                documents::file_name.nullable(),
                documents::mime_type.nullable(),
                documents::file_size.nullable(),
                documents::storage_key.nullable(),
            ),
        ))
        .load::<(PaperRow, LinkedFile)>(conn)
        .map_err(repo_error)?;
    rows.into_iter().map(|(row, linked)| to_paper(row, linked)).collect()
}

/// The agenda in order, or only one item of it.
pub(super) fn load_agenda(
    conn: &mut PgConnection,
    meeting: MeetingId,
    only: Option<AgendaItemId>,
) -> Result<Vec<AgendaItem>, RepoError> {
    let mut query = agenda_items::table
        .left_join(users::table)
        .filter(agenda_items::meeting_id.eq(meeting.0))
        .select((ItemRow::as_select(), users::name.nullable()))
        .into_boxed();
    if let Some(item) = only {
        query = query.filter(agenda_items::id.eq(item.0));
    }
    let rows = query
        .order((agenda_items::position.asc(), agenda_items::id.asc()))
        .load::<(ItemRow, Option<String>)>(conn)
        .map_err(repo_error)?;
    let ids: Vec<i32> = rows.iter().map(|(row, _)| row.id).collect();
    let mut papers: HashMap<AgendaItemId, Vec<AgendaPaper>> = HashMap::new();
    for paper in papers_of(conn, &ids)? {
        papers.entry(paper.item_id).or_default().push(paper);
    }
    rows.into_iter()
        .map(|(row, user_name)| {
            let purpose: AgendaPurpose =
                row.purpose.parse().map_err(|_| bad_value("agenda_items.purpose", &row.purpose))?;
            let presenter = match (row.presenter_user_id, user_name, row.presenter_name) {
                (Some(id), Some(name), _) => Some(Presenter::User { id: UserId(id), name }),
                (_, _, Some(name)) => Some(Presenter::Named(name)),
                _ => None,
            };
            let id = AgendaItemId(row.id);
            Ok(AgendaItem {
                id,
                meeting_id: MeetingId(row.meeting_id),
                number: row.position,
                title: row.title,
                purpose,
                presenter,
                duration_minutes: row.duration_minutes,
                description: row.description,
                papers: papers.remove(&id).unwrap_or_default(),
                created_at: row.created_at,
                changed_at: row.changed_at,
                resolution: row.resolution_id.map(ResolutionId),
            })
        })
        .collect()
}

/// The presenter's two columns; refuses a user id that names nobody.
pub(super) fn presenter_columns(
    conn: &mut PgConnection,
    presenter: Option<PresenterChoice>,
) -> Tx<(Option<i32>, Option<String>)> {
    match presenter {
        None => Ok((None, None)),
        Some(PresenterChoice::Named(name)) => Ok((None, Some(name))),
        Some(PresenterChoice::User(user)) => {
            let exists: i64 = users::table.filter(users::id.eq(user.0)).count().get_result(conn)?;
            if exists == 0 {
                return Err(Refusal::Refused(MeetingsRefusal::NoSuchPresenter));
            }
            Ok((Some(user.0), None))
        }
    }
}

/// Refuses a write that would leave more than `ITEMS_MAX` items on the agenda (the meeting is locked).
pub(super) fn ensure_room(conn: &mut PgConnection, meeting: MeetingId, adding: usize) -> Tx<()> {
    let held: i64 =
        agenda_items::table.filter(agenda_items::meeting_id.eq(meeting.0)).count().get_result(conn)?;
    if usize::try_from(held).unwrap_or(usize::MAX).saturating_add(adding) > ITEMS_MAX {
        return Err(Refusal::Refused(MeetingsRefusal::TooManyItems));
    }
    Ok(())
}

/// Appends items after the last one; the meeting must be locked.
pub(super) fn append_items(
    conn: &mut PgConnection,
    meeting: MeetingId,
    items: Vec<NewAgendaItem>,
    at: DateTime<Utc>,
) -> Tx<Vec<AgendaItemId>> {
    ensure_room(conn, meeting, items.len())?;
    let last: Option<i32> = agenda_items::table
        .filter(agenda_items::meeting_id.eq(meeting.0))
        .select(diesel::dsl::max(agenda_items::position))
        .first(conn)?;
    let mut position = last.unwrap_or(0);
    let mut ids = Vec::with_capacity(items.len());
    for item in items {
        position += 1;
        let (presenter_user_id, presenter_name) = presenter_columns(conn, item.presenter)?;
        let id: i32 = diesel::insert_into(agenda_items::table)
            .values((
                agenda_items::meeting_id.eq(meeting.0),
                agenda_items::position.eq(position),
                agenda_items::title.eq(item.title),
                agenda_items::purpose.eq(item.purpose.as_str()),
                agenda_items::presenter_user_id.eq(presenter_user_id),
                agenda_items::presenter_name.eq(presenter_name),
                agenda_items::duration_minutes.eq(item.duration_minutes),
                agenda_items::description.eq(item.description),
                agenda_items::created_at.eq(at),
                agenda_items::changed_at.eq(at),
                agenda_items::resolution_id.eq(item.resolution.map(|r| r.0)),
            ))
            .returning(agenda_items::id)
            .get_result(conn)?;
        ids.push(AgendaItemId(id));
    }
    touch_agenda(conn, meeting, at)?;
    Ok(ids)
}

/// The item's position, if it is an item of this meeting; `missing` otherwise (the write's own "not found").
pub(super) fn item_position(
    conn: &mut PgConnection,
    meeting: MeetingId,
    item: AgendaItemId,
    missing: MeetingsRefusal,
) -> Tx<i32> {
    agenda_items::table
        .filter(agenda_items::id.eq(item.0))
        .filter(agenda_items::meeting_id.eq(meeting.0))
        .select(agenda_items::position)
        .first::<i32>(conn)
        .optional()?
        .ok_or(Refusal::Refused(missing))
}

pub(super) fn parse_keys(raw: Vec<Option<String>>) -> Result<Vec<StorageKey>, RepoError> {
    raw.into_iter()
        .flatten()
        .map(|key| StorageKey::parse(&key).ok_or_else(|| bad_value("agenda_papers.storage_key", &key)))
        .collect()
}
