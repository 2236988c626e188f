pub mod refusal;
pub mod repository;
pub mod service;

pub use refusal::ActionsRefusal;
pub use repository::ActionRepository;
pub use service::{ActionService, CreateActionRequest};

use chrono::{DateTime, NaiveDate, Utc};

use crate::{ActionId, MeetingId, UserId};

string_enum!(
    /// An action's status as the API reports it; `overdue` is computed by the server (not complete and due
    /// before today), never stored or set.
    ActionStatus {
        Pending => "pending",
        InProgress => "in-progress",
        Complete => "complete",
        Overdue => "overdue",
    }
);

string_enum!(
    /// An action's priority.
    ActionPriority {
        Low => "low",
        Medium => "medium",
        High => "high",
    }
);

impl ActionStatus {
    /// The statuses a client may set (spec §4): overdue is only ever displayed.
    pub fn is_settable(self) -> bool {
        !matches!(self, ActionStatus::Overdue)
    }

    /// What the board sees: an unfinished action whose due date is before today is overdue.
    pub fn reported(stored: ActionStatus, due_date: Option<NaiveDate>, today: NaiveDate) -> Self {
        match (stored, due_date) {
            (ActionStatus::Complete, _) => ActionStatus::Complete,
            (_, Some(due)) if due < today => ActionStatus::Overdue,
            (status, _) => status,
        }
    }
}

/// A task the board tracks (spec §3 Action).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub id: ActionId,
    pub title: String,
    pub description: String,
    /// `None` once the assignee's account has been deleted: the action itself is kept.
    pub assigned_to: Option<UserId>,
    pub assigned_to_name: Option<String>,
    pub due_date: Option<NaiveDate>,
    pub priority: ActionPriority,
    /// As stored (never `Overdue`) when read from a repository; use cases hand out `reported_on(today)`.
    pub status: ActionStatus,
    pub completed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The meeting whose minutes recorded this action (spec §2 Written minutes and the decisions register),
    /// if any.
    pub meeting_id: Option<MeetingId>,
}

impl Action {
    /// The action as the board sees it on `today`: its status becomes `Overdue` when that applies.
    pub fn reported_on(mut self, today: NaiveDate) -> Self {
        self.status = ActionStatus::reported(self.status, self.due_date, today);
        self
    }

    /// A complete action never changes again (spec §4: there is no way back).
    pub fn is_final(&self) -> bool {
        self.status == ActionStatus::Complete
    }
}

/// A validated action to insert; it starts pending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAction {
    pub title: String,
    pub description: String,
    pub assigned_to: UserId,
    pub created_by: UserId,
    pub due_date: Option<NaiveDate>,
    pub priority: ActionPriority,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(2026, 3, d)
    }

    #[test]
    fn overdue_is_derived_from_the_due_date() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap_or_default();
        assert_eq!(ActionStatus::reported(ActionStatus::Pending, day(9), today), ActionStatus::Overdue);
        assert_eq!(ActionStatus::reported(ActionStatus::InProgress, day(1), today), ActionStatus::Overdue);
        assert_eq!(ActionStatus::reported(ActionStatus::Pending, day(10), today), ActionStatus::Pending);
        assert_eq!(ActionStatus::reported(ActionStatus::Complete, day(1), today), ActionStatus::Complete);
        assert_eq!(ActionStatus::reported(ActionStatus::Pending, None, today), ActionStatus::Pending);
    }

    #[test]
    fn clients_cannot_set_overdue() {
        assert!(!ActionStatus::Overdue.is_settable());
        assert!(ActionStatus::InProgress.is_settable());
        assert_eq!("in-progress".parse::<ActionStatus>(), Ok(ActionStatus::InProgress));
    }
}
