//! The board calendar and each meeting's life (spec §2 Calendar, §2 Meeting page, §6): everyone signed in
//! reads the meetings they may see; admins and chairs schedule, edit, cancel and delete them. A committee
//! meeting is seen only by that committee's members, admins and chairs; to anyone else it does not exist
//! (404).

use std::sync::Arc;

use crate::identity::permissions;
use crate::identity::role::Role;
use crate::identity::user::User;
use crate::library::stored_files;
use crate::library::FileStore;
use crate::meetings::agenda::AgendaItem;
use crate::meetings::meeting::{
    Meeting, MeetingChange, MeetingKind, MeetingWindow, NewMeeting, DEFAULT_DURATION_MINUTES,
};
use crate::meetings::rules::{may_edit, scope_of, sees_agenda};
use crate::meetings::{MeetingRepository, MeetingsRefusal};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::timestamps::ReceivedTime;
use crate::shared::{Clock, FieldLimits, Limit, Received};
use crate::{CommitteeId, MeetingId};

pub const UPCOMING_CHOICES: &str = "upcoming must be true or false";
pub const KIND_CHOICES: &str = "Kind must be board, committee, agm or other";
pub const COMMITTEE_REQUIRED: &str = "Choose the committee that meets";
pub const COMMITTEE_ONLY_FOR_COMMITTEE_MEETINGS: &str = "Only a committee meeting names a committee";
pub const DURATION_RANGE: &str = "Planned length must be a whole number of minutes from 1 to 1440";
pub use crate::meetings::refusal::{ALREADY_CANCELLED, CANCELLED_READ_ONLY, NO_SUCH_COMMITTEE};
pub const DURATION_MAX: i32 = 1440;

pub const TITLE_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 5000;
pub const LOCATION_MAX: usize = 200;
pub const DURATION_MIN: i32 = 1;

/// The fields of "Create meeting" and "Edit meeting"; every field may be absent or null, the use case says
/// which are required.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateMeetingRequest {
    /// Required, at most 200 characters.
    #[schema(required = true, nullable = false, value_type = String)]
    pub title: Option<String>,
    /// At most 5000 characters.
    pub description: Option<String>,
    /// Required: RFC 3339 date-time with a zone, e.g. `2026-03-05T18:30:00Z`.
    #[schema(required = true, nullable = false, value_type = String, format = DateTime)]
    pub meeting_date: ReceivedTime,
    pub location: Option<String>,
    pub meeting_link: Option<String>,
    pub agenda_link: Option<String>,
    /// `board` (the default), `committee`, `agm` or `other`.
    // Described as text rather than as `MeetingKind`: a blank kind means the default, which the enum's
    // schema alone would refuse.
    #[schema(value_type = Option<String>, pattern = "^(board|committee|agm|other)?$")]
    pub kind: Received<MeetingKind>,
    /// Required for a committee meeting (an existing committee), refused for any other kind.
    #[schema(value_type = Option<i32>)]
    pub committee_id: Option<CommitteeId>,
    /// The planned length in minutes; 120 when absent.
    pub duration_minutes: Option<i64>,
}

impl FieldLimits for CreateMeetingRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("title", Limit::RequiredText { max: TITLE_MAX }),
        ("description", Limit::Text { max: DESCRIPTION_MAX }),
        ("durationMinutes", Limit::Range { min: DURATION_MIN as i64, max: DURATION_MAX as i64 }),
    ];
}

/// The kind and, for a committee meeting, its committee; errors go under `kind` and `committeeId`.
fn kind_and_committee(
    errors: &mut FieldErrors,
    kind: Received<MeetingKind>,
    committee_id: Option<CommitteeId>,
) -> (MeetingKind, Option<CommitteeId>) {
    let kind = match kind {
        Received::Absent => MeetingKind::Board,
        Received::Given(kind) => kind,
        Received::Unreadable => {
            errors.add("kind", KIND_CHOICES);
            return (MeetingKind::Board, None);
        }
    };
    match (kind, committee_id) {
        (MeetingKind::Committee, None) => errors.add("committeeId", COMMITTEE_REQUIRED),
        (MeetingKind::Committee, Some(_)) | (_, None) => {}
        (_, Some(_)) => errors.add("committeeId", COMMITTEE_ONLY_FOR_COMMITTEE_MEETINGS),
    }
    (kind, committee_id)
}

/// A meeting's fields, validated (shared by create and edit).
struct MeetingFields {
    title: String,
    description: String,
    meeting_date: chrono::DateTime<chrono::Utc>,
    location: Option<String>,
    meeting_link: Option<String>,
    agenda_link: Option<String>,
    kind: MeetingKind,
    committee_id: Option<CommitteeId>,
    duration_minutes: i32,
}

fn validate(input: CreateMeetingRequest) -> Result<MeetingFields, DomainError> {
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
    let meeting_date = input.meeting_date.required(&mut errors, "meetingDate", "Meeting date");
    let location = validation::optional_line(
        &mut errors,
        "location",
        "Location",
        input.location.as_deref(),
        LOCATION_MAX,
    );
    let meeting_link = validation::optional_web_link(
        &mut errors,
        "meetingLink",
        "Meeting link",
        input.meeting_link.as_deref(),
    );
    let agenda_link =
        validation::optional_web_link(&mut errors, "agendaLink", "Agenda link", input.agenda_link.as_deref());
    let (kind, committee_id) = kind_and_committee(&mut errors, input.kind, input.committee_id);
    let duration_minutes = match input.duration_minutes {
        None => DEFAULT_DURATION_MINUTES,
        Some(minutes) => match i32::try_from(minutes) {
            Ok(minutes) if (DURATION_MIN..=DURATION_MAX).contains(&minutes) => minutes,
            _ => {
                errors.add("durationMinutes", DURATION_RANGE);
                DEFAULT_DURATION_MINUTES
            }
        },
    };
    errors.into_result()?;
    let Some(meeting_date) = meeting_date else {
        return Err(DomainError::Unexpected(anyhow::anyhow!("validated meeting lacks a date")));
    };
    Ok(MeetingFields {
        title,
        description,
        meeting_date,
        location,
        meeting_link,
        agenda_link,
        kind,
        committee_id,
        duration_minutes,
    })
}

/// One meeting as its page shows it: the agenda is `None` for a reader who may not see it yet (a draft).
#[derive(Debug, Clone)]
pub struct MeetingView {
    pub meeting: Meeting,
    pub agenda: Option<Vec<AgendaItem>>,
}

#[derive(Clone)]
pub struct MeetingService {
    pub meetings: Arc<dyn MeetingRepository>,
    pub files: Arc<dyn FileStore>,
    pub clock: Arc<dyn Clock>,
}

impl MeetingService {
    /// `upcoming`: `"true"` from now on, `"false"` before now, absent or blank: all.
    pub fn list(&self, actor: &User, upcoming: Option<&str>) -> Result<Vec<Meeting>, MeetingsRefusal> {
        // A guest reads the list too: `scope_of` holds it to the meetings their pass names.
        if !permissions::can_read_board_content(actor.role) && actor.role != Role::Guest {
            return Err(MeetingsRefusal::CannotRead);
        }
        let window = match upcoming.map(str::trim).filter(|v| !v.is_empty()) {
            None => MeetingWindow::All,
            Some("true") => MeetingWindow::Upcoming,
            Some("false") => MeetingWindow::Past,
            Some(_) => return Err(DomainError::invalid("upcoming", UPCOMING_CHOICES).into()),
        };
        let meetings = self.meetings.list(window, self.clock.now(), scope_of(actor))?;
        Ok(meetings.into_iter().map(|m| for_reader(actor, m)).collect())
    }

    /// The meeting, if `actor` may see it; 404 otherwise (a committee meeting of another committee does
    /// not exist for them).
    pub fn visible(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        self.meetings.find(id, scope_of(actor))?.ok_or(MeetingsRefusal::MeetingNotFound)
    }

    /// The meeting with its agenda when `actor` may see the agenda.
    pub fn show(&self, actor: &User, id: MeetingId) -> Result<MeetingView, MeetingsRefusal> {
        let meeting = for_reader(actor, self.visible(actor, id)?);
        let agenda = if sees_agenda(actor, &meeting) { Some(self.meetings.agenda(id)?) } else { None };
        Ok(MeetingView { meeting, agenda })
    }

    /// The meeting, visible to and editable by `actor` (an admin or chair), and not cancelled.
    pub fn editable(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        let meeting = self.visible(actor, id)?;
        may_edit(actor, &meeting)?;
        Ok(meeting)
    }

    pub fn create(&self, actor: &User, input: CreateMeetingRequest) -> Result<Meeting, MeetingsRefusal> {
        if !permissions::can_publish(actor.role) {
            return Err(MeetingsRefusal::OnlyOfficersSchedule);
        }
        let fields = validate(input)?;
        let now = self.clock.now();
        let meeting = NewMeeting {
            title: fields.title,
            description: fields.description,
            meeting_date: fields.meeting_date,
            location: fields.location,
            meeting_link: fields.meeting_link,
            agenda_link: fields.agenda_link,
            kind: fields.kind,
            committee_id: fields.committee_id,
            duration_minutes: fields.duration_minutes,
            created_by: actor.id,
            created_at: now,
        };
        self.meetings.create(meeting)
    }

    /// Replaces the meeting's details (admins and chairs; not once cancelled).
    pub fn update(
        &self,
        actor: &User,
        id: MeetingId,
        input: CreateMeetingRequest,
    ) -> Result<Meeting, MeetingsRefusal> {
        self.editable(actor, id)?;
        let fields = validate(input)?;
        let change = MeetingChange {
            title: fields.title,
            description: fields.description,
            meeting_date: fields.meeting_date,
            duration_minutes: fields.duration_minutes,
            location: fields.location,
            meeting_link: fields.meeting_link,
            agenda_link: fields.agenda_link,
            kind: fields.kind,
            committee_id: fields.committee_id,
            updated_at: self.clock.now(),
        };
        self.meetings.update(id, change)
    }

    /// Cancels the meeting: it is kept, and shown as cancelled everywhere.
    pub fn cancel(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        let meeting = self.visible(actor, id)?;
        if !permissions::can_publish(actor.role) {
            return Err(MeetingsRefusal::OnlyOfficersEdit);
        }
        if meeting.is_cancelled() {
            return Err(MeetingsRefusal::AlreadyCancelled);
        }
        self.meetings.cancel(id, self.clock.now())
    }

    /// Deletes a meeting recorded by mistake, with its agenda and the papers uploaded to it. Answers the
    /// deleted meeting (for the audit log).
    pub fn delete(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        let meeting = self.visible(actor, id)?;
        if !permissions::can_publish(actor.role) {
            return Err(MeetingsRefusal::OnlyOfficersEdit);
        }
        let keys = self.meetings.delete(id)?;
        for key in &keys {
            stored_files::remove_after_row(self.files.as_ref(), key);
        }
        Ok(meeting)
    }
}

/// A meeting as `reader` sees it: a guest is not shown which minutes it has (spec §6 Guests: the agenda,
/// papers, pack and their own attendance only).
fn for_reader(reader: &User, meeting: Meeting) -> Meeting {
    if reader.role == Role::Guest {
        Meeting { minutes: None, ..meeting }
    } else {
        meeting
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::identity::role::Role;
    use crate::meetings::agenda::{AgendaItem, NewAgendaItem};
    use crate::meetings::meeting::MeetingScope;
    use crate::testing::{clock, user, MemoryFileStore};
    use crate::RepoError;

    /// Records the window and "now" it was asked for.
    #[derive(Default)]
    struct Recording {
        asked: Mutex<Vec<(MeetingWindow, chrono::DateTime<chrono::Utc>)>>,
    }

    fn not_expected<T>() -> Result<T, MeetingsRefusal> {
        Err(RepoError::Unexpected(anyhow::anyhow!("not expected")).into())
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
        fn create(&self, _: NewMeeting) -> Result<Meeting, MeetingsRefusal> {
            not_expected()
        }
        fn update(
            &self,
            _: crate::MeetingId,
            _: crate::meetings::meeting::MeetingChange,
        ) -> Result<Meeting, MeetingsRefusal> {
            not_expected()
        }
        fn cancel(
            &self,
            _: crate::MeetingId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Meeting, MeetingsRefusal> {
            not_expected()
        }
        fn delete(
            &self,
            _: crate::MeetingId,
        ) -> Result<Vec<crate::library::files::StorageKey>, MeetingsRefusal> {
            not_expected()
        }
        fn publish_agenda(
            &self,
            _: crate::MeetingId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Meeting, MeetingsRefusal> {
            not_expected()
        }
        fn agenda(&self, _: crate::MeetingId) -> Result<Vec<AgendaItem>, RepoError> {
            Ok(Vec::new())
        }
        fn add_item(
            &self,
            _: crate::MeetingId,
            _: crate::meetings::meeting::MeetingScope,
            _: chrono::DateTime<chrono::Utc>,
            _: crate::meetings::meeting::repository::DecideItem<'_>,
        ) -> Result<(AgendaItem, Option<chrono::DateTime<chrono::Utc>>), MeetingsRefusal> {
            not_expected()
        }
        fn add_items_to_empty_agenda(
            &self,
            _: crate::MeetingId,
            _: Vec<NewAgendaItem>,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Vec<AgendaItem>, MeetingsRefusal> {
            not_expected()
        }
        fn update_item(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: crate::meetings::AgendaItemChange,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<AgendaItem, MeetingsRefusal> {
            not_expected()
        }
        fn delete_item(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Vec<crate::library::files::StorageKey>, MeetingsRefusal> {
            not_expected()
        }
        fn reorder(
            &self,
            _: crate::MeetingId,
            _: &[crate::AgendaItemId],
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Vec<AgendaItem>, MeetingsRefusal> {
            not_expected()
        }
        fn add_paper(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: crate::meetings::agenda::NewAgendaPaper,
            _: crate::UserId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<crate::meetings::agenda::AgendaPaper, MeetingsRefusal> {
            not_expected()
        }
        fn add_resolution_item(
            &self,
            _: crate::MeetingId,
            _: crate::meetings::agenda::NewAgendaItem,
            _: &[crate::DocumentId],
            _: crate::UserId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<crate::meetings::agenda::AgendaItem, MeetingsRefusal> {
            not_expected()
        }
        fn remove_paper(
            &self,
            _: crate::MeetingId,
            _: crate::AgendaItemId,
            _: crate::AgendaPaperId,
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<Option<crate::library::files::StorageKey>, MeetingsRefusal> {
            not_expected()
        }
    }

    #[test]
    fn the_split_is_decided_by_the_clock_and_the_query() {
        let repo = Arc::new(Recording::default());
        let service = MeetingService {
            meetings: repo.clone(),
            files: Arc::new(MemoryFileStore::default()),
            clock: clock(),
        };
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
        assert!(matches!(
            service.list(&trustee, Some("yes")),
            Err(MeetingsRefusal::Common(DomainError::Invalid(_)))
        ));
    }

    /// A `kind` as a request body carries it.
    fn kind(value: serde_json::Value) -> Received<MeetingKind> {
        serde_json::from_value(value).unwrap_or(Received::Unreadable)
    }

    #[test]
    fn the_kind_defaults_to_board_and_only_a_committee_meeting_names_a_committee() {
        use serde_json::json;
        let mut errors = FieldErrors::new();
        let committee = Some(CommitteeId(4));
        assert_eq!(kind_and_committee(&mut errors, kind(json!(null)), None), (MeetingKind::Board, None));
        assert_eq!(kind_and_committee(&mut errors, kind(json!(" ")), None), (MeetingKind::Board, None));
        assert_eq!(kind_and_committee(&mut errors, kind(json!("agm")), None), (MeetingKind::Agm, None));
        assert_eq!(
            kind_and_committee(&mut errors, kind(json!("committee")), committee),
            (MeetingKind::Committee, committee)
        );
        assert!(errors.into_result().is_ok());

        for (sent, committee, field, message) in [
            ("party", None, "kind", KIND_CHOICES),
            ("committee", None, "committeeId", COMMITTEE_REQUIRED),
            ("board", committee, "committeeId", COMMITTEE_ONLY_FOR_COMMITTEE_MEETINGS),
        ] {
            let mut errors = FieldErrors::new();
            kind_and_committee(&mut errors, kind(json!(sent)), committee);
            let refused = match errors.into_result() {
                Err(DomainError::Invalid(fields)) => fields.to_string(),
                _ => String::new(),
            };
            assert!(refused.contains(message), "{sent:?} {committee:?} {field}: {refused}");
        }
    }

    #[test]
    fn trustees_cannot_schedule() {
        let service = MeetingService {
            meetings: Arc::new(Recording::default()),
            files: Arc::new(MemoryFileStore::default()),
            clock: clock(),
        };
        let input = CreateMeetingRequest {
            title: Some("Board".into()),
            meeting_date: ReceivedTime::parse(Some("2026-03-05T18:30:00Z")),
            ..CreateMeetingRequest::default()
        };
        let result = service.create(&user(Role::Trustee), input);
        assert!(matches!(result, Err(MeetingsRefusal::OnlyOfficersSchedule)));
    }
}
