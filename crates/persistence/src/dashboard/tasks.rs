//! The reads behind the "For you" list (spec §2 Dashboard, "For you"): one set-based query per kind, all in
//! one read-only snapshot, each with the visibility rule of the area it reads (the meetings' `visible_to`,
//! attendance's `invited`, the actions' `action_visible_to`).

use chrono::{DateTime, NaiveDate, Utc};
use diesel::dsl::{count_star, sql};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Integer, Text};

use domain::actions::ActionStatus;
use domain::audit::AuditKind;
use domain::dashboard::tasks::{
    ActionToDo, ConflictToHandle, MeetingToDo, MinutesToRead, PapersToRead, TaskFacts, TaskReader,
    TaskWindows, TasksRepository,
};
use domain::meetings::attendance::RecordedAttendance;
use domain::meetings::meeting::MeetingStatus;
use domain::meetings::written_minutes::WrittenMinutesStatus;
use domain::{ActionId, MeetingId, RepoError};

use crate::actions::action_visible_to;
use crate::meetings::{invited, visible_to};
use crate::schema::{actions, agenda_items, agenda_papers, meeting_conflicts, meetings, users};
use crate::shared::error::{bad_value, pool_error, repo_error, TxError};
use crate::PgPool;

pub struct PgTasksRepository {
    pool: PgPool,
}

impl PgTasksRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

type MeetingCols = (meetings::id, meetings::title, meetings::meeting_date, meetings::duration_minutes);
const MEETING: MeetingCols =
    (meetings::id, meetings::title, meetings::meeting_date, meetings::duration_minutes);
type MeetingRow = (i32, String, DateTime<Utc>, i32);

fn to_meeting((id, title, starts_at, duration_minutes): MeetingRow) -> MeetingToDo {
    MeetingToDo { id: MeetingId(id), title, starts_at, duration_minutes }
}

/// The meetings `query` finds, soonest first, as tasks name them.
fn soonest_first(
    query: meetings::BoxedQuery<'_, diesel::pg::Pg>,
    conn: &mut PgConnection,
) -> Result<Vec<MeetingToDo>, RepoError> {
    let rows: Vec<MeetingRow> = query
        .order((meetings::meeting_date.asc(), meetings::id.asc()))
        .select(MEETING)
        .load(conn)
        .map_err(repo_error)?;
    Ok(rows.into_iter().map(to_meeting).collect())
}

/// Not cancelled: a cancelled meeting gives no task.
fn scheduled() -> diesel::dsl::Eq<meetings::status, &'static str> {
    meetings::status.eq(MeetingStatus::Scheduled.as_str())
}

impl TasksRepository for PgTasksRepository {
    fn facts(&self, reader: TaskReader, windows: TaskWindows) -> Result<TaskFacts, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.build_transaction()
            .read_only()
            .repeatable_read()
            .run(|conn| -> Result<TaskFacts, TxError> { read(conn, reader, windows).map_err(TxError::Repo) })
            .map_err(RepoError::from)
    }
}

fn read(conn: &mut PgConnection, reader: TaskReader, windows: TaskWindows) -> Result<TaskFacts, RepoError> {
    let TaskWindows {
        now,
        answer_until,
        publish_until,
        record_since,
        circulate_since,
        circulate_before,
        conflicts_since,
    } = windows;
    let user = reader.user.0;
    // Invited (spec §2 Attendance section) and not answered; a line recorded for them without an answer
    // still asks for one.
    let to_answer = soonest_first(
        meetings::table
            .filter(scheduled())
            .filter(meetings::meeting_date.ge(now).and(meetings::meeting_date.lt(answer_until)))
            .filter(invited(reader.user))
            .filter(
                sql::<Bool>(
                    "NOT EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.meeting_id = meetings.id \
                 AND a.response IS NOT NULL AND a.user_id = ",
                )
                .bind::<Integer, _>(user)
                .sql(")"),
            )
            .into_boxed(),
        conn,
    )?;

    // The next meeting with a published agenda (trustees see published agendas only, spec §2 Agenda) that
    // the reader is invited to: an admin or chair who sees a committee's meeting without sitting on it is
    // not asked to read its papers, and it does not hide the next board meeting's.
    let next = meetings::table
        .filter(scheduled())
        .filter(meetings::meeting_date.ge(now))
        .filter(meetings::agenda_published_at.is_not_null())
        .filter(invited(reader.user))
        .order((meetings::meeting_date.asc(), meetings::id.asc()))
        .select(MEETING)
        .first(conn)
        .optional()
        .map_err(repo_error)?
        .map(to_meeting);
    let papers = match next {
        None => None,
        Some(meeting) => {
            // Opened: the reader viewed or downloaded it, as the audit log records (spec §8 Audit log): a
            // library document by its document id, a paper uploaded to the item by its own id; or they
            // showed a page of it in the reader (docs/spec.md "Reading records"). Records exist only while
            // the board keeps them, so with them off this is the audit rule alone.
            let unopened = agenda_papers::table
                .inner_join(agenda_items::table)
                .filter(agenda_items::meeting_id.eq(meeting.id.0))
                .filter(
                    sql::<Bool>(
                        "NOT EXISTS (SELECT 1 FROM reading_records r WHERE r.paper_kind = 'agendaPaper' \
                         AND r.paper_id = agenda_papers.id AND r.user_id = ",
                    )
                    .bind::<Integer, _>(user)
                    .sql(")"),
                )
                .filter(
                    sql::<Bool>(
                        "NOT EXISTS (SELECT 1 FROM audit_events e WHERE e.kind IN (",
                    )
                    .bind::<Text, _>(AuditKind::DocumentViewed.as_str())
                    .sql(", ")
                    .bind::<Text, _>(AuditKind::DocumentDownloaded.as_str())
                    .sql(
                        ") AND ((e.object_type = 'document' AND e.object_id = agenda_papers.document_id::text) \
                         OR (e.object_type = 'agenda_paper' AND e.object_id = agenda_papers.id::text)) \
                         AND e.actor_id = ",
                    )
                    .bind::<Integer, _>(user)
                    .sql(")"),
                )
                .select(count_star())
                .first::<i64>(conn)
                .map_err(repo_error)?;
            Some(PapersToRead { meeting, unopened })
        }
    };

    // Their own actions not complete (spec §4 Actions), among those they see.
    let actions = actions::table
        .filter(actions::assigned_to.eq(user))
        .filter(action_visible_to(reader.scope))
        .filter(actions::status.ne(ActionStatus::Complete.as_str()))
        .order((actions::due_date.asc().nulls_last(), actions::id.asc()))
        .select((actions::id, actions::title, actions::status, actions::due_date, actions::meeting_id))
        .load::<(i32, String, String, Option<NaiveDate>, Option<i32>)>(conn)
        .map_err(repo_error)?
        .into_iter()
        .map(|(id, title, status, due_date, meeting_id)| {
            Ok(ActionToDo {
                id: ActionId(id),
                title,
                status: status.parse().map_err(|_| bad_value("actions.status", &status))?,
                due_date,
                meeting_id: meeting_id.map(MeetingId),
            })
        })
        .collect::<Result<Vec<_>, RepoError>>()?;

    // The current (newest) version circulated, seen from circulation on by the meeting's readers (spec §2
    // Minutes), at a meeting where the reader was recorded present.
    let minutes = meetings::table
        .filter(scheduled())
        .filter(
            sql::<Bool>(
                "EXISTS (SELECT 1 FROM written_minutes w WHERE w.meeting_id = meetings.id AND w.status = ",
            )
            .bind::<Text, _>(WrittenMinutesStatus::Circulated.as_str())
            .sql(
                " AND NOT EXISTS (SELECT 1 FROM written_minutes n WHERE n.meeting_id = w.meeting_id \
                 AND n.version > w.version))",
            ),
        )
        .filter(visible_to(reader.scope))
        .filter(
            sql::<Bool>(
                "EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.meeting_id = meetings.id AND a.recorded = ",
            )
            .bind::<Text, _>(RecordedAttendance::Present.as_str())
            .sql(" AND a.user_id = ")
            .bind::<Integer, _>(user)
            .sql(")"),
        )
        .order((meetings::meeting_date.asc(), meetings::id.asc()))
        .select(MEETING)
        .load(conn)
        .map_err(repo_error)?
        .into_iter()
        .map(|m| MinutesToRead { meeting: to_meeting(m) })
        .collect();

    let mut facts = TaskFacts { to_answer, papers, actions, minutes, ..TaskFacts::default() };
    if !reader.officer {
        return Ok(facts);
    }

    facts.to_publish = soonest_first(
        meetings::table
            .filter(scheduled())
            .filter(meetings::meeting_date.ge(now).and(meetings::meeting_date.lt(publish_until)))
            .filter(meetings::agenda_published_at.is_null())
            .into_boxed(),
        conn,
    )?;

    // Recorded: anyone (or any guest) recorded, as the quorum summary counts it (spec §2 Attendance section).
    // Started within the limit; the service keeps those that have ended as planned.
    facts.to_record = soonest_first(
        meetings::table
            .filter(scheduled())
            .filter(meetings::meeting_date.lt(now).and(meetings::meeting_date.ge(record_since)))
            .filter(sql::<Bool>(
                "NOT EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.meeting_id = meetings.id \
             AND a.recorded IS NOT NULL)",
            ))
            .into_boxed(),
        conn,
    )?;

    // Not circulated: no version of the written minutes ever left draft, and no minutes were uploaded
    // to the library for the meeting (spec §2 Minutes).
    facts.to_circulate = soonest_first(
        meetings::table
            .filter(scheduled())
            .filter(meetings::meeting_date.lt(circulate_before).and(meetings::meeting_date.ge(circulate_since)))
            .filter(
            sql::<Bool>(
                "NOT EXISTS (SELECT 1 FROM written_minutes w WHERE w.meeting_id = meetings.id AND w.status <> ",
            )
            .bind::<Text, _>(WrittenMinutesStatus::Draft.as_str())
            .sql(") AND NOT EXISTS (SELECT 1 FROM minutes u WHERE u.meeting_id = meetings.id)"),
        )
            .into_boxed(),
        conn,
    )?;

    // Declared and not yet handled by the chair (spec §10 Governance, conflicts of interest).
    facts.conflicts = meeting_conflicts::table
        .inner_join(meetings::table)
        .inner_join(agenda_items::table)
        .inner_join(users::table.on(users::id.eq(meeting_conflicts::user_id)))
        .filter(scheduled())
        .filter(meetings::meeting_date.ge(conflicts_since))
        .filter(meeting_conflicts::handling.is_null())
        .order((meetings::meeting_date.asc(), meeting_conflicts::id.asc()))
        .select((meeting_conflicts::id, MEETING, agenda_items::title, users::name))
        .load::<(i32, MeetingRow, String, String)>(conn)
        .map_err(repo_error)?
        .into_iter()
        .map(|(id, meeting, item_title, trustee_name)| ConflictToHandle {
            id,
            meeting: to_meeting(meeting),
            item_title,
            trustee_name,
        })
        .collect();
    Ok(facts)
}
