pub mod repository;
pub mod service;
pub mod writer;

use chrono::{DateTime, Utc};

use crate::MeetingId;

/// A meeting as a calendar event describes it: in the feed, the single .ics and the .ics attached to
/// meeting mails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingItem {
    pub id: MeetingId,
    pub title: String,
    pub starts_at: DateTime<Utc>,
    /// The planned end (start plus the meeting's duration).
    pub ends_at: DateTime<Utc>,
    pub description: String,
    pub location: Option<String>,
    pub meeting_link: Option<String>,
    /// The committee of a committee meeting (its members are the audience).
    pub committee: Option<String>,
    /// The calendar SEQUENCE (as in the feed), so a mailed .ics replaces the earlier one.
    pub sequence: u32,
    pub cancelled: bool,
}
