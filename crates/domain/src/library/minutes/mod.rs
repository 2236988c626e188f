pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::library::files::StorageKey;
use crate::{MeetingId, MinutesId, UserId};

/// Minutes are an uploaded PDF or a link to where they are kept, never both (spec §3 Minutes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MinutesSource {
    File {
        file_name: String,
        file_size: i64,
        storage_key: StorageKey,
    },
    /// An http or https URL.
    Link(String),
}

/// The record of one meeting's minutes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minutes {
    pub id: MinutesId,
    pub title: String,
    pub meeting_date: DateTime<Utc>,
    /// The calendar meeting they belong to, if any.
    pub meeting_id: Option<MeetingId>,
    pub source: MinutesSource,
    pub created_at: DateTime<Utc>,
}

/// Validated minutes; a file source is already committed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMinutes {
    pub title: String,
    pub meeting_date: DateTime<Utc>,
    pub meeting_id: Option<MeetingId>,
    pub source: MinutesSource,
    pub uploaded_by: UserId,
    pub created_at: DateTime<Utc>,
}
