use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::meetings::agenda::{AgendaItem, AgendaPaper, AgendaPurpose, Presenter};
use domain::meetings::meeting::{Meeting, MeetingKind, MeetingStatus};
use domain::meetings::MeetingView;

/// What sort of meeting it is: the calendar's tag.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MeetingKindBody {
    Board,
    Committee,
    Agm,
    Other,
}

impl From<MeetingKind> for MeetingKindBody {
    fn from(kind: MeetingKind) -> Self {
        match kind {
            MeetingKind::Board => Self::Board,
            MeetingKind::Committee => Self::Committee,
            MeetingKind::Agm => Self::Agm,
            MeetingKind::Other => Self::Other,
        }
    }
}

/// A meeting with its most recent minutes: `minutesLink` is their external link, null for a PDF.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Meeting)]
pub struct MeetingBody {
    pub id: i32,
    pub title: String,
    pub description: String,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub meeting_date: DateTime<Utc>,
    #[schema(required = true)]
    pub location: Option<String>,
    #[schema(required = true)]
    pub meeting_link: Option<String>,
    #[schema(required = true)]
    pub agenda_link: Option<String>,
    /// `board` for meetings recorded before kinds existed.
    pub kind: MeetingKindBody,
    /// The committee of a committee meeting; null for other kinds, or once that committee is deleted.
    #[schema(required = true)]
    pub committee_id: Option<i32>,
    #[schema(required = true)]
    pub committee_name: Option<String>,
    #[schema(required = true)]
    pub minutes_id: Option<i32>,
    #[schema(required = true)]
    pub minutes_link: Option<String>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    /// `scheduled`, or `cancelled` (kept and shown as cancelled).
    pub status: MeetingStatusBody,
    #[schema(required = true)]
    #[serde(serialize_with = "super::time::rfc3339_option")]
    pub cancelled_at: Option<DateTime<Utc>>,
    /// The planned length in minutes (120 for meetings recorded before lengths existed).
    pub duration_minutes: i32,
    /// `meetingDate` plus the planned length.
    #[serde(serialize_with = "super::time::rfc3339")]
    pub planned_end: DateTime<Utc>,
    /// `draft` (seen only by admins and chairs) until published.
    pub agenda_status: AgendaStatusBody,
    #[schema(required = true)]
    #[serde(serialize_with = "super::time::rfc3339_option")]
    pub agenda_published_at: Option<DateTime<Utc>>,
    /// Whether the agenda or its papers changed after the agenda was last published.
    pub agenda_changed_since_publication: bool,
    /// Increases with every edit and the cancellation (an iCalendar `SEQUENCE`).
    pub revision: i32,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
}

/// A meeting's life.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MeetingStatusBody {
    Scheduled,
    Cancelled,
}

/// Whether the agenda is still a draft.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AgendaStatusBody {
    Draft,
    Published,
}

impl From<Meeting> for MeetingBody {
    fn from(meeting: Meeting) -> Self {
        let planned_end = meeting.planned_end();
        let agenda_changed_since_publication = meeting.agenda_changed_since_publication();
        let agenda_published = meeting.agenda_published();
        let (minutes_id, minutes_link) = match meeting.minutes {
            Some(linked) => (Some(linked.id.0), linked.external_link),
            None => (None, None),
        };
        let (committee_id, committee_name) = match meeting.committee {
            Some(committee) => (Some(committee.id.0), Some(committee.name)),
            None => (None, None),
        };
        Self {
            id: meeting.id.0,
            title: meeting.title,
            description: meeting.description,
            meeting_date: meeting.meeting_date,
            location: meeting.location,
            meeting_link: meeting.meeting_link,
            agenda_link: meeting.agenda_link,
            kind: meeting.kind.into(),
            committee_id,
            committee_name,
            minutes_id,
            minutes_link,
            created_at: meeting.created_at,
            status: match meeting.status {
                MeetingStatus::Scheduled => MeetingStatusBody::Scheduled,
                MeetingStatus::Cancelled => MeetingStatusBody::Cancelled,
            },
            cancelled_at: meeting.cancelled_at,
            duration_minutes: meeting.duration_minutes,
            planned_end,
            agenda_status: if agenda_published {
                AgendaStatusBody::Published
            } else {
                AgendaStatusBody::Draft
            },
            agenda_published_at: meeting.agenda_published_at,
            agenda_changed_since_publication,
            revision: meeting.revision,
            updated_at: meeting.updated_at,
        }
    }
}

/// Why an item is on the agenda.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AgendaPurposeBody {
    Decision,
    Discussion,
    Information,
    Noting,
}

impl From<AgendaPurpose> for AgendaPurposeBody {
    fn from(purpose: AgendaPurpose) -> Self {
        match purpose {
            AgendaPurpose::Decision => Self::Decision,
            AgendaPurpose::Discussion => Self::Discussion,
            AgendaPurpose::Information => Self::Information,
            AgendaPurpose::Noting => Self::Noting,
        }
    }
}

/// A paper attached to an agenda item: a file uploaded to the item, or a library document
/// (`libraryDocumentId`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AgendaPaper)]
pub struct AgendaPaperBody {
    pub id: i32,
    pub item_id: i32,
    pub title: String,
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    /// Set when the paper is a link to this library document.
    #[schema(required = true)]
    pub library_document_id: Option<i32>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub added_at: DateTime<Utc>,
}

impl From<AgendaPaper> for AgendaPaperBody {
    fn from(paper: AgendaPaper) -> Self {
        Self {
            id: paper.id.0,
            item_id: paper.item_id.0,
            title: paper.title,
            file_name: paper.file_name,
            mime_type: paper.mime_type,
            file_size: paper.file_size,
            library_document_id: paper.library_document.map(|d| d.0),
            added_at: paper.added_at,
        }
    }
}

/// One agenda item; `number` is its place on the agenda (1, 2, ...).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AgendaItem)]
pub struct AgendaItemBody {
    pub id: i32,
    pub number: i32,
    pub title: String,
    pub purpose: AgendaPurposeBody,
    /// The presenting portal user, if the presenter is one.
    #[schema(required = true)]
    pub presenter_user_id: Option<i32>,
    /// The presenter's name: the portal user's, or the free text; null when nobody is named.
    #[schema(required = true)]
    pub presenter_name: Option<String>,
    pub duration_minutes: i32,
    pub description: String,
    pub papers: Vec<AgendaPaperBody>,
    /// Added or changed (or its papers changed) after the agenda was last published.
    pub changed_since_publication: bool,
    /// The decided written resolution the item reports, when it was added from one.
    #[schema(required = true)]
    pub resolution_id: Option<i32>,
}

impl AgendaItemBody {
    pub fn new(item: AgendaItem, published_at: Option<DateTime<Utc>>) -> Self {
        let changed_since_publication = item.changed_since(published_at);
        let (presenter_user_id, presenter_name) = match item.presenter {
            Some(Presenter::User { id, name }) => (Some(id.0), Some(name)),
            Some(Presenter::Named(name)) => (None, Some(name)),
            None => (None, None),
        };
        Self {
            id: item.id.0,
            number: item.number,
            title: item.title,
            purpose: item.purpose.into(),
            presenter_user_id,
            presenter_name,
            duration_minutes: item.duration_minutes,
            description: item.description,
            papers: item.papers.into_iter().map(AgendaPaperBody::from).collect(),
            changed_since_publication,
            resolution_id: item.resolution.map(|r| r.0),
        }
    }
}

/// Everything about one meeting, as its page shows it. Attendance and minutes status are added by their
/// features next to these fields.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MeetingDetail)]
pub struct MeetingDetailBody {
    pub meeting: MeetingBody,
    /// False while the agenda is a draft and the reader is not an admin or chair: `agenda` is then empty.
    pub agenda_visible: bool,
    /// The items in order, with their papers.
    pub agenda: Vec<AgendaItemBody>,
    /// Whether the reader may edit, cancel and delete the meeting and build its agenda.
    pub can_manage: bool,
}

impl MeetingDetailBody {
    pub fn new(view: MeetingView, can_manage: bool) -> Self {
        let published_at = view.meeting.agenda_published_at;
        let agenda_visible = view.agenda.is_some();
        let agenda = view
            .agenda
            .unwrap_or_default()
            .into_iter()
            .map(|item| AgendaItemBody::new(item, published_at))
            .collect();
        Self { meeting: MeetingBody::from(view.meeting), agenda_visible, agenda, can_manage }
    }
}
