pub mod repository;
pub mod service;

use chrono::{DateTime, Duration, Utc};

use crate::{CommitteeId, MeetingId, MinutesId, UserId};

string_enum!(
    /// What sort of meeting it is, shown as the calendar's tag (spec §2 Calendar): `committee`, a meeting
    /// of one sub-committee (named by `Meeting::committee`); `agm`, the annual general meeting. Meetings
    /// recorded before the kind existed are board meetings.
    MeetingKind {
        Board => "board",
        Committee => "committee",
        Agm => "agm",
        Other => "other",
    }
);

impl MeetingKind {
    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }
}

string_enum!(
    /// A meeting's life: scheduled, or cancelled (kept and shown as cancelled; deleting is for mistakes).
    MeetingStatus {
        Scheduled => "scheduled",
        Cancelled => "cancelled",
    }
);

string_enum!(
    /// Whether the agenda is still a draft (seen only by admins and chairs) or published.
    AgendaStatus {
        Draft => "draft",
        Published => "published",
    }
);

/// The planned length of a meeting recorded before lengths existed, and the default for new ones.
pub const DEFAULT_DURATION_MINUTES: i32 = 120;

/// Which meetings a reader may see (spec §6 Committee meetings): admins and chairs see all; everyone else
/// sees every meeting that is not a committee meeting, and the committee meetings of the committees they
/// belong to; a guest sees only the meetings their pass names, once the agenda is published (spec §6
/// Guests), and nothing else that hangs off meetings (actions, minutes, decisions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeetingScope {
    Everything,
    VisibleTo(UserId),
    GuestOf(UserId),
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
    pub status: MeetingStatus,
    pub cancelled_at: Option<DateTime<Utc>>,
    /// The planned length; `meeting_date + duration` is the planned end.
    pub duration_minutes: i32,
    /// `None` while the agenda is a draft (seen only by admins and chairs).
    pub agenda_published_at: Option<DateTime<Utc>>,
    /// When the agenda or one of its papers last changed (items added, edited, removed, reordered).
    pub agenda_changed_at: DateTime<Utc>,
    /// Counts the meeting's edits and its cancellation (an iCalendar `SEQUENCE`).
    pub revision: i32,
    pub updated_at: DateTime<Utc>,
}

/// When a meeting starting at `starts_at` and planned to last `duration_minutes` is planned to end.
pub fn planned_end_of(starts_at: DateTime<Utc>, duration_minutes: i32) -> DateTime<Utc> {
    starts_at + Duration::minutes(i64::from(duration_minutes))
}

impl Meeting {
    pub fn planned_end(&self) -> DateTime<Utc> {
        planned_end_of(self.meeting_date, self.duration_minutes)
    }

    pub fn is_cancelled(&self) -> bool {
        self.status == MeetingStatus::Cancelled
    }

    pub fn agenda_published(&self) -> bool {
        self.agenda_published_at.is_some()
    }

    pub fn agenda_status(&self) -> AgendaStatus {
        if self.agenda_published() {
            AgendaStatus::Published
        } else {
            AgendaStatus::Draft
        }
    }

    /// Whether the agenda changed after it was (last) published.
    pub fn agenda_changed_since_publication(&self) -> bool {
        self.agenda_published_at.is_some_and(|published| self.agenda_changed_at > published)
    }
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
    pub duration_minutes: i32,
    pub created_by: UserId,
    pub created_at: DateTime<Utc>,
}

/// A validated edit of a meeting's details (the whole record, as `PUT` replaces it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingChange {
    pub title: String,
    pub description: String,
    pub meeting_date: DateTime<Utc>,
    pub duration_minutes: i32,
    pub location: Option<String>,
    pub meeting_link: Option<String>,
    pub agenda_link: Option<String>,
    pub kind: MeetingKind,
    pub committee_id: Option<CommitteeId>,
    pub updated_at: DateTime<Utc>,
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
