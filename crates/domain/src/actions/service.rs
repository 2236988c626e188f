//! The action tracker (spec §2 Actions, §4 Action status, §6).

use std::sync::Arc;

use chrono::NaiveDate;

use crate::actions::{Action, ActionPriority, ActionStatus, NewAction};
use crate::actions::{ActionRepository, ActionsRefusal};
use crate::identity::permissions;
use crate::identity::user::User;
use crate::meetings::rules::scope_of;
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::{Clock, FieldLimits, IsoDate, Limit, Received};
use crate::{ActionId, UserId};

pub const TITLE_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 5000;
/// The smallest id an assignee can have (ids are serials from 1).
pub const ASSIGNEE_ID_MIN: i64 = 1;
pub const ASSIGNEE_REQUIRED: &str = "Assignee is required";
pub use crate::actions::refusal::{ACTION_COMPLETE, ASSIGNEE_NOT_ACTIVE};
pub const PRIORITY_INVALID: &str = "Priority must be low, medium or high";
pub const STATUS_INVALID: &str = "Status must be pending, in-progress or complete";
pub const STATUS_FILTER_INVALID: &str = "Status must be pending, in-progress, complete or overdue";
pub const OVERDUE_NOT_SETTABLE: &str =
    "Overdue cannot be chosen: an action becomes overdue when its due date has passed";

/// A new action's fields; every field may be absent or null, the use case says which are required.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
// Each field defaults rather than the whole struct: the document then shows no `null` defaults.
#[serde(rename_all = "camelCase")]
pub struct CreateActionRequest {
    /// Required, at most 200 characters.
    #[schema(required = true, nullable = false, value_type = String)]
    #[serde(default)]
    pub title: Option<String>,
    /// At most 5000 characters.
    #[serde(default)]
    pub description: Option<String>,
    /// Required: the id of an active user (a string of digits is accepted too).
    #[serde(default, deserialize_with = "crate::shared::input::received::optional_id")]
    #[schema(required = true, nullable = false, value_type = i32)]
    pub assigned_to: Option<UserId>,
    /// `YYYY-MM-DD`, or null / `""` for no deadline.
    #[schema(value_type = Option<String>, format = Date)]
    #[serde(default)]
    pub due_date: Received<IsoDate>,
    /// Default `medium`.
    #[schema(value_type = Option<ActionPriority>)]
    #[serde(default)]
    pub priority: Received<ActionPriority>,
}

impl FieldLimits for CreateActionRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("title", Limit::RequiredText { max: TITLE_MAX }),
        ("description", Limit::Text { max: DESCRIPTION_MAX }),
        ("assignedTo", Limit::AtLeast { min: ASSIGNEE_ID_MIN }),
    ];
}

#[derive(Clone)]
pub struct ActionService {
    pub actions: Arc<dyn ActionRepository>,
    pub clock: Arc<dyn Clock>,
}

impl ActionService {
    /// Today, as the UTC date of the clock: the day against which due dates are compared.
    fn today(&self) -> NaiveDate {
        self.clock.now().date_naive()
    }

    /// Every action, newest first, optionally only those with one reported status (`?status=`).
    pub fn list(&self, actor: &User, status: Received<ActionStatus>) -> Result<Vec<Action>, ActionsRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(ActionsRefusal::CannotRead);
        }
        let status = status_filter(status)?;
        let today = self.today();
        let actions = self.actions.list(status, today, scope_of(actor))?;
        Ok(actions.into_iter().map(|action| action.reported_on(today)).collect())
    }

    /// One action, when `actor` may see it: an action recorded in a committee meeting's minutes is
    /// "not found" for whoever may not see that meeting, unless it is assigned to them (spec §6
    /// Committee meetings).
    pub fn get(&self, actor: &User, id: ActionId) -> Result<Action, ActionsRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(ActionsRefusal::CannotRead);
        }
        let action = self.actions.find(id, scope_of(actor))?.ok_or(ActionsRefusal::NotFound)?;
        Ok(action.reported_on(self.today()))
    }

    pub fn create(&self, actor: &User, input: CreateActionRequest) -> Result<Action, ActionsRefusal> {
        if !permissions::can_manage_actions(actor.role) {
            return Err(ActionsRefusal::OnlyOfficersCreate);
        }
        let new_action = validate_new_action(input, actor.id)?;
        let created = self.actions.create(new_action)?;
        Ok(created.reported_on(self.today()))
    }

    /// Sets pending, in-progress or complete. Admins and chairs change any action, a trustee only the
    /// ones assigned to them; a complete action never changes again.
    pub fn set_status(
        &self,
        actor: &User,
        id: ActionId,
        status: Received<ActionStatus>,
    ) -> Result<Action, ActionsRefusal> {
        // An action the actor may not see is not found, as a hidden meeting is (spec §6
        // Committee meetings); its assignee always sees it.
        let action = self.actions.find(id, scope_of(actor))?.ok_or(ActionsRefusal::NotFound)?;
        if !permissions::can_change_action_status(actor.role, actor.id, action.assigned_to) {
            return Err(ActionsRefusal::NotAssignee);
        }
        let status = settable_status(status)?;
        if action.is_final() {
            return Err(ActionsRefusal::AlreadyComplete);
        }
        let updated = self.actions.set_status(id, status, self.clock.now())?;
        Ok(updated.reported_on(self.today()))
    }

    pub fn delete(&self, actor: &User, id: ActionId) -> Result<(), ActionsRefusal> {
        if !permissions::can_manage_actions(actor.role) {
            return Err(ActionsRefusal::OnlyOfficersDelete);
        }
        Ok(self.actions.delete(id).map_err(|e| e.naming("Action"))?)
    }
}

/// The `?status=` filter: any reported status, overdue included; absent or blank for all.
pub fn status_filter(status: Received<ActionStatus>) -> Result<Option<ActionStatus>, DomainError> {
    let mut errors = FieldErrors::new();
    let status = status.read(&mut errors, "status", STATUS_FILTER_INVALID);
    errors.into_result()?;
    Ok(status)
}

/// A status a client may set: overdue is derived from the due date, never chosen.
pub fn settable_status(status: Received<ActionStatus>) -> Result<ActionStatus, DomainError> {
    let Received::Given(status) = status else {
        return Err(DomainError::invalid("status", STATUS_INVALID));
    };
    if !status.is_settable() {
        return Err(DomainError::invalid("status", OVERDUE_NOT_SETTABLE));
    }
    Ok(status)
}

/// The create form's rules (spec §5 Action create): title and assignee required, priority medium by default.
/// A due date in the past is accepted (the action is then reported overdue at once).
pub fn validate_new_action(input: CreateActionRequest, created_by: UserId) -> Result<NewAction, DomainError> {
    let mut errors = FieldErrors::new();
    let title = validation::required_line(
        &mut errors,
        "title",
        "Title",
        input.title.as_deref().unwrap_or(""),
        TITLE_MAX,
    );
    let description = validation::optional_text(
        &mut errors,
        "description",
        "Description",
        input.description.as_deref(),
        DESCRIPTION_MAX,
    )
    .unwrap_or_default();
    if input.assigned_to.is_none() {
        errors.add("assignedTo", ASSIGNEE_REQUIRED);
    }
    let due_date = input
        .due_date
        .read(&mut errors, "dueDate", "Due date must be a date (YYYY-MM-DD)")
        .map(NaiveDate::from);
    let priority =
        input.priority.read(&mut errors, "priority", PRIORITY_INVALID).unwrap_or(ActionPriority::Medium);
    errors.into_result()?;
    let assigned_to =
        input.assigned_to.ok_or_else(|| DomainError::invalid("assignedTo", ASSIGNEE_REQUIRED))?;
    Ok(NewAction { title, description, assigned_to, created_by, due_date, priority })
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use chrono::{DateTime, TimeZone, Utc};

    use super::*;
    use crate::identity::role::Role;
    use crate::meetings::meeting::MeetingScope;
    use crate::testing::{self, FixedClock};
    use crate::RepoError;

    /// One stored action; enough to drive the service's own rules.
    struct OneAction(Mutex<Action>);

    impl ActionRepository for OneAction {
        fn list(
            &self,
            _: Option<ActionStatus>,
            _: NaiveDate,
            _: MeetingScope,
        ) -> Result<Vec<Action>, RepoError> {
            Ok(vec![self.0.lock().unwrap().clone()])
        }
        fn find(&self, id: ActionId, _: MeetingScope) -> Result<Option<Action>, RepoError> {
            Ok(Some(self.0.lock().unwrap().clone()).filter(|a| a.id == id))
        }
        fn create(&self, _: NewAction) -> Result<Action, ActionsRefusal> {
            unreachable!("not used in this test")
        }
        fn set_status(
            &self,
            _: ActionId,
            status: ActionStatus,
            at: DateTime<Utc>,
        ) -> Result<Action, ActionsRefusal> {
            let mut action = self.0.lock().unwrap();
            action.status = status;
            action.completed_at = (status == ActionStatus::Complete).then_some(at);
            Ok(action.clone())
        }
        fn delete(&self, _: ActionId) -> Result<(), RepoError> {
            Ok(())
        }
    }

    fn service(now: DateTime<Utc>, assignee: UserId) -> ActionService {
        let at = Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap();
        let action = Action {
            id: ActionId(1),
            title: "File the annual return".into(),
            description: String::new(),
            assigned_to: Some(assignee),
            assigned_to_name: Some("Tina".into()),
            due_date: NaiveDate::from_ymd_opt(2026, 3, 10),
            priority: ActionPriority::High,
            status: ActionStatus::Pending,
            completed_at: None,
            created_at: at,
            updated_at: at,
            meeting_id: None,
        };
        ActionService { actions: Arc::new(OneAction(Mutex::new(action))), clock: Arc::new(FixedClock(now)) }
    }

    fn user(id: i32, role: Role) -> User {
        User { id: UserId(id), ..testing::user(role) }
    }

    #[test]
    fn overdue_follows_the_clocks_utc_date() {
        let trustee = user(5, Role::Trustee);
        let due_day = Utc.with_ymd_and_hms(2026, 3, 10, 23, 59, 0).unwrap();
        let next_day = Utc.with_ymd_and_hms(2026, 3, 11, 0, 0, 0).unwrap();
        let status = |now| service(now, trustee.id).list(&trustee, Received::Absent).unwrap()[0].status;
        assert_eq!(status(due_day), ActionStatus::Pending);
        assert_eq!(status(next_day), ActionStatus::Overdue);
        // Changing the status of an overdue action keeps reporting it overdue until it is complete.
        let actions = service(next_day, trustee.id);
        assert_eq!(
            actions.set_status(&trustee, ActionId(1), as_received("in-progress")).unwrap().status,
            ActionStatus::Overdue
        );
        let done = actions.set_status(&trustee, ActionId(1), as_received("complete")).unwrap();
        assert_eq!((done.status, done.completed_at), (ActionStatus::Complete, Some(next_day)));
    }

    #[test]
    fn trustees_change_their_own_actions_and_complete_is_final() {
        let now = Utc.with_ymd_and_hms(2026, 3, 5, 12, 0, 0).unwrap();
        let assignee = user(5, Role::Trustee);
        let actions = service(now, assignee.id);
        let other = user(6, Role::Trustee);
        assert!(matches!(
            actions.set_status(&other, ActionId(1), as_received("complete")),
            Err(ActionsRefusal::NotAssignee)
        ));
        assert!(matches!(
            actions.create(&other, CreateActionRequest::default()),
            Err(ActionsRefusal::OnlyOfficersCreate)
        ));
        assert!(matches!(actions.delete(&other, ActionId(1)), Err(ActionsRefusal::OnlyOfficersDelete)));
        assert!(matches!(
            actions.set_status(&assignee, ActionId(2), as_received("complete")),
            Err(ActionsRefusal::NotFound)
        ));
        actions.set_status(&user(1, Role::Chair), ActionId(1), as_received("in-progress")).unwrap();
        actions.set_status(&assignee, ActionId(1), as_received("complete")).unwrap();
        for actor in [assignee, user(1, Role::Admin), user(2, Role::Chair)] {
            let refused = actions.set_status(&actor, ActionId(1), as_received("pending"));
            assert!(matches!(refused, Err(ActionsRefusal::AlreadyComplete)));
        }
    }

    /// An action only `MeetingScope::Everything` sees (one from a committee meeting, say).
    struct Hidden(OneAction);

    impl ActionRepository for Hidden {
        fn list(
            &self,
            status: Option<ActionStatus>,
            today: NaiveDate,
            scope: MeetingScope,
        ) -> Result<Vec<Action>, RepoError> {
            match scope {
                MeetingScope::Everything => self.0.list(status, today, scope),
                MeetingScope::VisibleTo(_) | MeetingScope::GuestOf(_) => Ok(Vec::new()),
            }
        }
        fn find(&self, id: ActionId, scope: MeetingScope) -> Result<Option<Action>, RepoError> {
            match scope {
                MeetingScope::Everything => self.0.find(id, scope),
                MeetingScope::VisibleTo(_) | MeetingScope::GuestOf(_) => Ok(None),
            }
        }
        fn create(&self, action: NewAction) -> Result<Action, ActionsRefusal> {
            self.0.create(action)
        }
        fn set_status(
            &self,
            id: ActionId,
            status: ActionStatus,
            at: DateTime<Utc>,
        ) -> Result<Action, ActionsRefusal> {
            self.0.set_status(id, status, at)
        }
        fn delete(&self, id: ActionId) -> Result<(), RepoError> {
            self.0.delete(id)
        }
    }

    #[test]
    fn an_action_the_reader_may_not_see_is_not_found_and_not_changed() {
        let now = Utc.with_ymd_and_hms(2026, 3, 5, 12, 0, 0).unwrap();
        let seen = service(now, UserId(5));
        let stored = seen.actions.find(ActionId(1), MeetingScope::Everything).unwrap().unwrap();
        let hidden =
            ActionService { actions: Arc::new(Hidden(OneAction(Mutex::new(stored)))), clock: seen.clock };
        let outsider = user(6, Role::Trustee);
        assert!(hidden.list(&outsider, Received::Absent).unwrap().is_empty());
        assert!(matches!(hidden.get(&outsider, ActionId(1)), Err(ActionsRefusal::NotFound)));
        // Not found rather than forbidden: the answer does not tell that the action exists.
        assert!(matches!(
            hidden.set_status(&outsider, ActionId(1), as_received("complete")),
            Err(ActionsRefusal::NotFound)
        ));
        for officer in [user(1, Role::Admin), user(2, Role::Chair)] {
            assert_eq!(hidden.get(&officer, ActionId(1)).unwrap().id, ActionId(1));
            assert_eq!(hidden.list(&officer, Received::Absent).unwrap().len(), 1);
        }
    }

    /// A field as the request's deserializer reads `raw`.
    fn as_received<T: serde::de::DeserializeOwned>(raw: &str) -> Received<T> {
        serde_json::from_value(serde_json::Value::from(raw)).unwrap_or_default()
    }

    fn input() -> CreateActionRequest {
        CreateActionRequest {
            title: Some("  Review the risk register ".into()),
            description: Some("Before the March meeting".into()),
            assigned_to: Some(UserId(7)),
            due_date: as_received("2026-03-31"),
            priority: Received::Absent,
        }
    }

    fn field_errors(result: Result<NewAction, DomainError>) -> Vec<(String, String)> {
        match result {
            Err(DomainError::Invalid(fields)) => {
                fields.fields().iter().map(|(k, v)| (k.clone(), v.clone())).collect()
            }
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_action_is_trimmed_and_defaults_to_medium() {
        let action = validate_new_action(input(), UserId(1)).unwrap();
        assert_eq!(action.title, "Review the risk register");
        assert_eq!(action.priority, ActionPriority::Medium);
        assert_eq!(action.due_date, NaiveDate::from_ymd_opt(2026, 3, 31));
        assert_eq!((action.assigned_to, action.created_by), (UserId(7), UserId(1)));

        let bare = CreateActionRequest { description: None, due_date: as_received(""), ..input() };
        let action = validate_new_action(bare, UserId(1)).unwrap();
        assert_eq!((action.description.as_str(), action.due_date), ("", None));
    }

    #[test]
    fn title_and_assignee_are_required_and_fields_checked() {
        let bad = CreateActionRequest {
            title: Some(" ".into()),
            description: Some("x".repeat(DESCRIPTION_MAX + 1)),
            assigned_to: None,
            due_date: as_received("31/03/2026"),
            priority: as_received("urgent"),
        };
        assert_eq!(
            field_errors(validate_new_action(bad, UserId(1))),
            vec![
                ("assignedTo".into(), ASSIGNEE_REQUIRED.into()),
                ("description".into(), "Description must be at most 5000 characters".into()),
                ("dueDate".into(), "Due date must be a date (YYYY-MM-DD)".into()),
                ("priority".into(), PRIORITY_INVALID.into()),
                ("title".into(), "Title is required".into()),
            ]
        );
        let long = CreateActionRequest { title: Some("t".repeat(TITLE_MAX + 1)), ..input() };
        assert_eq!(
            field_errors(validate_new_action(long, UserId(1))),
            vec![("title".into(), "Title must be at most 200 characters".into())]
        );
    }

    #[test]
    fn clients_set_three_statuses_and_never_overdue() {
        assert_eq!(settable_status(as_received("complete")).unwrap(), ActionStatus::Complete);
        assert_eq!(settable_status(as_received("in-progress")).unwrap(), ActionStatus::InProgress);
        let status_error = |raw: &str| match settable_status(as_received(raw)) {
            Err(DomainError::Invalid(fields)) => fields.fields()["status"].clone(),
            other => panic!("expected a field error, got {other:?}"),
        };
        assert_eq!(status_error("overdue"), OVERDUE_NOT_SETTABLE);
        assert_eq!(status_error("done"), STATUS_INVALID);
        assert_eq!(status_error(""), STATUS_INVALID);
    }

    #[test]
    fn the_list_filters_on_any_reported_status() {
        assert_eq!(status_filter(Received::Absent).unwrap(), None);
        assert_eq!(status_filter(as_received("")).unwrap(), None);
        assert_eq!(status_filter(as_received("overdue")).unwrap(), Some(ActionStatus::Overdue));
        assert!(matches!(status_filter(as_received("late")), Err(DomainError::Invalid(_))));
    }
}
