//! The "For you" list (spec §2 Dashboard, "For you"): what the signed-in person has to do, each task
//! drawn from the record it is about and obeying that record's visibility.

pub mod repository;
pub mod service;

use chrono::{DateTime, NaiveDate, Utc};

use crate::MeetingId;

pub use repository::{
    ActionToDo, ConflictToHandle, MeetingToDo, MinutesToRead, PapersToRead, TaskFacts, TaskReader,
    TasksRepository,
};
pub use service::{TasksOf, TasksService};

string_enum!(
    /// What a task asks for, in the order tasks without a date are listed (spec §2 Dashboard, "For you").
    TaskKind {
        AnswerAttendance => "answer-attendance",
        ReadPapers => "read-papers",
        VoteResolution => "vote-resolution",
        DeclareInterests => "declare-interests",
        DoAction => "do-action",
        ReadMinutes => "read-minutes",
        PublishAgenda => "publish-agenda",
        RecordAttendance => "record-attendance",
        CirculateMinutes => "circulate-minutes",
        ChaseDeclarations => "chase-declarations",
        TermEnding => "term-ending",
        HandleConflict => "handle-conflict",
    }
);

impl TaskKind {
    /// Its place among the kinds (`ALL` is in the listed order).
    fn rank(self) -> usize {
        Self::ALL.iter().position(|k| *k == self).unwrap_or(Self::ALL.len())
    }
}

/// When a task is due: a moment (a meeting's start, a resolution's closing time) or a day (an action's,
/// a round's or a term's end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskDue {
    At(DateTime<Utc>),
    On(NaiveDate),
}

/// One thing to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    /// `<kind>:<id of the record>`, unique within one list.
    pub id: String,
    pub kind: TaskKind,
    /// A short sentence naming the thing, without its date.
    pub text: String,
    pub due: Option<TaskDue>,
    pub overdue: bool,
    pub meeting_id: Option<MeetingId>,
    /// The portal path where it is done.
    pub link: String,
}

impl Task {
    /// The order of the list: by due time (a day counts from its midnight in the board's time zone, given
    /// as `day_start`), undated last, then by kind, then by id.
    pub(crate) fn sort_key(&self, day_start: impl Fn(NaiveDate) -> DateTime<Utc>) -> impl Ord {
        let at = self.due.map(|due| match due {
            TaskDue::At(at) => at,
            TaskDue::On(day) => day_start(day),
        });
        (at.is_none(), at, self.kind.rank(), self.id.clone())
    }
}
