use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::entities::meeting::{Meeting, MeetingKind};

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
}

impl From<Meeting> for MeetingBody {
    fn from(meeting: Meeting) -> Self {
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
        }
    }
}
