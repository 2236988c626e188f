//! Minutes written in the portal against the agenda and the decisions register (spec §2 Written minutes
//! and the decisions register).

pub mod repository;
pub mod service;

use chrono::{DateTime, NaiveDate, Utc};

use crate::{ActionId, AgendaItemId, MeetingId, ResolutionId, UserId};

string_enum!(
    /// draft -> circulated -> approved -> locked. Drafts are seen by admins and chairs; from circulation
    /// on by the meeting's members. Approved and locked minutes refuse every edit (a correction is a new
    /// version); locking is the chair's final seal after signing.
    WrittenMinutesStatus {
        Draft => "draft",
        Circulated => "circulated",
        Approved => "approved",
        Locked => "locked",
    }
);

impl WrittenMinutesStatus {
    /// Whether notes, decisions and actions may still be recorded or changed.
    pub fn is_editable(self) -> bool {
        matches!(self, Self::Draft | Self::Circulated)
    }
}

string_enum!(
    /// What an entry records at its agenda item.
    MinuteEntryKind {
        Note => "note",
        Decision => "decision",
        Action => "action",
    }
);

/// One note, decision or action recorded at an agenda item (or under "General" when `item` is `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinuteEntry {
    pub id: i32,
    pub agenda_item_id: Option<AgendaItemId>,
    /// The item's number and title when the entry was recorded (kept if the item later changes).
    pub item_number: Option<i32>,
    pub item_title: Option<String>,
    pub kind: MinuteEntryKind,
    pub text: String,
    /// The action tracker's action created for an action entry.
    pub action_id: Option<ActionId>,
    pub created_at: DateTime<Utc>,
}

/// The later meeting at which minutes were approved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovedAt {
    pub meeting_id: Option<MeetingId>,
    pub meeting_title: String,
}

/// One version of a meeting's written minutes; the newest is the current one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMinutes {
    pub id: i32,
    pub meeting_id: MeetingId,
    pub version: i32,
    pub status: WrittenMinutesStatus,
    /// Why this version corrects the one before (versions from 2 on).
    pub correction_reason: Option<String>,
    /// When a correction replaced this version (it is kept, read-only).
    pub superseded_at: Option<DateTime<Utc>>,
    pub circulated_at: Option<DateTime<Utc>>,
    pub approved_on: Option<NaiveDate>,
    pub approved_at: Option<ApprovedAt>,
    pub locked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub entries: Vec<MinuteEntry>,
}

/// A validated entry to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMinuteEntry {
    pub agenda_item_id: Option<AgendaItemId>,
    pub kind: MinuteEntryKind,
    pub text: String,
    /// For an action entry: the action to create in the tracker.
    pub action: Option<NewMinuteAction>,
}

/// The action an action entry creates, linked back to its meeting and item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMinuteAction {
    pub title: String,
    pub description: String,
    pub assigned_to: Option<UserId>,
    pub due_date: Option<NaiveDate>,
    pub created_by: UserId,
}

/// Where a decision in the register comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecisionSource {
    /// Recorded at an agenda item of a meeting's minutes.
    Minutes { meeting_id: MeetingId, meeting_title: String, item: Option<String> },
    /// A written resolution that passed (spec §10 Governance).
    Resolution(ResolutionId),
}

/// One line of the minutes archive's status column: the written minutes of a meeting, as the reader sees
/// them (the current version, or for anyone but admins and chairs the newest version that is not a draft).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMinutesSummary {
    pub meeting_id: MeetingId,
    pub meeting_title: String,
    pub meeting_date: DateTime<Utc>,
    pub version: i32,
    pub status: WrittenMinutesStatus,
    pub approved_on: Option<NaiveDate>,
}

/// One line of the decisions register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The meeting's date, or when the resolution was decided.
    pub date: DateTime<Utc>,
    pub source: DecisionSource,
    pub text: String,
    /// The minutes' status (`None` for a resolution).
    pub minutes_status: Option<WrittenMinutesStatus>,
}

/// A decision as the register exports it, dated in the board's time zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatedDecision {
    pub on: NaiveDate,
    pub decision: Decision,
}
