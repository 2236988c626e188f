use chrono::{DateTime, Utc};

use crate::{CommitteeId, MeetingId, MinutesId, UserId};

/// What sort of meeting it is, shown as the calendar's tag (spec §2 Calendar). Meetings recorded before
/// the kind existed are board meetings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeetingKind {
    Board,
    /// A meeting of one sub-committee, named by `Meeting::committee`.
    Committee,
    /// The annual general meeting.
    Agm,
    Other,
}

impl MeetingKind {
    pub const ALL: [MeetingKind; 4] = [Self::Board, Self::Committee, Self::Agm, Self::Other];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Board => "board",
            Self::Committee => "committee",
            Self::Agm => "agm",
            Self::Other => "other",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == value)
    }
}

/// The committee a committee meeting belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingCommittee {
    pub id: CommitteeId,
    pub name: String,
}

/// The most recent minutes recorded for a meeting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkedMinutes {
    pub id: MinutesId,
    /// Their external link; `None` when the minutes are an uploaded PDF.
    pub external_link: Option<String>,
}

/// A meeting on the board calendar (spec §3 Meeting).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meeting {
    pub id: MeetingId,
    pub title: String,
    pub description: String,
    pub meeting_date: DateTime<Utc>,
    pub location: Option<String>,
    pub meeting_link: Option<String>,
    pub agenda_link: Option<String>,
    pub kind: MeetingKind,
    /// Set for committee meetings; `None` also when that committee has since been deleted.
    pub committee: Option<MeetingCommittee>,
    pub minutes: Option<LinkedMinutes>,
    pub created_at: DateTime<Utc>,
}

/// A validated meeting to schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMeeting {
    pub title: String,
    pub description: String,
    pub meeting_date: DateTime<Utc>,
    pub location: Option<String>,
    pub meeting_link: Option<String>,
    pub agenda_link: Option<String>,
    pub kind: MeetingKind,
    /// Set exactly when `kind` is `Committee`.
    pub committee_id: Option<CommitteeId>,
    pub created_by: UserId,
    pub created_at: DateTime<Utc>,
}

/// Which meetings a listing covers, relative to "now" (spec §4 Meeting: upcoming or past).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeetingWindow {
    /// Every meeting, soonest first.
    All,
    /// Starting now or later, soonest first.
    Upcoming,
    /// Started before now, latest first.
    Past,
}
