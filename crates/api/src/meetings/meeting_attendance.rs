//! `/api/meetings/{id}/attendance`: answers, recorded attendance and the quorum (spec §2 Attendance section).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::identity::role::Role;
use domain::meetings::attendance::{
    AttendanceResponse, AttendanceSheet, GuestAttendance, MemberAttendance, QuorumRuleKind, QuorumSummary,
    RecordedAttendance,
};
use domain::meetings::{GuestRequest, RecordLine, RecordManyRequest, RecordRequest, RespondRequest};
use domain::{MeetingId, UserId};

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::state::AppState;

/// The meeting's attendance: every member's answer and record for admins and chairs, the caller's own
/// line for anyone else, and the quorum summary for all.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/attendance",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "Meeting id")),
    responses(
        (status = 200, description = "The attendance", body = AttendanceBody),
        (status = 404, description = "No such meeting (or a committee meeting of another committee)", body = ErrorBody),
    ),
)]
pub async fn show(
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let attendance = state.attendance.clone();
    let id = MeetingId(path.into_inner());
    let sheet = blocking(move || attendance.sheet(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(AttendanceBody::from(sheet)))
}

/// The caller answers the invitation: attending, apologies (with an optional reason) or not sure.
#[utoipa::path(
    put,
    path = "/api/meetings/{id}/attendance/me",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "Meeting id")),
    responses(
        (status = 200, description = "Answered; the attendance as the caller sees it", body = AttendanceBody),
        (status = 400, description = "`errors.response`, `errors.reason` or a malformed body", body = ErrorBody),
        (status = 403, description = "The caller is not a member of the meeting", body = ErrorBody),
        (status = 404, description = "No such meeting", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn respond(
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<i32>,
    body: Json<RespondRequest>,
) -> Result<HttpResponse, ApiError> {
    let attendance = state.attendance.clone();
    let id = MeetingId(path.into_inner());
    let input = body.into_inner();
    let sheet = blocking(move || attendance.respond(&user.0, id, input)).await?;
    Ok(HttpResponse::Ok().json(AttendanceBody::from(sheet)))
}

/// Records one user's attendance (admins and chairs).
#[utoipa::path(
    put,
    path = "/api/meetings/{id}/attendance/{userId}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    request_body = RecordRequest,
    params(
        ("id" = i32, Path, description = "Meeting id"),
        ("userId" = i32, Path, description = "The user recorded"),
    ),
    responses(
        (status = 200, description = "Recorded; the whole attendance", body = AttendanceBody),
        (status = 400, body = ErrorBody,
            description = "`errors[\"records[0].status\"]` (a member as guest, a non-member as anything but \
                           guest), `errors[\"records[0].userId\"]` (no such active user) or a malformed body"),
        (status = 403, description = "Only admins and chairs record attendance", body = ErrorBody),
        (status = 404, description = "No such meeting", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn record_one(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(i32, i32)>,
    body: Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let attendance = state.attendance.clone();
    let (id, user_id) = path.into_inner();
    let body: RecordRequest = crate::http::body::input::object_body(body.into_inner())?;
    let line = RecordLine { user_id: UserId(user_id), status: body.status };
    let sheet = blocking(move || attendance.record(&user.0, MeetingId(id), vec![line])).await?;
    Ok(HttpResponse::Ok().json(AttendanceBody::from(sheet)))
}

/// Records many users' attendance at once (admins and chairs): all lines or none.
#[utoipa::path(
    put,
    path = "/api/meetings/{id}/attendance",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "Meeting id")),
    responses(
        (status = 200, description = "Recorded; the whole attendance", body = AttendanceBody),
        (status = 400, body = ErrorBody,
            description = "`errors[\"records[i].status\"]`, `errors[\"records[i].userId\"]`, \
                           `errors.records` (too many) or a malformed body"),
        (status = 403, description = "Only admins and chairs record attendance", body = ErrorBody),
        (status = 404, description = "No such meeting", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn record_many(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: Json<RecordManyRequest>,
) -> Result<HttpResponse, ApiError> {
    let attendance = state.attendance.clone();
    let id = MeetingId(path.into_inner());
    let lines = body.into_inner().records;
    let sheet = blocking(move || attendance.record(&user.0, id, lines)).await?;
    Ok(HttpResponse::Ok().json(AttendanceBody::from(sheet)))
}

/// Records a guest who is not a user, by name (admins and chairs).
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/attendance/guests",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "Meeting id")),
    responses(
        (status = 201, description = "Recorded; the whole attendance", body = AttendanceBody),
        (status = 400, description = "`errors.name` or a malformed body", body = ErrorBody),
        (status = 403, description = "Only admins and chairs record attendance", body = ErrorBody),
        (status = 404, description = "No such meeting", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn add_guest(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: Json<GuestRequest>,
) -> Result<HttpResponse, ApiError> {
    let attendance = state.attendance.clone();
    let id = MeetingId(path.into_inner());
    let input = body.into_inner();
    let sheet = blocking(move || attendance.add_guest(&user.0, id, input)).await?;
    Ok(HttpResponse::Created().json(AttendanceBody::from(sheet)))
}

/// Removes a guest (admins and chairs).
#[utoipa::path(
    delete,
    path = "/api/meetings/{id}/attendance/guests/{guestId}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "Meeting id"),
        ("guestId" = i32, Path, description = "The guest's id on the meeting"),
    ),
    responses(
        (status = 200, description = "Removed; the whole attendance", body = AttendanceBody),
        (status = 403, description = "Only admins and chairs record attendance", body = ErrorBody),
        (status = 404, description = "No such meeting or guest", body = ErrorBody),
    ),
)]
pub async fn remove_guest(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, ApiError> {
    let attendance = state.attendance.clone();
    let (id, guest) = path.into_inner();
    let sheet = blocking(move || attendance.remove_guest(&user.0, MeetingId(id), guest)).await?;
    Ok(HttpResponse::Ok().json(AttendanceBody::from(sheet)))
}

/// A member's line: their answer and what was recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MemberAttendance)]
pub struct MemberAttendanceBody {
    pub user_id: i32,
    pub name: String,
    #[schema(value_type = domain::identity::role::Role)]
    pub role: Role,
    /// Null until they answer.
    #[schema(required = true)]
    pub response: Option<AttendanceResponse>,
    /// Given with apologies.
    #[schema(required = true)]
    pub reason: Option<String>,
    #[schema(required = true, value_type = Option<String>, format = DateTime)]
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    pub responded_at: Option<DateTime<Utc>>,
    /// Null until an admin or chair records it.
    #[schema(required = true)]
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
    #[schema(value_type = crate::http::schemas::QuorumRuleKindSchema)]
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
    /// The quorum in figures; null for a guest, who sees only their own line.
    #[schema(required = true)]
    pub summary: Option<QuorumSummaryBody>,
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
            summary: sheet.summary.map(Into::into),
        }
    }
}
