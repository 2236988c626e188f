//! The board calendar (spec §2 Calendar, §6): everyone signed in reads; admins and chairs schedule.

use std::sync::Arc;

use crate::entities::meeting::{
    Meeting, MeetingKind, MeetingScope, MeetingWindow, NewMeeting, DEFAULT_DURATION_MINUTES,
};
use crate::entities::user::User;
use crate::error::DomainError;
use crate::permissions;
use crate::ports::{Clock, MeetingRepository};
use crate::timestamps;
use crate::validation::{self, FieldErrors};

pub const SCHEDULE_FORBIDDEN: &str = "Only admins and chairs can schedule meetings.";
pub const UPCOMING_CHOICES: &str = "upcoming must be true or false";
pub const KIND_CHOICES: &str = "Kind must be board, committee, agm or other";
pub const COMMITTEE_REQUIRED: &str = "Choose the committee that meets";
pub const COMMITTEE_ONLY_FOR_COMMITTEE_MEETINGS: &str = "Only a committee meeting names a committee";
pub const NO_SUCH_COMMITTEE: &str = "No such committee";

/// Input of "Create meeting", as received; `None` or `""` mean absent.
#[derive(Debug, Clone, Default)]
pub struct CreateMeeting {
    pub title: Option<String>,
    pub description: Option<String>,
    pub meeting_date: Option<String>,
    pub location: Option<String>,
    pub meeting_link: Option<String>,
    pub agenda_link: Option<String>,
    /// `board` when absent.
    pub kind: Option<String>,
    /// Required for a committee meeting, refused for any other kind.
    pub committee_id: Option<i32>,
}

/// The kind and, for a committee meeting, its committee; errors go under `kind` and `committeeId`.
fn kind_and_committee(
    errors: &mut FieldErrors,
    kind: Option<&str>,
    committee_id: Option<i32>,
) -> (MeetingKind, Option<crate::CommitteeId>) {
    let kind = match kind.map(str::trim).filter(|k| !k.is_empty()) {
        None => MeetingKind::Board,
        Some(value) => match MeetingKind::parse(value) {
            Some(kind) => kind,
            None => {
                errors.add("kind", KIND_CHOICES);
                return (MeetingKind::Board, None);
            }
        },
    };
    match (kind, committee_id) {
        (MeetingKind::Committee, None) => errors.add("committeeId", COMMITTEE_REQUIRED),
        (MeetingKind::Committee, Some(_)) | (_, None) => {}
        (_, Some(_)) => errors.add("committeeId", COMMITTEE_ONLY_FOR_COMMITTEE_MEETINGS),
    }
    (kind, committee_id.map(crate::CommitteeId))
}

/// The meetings `actor` may see: admins and chairs all; others not the committee meetings of committees
/// they do not belong to.
pub fn scope_of(actor: &User) -> MeetingScope {
    if actor.role.is_officer() {
        MeetingScope::Everything
    } else {
        MeetingScope::VisibleTo(actor.id)
    }
}

#[derive(Clone)]
pub struct MeetingService {
    pub meetings: Arc<dyn MeetingRepository>,
    pub clock: Arc<dyn Clock>,
}

impl MeetingService {
    /// `upcoming`: `"true"` from now on, `"false"` before now, absent or blank: all.
    pub fn list(&self, actor: &User, upcoming: Option<&str>) -> Result<Vec<Meeting>, DomainError> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(DomainError::forbidden("You cannot read meetings."));
        }
        let window = match upcoming.map(str::trim).filter(|v| !v.is_empty()) {
            None => MeetingWindow::All,
            Some("true") => MeetingWindow::Upcoming,
            Some("false") => MeetingWindow::Past,
            Some(_) => return Err(DomainError::invalid("upcoming", UPCOMING_CHOICES)),
        };
        Ok(self.meetings.list(window, self.clock.now(), scope_of(actor))?)
    }

    pub fn create(&self, actor: &User, input: CreateMeeting) -> Result<Meeting, DomainError> {
        if !permissions::can_publish(actor.role) {
            return Err(DomainError::forbidden(SCHEDULE_FORBIDDEN));
        }
        let mut errors = FieldErrors::new();
        let title = validation::required_text(
            &mut errors,
            "title",
            "Title",
            input.title.as_deref().unwrap_or(""),
            200,
        );
        let description = validation::optional_text(
            &mut errors,
            "description",
            "Description",
            input.description.as_deref(),
            5000,
        )
        .unwrap_or_default();
        let meeting_date =
            timestamps::required(&mut errors, "meetingDate", "Meeting date", input.meeting_date.as_deref());
        let location =
            validation::optional_text(&mut errors, "location", "Location", input.location.as_deref(), 200);
        let meeting_link = validation::optional_web_link(
            &mut errors,
            "meetingLink",
            "Meeting link",
            input.meeting_link.as_deref(),
        );
        let agenda_link = validation::optional_web_link(
            &mut errors,
            "agendaLink",
            "Agenda link",
            input.agenda_link.as_deref(),
        );
        let (kind, committee_id) = kind_and_committee(&mut errors, input.kind.as_deref(), input.committee_id);
        errors.into_result()?;
        let Some(meeting_date) = meeting_date else {
            return Err(DomainError::Unexpected(anyhow::anyhow!("validated meeting lacks a date")));
        };
        let meeting = NewMeeting {
            title,
            description,
            meeting_date,
            location,
            meeting_link,
            agenda_link,
            kind,
            committee_id,
            duration_minutes: DEFAULT_DURATION_MINUTES,
            created_by: actor.id,
            created_at: self.clock.now(),
        };
        self.meetings.create(meeting).map_err(|error| match error {
            // The committee was named but does not exist (or was deleted meanwhile).
            crate::RepoError::NotFound => DomainError::invalid("committeeId", NO_SUCH_COMMITTEE),
            other => other.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::entities::agenda::{AgendaItem, NewAgendaItem};
    use crate::entities::role::Role;
    use crate::services::testing::{clock, user};
    use crate::RepoError;

    /// Records the window and "now" it was asked for.
    #[derive(Default)]
    struct Recording {
        asked: Mutex<Vec<(MeetingWindow, chrono::DateTime<chrono::Utc>)>>,
    }

    fn not_expected<T>() -> Result<T, crate::ports::MeetingWriteError> {
        Err(crate::ports::MeetingWriteError::Repo(RepoError::Unexpected(anyhow::anyhow!("not expected"))))
    }

    impl MeetingRepository for Recording {
        fn list(
            &self,
            window: MeetingWindow,
            now: chrono::DateTime<chrono::Utc>,
            _: MeetingScope,
        ) -> Result<Vec<Meeting>, RepoError> {
            self.asked.lock().map_err(|_| RepoError::NotFound)?.push((window, now));
            Ok(Vec::new())
        }
        fn find(&self, _: crate::MeetingId, _: MeetingScope) -> Result<Option<Meeting>, RepoError> {
            Ok(None)
        }
        fn create(&self, _: NewMeeting) -> Result<Meeting, RepoError> {
            Err(RepoError::Unexpected(anyhow::anyhow!("not expected")))
        }
        fn update(
            &self,
            _: crate::MeetingId,
            _: crate::entities::meeting::MeetingChange,
        ) -> Result<Meeting, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn cancel(
            &self,
            _: crate::MeetingId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Meeting, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn delete(
            &self,
            _: crate::MeetingId,
        ) -> Result<Vec<crate::files::StorageKey>, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn publish_agenda(
            &self,
            _: crate::MeetingId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Meeting, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn agenda(&self, _: crate::MeetingId) -> Result<Vec<AgendaItem>, RepoError> {
            Ok(Vec::new())
        }
        fn add_items(
            &self,
            _: crate::MeetingId,
            _: Vec<NewAgendaItem>,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Vec<AgendaItem>, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn add_items_to_empty_agenda(
            &self,
            _: crate::MeetingId,
            _: Vec<NewAgendaItem>,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Vec<AgendaItem>, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn update_item(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: crate::ports::AgendaItemChange,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<AgendaItem, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn delete_item(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Vec<crate::files::StorageKey>, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn reorder(
            &self,
            _: crate::MeetingId,
            _: &[crate::AgendaItemId],
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Vec<AgendaItem>, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn add_paper(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: crate::entities::agenda::NewAgendaPaper,
            _: crate::UserId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<crate::entities::agenda::AgendaPaper, crate::ports::MeetingWriteError> {
            not_expected()
        }
        fn remove_paper(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: crate::AgendaPaperId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Option<crate::files::StorageKey>, crate::ports::MeetingWriteError> {
            not_expected()
        }
    }

    #[test]
    fn the_split_is_decided_by_the_clock_and_the_query() {
        let repo = Arc::new(Recording::default());
        let service = MeetingService { meetings: repo.clone(), clock: clock() };
        let trustee = user(Role::Trustee);
        for query in [Some("true"), Some("false"), None, Some("")] {
            service.list(&trustee, query).unwrap_or_else(|e| panic!("{e}"));
        }
        let now = clock().0;
        let asked = repo.asked.lock().map(|a| a.clone()).unwrap_or_default();
        assert_eq!(
            asked,
            vec![
                (MeetingWindow::Upcoming, now),
                (MeetingWindow::Past, now),
                (MeetingWindow::All, now),
                (MeetingWindow::All, now)
            ]
        );
        assert!(matches!(service.list(&trustee, Some("yes")), Err(DomainError::Invalid(_))));
    }

    #[test]
    fn the_kind_defaults_to_board_and_only_a_committee_meeting_names_a_committee() {
        let mut errors = FieldErrors::new();
        assert_eq!(kind_and_committee(&mut errors, None, None), (MeetingKind::Board, None));
        assert_eq!(kind_and_committee(&mut errors, Some(" "), None), (MeetingKind::Board, None));
        assert_eq!(kind_and_committee(&mut errors, Some("agm"), None), (MeetingKind::Agm, None));
        assert_eq!(
            kind_and_committee(&mut errors, Some("committee"), Some(4)),
            (MeetingKind::Committee, Some(crate::CommitteeId(4)))
        );
        assert!(errors.into_result().is_ok());

        for (kind, committee, field, message) in [
            (Some("party"), None, "kind", KIND_CHOICES),
            (Some("committee"), None, "committeeId", COMMITTEE_REQUIRED),
            (Some("board"), Some(4), "committeeId", COMMITTEE_ONLY_FOR_COMMITTEE_MEETINGS),
        ] {
            let mut errors = FieldErrors::new();
            kind_and_committee(&mut errors, kind, committee);
            let refused = match errors.into_result() {
                Err(DomainError::Invalid(fields)) => fields.to_string(),
                _ => String::new(),
            };
            assert!(refused.contains(message), "{kind:?} {committee:?} {field}: {refused}");
        }
    }

    #[test]
    fn trustees_cannot_schedule() {
        let service = MeetingService { meetings: Arc::new(Recording::default()), clock: clock() };
        let input = CreateMeeting {
            title: Some("Board".into()),
            meeting_date: Some("2026-03-05T18:30:00Z".into()),
            ..CreateMeeting::default()
        };
        let result = service.create(&user(Role::Trustee), input);
        assert!(matches!(result, Err(DomainError::Forbidden(m)) if m == SCHEDULE_FORBIDDEN));
    }
}
