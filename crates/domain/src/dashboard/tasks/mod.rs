//! The "For you" list (spec §2 Dashboard, "For you"): what the signed-in person has to do, each task
//! drawn from the record it is about and obeying that record's visibility.

pub mod repository;
pub mod service;

use chrono::{DateTime, NaiveDate, Utc};

use crate::MeetingId;

pub use repository::{
    ActionToDo, ConflictToHandle, MeetingToDo, MinutesToRead, PapersToRead, TaskFacts, TaskReader,
    TaskWindows, TasksRepository,
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

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn task(kind: TaskKind, id: &str, due: Option<TaskDue>) -> Task {
        Task {
            id: id.into(),
            kind,
            text: String::new(),
            due,
            overdue: false,
            meeting_id: None,
            link: String::new(),
        }
    }

    #[test]
    fn tasks_are_soonest_first_a_day_from_its_midnight_undated_last_then_by_kind_and_id() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
        // Midnight in London is 00:00 UTC in December.
        let midnight = |d: NaiveDate| d.and_hms_opt(0, 0, 0).unwrap().and_utc();
        let at = |h| Utc.with_ymd_and_hms(2026, 12, 1, h, 0, 0).unwrap();
        let mut tasks = [
            task(TaskKind::DoAction, "do-action:2", None),
            task(TaskKind::AnswerAttendance, "answer-attendance:9", Some(TaskDue::At(at(18)))),
            task(TaskKind::ReadMinutes, "read-minutes:1", None),
            task(TaskKind::DoAction, "do-action:1", None),
            task(TaskKind::DeclareInterests, "declare-interests:3", Some(TaskDue::On(day))),
            task(TaskKind::VoteResolution, "vote-resolution:4", Some(TaskDue::At(at(0)))),
        ];
        tasks.sort_by_cached_key(|t| t.sort_key(midnight));
        let ids: Vec<&str> = tasks.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                // The same instant: the kind's order decides.
                "vote-resolution:4",
                "declare-interests:3",
                "answer-attendance:9",
                "do-action:1",
                "do-action:2",
                "read-minutes:1",
            ]
        );
    }

    #[test]
    fn the_kinds_are_spelled_as_the_wire_contract_says() {
        let spelled: Vec<&str> = TaskKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(
            spelled,
            [
                "answer-attendance",
                "read-papers",
                "vote-resolution",
                "declare-interests",
                "do-action",
                "read-minutes",
                "publish-agenda",
                "record-attendance",
                "circulate-minutes",
                "chase-declarations",
                "term-ending",
                "handle-conflict",
            ]
        );
    }
}
