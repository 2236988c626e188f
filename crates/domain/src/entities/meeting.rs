use chrono::{DateTime, Utc};

use crate::{MeetingId, MinutesId, UserId};

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
