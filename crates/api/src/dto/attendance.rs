//! Attendance and quorum of a meeting (issue 13, point 5).

use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::identity::role::Role;
use domain::meetings::attendance::{
    AttendanceResponse, AttendanceSheet, GuestAttendance, MemberAttendance, QuorumRuleKind, QuorumSummary,
    RecordedAttendance,
};

/// A member's line: their answer and what was recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MemberAttendance)]
pub struct MemberAttendanceBody {
    pub user_id: i32,
    pub name: String,
    #[schema(value_type = crate::schemas::RoleSchema)]
    pub role: Role,
    /// Null until they answer.
    #[schema(required = true, value_type = Option<crate::schemas::AttendanceResponseSchema>)]
    pub response: Option<AttendanceResponse>,
    /// Given with apologies.
    #[schema(required = true)]
    pub reason: Option<String>,
    #[schema(required = true, value_type = Option<String>, format = DateTime)]
    #[serde(serialize_with = "super::time::rfc3339_option")]
    pub responded_at: Option<DateTime<Utc>>,
    /// Null until an admin or chair records it.
    #[schema(required = true, value_type = Option<crate::schemas::RecordedAttendanceSchema>)]
    pub recorded: Option<RecordedAttendance>,
}

impl From<MemberAttendance> for MemberAttendanceBody {
    fn from(m: MemberAttendance) -> Self {
        Self {
            user_id: m.user_id.0,
            name: m.name,
            role: m.role,
            response: m.response,
            reason: m.reason,
            responded_at: m.responded_at,
            recorded: m.recorded,
        }
    }
}

/// Someone recorded as a guest: a user who is not a member of the meeting, or a visitor by name.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GuestAttendance)]
pub struct GuestAttendanceBody {
    /// The guest's id on this meeting (to remove them).
    pub id: i32,
    /// Null for a visitor who is not a user.
    #[schema(required = true)]
    pub user_id: Option<i32>,
    pub name: String,
}

impl From<GuestAttendance> for GuestAttendanceBody {
    fn from(g: GuestAttendance) -> Self {
        Self { id: g.id, user_id: g.user_id.map(|u| u.0), name: g.name }
    }
}

/// Expected and recorded attendance against the quorum.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = QuorumSummary)]
pub struct QuorumSummaryBody {
    #[schema(value_type = crate::schemas::QuorumRuleKindSchema)]
    pub rule: QuorumRuleKind,
    /// The rule in words, e.g. "3 trustees".
    pub rule_text: String,
    /// The serving trustees the rule counts from (a committee meeting: its members).
    pub serving: u32,
    /// Trustees needed for a quorum.
    pub required: u32,
    pub expected_attending: u32,
    pub apologies: u32,
    pub not_sure: u32,
    pub no_answer: u32,
    /// Enough members said they are attending.
    pub expected_quorate: bool,
    /// Members recorded present; null until attendance is recorded.
    #[schema(required = true)]
    pub recorded_present: Option<u32>,
    /// Null until attendance is recorded.
    #[schema(required = true)]
    pub recorded_quorate: Option<bool>,
}

impl From<QuorumSummary> for QuorumSummaryBody {
    fn from(s: QuorumSummary) -> Self {
        Self {
            rule: s.rule.kind,
            rule_text: s.rule.describe(),
            serving: s.serving,
            required: s.required,
            expected_attending: s.expected_attending,
            apologies: s.apologies,
            not_sure: s.not_sure,
            no_answer: s.no_answer,
            expected_quorate: s.expected_quorate,
            recorded_present: s.recorded_present,
            recorded_quorate: s.recorded_quorate,
        }
    }
}

/// A meeting's attendance as the caller may see it: admins and chairs every member's line and the guests,
/// anyone else only their own line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Attendance)]
pub struct AttendanceBody {
    pub meeting_id: i32,
    /// The caller is a member of the meeting and it is not cancelled: they may answer.
    pub can_respond: bool,
    /// The caller is an admin or chair: they record attendance.
    pub can_record: bool,
    /// The caller's own line; null when they are not a member of the meeting.
    #[schema(required = true)]
    pub mine: Option<MemberAttendanceBody>,
    pub members: Vec<MemberAttendanceBody>,
    pub guests: Vec<GuestAttendanceBody>,
    pub summary: QuorumSummaryBody,
}

impl From<AttendanceSheet> for AttendanceBody {
    fn from(sheet: AttendanceSheet) -> Self {
        Self {
            meeting_id: sheet.meeting_id.0,
            can_respond: sheet.can_respond,
            can_record: sheet.can_record,
            mine: sheet.mine.map(Into::into),
            members: sheet.members.into_iter().map(Into::into).collect(),
            guests: sheet.guests.into_iter().map(Into::into).collect(),
            summary: sheet.summary.into(),
        }
    }
}

/// The caller's private calendar feed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CalendarFeed)]
pub struct CalendarFeedBody {
    /// Subscribe to it in a calendar app; anyone with it reads the caller's meetings, so keep it private.
    pub url: String,
}
