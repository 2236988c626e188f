//! The agenda builder and its papers (spec §2 Meeting page). Admins and chairs build the agenda of a
//! meeting they can see; it is a draft, seen only by them, until published; then everyone who sees the
//! meeting sees the agenda and its papers, and later changes are marked as changed since publication.

use crate::identity::user::User;
use crate::library::files::DOCUMENT_KINDS;
use crate::library::stored_files::{self, checked_file, file_size};
use crate::library::ReceivedFile;
use crate::meetings::agenda::{
    standard_items, AgendaItem, AgendaPaper, AgendaPurpose, NewAgendaItem, NewAgendaPaper, PresenterChoice,
};
use crate::meetings::meeting::service::MeetingService;
use crate::meetings::meeting::Meeting;
use crate::meetings::rules::{may_edit, scope_of, sees_agenda};
use crate::meetings::{AgendaItemChange, MeetingsRefusal};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::{FieldLimits, Limit, Received};
use crate::{AgendaItemId, AgendaPaperId, DocumentId, MeetingId, UserId};

pub const PURPOSE_CHOICES: &str = "Purpose must be decision, discussion, information or noting";
pub const DURATION_RANGE: &str = "Duration must be a whole number of minutes from 0 to 600";
pub const ONE_PRESENTER: &str = "Choose a presenter from the portal or type a name, not both";
pub const TITLE_MAX: usize = 200;
pub const PRESENTER_NAME_MAX: usize = 100;
pub const DESCRIPTION_MAX: usize = 5000;
pub const DURATION_MAX: i64 = 600;
pub use crate::meetings::agenda::{ITEMS_MAX, TOO_MANY_ITEMS};
pub const ORDER_REQUIRED: &str = "Give every item id of the agenda in the new order";

/// When the agenda was last published (`None`: a draft), to mark items changed since.
pub type Published = Option<chrono::DateTime<chrono::Utc>>;

/// An agenda item's fields; every field may be absent or null, the use case says which are required.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AgendaItemRequest {
    /// Required, at most 200 characters.
    #[schema(required = true, nullable = false, value_type = String)]
    pub title: Option<String>,
    /// Required: `decision`, `discussion`, `information` or `noting`.
    #[schema(required = true, nullable = false, value_type = AgendaPurpose)]
    pub purpose: Received<AgendaPurpose>,
    /// A portal user who presents the item (not together with `presenterName`).
    #[schema(value_type = Option<i32>)]
    pub presenter_user_id: Option<UserId>,
    /// A presenter's name as free text, at most 100 characters (not together with `presenterUserId`).
    pub presenter_name: Option<String>,
    /// Required: minutes, 0 to 600.
    #[schema(required = true, nullable = false, value_type = i64)]
    pub duration_minutes: Option<i64>,
    /// At most 5000 characters.
    pub description: Option<String>,
}

impl FieldLimits for AgendaItemRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("title", Limit::RequiredText { max: TITLE_MAX }),
        ("presenterName", Limit::Text { max: PRESENTER_NAME_MAX }),
        ("durationMinutes", Limit::Range { min: 0, max: DURATION_MAX }),
        ("description", Limit::Text { max: DESCRIPTION_MAX }),
    ];
}

/// The new order of the whole agenda.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReorderRequest {
    /// Every item id of the agenda, once each, in the new order.
    #[schema(required = true, nullable = false, value_type = Vec<i32>)]
    pub item_ids: Option<Vec<AgendaItemId>>,
}

impl FieldLimits for ReorderRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("itemIds", Limit::Items { max: ITEMS_MAX })];
}

/// A library document to attach.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LinkPaperRequest {
    /// Required: the id of a document in the library.
    #[schema(required = true, nullable = false, value_type = i32)]
    pub document_id: Option<DocumentId>,
}

/// Input of "Upload paper": the title defaults to the file's name.
#[derive(Debug)]
pub struct UploadPaper {
    pub title: Option<String>,
    pub file: Option<ReceivedFile>,
}

fn validate_item(input: AgendaItemRequest) -> Result<NewAgendaItem, DomainError> {
    let mut errors = FieldErrors::new();
    let title = validation::required_line(
        &mut errors,
        "title",
        "Title",
        input.title.as_deref().unwrap_or(""),
        TITLE_MAX,
    );
    let purpose = match input.purpose {
        Received::Given(purpose) => purpose,
        Received::Absent => {
            errors.add("purpose", "Purpose is required");
            AgendaPurpose::Discussion
        }
        Received::Unreadable => {
            errors.add("purpose", PURPOSE_CHOICES);
            AgendaPurpose::Discussion
        }
    };
    let presenter_name = validation::optional_line(
        &mut errors,
        "presenterName",
        "Presenter",
        input.presenter_name.as_deref(),
        PRESENTER_NAME_MAX,
    );
    let presenter = match (input.presenter_user_id, presenter_name) {
        (Some(_), Some(_)) => {
            errors.add("presenterName", ONE_PRESENTER);
            None
        }
        (Some(id), None) => Some(PresenterChoice::User(id)),
        (None, Some(name)) => Some(PresenterChoice::Named(name)),
        (None, None) => None,
    };
    let duration_minutes = match input.duration_minutes {
        None => {
            errors.add("durationMinutes", "Duration is required");
            0
        }
        Some(minutes) if (0..=DURATION_MAX).contains(&minutes) => i32::try_from(minutes).unwrap_or(0),
        Some(_) => {
            errors.add("durationMinutes", DURATION_RANGE);
            0
        }
    };
    let description = validation::optional_text(
        &mut errors,
        "description",
        "Description",
        input.description.as_deref(),
        DESCRIPTION_MAX,
    )
    .unwrap_or_default();
    errors.into_result()?;
    Ok(NewAgendaItem { title, purpose, presenter, duration_minutes, description, resolution: None })
}

impl MeetingService {
    /// The agenda of a meeting `actor` may build (admins and chairs; not a cancelled meeting).
    fn buildable(&self, actor: &User, id: MeetingId) -> Result<(Meeting, Vec<AgendaItem>), MeetingsRefusal> {
        let meeting = self.editable(actor, id)?;
        let agenda = self.meetings.agenda(id)?;
        Ok((meeting, agenda))
    }

    /// Adds an item at the end of the agenda.
    pub fn add_item(
        &self,
        actor: &User,
        id: MeetingId,
        input: AgendaItemRequest,
    ) -> Result<(AgendaItem, Published), MeetingsRefusal> {
        // Every check runs on the locked meeting, inside the write (spec §2 Meeting page: at most
        // ITEMS_MAX items, none added to a cancelled meeting), in the order `editable` makes them.
        let decide = Box::new(move |meeting: &Meeting| {
            may_edit(actor, meeting)?;
            Ok(validate_item(input)?)
        });
        self.meetings.add_item(id, scope_of(actor), self.clock.now(), decide)
    }

    /// Starts an empty agenda from the standard items (409 when it has items already).
    pub fn add_standard_items(
        &self,
        actor: &User,
        id: MeetingId,
    ) -> Result<(Vec<AgendaItem>, Published), MeetingsRefusal> {
        let meeting = self.editable(actor, id)?;
        let items = self.meetings.add_items_to_empty_agenda(id, standard_items(), self.clock.now())?;
        Ok((items, meeting.agenda_published_at))
    }

    pub fn update_item(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        input: AgendaItemRequest,
    ) -> Result<(AgendaItem, Published), MeetingsRefusal> {
        let meeting = self.editable(actor, id)?;
        let fields = validate_item(input)?;
        let change = AgendaItemChange {
            title: fields.title,
            purpose: fields.purpose,
            presenter: fields.presenter,
            duration_minutes: fields.duration_minutes,
            description: fields.description,
        };
        let item = self.meetings.update_item(id, item, change, self.clock.now())?;
        Ok((item, meeting.agenda_published_at))
    }

    /// Deletes the item and the papers uploaded to it; the items after it move up.
    pub fn delete_item(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
    ) -> Result<(), MeetingsRefusal> {
        self.editable(actor, id)?;
        let keys = self.meetings.delete_item(id, item, self.clock.now())?;
        for key in &keys {
            stored_files::remove_after_row(self.files.as_ref(), key);
        }
        Ok(())
    }

    /// Puts the items in this order: `order` must name every item of the agenda once (409 otherwise: the
    /// agenda changed since the caller loaded it).
    pub fn reorder(
        &self,
        actor: &User,
        id: MeetingId,
        input: ReorderRequest,
    ) -> Result<(Vec<AgendaItem>, Published), MeetingsRefusal> {
        let meeting = self.editable(actor, id)?;
        let Some(order) = input.item_ids else {
            return Err(DomainError::invalid("itemIds", ORDER_REQUIRED).into());
        };
        if order.len() > ITEMS_MAX {
            return Err(DomainError::invalid("itemIds", TOO_MANY_ITEMS).into());
        }
        let items = self.meetings.reorder(id, &order, self.clock.now())?;
        Ok((items, meeting.agenda_published_at))
    }

    /// Publishes the agenda (again): trustees who see the meeting then see it and its papers.
    pub fn publish(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        self.editable(actor, id)?;
        self.meetings.publish_agenda(id, self.clock.now())
    }

    /// Uploads a paper to an item, with the same checks as library documents; a refused upload leaves no
    /// file and no row.
    pub fn upload_paper(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        input: UploadPaper,
    ) -> Result<AgendaPaper, MeetingsRefusal> {
        let (_, agenda) = self.buildable(actor, id)?;
        if !agenda.iter().any(|i| i.id == item) {
            return Err(MeetingsRefusal::AgendaItemNotFound);
        }
        let mut errors = FieldErrors::new();
        let title =
            validation::optional_line(&mut errors, "title", "Title", input.title.as_deref(), TITLE_MAX);
        let file = checked_file(&mut errors, input.file, DOCUMENT_KINDS)?;
        errors.into_result()?;
        let Some(file) = file else {
            return Err(DomainError::Unexpected(anyhow::anyhow!("validated upload lacks a file")).into());
        };
        let ReceivedFile { pending, file_name, kind, size } = file;
        let title = title.unwrap_or_else(|| file_name.chars().take(TITLE_MAX).collect());
        let meetings = self.meetings.clone();
        let at = self.clock.now();
        stored_files::commit_then_record(self.files.as_ref(), pending, move |storage_key| {
            let paper = NewAgendaPaper::Upload {
                title,
                file_name,
                mime_type: kind.mime_type().to_string(),
                file_size: file_size(size)?,
                storage_key,
            };
            meetings.add_paper(id, item, paper, actor.id, at)
        })
    }

    /// Attaches a library document to an item (its file stays the library's).
    pub fn link_paper(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        input: LinkPaperRequest,
    ) -> Result<AgendaPaper, MeetingsRefusal> {
        self.editable(actor, id)?;
        let Some(document) = input.document_id else {
            return Err(DomainError::invalid("documentId", "Choose a library document").into());
        };
        self.meetings.add_paper(id, item, NewAgendaPaper::Library(document), actor.id, self.clock.now())
    }

    /// Removes a paper from an item; an uploaded paper's file goes with it, a linked document stays in
    /// the library.
    pub fn remove_paper(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        paper: AgendaPaperId,
    ) -> Result<(), MeetingsRefusal> {
        self.editable(actor, id)?;
        let key = self.meetings.remove_paper(id, item, paper, self.clock.now())?;
        if let Some(key) = key {
            stored_files::remove_after_row(self.files.as_ref(), &key);
        }
        Ok(())
    }

    /// A paper and its bytes, for someone who may see the meeting and its agenda (404 otherwise: a
    /// trustee gets 404 for a draft agenda's papers).
    pub fn download_paper(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        paper: AgendaPaperId,
    ) -> Result<(AgendaPaper, Vec<u8>), MeetingsRefusal> {
        let meeting = self.visible(actor, id)?;
        if !sees_agenda(actor, &meeting) {
            return Err(MeetingsRefusal::PaperNotFound);
        }
        let paper = self
            .meetings
            .agenda(id)?
            .into_iter()
            .filter(|i| i.id == item)
            .flat_map(|i| i.papers)
            .find(|p| p.id == paper)
            .ok_or(MeetingsRefusal::PaperNotFound)?;
        let bytes = self.files.read(&paper.storage_key).map_err(DomainError::Unexpected)?;
        Ok((paper, bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(title: &str, purpose: &str, minutes: i64) -> AgendaItemRequest {
        let purpose = serde_json::from_value(serde_json::Value::from(purpose)).unwrap_or_default();
        AgendaItemRequest {
            title: Some(title.into()),
            purpose,
            duration_minutes: Some(minutes),
            ..AgendaItemRequest::default()
        }
    }

    fn refused(result: Result<NewAgendaItem, DomainError>) -> String {
        match result {
            Err(DomainError::Invalid(fields)) => fields.to_string(),
            other => format!("not refused: {other:?}"),
        }
    }

    #[test]
    fn an_item_needs_a_title_a_purpose_and_a_duration() {
        let ok = validate_item(input("Budget 2027", "decision", 20)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ok.purpose, AgendaPurpose::Decision);
        assert_eq!(ok.duration_minutes, 20);
        assert!(refused(validate_item(input("", "decision", 20))).contains("Title is required"));
        assert!(refused(validate_item(input("Budget", "vote", 20))).contains(PURPOSE_CHOICES));
        assert!(refused(validate_item(input("Budget", "decision", 601))).contains(DURATION_RANGE));
        assert!(refused(validate_item(input("Budget", "decision", -1))).contains(DURATION_RANGE));
    }

    #[test]
    fn a_presenter_is_a_user_or_a_name_not_both() {
        let mut both = input("Budget", "decision", 20);
        both.presenter_user_id = Some(UserId(3));
        both.presenter_name = Some("Guest".into());
        assert!(refused(validate_item(both)).contains(ONE_PRESENTER));
        let mut named = input("Budget", "decision", 20);
        named.presenter_name = Some("  Auditor  ".into());
        let item = validate_item(named).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(item.presenter, Some(PresenterChoice::Named("Auditor".into())));
    }
}
