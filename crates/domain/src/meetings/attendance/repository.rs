use chrono::{DateTime, Utc};

use crate::meetings::attendance::{
    AttendanceEntry, AttendanceMeeting, AttendanceResponse, Invitee, QuorumRule, RecordedAttendance,
};
use crate::meetings::MeetingsRefusal;
use crate::{CommitteeId, MeetingId, RepoError, UserId};

/// One change an admin or chair records; `recorded: None` clears what was recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordChange {
    pub user_id: UserId,
    pub name: String,
    pub recorded: Option<RecordedAttendance>,
}

/// Attendance at meetings (spec §2 Attendance section).
pub trait AttendanceRepository: Send + Sync {
    /// `RepoError::NotFound` when there is no such meeting.
    fn meeting(&self, id: MeetingId) -> Result<AttendanceMeeting, RepoError>;
    /// The committees this user is a member of (meeting visibility).
    fn committees_of(&self, user: UserId) -> Result<Vec<CommitteeId>, RepoError>;
    /// The meeting's members, by name: every active user for a board meeting, the committee's active
    /// members for a committee meeting (none when its committee was deleted).
    fn invitees(&self, meeting: &AttendanceMeeting) -> Result<Vec<Invitee>, RepoError>;
    /// The active guests whose pass names the meeting (spec §6 Guests), by name: they answer for
    /// themselves, but are not the meeting's members and never count towards its quorum.
    fn named_guests(&self, meeting: MeetingId) -> Result<Vec<Invitee>, RepoError>;
    /// Whether the guest's pass names the meeting and its agenda is published.
    fn guest_sees(&self, guest: UserId, meeting: MeetingId) -> Result<bool, RepoError>;
    /// Every stored row (answers, records, guests) of the meeting.
    fn entries(&self, meeting: MeetingId) -> Result<Vec<AttendanceEntry>, RepoError>;
    /// Stores (or replaces) a member's own answer.
    fn respond(
        &self,
        meeting: MeetingId,
        member: &Invitee,
        response: AttendanceResponse,
        reason: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Stores these records in one transaction.
    fn record(
        &self,
        meeting: MeetingId,
        changes: &[RecordChange],
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// A guest who is not a user; answers the new row's id.
    fn add_guest(
        &self,
        meeting: MeetingId,
        name: &str,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<i32, RepoError>;
    /// Removes a guest row of this meeting (`GuestNotFound` when it is no guest of it).
    fn remove_guest(&self, meeting: MeetingId, id: i32) -> Result<(), MeetingsRefusal>;
}

/// Where the board's quorum rule is kept. It is a governance setting (`GovernanceSettingsRepository`
/// answers this port), which the attendance summary only reads.
pub trait QuorumSettings: Send + Sync {
    fn quorum(&self) -> Result<QuorumRule, RepoError>;
}
