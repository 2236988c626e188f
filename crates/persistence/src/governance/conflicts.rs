//! Conflicts of interest declared on agenda items (spec §10 Rules).

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::governance::conflict::{ConflictDeclaration, ConflictHandling, DeclaredInterest};
use domain::governance::{
    ConflictRepository, DecideWithdrawal, DeclaredOn, DraftRecord, GovernanceRefusal, NewConflict,
};
use domain::meetings::meeting::MeetingStatus;
use domain::meetings::MeetingsRefusal;
use domain::{AgendaItemId, ConflictId, InterestId, MeetingId, RepoError, UserId};

use crate::governance::interests::insert_entry;
use crate::meetings::written_minutes::delete_entry_in;
use crate::schema::{agenda_items, interests, meeting_conflicts, meetings, users};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

type Tx<T> = Result<T, Refusal<GovernanceRefusal>>;

/// Locks the meeting's row against a concurrent cancellation (which updates it) for the rest of the
/// transaction; `Ok(Err(MeetingCancelled))` once it is cancelled, for the caller to refuse in its turn.
fn lock_meeting(conn: &mut PgConnection, meeting: MeetingId) -> Tx<Result<(), GovernanceRefusal>> {
    let status: String = meetings::table
        .find(meeting.0)
        .select(meetings::status)
        .for_share()
        .first::<String>(conn)
        .optional()?
        .ok_or(Refusal::Refused(MeetingsRefusal::MeetingNotFound.into()))?;
    Ok(if status == MeetingStatus::Cancelled.as_str() {
        Err(GovernanceRefusal::MeetingCancelled)
    } else {
        Ok(())
    })
}

fn refused(error: RepoError) -> Refusal<GovernanceRefusal> {
    Refusal::Refused(error.into())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = meeting_conflicts)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ConflictRow {
    id: i32,
    meeting_id: i32,
    agenda_item_id: i32,
    user_id: i32,
    interest_id: i32,
    declared_by: Option<i32>,
    declared_at: DateTime<Utc>,
    handling: Option<String>,
    handled_at: Option<DateTime<Utc>>,
    minute_entry_id: Option<i32>,
}

type Joined = (ConflictRow, String, String, String, String);

fn to_declaration((row, name, kind, organisation, nature): Joined) -> Result<ConflictDeclaration, RepoError> {
    let handling = row
        .handling
        .as_deref()
        .map(|h| h.parse::<ConflictHandling>().map_err(|_| bad_value("meeting_conflicts.handling", h)))
        .transpose()?;
    Ok(ConflictDeclaration {
        id: ConflictId(row.id),
        meeting_id: MeetingId(row.meeting_id),
        agenda_item_id: AgendaItemId(row.agenda_item_id),
        user_id: UserId(row.user_id),
        user_name: name,
        interest: DeclaredInterest {
            id: InterestId(row.interest_id),
            kind: kind.parse().map_err(|_| bad_value("interests.kind", &kind))?,
            organisation,
            nature,
        },
        declared_by: row.declared_by.map(UserId),
        declared_at: row.declared_at,
        handling,
        handled_at: row.handled_at,
        minute_entry_id: row.minute_entry_id,
    })
}

pub struct PgConflictRepository {
    pool: PgPool,
}

impl PgConflictRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    fn write<T>(&self, work: impl FnOnce(&mut PgConnection) -> Tx<T>) -> Result<T, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| work(conn)).map_err(Refusal::into_error)
    }

    fn load(
        &self,
        conn: &mut PgConnection,
        meeting: MeetingId,
    ) -> Result<Vec<ConflictDeclaration>, RepoError> {
        let rows: Vec<Joined> = meeting_conflicts::table
            .inner_join(users::table.on(users::id.eq(meeting_conflicts::user_id)))
            .inner_join(interests::table)
            .inner_join(agenda_items::table)
            .filter(meeting_conflicts::meeting_id.eq(meeting.0))
            .order((agenda_items::position.asc(), meeting_conflicts::id.asc()))
            .select((
                ConflictRow::as_select(),
                users::name,
                interests::kind,
                interests::organisation,
                interests::nature,
            ))
            .load(conn)
            .map_err(repo_error)?;
        rows.into_iter().map(to_declaration).collect()
    }

    fn one(
        &self,
        conn: &mut PgConnection,
        meeting: MeetingId,
        id: i32,
    ) -> Result<ConflictDeclaration, RepoError> {
        self.load(conn, meeting)?.into_iter().find(|d| d.id.0 == id).ok_or(RepoError::NotFound)
    }
}

impl ConflictRepository for PgConflictRepository {
    fn list(&self, meeting: MeetingId) -> Result<Vec<ConflictDeclaration>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        self.load(&mut conn, meeting)
    }

    fn declare(&self, conflict: NewConflict) -> Result<ConflictDeclaration, GovernanceRefusal> {
        let meeting = conflict.meeting_id;
        self.write(|conn| {
            lock_meeting(conn, meeting)?.map_err(Refusal::Refused)?;
            let declared: i64 = meeting_conflicts::table
                .filter(meeting_conflicts::agenda_item_id.eq(conflict.agenda_item_id.0))
                .filter(meeting_conflicts::user_id.eq(conflict.user_id.0))
                .count()
                .get_result(conn)?;
            if declared > 0 {
                return Err(Refusal::Refused(GovernanceRefusal::ConflictAlreadyDeclared));
            }
            let interest = match &conflict.interest {
                DeclaredOn::Entry(interest) => *interest,
                DeclaredOn::NewEntry { fields, editor } => {
                    insert_entry(conn, conflict.user_id, fields, editor, conflict.declared_at)
                        .map_err(Refusal::from)?
                        .ok_or(Refusal::Refused(GovernanceRefusal::NoSuchTrustee))?
                }
            };
            // The unique index is the backstop for two declarations at once; this names the refusal.
            let id: i32 = diesel::insert_into(meeting_conflicts::table)
                .values((
                    meeting_conflicts::meeting_id.eq(meeting.0),
                    meeting_conflicts::agenda_item_id.eq(conflict.agenda_item_id.0),
                    meeting_conflicts::user_id.eq(conflict.user_id.0),
                    meeting_conflicts::interest_id.eq(interest.0),
                    meeting_conflicts::declared_by.eq(conflict.declared_by.0),
                    meeting_conflicts::declared_at.eq(conflict.declared_at),
                ))
                .returning(meeting_conflicts::id)
                .get_result(conn)
                .map_err(|e| match repo_error(e) {
                    RepoError::Duplicate(_) => Refusal::Refused(GovernanceRefusal::ConflictAlreadyDeclared),
                    other => refused(other),
                })?;
            self.one(conn, meeting, id).map_err(refused)
        })
    }

    fn set_handling(
        &self,
        meeting: MeetingId,
        item: AgendaItemId,
        id: ConflictId,
        handling: Option<ConflictHandling>,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<ConflictDeclaration, GovernanceRefusal> {
        let (by, at) = if handling.is_some() { (Some(by.0), Some(at)) } else { (None, None) };
        self.write(|conn| {
            lock_meeting(conn, meeting)?.map_err(Refusal::Refused)?;
            let changed = diesel::update(
                meeting_conflicts::table
                    .filter(meeting_conflicts::id.eq(id.0))
                    .filter(meeting_conflicts::meeting_id.eq(meeting.0))
                    .filter(meeting_conflicts::agenda_item_id.eq(item.0)),
            )
            .set((
                meeting_conflicts::handling.eq(handling.map(|h| h.as_str())),
                meeting_conflicts::handled_by.eq(by),
                meeting_conflicts::handled_at.eq(at),
            ))
            .execute(conn)?;
            if changed == 0 {
                return Err(Refusal::Refused(GovernanceRefusal::ConflictNotFound));
            }
            self.one(conn, meeting, id.0).map_err(refused)
        })
    }

    fn delete(
        &self,
        meeting: MeetingId,
        item: AgendaItemId,
        id: ConflictId,
        decide: DecideWithdrawal<'_>,
        record: Option<DraftRecord>,
    ) -> Result<(), GovernanceRefusal> {
        self.write(|conn| {
            // Locked before the declaration is read; cancelled is refused after `decide`, as it always was.
            let open = lock_meeting(conn, meeting)?;
            let declaration = self
                .load(conn, meeting)
                .map_err(refused)?
                .into_iter()
                .find(|d| d.id == id && d.agenda_item_id == item)
                .ok_or(Refusal::Refused(GovernanceRefusal::ConflictNotFound))?;
            decide(&declaration).map_err(Refusal::Refused)?;
            open.map_err(Refusal::Refused)?;
            if let Some(record) = record {
                delete_entry_in(conn, meeting, record.entry_id, record.at)
                    .map_err(|e| e.map(GovernanceRefusal::Meetings))?;
            }
            diesel::delete(meeting_conflicts::table.filter(meeting_conflicts::id.eq(id.0))).execute(conn)?;
            Ok(())
        })
    }

    fn set_minute_entry(&self, id: ConflictId, entry: Option<i32>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::update(meeting_conflicts::table.filter(meeting_conflicts::id.eq(id.0)))
            .set(meeting_conflicts::minute_entry_id.eq(entry))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }
}
