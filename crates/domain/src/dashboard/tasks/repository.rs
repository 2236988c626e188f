//! What the "For you" list reads about meetings, actions, minutes and conflicts (spec §2 Dashboard,
//! "For you"), counted in the database in one snapshot.

use chrono::{DateTime, NaiveDate, Utc};

use crate::actions::ActionStatus;
use crate::meetings::meeting::{planned_end_of, MeetingScope};
use crate::{ActionId, MeetingId, RepoError, UserId};

/// Whose tasks are read: the person, the meetings they see, and whether they are an admin or chair (who
/// also get the officers' kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskReader {
    pub user: UserId,
    pub scope: MeetingScope,
    pub officer: bool,
}

/// A meeting a task is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingToDo {
    pub id: MeetingId,
    pub title: String,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
}

impl MeetingToDo {
    /// Its start plus its planned duration, as the meeting page shows it.
    pub fn planned_end(&self) -> DateTime<Utc> {
        planned_end_of(self.starts_at, self.duration_minutes)
    }
}

/// The moments that bound what the list reads (spec §2 Dashboard, "For you"), worked out by the service
/// from its limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskWindows {
    pub now: DateTime<Utc>,
    /// Invitations to answer: meetings starting from `now` until then.
    pub answer_until: DateTime<Utc>,
    /// Agendas to publish: meetings starting from `now` until then.
    pub publish_until: DateTime<Utc>,
    /// Attendance to record: meetings started from then until `now`.
    pub record_since: DateTime<Utc>,
    /// Minutes to circulate: meetings started from `circulate_since` until `circulate_before`.
    pub circulate_since: DateTime<Utc>,
    pub circulate_before: DateTime<Utc>,
    /// Conflicts to handle: meetings started from then, or still to come.
    pub conflicts_since: DateTime<Utc>,
}

/// The next meeting with a published agenda and how many of its papers the person has not opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PapersToRead {
    pub meeting: MeetingToDo,
    pub unopened: i64,
}

/// One of the person's own open actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionToDo {
    pub id: ActionId,
    pub title: String,
    /// As stored: pending or in progress (overdue is worked out from `due_date`).
    pub status: ActionStatus,
    pub due_date: Option<NaiveDate>,
    pub meeting_id: Option<MeetingId>,
}

/// Circulated written minutes of a meeting the person attended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinutesToRead {
    pub meeting: MeetingToDo,
}

/// A conflict declared on an agenda item with no handling recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConflictToHandle {
    pub id: i32,
    pub meeting: MeetingToDo,
    pub item_title: String,
    pub trustee_name: String,
}

/// Everything the repository finds for one reader; the officers' lists are empty for anyone else.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaskFacts {
    pub to_answer: Vec<MeetingToDo>,
    pub papers: Option<PapersToRead>,
    pub actions: Vec<ActionToDo>,
    pub minutes: Vec<MinutesToRead>,
    pub to_publish: Vec<MeetingToDo>,
    pub to_record: Vec<MeetingToDo>,
    pub to_circulate: Vec<MeetingToDo>,
    pub conflicts: Vec<ConflictToHandle>,
}

/// The reads behind the meeting-, action- and minutes-based tasks.
pub trait TasksRepository: Send + Sync {
    /// Within `windows`: meetings to come the reader is invited to and has not answered; the unopened
    /// papers of the next meeting with a published agenda they are invited to; their pending and
    /// in-progress actions they see; circulated minutes of meetings they see and were recorded present
    /// at; and for officers, meetings to come with a draft agenda, meetings started with no attendance
    /// recorded (the service keeps those that have ended), meetings with no minutes circulated, and
    /// unhandled conflicts. Cancelled meetings give nothing.
    fn facts(&self, reader: TaskReader, windows: TaskWindows) -> Result<TaskFacts, RepoError>;
}
