//! Guests (spec §6 Guests): people outside the board (an independent examiner, a lawyer on one item, an
//! observer at one meeting) let in until an end date for what their pass names, and nothing else.
//!
//! The pass is enforced twice: at the edge, where every handler refuses a guest unless it serves guests,
//! and in the use cases those handlers call, which read only what the pass names.

pub mod repository;
pub mod service;

use chrono::{DateTime, NaiveDate, Utc};

use crate::{DocumentId, MeetingId, UserId};

/// What a guest may open.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GuestScope {
    /// Meetings whose published agenda, papers, pack and the guest's own attendance they see.
    pub meetings: Vec<MeetingId>,
    /// Library documents they may read.
    pub documents: Vec<DocumentId>,
    /// For an auditor: library documents, uploaded and written minutes, decisions and the register of
    /// interests of this period, read-only.
    pub audit_period: Option<AuditPeriod>,
}

impl GuestScope {
    pub fn is_empty(&self) -> bool {
        self.meetings.is_empty() && self.documents.is_empty() && self.audit_period.is_none()
    }

    pub fn names_meeting(&self, id: MeetingId) -> bool {
        self.meetings.contains(&id)
    }
}

/// The days an auditor's pass covers, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuditPeriod {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl AuditPeriod {
    pub fn covers(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.to
    }
}

/// A guest's pass as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestPass {
    pub user_id: UserId,
    /// Why they are let in, in the inviter's words ("Independent examiner, 2025-26 accounts").
    pub purpose: String,
    pub ends_at: DateTime<Utc>,
    pub scope: GuestScope,
    pub invited_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
}

/// A guest as the Users page lists them: the account, the pass, and the titles of what it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestListing {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
    pub active: bool,
    pub purpose: String,
    pub ends_at: DateTime<Utc>,
    pub meetings: Vec<NamedMeeting>,
    pub documents: Vec<NamedDocument>,
    pub audit_period: Option<AuditPeriod>,
    pub invited_by: Option<String>,
    /// Has not set a password from the invitation yet.
    pub invitation_pending: bool,
    /// The end has passed (filled by the service from its clock).
    pub ended: bool,
    /// The last day of access in the board's time zone (the day before `ends_at` there; filled by the
    /// service).
    pub last_day: NaiveDate,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedMeeting {
    pub id: MeetingId,
    pub title: String,
    pub meeting_date: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedDocument {
    pub id: DocumentId,
    pub title: String,
}

/// How someone reads the board's records (uploaded and written minutes, the decisions register, the
/// register of interests): a member of the board by the board's rules, a guest only as an auditor, through
/// their period and as a trustee of no committee would (no drafts, no committee's records).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordsReader {
    Member,
    Auditor(AuditPeriod),
}

/// The way `user` reads the board's records; `None` for a guest without an audit period, who reads none.
pub fn records_reader(
    guests: &dyn repository::GuestRepository,
    user: &crate::identity::user::User,
) -> Result<Option<RecordsReader>, crate::RepoError> {
    if user.role.is_board_member() {
        return Ok(Some(RecordsReader::Member));
    }
    Ok(guests.pass(user.id)?.and_then(|pass| pass.scope.audit_period).map(RecordsReader::Auditor))
}
