//! Written minutes, their versions and entries, and the decisions register (spec §2 Written minutes and
//! the decisions register).
//! Every write locks the meeting's current version FOR UPDATE and checks its status inside the
//! transaction, so two editors cannot slip an edit past an approval.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sql_types::{Bool, Date, Int4, Nullable, Text, Timestamptz};

use domain::meetings::meeting::MeetingScope;
use domain::meetings::written_minutes::{
    ApprovedAt, Decision, DecisionSource, MinuteEntry, NewMinuteEntry, WrittenMinutes, WrittenMinutesStatus,
    WrittenMinutesSummary,
};
use domain::meetings::{MeetingsRefusal, WrittenMinutesRepository};
use domain::{ActionId, AgendaItemId, MeetingId, RepoError, ResolutionId, UserId};

use crate::schema::{actions, agenda_items, meetings, minute_entries, users, written_minutes};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::shared::search::contains_pattern;
use crate::PgPool;

type Tx<T> = Result<T, Refusal<MeetingsRefusal>>;

#[derive(Queryable, Selectable)]
#[diesel(table_name = written_minutes)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct VersionRow {
    id: i32,
    meeting_id: i32,
    version: i32,
    status: String,
    correction_reason: Option<String>,
    superseded_at: Option<DateTime<Utc>>,
    circulated_at: Option<DateTime<Utc>>,
    approved_on: Option<NaiveDate>,
    approved_at_meeting_id: Option<i32>,
    approved_at_meeting_title: Option<String>,
    locked_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = minute_entries)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct EntryRow {
    id: i32,
    agenda_item_id: Option<i32>,
    item_number: Option<i32>,
    item_title: Option<String>,
    kind: String,
    body: String,
    action_id: Option<i32>,
    created_at: DateTime<Utc>,
}

impl TryFrom<EntryRow> for MinuteEntry {
    type Error = RepoError;
    fn try_from(row: EntryRow) -> Result<Self, RepoError> {
        Ok(MinuteEntry {
            id: row.id,
            agenda_item_id: row.agenda_item_id.map(AgendaItemId),
            item_number: row.item_number,
            item_title: row.item_title,
            kind: row.kind.parse().map_err(|_| bad_value("minute_entries.kind", &row.kind))?,
            text: row.body,
            action_id: row.action_id.map(ActionId),
            created_at: row.created_at,
        })
    }
}

fn status_of(raw: &str) -> Result<WrittenMinutesStatus, RepoError> {
    raw.parse().map_err(|_| bad_value("written_minutes.status", raw))
}

fn assemble(row: VersionRow, entries: Vec<EntryRow>) -> Result<WrittenMinutes, RepoError> {
    Ok(WrittenMinutes {
        id: row.id,
        meeting_id: MeetingId(row.meeting_id),
        version: row.version,
        status: status_of(&row.status)?,
        correction_reason: row.correction_reason,
        superseded_at: row.superseded_at,
        circulated_at: row.circulated_at,
        approved_on: row.approved_on,
        approved_at: row.approved_at_meeting_title.map(|meeting_title| ApprovedAt {
            meeting_id: row.approved_at_meeting_id.map(MeetingId),
            meeting_title,
        }),
        locked_at: row.locked_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        entries: entries.into_iter().map(MinuteEntry::try_from).collect::<Result<_, _>>()?,
    })
}

fn entries_of(conn: &mut PgConnection, minutes_id: i32) -> QueryResult<Vec<EntryRow>> {
    minute_entries::table
        .filter(minute_entries::minutes_id.eq(minutes_id))
        .order(minute_entries::id.asc())
        .select(EntryRow::as_select())
        .load(conn)
}

fn load_version(conn: &mut PgConnection, row: VersionRow) -> Result<WrittenMinutes, RepoError> {
    let entries = entries_of(conn, row.id).map_err(repo_error)?;
    assemble(row, entries)
}

/// The current version's row, locked; `MinutesNotFound` when the meeting has no written minutes.
fn lock_current(conn: &mut PgConnection, meeting: MeetingId) -> Tx<VersionRow> {
    written_minutes::table
        .filter(written_minutes::meeting_id.eq(meeting.0))
        .order(written_minutes::version.desc())
        .select(VersionRow::as_select())
        .for_update()
        .first(conn)
        .optional()?
        .ok_or(Refusal::Refused(MeetingsRefusal::MinutesNotFound))
}

/// The current version, locked, if its status allows edits.
fn lock_editable(conn: &mut PgConnection, meeting: MeetingId) -> Tx<VersionRow> {
    let row = lock_current(conn, meeting)?;
    let status = status_of(&row.status).map_err(|e| Refusal::Refused(e.into()))?;
    if !status.is_editable() {
        return Err(Refusal::Refused(MeetingsRefusal::minutes_are(status)));
    }
    Ok(row)
}

/// Deletes an entry of the current version, if its status allows edits (inside the caller's transaction:
/// a declaration withdrawn takes its record with it).
pub(crate) fn delete_entry_in(
    conn: &mut PgConnection,
    meeting: MeetingId,
    entry: i32,
    at: DateTime<Utc>,
) -> Tx<()> {
    let current = lock_editable(conn, meeting)?;
    let deleted = diesel::delete(
        minute_entries::table
            .filter(minute_entries::id.eq(entry))
            .filter(minute_entries::minutes_id.eq(current.id)),
    )
    .execute(conn)?;
    if deleted == 0 {
        return Err(Refusal::Refused(MeetingsRefusal::MinutesNotFound));
    }
    touch(conn, current.id, at)?;
    Ok(())
}

fn touch(conn: &mut PgConnection, id: i32, at: DateTime<Utc>) -> QueryResult<()> {
    diesel::update(written_minutes::table.find(id)).set(written_minutes::updated_at.eq(at)).execute(conn)?;
    Ok(())
}

pub struct PgWrittenMinutesRepository {
    pool: PgPool,
}

impl PgWrittenMinutesRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    fn conn(
        &self,
    ) -> Result<diesel::r2d2::PooledConnection<diesel::r2d2::ConnectionManager<PgConnection>>, RepoError>
    {
        self.pool.get().map_err(pool_error)
    }

    fn write<T>(&self, work: impl FnOnce(&mut PgConnection) -> Tx<T>) -> Result<T, MeetingsRefusal> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| work(conn)).map_err(Refusal::into_error)
    }
}

impl WrittenMinutesRepository for PgWrittenMinutesRepository {
    fn current(&self, meeting: MeetingId) -> Result<Option<WrittenMinutes>, RepoError> {
        let mut conn = self.conn()?;
        let row = written_minutes::table
            .filter(written_minutes::meeting_id.eq(meeting.0))
            .order(written_minutes::version.desc())
            .select(VersionRow::as_select())
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?;
        row.map(|row| load_version(&mut conn, row)).transpose()
    }

    fn versions(&self, meeting: MeetingId) -> Result<Vec<WrittenMinutes>, RepoError> {
        let mut conn = self.conn()?;
        let rows = written_minutes::table
            .filter(written_minutes::meeting_id.eq(meeting.0))
            .order(written_minutes::version.desc())
            .select(VersionRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(|row| load_version(&mut conn, row)).collect()
    }

    fn create(
        &self,
        meeting: MeetingId,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<WrittenMinutes, MeetingsRefusal> {
        let mut conn = self.conn()?;
        let inserted = diesel::insert_into(written_minutes::table)
            .values((
                written_minutes::meeting_id.eq(meeting.0),
                written_minutes::version.eq(1),
                written_minutes::status.eq(WrittenMinutesStatus::Draft.as_str()),
                written_minutes::created_by.eq(by.0),
                written_minutes::created_at.eq(at),
                written_minutes::updated_at.eq(at),
            ))
            .returning(VersionRow::as_returning())
            .get_result(&mut conn);
        match inserted {
            Ok(row) => Ok(assemble(row, Vec::new())?),
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                Err(MeetingsRefusal::MinutesExist)
            }
            Err(DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _)) => {
                Err(MeetingsRefusal::MinutesNotFound)
            }
            Err(e) => Err(repo_error(e).into()),
        }
    }

    fn add_entry(
        &self,
        meeting: MeetingId,
        entry: NewMinuteEntry,
        at: DateTime<Utc>,
    ) -> Result<MinuteEntry, MeetingsRefusal> {
        self.write(|conn| {
            let current = lock_editable(conn, meeting)?;
            let item: Option<(i32, String)> = match entry.agenda_item_id {
                None => None,
                Some(item) => Some(
                    agenda_items::table
                        .filter(agenda_items::id.eq(item.0))
                        .filter(agenda_items::meeting_id.eq(meeting.0))
                        .select((agenda_items::position, agenda_items::title))
                        .first(conn)
                        .optional()?
                        .ok_or(Refusal::Refused(MeetingsRefusal::NoSuchItem))?,
                ),
            };
            let action_id = match &entry.action {
                None => None,
                Some(action) => {
                    // Actions are the board's: a guest is never an assignee (spec §6 Guests).
                    if let Some(assignee) = action.assigned_to {
                        let guest = users::table
                            .find(assignee.0)
                            .filter(users::role.eq(domain::identity::role::Role::Guest.as_str()))
                            .count()
                            .get_result::<i64>(conn)?;
                        if guest > 0 {
                            return Err(Refusal::Refused(MeetingsRefusal::NoSuchAssignee));
                        }
                    }
                    let created = diesel::insert_into(actions::table)
                        .values((
                            actions::title.eq(&action.title),
                            actions::description.eq(&action.description),
                            actions::assigned_to.eq(action.assigned_to.map(|u| u.0)),
                            actions::created_by.eq(action.created_by.0),
                            actions::due_date.eq(action.due_date),
                            actions::priority.eq("medium"),
                            actions::status.eq("pending"),
                            actions::created_at.eq(at),
                            actions::updated_at.eq(at),
                            actions::meeting_id.eq(meeting.0),
                            actions::agenda_item_id.eq(entry.agenda_item_id.map(|i| i.0)),
                        ))
                        .returning(actions::id)
                        .get_result::<i32>(conn);
                    match created {
                        Ok(id) => Some(id),
                        Err(DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _)) => {
                            return Err(Refusal::Refused(MeetingsRefusal::NoSuchAssignee))
                        }
                        Err(e) => return Err(e.into()),
                    }
                }
            };
            let row = diesel::insert_into(minute_entries::table)
                .values((
                    minute_entries::minutes_id.eq(current.id),
                    minute_entries::agenda_item_id.eq(entry.agenda_item_id.map(|i| i.0)),
                    minute_entries::item_number.eq(item.as_ref().map(|(n, _)| *n)),
                    minute_entries::item_title.eq(item.map(|(_, t)| t)),
                    minute_entries::kind.eq(entry.kind.as_str()),
                    minute_entries::body.eq(&entry.text),
                    minute_entries::action_id.eq(action_id),
                    minute_entries::created_at.eq(at),
                ))
                .returning(EntryRow::as_returning())
                .get_result(conn)?;
            touch(conn, current.id, at)?;
            MinuteEntry::try_from(row).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn update_entry(
        &self,
        meeting: MeetingId,
        entry: i32,
        text: String,
        at: DateTime<Utc>,
    ) -> Result<MinuteEntry, MeetingsRefusal> {
        self.write(|conn| {
            let current = lock_editable(conn, meeting)?;
            let row = diesel::update(
                minute_entries::table
                    .filter(minute_entries::id.eq(entry))
                    .filter(minute_entries::minutes_id.eq(current.id)),
            )
            .set(minute_entries::body.eq(&text))
            .returning(EntryRow::as_returning())
            .get_result(conn)
            .optional()?
            .ok_or(Refusal::Refused(MeetingsRefusal::MinutesNotFound))?;
            touch(conn, current.id, at)?;
            MinuteEntry::try_from(row).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn delete_entry(&self, meeting: MeetingId, entry: i32, at: DateTime<Utc>) -> Result<(), MeetingsRefusal> {
        self.write(|conn| delete_entry_in(conn, meeting, entry, at))
    }

    fn transition(
        &self,
        meeting: MeetingId,
        from: WrittenMinutesStatus,
        to: WrittenMinutesStatus,
        approval: Option<(NaiveDate, MeetingId)>,
        at: DateTime<Utc>,
    ) -> Result<WrittenMinutes, MeetingsRefusal> {
        self.write(|conn| {
            let current = lock_current(conn, meeting)?;
            let status = status_of(&current.status).map_err(|e| Refusal::Refused(e.into()))?;
            if status != from {
                return Err(Refusal::Refused(MeetingsRefusal::minutes_are(status)));
            }
            let target = written_minutes::table.find(current.id);
            // One statement per transition: the table's CHECK ties the status to the approval fields.
            let status_and_time =
                (written_minutes::status.eq(to.as_str()), written_minutes::updated_at.eq(at));
            match to {
                WrittenMinutesStatus::Circulated => {
                    diesel::update(target)
                        .set((status_and_time, written_minutes::circulated_at.eq(at)))
                        .execute(conn)?;
                }
                WrittenMinutesStatus::Locked => {
                    diesel::update(target)
                        .set((status_and_time, written_minutes::locked_at.eq(at)))
                        .execute(conn)?;
                }
                WrittenMinutesStatus::Approved => {
                    let Some((on, later)) = approval else {
                        return Err(Refusal::Refused(MeetingsRefusal::MinutesNotFound));
                    };
                    let title: String = meetings::table
                        .find(later.0)
                        .select(meetings::title)
                        .first(conn)
                        .optional()?
                        .ok_or(Refusal::Refused(MeetingsRefusal::MinutesNotFound))?;
                    diesel::update(target)
                        .set((
                            status_and_time,
                            written_minutes::approved_on.eq(on),
                            written_minutes::approved_at_meeting_id.eq(later.0),
                            written_minutes::approved_at_meeting_title.eq(title),
                        ))
                        .execute(conn)?;
                }
                WrittenMinutesStatus::Draft => {
                    diesel::update(target).set(status_and_time).execute(conn)?;
                }
            }
            let row = target.select(VersionRow::as_select()).first(conn)?;
            load_version(conn, row).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn correct(
        &self,
        meeting: MeetingId,
        reason: String,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<WrittenMinutes, MeetingsRefusal> {
        self.write(|conn| {
            let current = lock_current(conn, meeting)?;
            let status = status_of(&current.status).map_err(|e| Refusal::Refused(e.into()))?;
            if status.is_editable() {
                return Err(Refusal::Refused(MeetingsRefusal::minutes_are(status)));
            }
            diesel::update(written_minutes::table.find(current.id))
                .set(written_minutes::superseded_at.eq(at))
                .execute(conn)?;
            let row: VersionRow = diesel::insert_into(written_minutes::table)
                .values((
                    written_minutes::meeting_id.eq(meeting.0),
                    written_minutes::version.eq(current.version + 1),
                    written_minutes::status.eq(WrittenMinutesStatus::Draft.as_str()),
                    written_minutes::correction_reason.eq(&reason),
                    written_minutes::created_by.eq(by.0),
                    written_minutes::created_at.eq(at),
                    written_minutes::updated_at.eq(at),
                ))
                .returning(VersionRow::as_returning())
                .get_result(conn)?;
            // The new version starts from the old one's entries (actions stay the tracker's, linked).
            for old in entries_of(conn, current.id)? {
                diesel::insert_into(minute_entries::table)
                    .values((
                        minute_entries::minutes_id.eq(row.id),
                        minute_entries::agenda_item_id.eq(old.agenda_item_id),
                        minute_entries::item_number.eq(old.item_number),
                        minute_entries::item_title.eq(old.item_title),
                        minute_entries::kind.eq(old.kind),
                        minute_entries::body.eq(old.body),
                        minute_entries::action_id.eq(old.action_id),
                        minute_entries::created_at.eq(old.created_at),
                    ))
                    .execute(conn)?;
            }
            load_version(conn, row).map_err(|e| Refusal::Refused(e.into()))
        })
    }

    fn decisions(
        &self,
        scope: MeetingScope,
        include_drafts: bool,
        search: Option<&str>,
    ) -> Result<Vec<Decision>, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = Timestamptz)]
            date: DateTime<Utc>,
            #[diesel(sql_type = Nullable<Int4>)]
            meeting_id: Option<i32>,
            #[diesel(sql_type = Nullable<Text>)]
            meeting_title: Option<String>,
            #[diesel(sql_type = Nullable<Text>)]
            item: Option<String>,
            #[diesel(sql_type = Text)]
            text: String,
            #[diesel(sql_type = Nullable<Text>)]
            status: Option<String>,
            #[diesel(sql_type = Nullable<Int4>)]
            resolution_id: Option<i32>,
        }
        // The current version of each meeting's minutes; a committee meeting only for its members (or
        // everyone in `Everything`); passed written resolutions for everyone.
        let sql = "
            SELECT * FROM (
                SELECT m.meeting_date AS date, m.id AS meeting_id, m.title AS meeting_title,
                       CASE WHEN e.item_title IS NULL THEN NULL
                            ELSE COALESCE(e.item_number::text || '. ', '') || e.item_title END AS item,
                       e.body AS text, w.status AS status, NULL::int4 AS resolution_id, e.id AS sort_id
                FROM minute_entries e
                JOIN written_minutes w ON w.id = e.minutes_id
                JOIN meetings m ON m.id = w.meeting_id
                WHERE e.kind = 'decision'
                  AND w.version = (SELECT max(v.version) FROM written_minutes v WHERE v.meeting_id = w.meeting_id)
                  AND ($1 OR w.status <> 'draft')
                  AND ($2 OR m.kind <> 'committee' OR m.committee_id IN
                       (SELECT cm.committee_id FROM committee_members cm WHERE cm.user_id = $3))
                UNION ALL
                SELECT r.decided_at AS date, NULL, NULL, NULL,
                       r.title || ': ' || r.body AS text, NULL, r.id, r.id
                FROM resolutions r
                WHERE r.status = 'passed' AND r.decided_at IS NOT NULL
            ) d
            WHERE $4::text IS NULL
               OR d.text ILIKE $4 ESCAPE '\\' OR d.meeting_title ILIKE $4 ESCAPE '\\' OR d.item ILIKE $4 ESCAPE '\\'
            ORDER BY d.date DESC, d.sort_id DESC";
        let mut conn = self.conn()?;
        let rows: Vec<Row> = load_visible(&mut conn, sql, include_drafts, scope, search)?;
        rows.into_iter()
            .map(|row| {
                let source = match (row.resolution_id, row.meeting_id) {
                    (Some(id), _) => DecisionSource::Resolution(ResolutionId(id)),
                    (None, Some(meeting)) => DecisionSource::Minutes {
                        meeting_id: MeetingId(meeting),
                        meeting_title: row.meeting_title.unwrap_or_default(),
                        item: row.item,
                    },
                    (None, None) => return Err(bad_value("decisions", "neither minutes nor resolution")),
                };
                let minutes_status = row.status.as_deref().map(status_of).transpose()?;
                Ok(Decision { date: row.date, source, text: row.text, minutes_status })
            })
            .collect()
    }

    fn summaries(
        &self,
        scope: MeetingScope,
        include_drafts: bool,
        search: Option<&str>,
    ) -> Result<Vec<WrittenMinutesSummary>, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = Int4)]
            meeting_id: i32,
            #[diesel(sql_type = Text)]
            meeting_title: String,
            #[diesel(sql_type = Timestamptz)]
            meeting_date: DateTime<Utc>,
            #[diesel(sql_type = Int4)]
            version: i32,
            #[diesel(sql_type = Text)]
            status: String,
            #[diesel(sql_type = Nullable<Date>)]
            approved_on: Option<NaiveDate>,
        }
        // The newest version each reader may see, per meeting (the same visibility rule as the register).
        let sql = "
            SELECT * FROM (
                SELECT DISTINCT ON (w.meeting_id)
                       w.meeting_id, m.title AS meeting_title, m.meeting_date, w.version, w.status, w.approved_on
                FROM written_minutes w
                JOIN meetings m ON m.id = w.meeting_id
                WHERE ($1 OR w.status <> 'draft')
                  AND ($2 OR m.kind <> 'committee' OR m.committee_id IN
                       (SELECT cm.committee_id FROM committee_members cm WHERE cm.user_id = $3))
                  AND ($4::text IS NULL OR m.title ILIKE $4 ESCAPE '\\')
                ORDER BY w.meeting_id, w.version DESC
            ) s
            ORDER BY s.meeting_date DESC, s.meeting_id DESC";
        let mut conn = self.conn()?;
        let rows: Vec<Row> = load_visible(&mut conn, sql, include_drafts, scope, search)?;
        rows.into_iter()
            .map(|row| {
                Ok(WrittenMinutesSummary {
                    meeting_id: MeetingId(row.meeting_id),
                    meeting_title: row.meeting_title,
                    meeting_date: row.meeting_date,
                    version: row.version,
                    status: status_of(&row.status)?,
                    approved_on: row.approved_on,
                })
            })
            .collect()
    }
}

/// Runs one of the register's reads, which bind the same four values: whether drafts are included ($1),
/// the reader's meeting scope as "everything" ($2) or the user whose visibility applies ($3), and the
/// search words as an `ILIKE` pattern ($4, null for none).
fn load_visible<R: QueryableByName<Pg> + 'static>(
    conn: &mut PgConnection,
    sql: &str,
    include_drafts: bool,
    scope: MeetingScope,
    search: Option<&str>,
) -> Result<Vec<R>, RepoError> {
    let (everything, user) = match scope {
        MeetingScope::Everything => (true, 0),
        MeetingScope::VisibleTo(user) => (false, user.0),
        // Guests read no minutes or decisions through the board's registers (spec §6 Guests).
        MeetingScope::GuestOf(_) => return Ok(Vec::new()),
    };
    diesel::sql_query(sql)
        .bind::<Bool, _>(include_drafts)
        .bind::<Bool, _>(everything)
        .bind::<Int4, _>(user)
        .bind::<Nullable<Text>, _>(search.map(contains_pattern))
        .load(conn)
        .map_err(repo_error)
}
