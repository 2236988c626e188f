//! Attendance at meetings (spec §2 Attendance section) and private calendar feeds (spec §2 Calendar feed).

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::identity::role::Role;
use domain::meetings::attendance::{
    AttendanceEntry, AttendanceMeeting, AttendanceResponse, Invitee, RecordedAttendance,
};
use domain::meetings::{AttendanceRepository, MeetingsRefusal, RecordChange};
use domain::{CommitteeId, MeetingId, RepoError, UserId};

use crate::schema::{committee_members, guest_meetings, meeting_attendance, meetings, users};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

/// The committees a user belongs to.
fn committees_of(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<CommitteeId>> {
    let ids = committee_members::table
        .filter(committee_members::user_id.eq(user.0))
        .select(committee_members::committee_id)
        .load::<i32>(conn)?;
    Ok(ids.into_iter().map(CommitteeId).collect())
}

/// The meetings `user` is invited to (spec §2 Attendance section), the rule `invitees` lists from the other
/// side: every board meeting, and the committee meetings of their own committees. It is the meetings'
/// visibility rule for a reader who is not an officer (officers see committee meetings they are not
/// invited to).
pub(crate) fn invited(
    user: UserId,
) -> Box<dyn BoxableExpression<meetings::table, diesel::pg::Pg, SqlType = diesel::sql_types::Bool>> {
    crate::meetings::visible_to(domain::meetings::meeting::MeetingScope::VisibleTo(user))
}

pub struct PgAttendanceRepository {
    pool: PgPool,
}

impl PgAttendanceRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

type EntryRow = (
    i32,
    Option<i32>,
    String,
    Option<String>,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<String>,
    Option<DateTime<Utc>>,
);

fn to_entry(row: EntryRow) -> Result<AttendanceEntry, RepoError> {
    let (id, user_id, name, response, reason, responded_at, recorded, recorded_at) = row;
    let response = response
        .map(|r| r.parse::<AttendanceResponse>().map_err(|_| bad_value("meeting_attendance.response", &r)))
        .transpose()?;
    let recorded = recorded
        .map(|r| r.parse::<RecordedAttendance>().map_err(|_| bad_value("meeting_attendance.recorded", &r)))
        .transpose()?;
    Ok(AttendanceEntry {
        id,
        user_id: user_id.map(UserId),
        name,
        response,
        reason,
        responded_at,
        recorded,
        recorded_at,
    })
}

impl AttendanceRepository for PgAttendanceRepository {
    fn meeting(&self, id: MeetingId) -> Result<AttendanceMeeting, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (id, kind, committee_id, status) = meetings::table
            .find(id.0)
            .select((meetings::id, meetings::kind, meetings::committee_id, meetings::status))
            .first::<(i32, String, Option<i32>, String)>(&mut conn)
            .map_err(repo_error)?;
        Ok(AttendanceMeeting {
            id: MeetingId(id),
            committee_id: committee_id.map(CommitteeId),
            committee_meeting: kind == "committee",
            cancelled: status == "cancelled",
        })
    }

    fn committees_of(&self, user: UserId) -> Result<Vec<CommitteeId>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        committees_of(&mut conn, user).map_err(repo_error)
    }

    /// The users `invited` names from the meeting's side.
    fn invitees(&self, meeting: &AttendanceMeeting) -> Result<Vec<Invitee>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<(i32, String, String)> = if meeting.committee_meeting {
            let Some(committee) = meeting.committee_id else {
                return Ok(Vec::new());
            };
            users::table
                .inner_join(committee_members::table)
                .filter(committee_members::committee_id.eq(committee.0))
                .filter(users::active.eq(true))
                .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
                .order((users::name.asc(), users::id.asc()))
                .select((users::id, users::name, users::role))
                .load(&mut conn)
                .map_err(repo_error)?
        } else {
            users::table
                .filter(users::active.eq(true))
                .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
                .order((users::name.asc(), users::id.asc()))
                .select((users::id, users::name, users::role))
                .load(&mut conn)
                .map_err(repo_error)?
        };
        invitee_rows(rows)
    }

    fn named_guests(&self, meeting: MeetingId) -> Result<Vec<Invitee>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<(i32, String, String)> = users::table
            .inner_join(guest_meetings::table.on(guest_meetings::user_id.eq(users::id)))
            .filter(guest_meetings::meeting_id.eq(meeting.0))
            .filter(users::active.eq(true))
            .order((users::name.asc(), users::id.asc()))
            .select((users::id, users::name, users::role))
            .load(&mut conn)
            .map_err(repo_error)?;
        invitee_rows(rows)
    }

    fn guest_sees(&self, guest: UserId, meeting: MeetingId) -> Result<bool, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let visible = crate::meetings::visible_to(domain::meetings::meeting::MeetingScope::GuestOf(guest));
        diesel::select(diesel::dsl::exists(meetings::table.find(meeting.0).filter(visible)))
            .get_result(&mut conn)
            .map_err(repo_error)
    }

    fn entries(&self, meeting: MeetingId) -> Result<Vec<AttendanceEntry>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows = meeting_attendance::table
            .filter(meeting_attendance::meeting_id.eq(meeting.0))
            .order(meeting_attendance::id.asc())
            .select((
                meeting_attendance::id,
                meeting_attendance::user_id,
                meeting_attendance::name,
                meeting_attendance::response,
                meeting_attendance::reason,
                meeting_attendance::responded_at,
                meeting_attendance::recorded,
                meeting_attendance::recorded_at,
            ))
            .load::<EntryRow>(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(to_entry).collect()
    }

    fn respond(
        &self,
        meeting: MeetingId,
        member: &Invitee,
        response: AttendanceResponse,
        reason: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::insert_into(meeting_attendance::table)
            .values((
                meeting_attendance::meeting_id.eq(meeting.0),
                meeting_attendance::user_id.eq(member.user_id.0),
                meeting_attendance::name.eq(&member.name),
                meeting_attendance::response.eq(response.as_str()),
                meeting_attendance::reason.eq(&reason),
                meeting_attendance::responded_at.eq(at),
            ))
            .on_conflict((meeting_attendance::meeting_id, meeting_attendance::user_id))
            .do_update()
            .set((
                meeting_attendance::name.eq(&member.name),
                meeting_attendance::response.eq(response.as_str()),
                meeting_attendance::reason.eq(&reason),
                meeting_attendance::responded_at.eq(at),
            ))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn record(
        &self,
        meeting: MeetingId,
        changes: &[RecordChange],
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            for change in changes {
                let recorded = change.recorded.map(|r| r.as_str());
                diesel::insert_into(meeting_attendance::table)
                    .values((
                        meeting_attendance::meeting_id.eq(meeting.0),
                        meeting_attendance::user_id.eq(change.user_id.0),
                        meeting_attendance::name.eq(&change.name),
                        meeting_attendance::recorded.eq(recorded),
                        meeting_attendance::recorded_by.eq(by.0),
                        meeting_attendance::recorded_at.eq(at),
                    ))
                    .on_conflict((meeting_attendance::meeting_id, meeting_attendance::user_id))
                    .do_update()
                    .set((
                        meeting_attendance::name.eq(&change.name),
                        meeting_attendance::recorded.eq(recorded),
                        meeting_attendance::recorded_by.eq(by.0),
                        meeting_attendance::recorded_at.eq(at),
                    ))
                    .execute(conn)?;
            }
            // A non-member cleared again leaves nothing behind.
            diesel::delete(
                meeting_attendance::table
                    .filter(meeting_attendance::meeting_id.eq(meeting.0))
                    .filter(meeting_attendance::recorded.is_null())
                    .filter(meeting_attendance::response.is_null()),
            )
            .execute(conn)?;
            Ok::<_, diesel::result::Error>(())
        })
        .map_err(repo_error)
    }

    fn add_guest(
        &self,
        meeting: MeetingId,
        name: &str,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<i32, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::insert_into(meeting_attendance::table)
            .values((
                meeting_attendance::meeting_id.eq(meeting.0),
                meeting_attendance::name.eq(name),
                meeting_attendance::recorded.eq(RecordedAttendance::Guest.as_str()),
                meeting_attendance::recorded_by.eq(by.0),
                meeting_attendance::recorded_at.eq(at),
            ))
            .returning(meeting_attendance::id)
            .get_result(&mut conn)
            .map_err(|e| match e {
                // The meeting was deleted meanwhile.
                diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                    _,
                ) => RepoError::NotFound,
                other => repo_error(other),
            })
    }

    fn remove_guest(&self, meeting: MeetingId, id: i32) -> Result<(), MeetingsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let removed = diesel::delete(
            meeting_attendance::table
                .filter(meeting_attendance::id.eq(id))
                .filter(meeting_attendance::meeting_id.eq(meeting.0))
                .filter(meeting_attendance::recorded.eq(RecordedAttendance::Guest.as_str())),
        )
        .execute(&mut conn)
        .map_err(repo_error)?;
        if removed == 0 {
            return Err(MeetingsRefusal::GuestNotFound);
        }
        Ok(())
    }
}

/// Invitees from `(id, name, role)` rows, in the rows' order.
fn invitee_rows(rows: Vec<(i32, String, String)>) -> Result<Vec<Invitee>, RepoError> {
    rows.into_iter()
        .map(|(id, name, role)| {
            let role: Role = role.parse().map_err(|_| bad_value("users.role", &role))?;
            Ok(Invitee { user_id: UserId(id), name, role })
        })
        .collect()
}
