use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::sql_types::Bool;

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use domain::library::files::StorageKey;
use domain::meetings::agenda::{AgendaItem, AgendaPaper, NewAgendaItem, NewAgendaPaper};
use domain::meetings::meeting::repository::DecideItem;
use domain::meetings::meeting::{
    LinkedMinutes, Meeting, MeetingChange, MeetingCommittee, MeetingKind, MeetingScope, MeetingStatus,
    MeetingWindow, NewMeeting,
};
use domain::meetings::{AgendaItemChange, MeetingRepository, MeetingsRefusal};
use domain::{AgendaItemId, AgendaPaperId, CommitteeId, DocumentId, MeetingId, MinutesId, RepoError, UserId};

use super::agenda::{
    append_items, ensure_room, item_position, load_agenda, papers_of, parse_keys, presenter_columns,
    touch_agenda, Tx,
};
use crate::schema::{
    agenda_items, agenda_papers, committee_members, committees, documents, guest_meetings, meetings, minutes,
};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal, TxError};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = meetings)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct MeetingRow {
    id: i32,
    title: String,
    description: String,
    meeting_date: DateTime<Utc>,
    location: Option<String>,
    meeting_link: Option<String>,
    agenda_link: Option<String>,
    created_at: DateTime<Utc>,
    kind: String,
    committee_id: Option<i32>,
    status: String,
    cancelled_at: Option<DateTime<Utc>>,
    duration_minutes: i32,
    agenda_published_at: Option<DateTime<Utc>>,
    agenda_changed_at: DateTime<Utc>,
    revision: i32,
    updated_at: DateTime<Utc>,
}

impl MeetingRow {
    fn into_meeting(
        self,
        committee_name: Option<String>,
        minutes: Option<LinkedMinutes>,
    ) -> Result<Meeting, RepoError> {
        let kind = MeetingKind::parse(&self.kind).ok_or_else(|| bad_value("meetings.kind", &self.kind))?;
        let status: MeetingStatus =
            self.status.parse().map_err(|_| bad_value("meetings.status", &self.status))?;
        let committee = self
            .committee_id
            .zip(committee_name)
            .map(|(id, name)| MeetingCommittee { id: CommitteeId(id), name });
        Ok(Meeting {
            id: MeetingId(self.id),
            title: self.title,
            description: self.description,
            meeting_date: self.meeting_date,
            location: self.location,
            meeting_link: self.meeting_link,
            agenda_link: self.agenda_link,
            kind,
            committee,
            minutes,
            created_at: self.created_at,
            status,
            cancelled_at: self.cancelled_at,
            duration_minutes: self.duration_minutes,
            agenda_published_at: self.agenda_published_at,
            agenda_changed_at: self.agenda_changed_at,
            revision: self.revision,
            updated_at: self.updated_at,
        })
    }
}

/// The meetings `scope` may see: every meeting for admins and chairs; for anyone else every meeting that
/// is not a committee meeting, and the committee meetings of their own committees. A committee meeting
/// whose committee was deleted is seen by admins and chairs only.
pub(crate) fn visible_to(
    scope: MeetingScope,
) -> Box<dyn BoxableExpression<meetings::table, Pg, SqlType = Bool>> {
    match scope {
        MeetingScope::Everything => Box::new(diesel::dsl::sql::<Bool>("TRUE")),
        MeetingScope::VisibleTo(user) => Box::new(
            meetings::kind.ne(MeetingKind::Committee.as_str()).or(meetings::committee_id
                .eq_any(
                    committee_members::table
                        .filter(committee_members::user_id.eq(user.0))
                        .select(committee_members::committee_id.nullable()),
                )
                .assume_not_null()),
        ),
        MeetingScope::GuestOf(user) => Box::new(
            meetings::id
                .eq_any(
                    guest_meetings::table
                        .filter(guest_meetings::user_id.eq(user.0))
                        .select(guest_meetings::meeting_id),
                )
                .and(meetings::agenda_published_at.is_not_null()),
        ),
    }
}

/// The names of these committees.
fn committee_names(conn: &mut PgConnection, ids: &[i32]) -> QueryResult<HashMap<i32, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = committees::table
        .filter(committees::id.eq_any(ids))
        .select((committees::id, committees::name))
        .load::<(i32, String)>(conn)?;
    Ok(rows.into_iter().collect())
}

/// The most recently recorded minutes of each of these meetings.
fn latest_minutes(conn: &mut PgConnection, ids: &[i32]) -> QueryResult<HashMap<i32, LinkedMinutes>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = minutes::table
        .filter(minutes::meeting_id.eq_any(ids))
        .distinct_on(minutes::meeting_id)
        .order((minutes::meeting_id, minutes::created_at.desc(), minutes::id.desc()))
        .select((minutes::meeting_id, minutes::id, minutes::external_link))
        .load::<(Option<i32>, i32, Option<String>)>(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(meeting, id, external_link)| {
            meeting.map(|m| (m, LinkedMinutes { id: MinutesId(id), external_link }))
        })
        .collect())
}

/// Meetings from their rows, with committee names and latest minutes.
fn hydrate(conn: &mut PgConnection, rows: Vec<MeetingRow>) -> Result<Vec<Meeting>, RepoError> {
    let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
    let mut linked = latest_minutes(conn, &ids).map_err(repo_error)?;
    let committee_ids: Vec<i32> = rows.iter().filter_map(|r| r.committee_id).collect();
    let names = committee_names(conn, &committee_ids).map_err(repo_error)?;
    rows.into_iter()
        .map(|row| {
            let minutes = linked.remove(&row.id);
            let name = row.committee_id.and_then(|id| names.get(&id).cloned());
            row.into_meeting(name, minutes)
        })
        .collect()
}

fn load_meeting(conn: &mut PgConnection, id: MeetingId) -> Result<Meeting, RepoError> {
    let row: MeetingRow =
        meetings::table.find(id.0).select(MeetingRow::as_select()).first(conn).map_err(repo_error)?;
    hydrate(conn, vec![row])?.pop().ok_or(RepoError::NotFound)
}

/// Locks the meeting's row for the rest of the transaction; `missing` if there is none.
fn lock_meeting(conn: &mut PgConnection, id: MeetingId, missing: MeetingsRefusal) -> Tx<()> {
    meetings::table
        .find(id.0)
        .select(meetings::id)
        .for_update()
        .first::<i32>(conn)
        .optional()?
        .map(|_| ())
        .ok_or(Refusal::Refused(missing))
}

/// The meeting as `scope` sees it, with its committee and minutes.
fn load_visible(
    conn: &mut PgConnection,
    id: MeetingId,
    scope: MeetingScope,
) -> Result<Option<Meeting>, RepoError> {
    let row: Option<MeetingRow> = meetings::table
        .find(id.0)
        .filter(visible_to(scope))
        .select(MeetingRow::as_select())
        .first(conn)
        .optional()
        .map_err(repo_error)?;
    match row {
        Some(row) => Ok(hydrate(conn, vec![row])?.pop()),
        None => Ok(None),
    }
}

/// Reads in one transaction (one snapshot of the tables).
fn read_tx<T>(
    conn: &mut PgConnection,
    work: impl FnOnce(&mut PgConnection) -> Result<T, RepoError>,
) -> Result<T, RepoError> {
    conn.transaction::<T, TxError, _>(|conn| work(conn).map_err(TxError::Repo)).map_err(RepoError::from)
}

pub struct PgMeetingRepository {
    pool: PgPool,
}

impl PgMeetingRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    fn conn(
        &self,
    ) -> Result<diesel::r2d2::PooledConnection<diesel::r2d2::ConnectionManager<PgConnection>>, RepoError>
    {
        self.pool.get().map_err(pool_error)
    }

    /// Runs an agenda write in one transaction with the meeting locked, refused when the meeting is
    /// cancelled: the check that decides the write runs under the same lock as the write. `missing` is
    /// the write's "not found" when the meeting is gone.
    fn write_agenda<T>(
        &self,
        id: MeetingId,
        missing: MeetingsRefusal,
        work: impl FnOnce(&mut PgConnection) -> Tx<T>,
    ) -> Result<T, MeetingsRefusal> {
        self.write(id, missing, |conn| {
            let status: String = meetings::table.find(id.0).select(meetings::status).first(conn)?;
            if status == MeetingStatus::Cancelled.as_str() {
                return Err(Refusal::Refused(MeetingsRefusal::Cancelled));
            }
            work(conn)
        })
    }

    /// Runs a write in one transaction with the meeting locked (`missing` when there is no meeting).
    fn write<T>(
        &self,
        id: MeetingId,
        missing: MeetingsRefusal,
        work: impl FnOnce(&mut PgConnection) -> Tx<T>,
    ) -> Result<T, MeetingsRefusal> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            lock_meeting(conn, id, missing)?;
            work(conn)
        })
        .map_err(Refusal::into_error)
    }
}

impl MeetingRepository for PgMeetingRepository {
    fn list(
        &self,
        window: MeetingWindow,
        now: DateTime<Utc>,
        scope: MeetingScope,
    ) -> Result<Vec<Meeting>, RepoError> {
        let mut conn = self.conn()?;
        let query = meetings::table.select(MeetingRow::as_select()).filter(visible_to(scope)).into_boxed();
        let query = match window {
            MeetingWindow::All => query.order((meetings::meeting_date.asc(), meetings::id.asc())),
            MeetingWindow::Upcoming => query
                .filter(meetings::meeting_date.ge(now))
                .order((meetings::meeting_date.asc(), meetings::id.asc())),
            MeetingWindow::Past => query
                .filter(meetings::meeting_date.lt(now))
                .order((meetings::meeting_date.desc(), meetings::id.desc())),
        };
        read_tx(&mut conn, |conn| {
            let rows: Vec<MeetingRow> = query.load(conn).map_err(repo_error)?;
            hydrate(conn, rows)
        })
    }

    fn find(&self, id: MeetingId, scope: MeetingScope) -> Result<Option<Meeting>, RepoError> {
        let mut conn = self.conn()?;
        read_tx(&mut conn, |conn| load_visible(conn, id, scope))
    }

    fn create(&self, meeting: NewMeeting) -> Result<Meeting, MeetingsRefusal> {
        let mut conn = self.conn()?;
        // The committee's name, which also proves it exists.
        let committee_name = match meeting.committee_id {
            Some(id) => Some(
                committees::table
                    .find(id.0)
                    .select(committees::name)
                    .first::<String>(&mut conn)
                    .optional()
                    .map_err(repo_error)?
                    .ok_or(MeetingsRefusal::NoSuchCommittee)?,
            ),
            None => None,
        };
        let row: MeetingRow = diesel::insert_into(meetings::table)
            .values((
                meetings::title.eq(meeting.title),
                meetings::description.eq(meeting.description),
                meetings::meeting_date.eq(meeting.meeting_date),
                meetings::location.eq(meeting.location),
                meetings::meeting_link.eq(meeting.meeting_link),
                meetings::agenda_link.eq(meeting.agenda_link),
                meetings::created_by.eq(meeting.created_by.0),
                meetings::created_at.eq(meeting.created_at),
                meetings::kind.eq(meeting.kind.as_str()),
                meetings::committee_id.eq(meeting.committee_id.map(|id| id.0)),
                meetings::duration_minutes.eq(meeting.duration_minutes),
                meetings::agenda_changed_at.eq(meeting.created_at),
                meetings::updated_at.eq(meeting.created_at),
            ))
            .returning(MeetingRow::as_returning())
            .get_result(&mut conn)
            .map_err(repo_error)?;
        Ok(row.into_meeting(committee_name, None)?)
    }

    fn update(&self, id: MeetingId, change: MeetingChange) -> Result<Meeting, MeetingsRefusal> {
        self.write(id, MeetingsRefusal::MeetingNotFound, |conn| {
            if let Some(committee) = change.committee_id {
                let exists: i64 =
                    committees::table.filter(committees::id.eq(committee.0)).count().get_result(conn)?;
                if exists == 0 {
                    return Err(Refusal::Refused(MeetingsRefusal::NoSuchCommittee));
                }
            }
            diesel::update(meetings::table.find(id.0))
                .set((
                    meetings::title.eq(change.title),
                    meetings::description.eq(change.description),
                    meetings::meeting_date.eq(change.meeting_date),
                    meetings::duration_minutes.eq(change.duration_minutes),
                    meetings::location.eq(change.location),
                    meetings::meeting_link.eq(change.meeting_link),
                    meetings::agenda_link.eq(change.agenda_link),
                    meetings::kind.eq(change.kind.as_str()),
                    meetings::committee_id.eq(change.committee_id.map(|c| c.0)),
                    meetings::revision.eq(meetings::revision + 1),
                    meetings::updated_at.eq(change.updated_at),
                ))
                .execute(conn)?;
            load_meeting(conn, id).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn cancel(&self, id: MeetingId, at: DateTime<Utc>) -> Result<Meeting, MeetingsRefusal> {
        self.write(id, MeetingsRefusal::MeetingNotFound, |conn| {
            let updated = diesel::update(
                meetings::table.find(id.0).filter(meetings::status.eq(MeetingStatus::Scheduled.as_str())),
            )
            .set((
                meetings::status.eq(MeetingStatus::Cancelled.as_str()),
                meetings::cancelled_at.eq(Some(at)),
                meetings::revision.eq(meetings::revision + 1),
                meetings::updated_at.eq(at),
            ))
            .execute(conn)?;
            if updated == 0 {
                return Err(Refusal::Refused(MeetingsRefusal::AlreadyCancelled));
            }
            // A cancelled meeting is read-only, so a written resolution reported on its agenda is freed for
            // another meeting's (the item stays on the cancelled agenda for the record).
            diesel::update(agenda_items::table.filter(agenda_items::meeting_id.eq(id.0)))
                .set(agenda_items::resolution_id.eq(None::<i32>))
                .execute(conn)?;
            load_meeting(conn, id).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn delete(&self, id: MeetingId) -> Result<Vec<StorageKey>, MeetingsRefusal> {
        self.write(id, MeetingsRefusal::MeetingNotFound, |conn| {
            let keys: Vec<Option<String>> = agenda_papers::table
                .inner_join(agenda_items::table)
                .filter(agenda_items::meeting_id.eq(id.0))
                .select(agenda_papers::storage_key)
                .load(conn)?;
            diesel::delete(meetings::table.find(id.0)).execute(conn)?;
            parse_keys(keys).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn publish_agenda(&self, id: MeetingId, at: DateTime<Utc>) -> Result<Meeting, MeetingsRefusal> {
        self.write_agenda(id, MeetingsRefusal::MeetingNotFound, |conn| {
            diesel::update(meetings::table.find(id.0))
                .set(meetings::agenda_published_at.eq(Some(at)))
                .execute(conn)?;
            load_meeting(conn, id).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn agenda(&self, id: MeetingId) -> Result<Vec<AgendaItem>, RepoError> {
        let mut conn = self.conn()?;
        read_tx(&mut conn, |conn| load_agenda(conn, id, None))
    }

    fn add_item(
        &self,
        id: MeetingId,
        scope: MeetingScope,
        at: DateTime<Utc>,
        decide: DecideItem<'_>,
    ) -> Result<(AgendaItem, Option<DateTime<Utc>>), MeetingsRefusal> {
        self.write(id, MeetingsRefusal::MeetingNotFound, |conn| {
            let meeting = load_visible(conn, id, scope)
                .map_err(|e| Refusal::Refused(e.into()))?
                .ok_or(Refusal::Refused(MeetingsRefusal::MeetingNotFound))?;
            let item = decide(&meeting).map_err(Refusal::Refused)?;
            let ids = append_items(conn, id, vec![item], at)?;
            let item_id = ids.first().copied().ok_or(Refusal::Refused(MeetingsRefusal::MeetingNotFound))?;
            let item = load_agenda(conn, id, Some(item_id))
                .map_err(|e| Refusal::Refused(e.into()))?
                .pop()
                .ok_or(Refusal::Refused(MeetingsRefusal::MeetingNotFound))?;
            Ok((item, meeting.agenda_published_at))
        })
    }

    fn add_resolution_item(
        &self,
        id: MeetingId,
        item: NewAgendaItem,
        papers: &[DocumentId],
        added_by: UserId,
        at: DateTime<Utc>,
    ) -> Result<AgendaItem, MeetingsRefusal> {
        let resolution = item.resolution.map(|r| r.0);
        self.write(id, MeetingsRefusal::MeetingNotFound, |conn| {
            // Checked again under the meeting's lock: a cancel meanwhile would strand the resolution.
            let status: String = meetings::table.find(id.0).select(meetings::status).first(conn)?;
            if status == MeetingStatus::Cancelled.as_str() {
                return Err(Refusal::Refused(MeetingsRefusal::AlreadyCancelled));
            }
            ensure_room(conn, id, 1)?;
            // The unique index is the backstop for two meetings adding it at once; this names the refusal.
            let reported: i64 = agenda_items::table
                .filter(agenda_items::resolution_id.eq(resolution))
                .count()
                .get_result(conn)?;
            if reported > 0 {
                return Err(Refusal::Refused(MeetingsRefusal::ResolutionOnAgenda));
            }
            let ids = append_items(conn, id, vec![item], at).map_err(|refusal| match refusal {
                Refusal::Db(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                    Refusal::Refused(MeetingsRefusal::ResolutionOnAgenda)
                }
                other => other,
            })?;
            let item_id = ids.first().copied().ok_or(Refusal::Refused(MeetingsRefusal::MeetingNotFound))?;
            // Papers deleted from the library since the vote are simply not linked.
            let existing: Vec<i32> = documents::table
                .filter(documents::id.eq_any(papers.iter().map(|d| d.0)))
                .select(documents::id)
                .order(documents::id.asc())
                .load(conn)?;
            let rows: Vec<_> = existing
                .into_iter()
                .map(|document| {
                    (
                        agenda_papers::agenda_item_id.eq(item_id.0),
                        agenda_papers::document_id.eq(Some(document)),
                        agenda_papers::added_by.eq(Some(added_by.0)),
                        agenda_papers::added_at.eq(at),
                    )
                })
                .collect();
            diesel::insert_into(agenda_papers::table).values(rows).execute(conn)?;
            load_agenda(conn, id, Some(item_id))
                .map_err(|e| Refusal::Refused(e.into()))?
                .pop()
                .ok_or(Refusal::Refused(MeetingsRefusal::MeetingNotFound))
        })
    }

    fn add_items_to_empty_agenda(
        &self,
        id: MeetingId,
        items: Vec<NewAgendaItem>,
        at: DateTime<Utc>,
    ) -> Result<Vec<AgendaItem>, MeetingsRefusal> {
        self.write_agenda(id, MeetingsRefusal::MeetingNotFound, |conn| {
            let existing: i64 =
                agenda_items::table.filter(agenda_items::meeting_id.eq(id.0)).count().get_result(conn)?;
            if existing > 0 {
                return Err(Refusal::Refused(MeetingsRefusal::AgendaNotEmpty));
            }
            append_items(conn, id, items, at)?;
            load_agenda(conn, id, None).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn update_item(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        change: AgendaItemChange,
        at: DateTime<Utc>,
    ) -> Result<AgendaItem, MeetingsRefusal> {
        self.write_agenda(id, MeetingsRefusal::AgendaItemNotFound, |conn| {
            item_position(conn, id, item, MeetingsRefusal::AgendaItemNotFound)?;
            let (presenter_user_id, presenter_name) = presenter_columns(conn, change.presenter)?;
            diesel::update(agenda_items::table.find(item.0))
                .set((
                    agenda_items::title.eq(change.title),
                    agenda_items::purpose.eq(change.purpose.as_str()),
                    agenda_items::presenter_user_id.eq(presenter_user_id),
                    agenda_items::presenter_name.eq(presenter_name),
                    agenda_items::duration_minutes.eq(change.duration_minutes),
                    agenda_items::description.eq(change.description),
                    agenda_items::changed_at.eq(at),
                ))
                .execute(conn)?;
            touch_agenda(conn, id, at)?;
            load_agenda(conn, id, Some(item))
                .map_err(|e| Refusal::Refused(e.into()))?
                .pop()
                .ok_or(Refusal::Refused(MeetingsRefusal::AgendaItemNotFound))
        })
    }

    fn delete_item(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        at: DateTime<Utc>,
    ) -> Result<Vec<StorageKey>, MeetingsRefusal> {
        self.write_agenda(id, MeetingsRefusal::AgendaItemNotFound, |conn| {
            let position = item_position(conn, id, item, MeetingsRefusal::AgendaItemNotFound)?;
            let keys: Vec<Option<String>> = agenda_papers::table
                .filter(agenda_papers::agenda_item_id.eq(item.0))
                .select(agenda_papers::storage_key)
                .load(conn)?;
            diesel::delete(agenda_items::table.find(item.0)).execute(conn)?;
            diesel::update(
                agenda_items::table
                    .filter(agenda_items::meeting_id.eq(id.0))
                    .filter(agenda_items::position.gt(position)),
            )
            .set(agenda_items::position.eq(agenda_items::position - 1))
            .execute(conn)?;
            touch_agenda(conn, id, at)?;
            parse_keys(keys).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn reorder(
        &self,
        id: MeetingId,
        order: &[AgendaItemId],
        at: DateTime<Utc>,
    ) -> Result<Vec<AgendaItem>, MeetingsRefusal> {
        self.write_agenda(id, MeetingsRefusal::MeetingNotFound, |conn| {
            let mut current: Vec<i32> = agenda_items::table
                .filter(agenda_items::meeting_id.eq(id.0))
                .select(agenda_items::id)
                .load(conn)?;
            let mut asked: Vec<i32> = order.iter().map(|i| i.0).collect();
            current.sort_unstable();
            asked.sort_unstable();
            if current != asked {
                return Err(Refusal::Refused(MeetingsRefusal::StaleOrder));
            }
            // Positions are checked at commit (the unique constraint is deferred).
            for (index, item) in order.iter().enumerate() {
                let position =
                    i32::try_from(index + 1).map_err(|_| Refusal::Refused(MeetingsRefusal::StaleOrder))?;
                diesel::update(agenda_items::table.find(item.0).filter(agenda_items::position.ne(position)))
                    .set(agenda_items::position.eq(position))
                    .execute(conn)?;
            }
            touch_agenda(conn, id, at)?;
            load_agenda(conn, id, None).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn add_paper(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        paper: NewAgendaPaper,
        added_by: UserId,
        at: DateTime<Utc>,
    ) -> Result<AgendaPaper, MeetingsRefusal> {
        self.write_agenda(id, MeetingsRefusal::AgendaItemNotFound, |conn| {
            item_position(conn, id, item, MeetingsRefusal::AgendaItemNotFound)?;
            let values = match paper {
                NewAgendaPaper::Upload { title, file_name, mime_type, file_size, storage_key } => (
                    Some(title),
                    Some(file_name),
                    Some(mime_type),
                    Some(file_size),
                    Some(storage_key.as_str().to_string()),
                    None,
                ),
                NewAgendaPaper::Library(document) => {
                    let exists: i64 =
                        documents::table.filter(documents::id.eq(document.0)).count().get_result(conn)?;
                    if exists == 0 {
                        return Err(Refusal::Refused(MeetingsRefusal::NoSuchDocument));
                    }
                    let linked: i64 = agenda_papers::table
                        .filter(agenda_papers::agenda_item_id.eq(item.0))
                        .filter(agenda_papers::document_id.eq(document.0))
                        .count()
                        .get_result(conn)?;
                    if linked > 0 {
                        return Err(Refusal::Refused(MeetingsRefusal::AlreadyLinked));
                    }
                    (None, None, None, None, None, Some(document.0))
                }
            };
            let (title, file_name, mime_type, file_size, storage_key, document_id) = values;
            let paper_id: i32 = diesel::insert_into(agenda_papers::table)
                .values((
                    agenda_papers::agenda_item_id.eq(item.0),
                    agenda_papers::title.eq(title),
                    agenda_papers::file_name.eq(file_name),
                    agenda_papers::mime_type.eq(mime_type),
                    agenda_papers::file_size.eq(file_size),
                    agenda_papers::storage_key.eq(storage_key),
                    agenda_papers::document_id.eq(document_id),
                    agenda_papers::added_by.eq(Some(added_by.0)),
                    agenda_papers::added_at.eq(at),
                ))
                .returning(agenda_papers::id)
                .get_result(conn)?;
            diesel::update(agenda_items::table.find(item.0))
                .set(agenda_items::changed_at.eq(at))
                .execute(conn)?;
            touch_agenda(conn, id, at)?;
            papers_of(conn, &[item.0])
                .map_err(|e| Refusal::Refused(e.into()))?
                .into_iter()
                .find(|p| p.id.0 == paper_id)
                .ok_or(Refusal::Refused(MeetingsRefusal::AgendaItemNotFound))
        })
    }

    fn remove_paper(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        paper: AgendaPaperId,
        at: DateTime<Utc>,
    ) -> Result<Option<StorageKey>, MeetingsRefusal> {
        self.write_agenda(id, MeetingsRefusal::PaperNotFound, |conn| {
            item_position(conn, id, item, MeetingsRefusal::PaperNotFound)?;
            let key: Option<Option<String>> = diesel::delete(
                agenda_papers::table
                    .filter(agenda_papers::id.eq(paper.0))
                    .filter(agenda_papers::agenda_item_id.eq(item.0)),
            )
            .returning(agenda_papers::storage_key)
            .get_result(conn)
            .optional()?;
            let Some(key) = key else {
                return Err(Refusal::Refused(MeetingsRefusal::PaperNotFound));
            };
            diesel::update(agenda_items::table.find(item.0))
                .set(agenda_items::changed_at.eq(at))
                .execute(conn)?;
            touch_agenda(conn, id, at)?;
            Ok(parse_keys(vec![key]).map_err(|e| Refusal::Refused(e.into()))?.pop())
        })
    }
}
