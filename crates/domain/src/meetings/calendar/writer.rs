//! Writing iCalendar (RFC 5545) text: implemented by the `ical` crate, wired in `server`.

use chrono::{DateTime, Utc};

/// One meeting as a calendar event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarEvent {
    /// Stable across edits, e.g. `meeting-12@portal.example.org`.
    pub uid: String,
    /// Increases on every change a calendar shows (RFC 5545 SEQUENCE).
    pub sequence: u32,
    pub summary: String,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub location: Option<String>,
    /// The meeting's page in the portal.
    pub url: Option<String>,
    /// Written as `STATUS:CANCELLED`.
    pub cancelled: bool,
}

/// Writes a whole VCALENDAR: the events in the board's time zone, with its VTIMEZONE.
pub trait CalendarWriter: Send + Sync {
    fn calendar(&self, name: &str, events: &[CalendarEvent]) -> String;
}
