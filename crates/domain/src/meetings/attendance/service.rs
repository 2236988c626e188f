//! Attendance and quorum (spec §2 Attendance section): invited members answer; admins and chairs see every
//! answer and record who came; the summary sets both against the board's quorum rule.

use std::sync::Arc;

use crate::identity::role::Role;
use crate::identity::user::User;
use crate::identity::UserRepository;
use crate::meetings::attendance::{
    may_see_meeting, quorum_summary, sheet_lines, AttendanceMeeting, AttendanceResponse, AttendanceSheet,
    GuestAttendance, Invitee, RecordedAttendance,
};
use crate::meetings::{AttendanceRepository, MeetingsRefusal, QuorumSettings, RecordChange};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::{Clock, FieldLimits, Limit, Received};
use crate::{MeetingId, RepoError, UserId};

pub use crate::meetings::refusal::MEETING_CANCELLED as CANCELLED;
pub const RESPONSE_CHOICES: &str = "Response must be attending, apologies or not-sure";
pub const RECORDED_CHOICES: &str = "Status must be present, absent, apologies or guest";
pub const MEMBER_NOT_GUEST: &str =
    "A member of the meeting is recorded present, absent or apologies, not guest";
pub const NON_MEMBER_ONLY_GUEST: &str =
    "Someone who is not a member of the meeting can only be recorded as a guest";
pub const NO_SUCH_USER: &str = "No such active user";
pub const REASON_MAX: usize = 500;
pub const GUEST_NAME_MAX: usize = 200;
pub const BULK_MAX: usize = 500;

/// A member's answer to the invitation.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RespondRequest {
    /// Required.
    #[schema(required = true, nullable = false, value_type = AttendanceResponse)]
    pub response: Received<AttendanceResponse>,
    /// With apologies, at most 500 characters (ignored with other answers).
    pub reason: Option<String>,
}

impl FieldLimits for RespondRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("reason", Limit::Text { max: REASON_MAX })];
}

/// What was recorded for one user, who is named by the path.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RecordRequest {
    /// `present`, `absent` or `apologies` for a member of the meeting; `guest` for any other active
    /// user; null or empty clears what was recorded.
    #[schema(value_type = Option<RecordedAttendance>)]
    pub status: Received<RecordedAttendance>,
}

/// One line of "record attendance": `status` absent or empty clears the record.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordLine {
    #[schema(value_type = i32)]
    pub user_id: UserId,
    /// As in `PUT /api/meetings/{id}/attendance/{userId}`.
    #[serde(default)]
    #[schema(value_type = Option<RecordedAttendance>)]
    pub status: Received<RecordedAttendance>,
}

/// Many users' attendance at once.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordManyRequest {
    /// At most 500 lines, stored together or not at all.
    pub records: Vec<RecordLine>,
}

impl FieldLimits for RecordManyRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("records", Limit::Items { max: BULK_MAX })];
}

/// A guest who is not a user.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GuestRequest {
    /// Required, at most 200 characters.
    #[schema(required = true, nullable = false, value_type = String)]
    pub name: Option<String>,
}

impl FieldLimits for GuestRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("name", Limit::RequiredText { max: GUEST_NAME_MAX })];
}

#[derive(Clone)]
pub struct AttendanceService {
    pub attendance: Arc<dyn AttendanceRepository>,
    pub settings: Arc<dyn QuorumSettings>,
    pub users: Arc<dyn UserRepository>,
    pub clock: Arc<dyn Clock>,
}

impl AttendanceService {
    /// The meeting, if this user may see it (404 otherwise, so its existence is not given away).
    fn visible_meeting(&self, actor: &User, id: MeetingId) -> Result<AttendanceMeeting, MeetingsRefusal> {
        let meeting = self.attendance.meeting(id).map_err(|e| match e {
            RepoError::NotFound => MeetingsRefusal::MeetingNotFound,
            other => other.into(),
        })?;
        if actor.role == Role::Guest {
            return if self.attendance.guest_sees(actor.id, id)? {
                Ok(meeting)
            } else {
                Err(MeetingsRefusal::MeetingNotFound)
            };
        }
        let memberships =
            if meeting.committee_meeting { self.attendance.committees_of(actor.id)? } else { Vec::new() };
        if !may_see_meeting(actor.role, meeting.committee_meeting, meeting.committee_id, &memberships) {
            return Err(MeetingsRefusal::MeetingNotFound);
        }
        Ok(meeting)
    }

    /// The sheet: everyone who may see the meeting reads the summary and their own line; admins and
    /// chairs also every member's answer and record, and the guests.
    pub fn sheet(&self, actor: &User, id: MeetingId) -> Result<AttendanceSheet, MeetingsRefusal> {
        let meeting = self.visible_meeting(actor, id)?;
        self.sheet_of(actor, &meeting)
    }

    fn sheet_of(
        &self,
        actor: &User,
        meeting: &AttendanceMeeting,
    ) -> Result<AttendanceSheet, MeetingsRefusal> {
        let invitees = self.attendance.invitees(meeting)?;
        let named = self.attendance.named_guests(meeting.id)?;
        let entries = self.attendance.entries(meeting.id)?;
        let rule = self.settings.quorum()?;
        let (mut members, guests) = sheet_lines(&invitees, &entries);
        let summary = quorum_summary(rule, invitees.len() as u32, &members, !guests.is_empty());
        // Guests the meeting's passes name follow the members, each with their own answer and record; they
        // are left out of the quorum above (spec §6 Guests).
        let is_named = |id: Option<UserId>| id.is_some_and(|id| named.iter().any(|n| n.user_id == id));
        let guests: Vec<GuestAttendance> = guests.into_iter().filter(|g| !is_named(g.user_id)).collect();
        members.extend(sheet_lines(&named, &entries).0);
        let mine = members.iter().find(|m| m.user_id == actor.id).cloned();
        let can_record = actor.role.is_officer();
        let (members, guests) =
            if can_record { (members, guests) } else { (mine.iter().cloned().collect(), Vec::new()) };
        Ok(AttendanceSheet {
            meeting_id: meeting.id,
            can_respond: mine.is_some() && !meeting.cancelled,
            can_record,
            mine,
            members,
            guests,
            summary: actor.role.is_board_member().then_some(summary),
        })
    }

    /// The caller's own answer: only the meeting's members answer (403 otherwise).
    pub fn respond(
        &self,
        actor: &User,
        id: MeetingId,
        input: RespondRequest,
    ) -> Result<AttendanceSheet, MeetingsRefusal> {
        let meeting = self.visible_meeting(actor, id)?;
        let invitees = self.attendance.invitees(&meeting)?;
        let named = self.attendance.named_guests(meeting.id)?;
        let Some(member) = invitees.iter().chain(&named).find(|i| i.user_id == actor.id) else {
            return Err(MeetingsRefusal::NotInvited);
        };
        let mut errors = FieldErrors::new();
        let response = match input.response {
            Received::Given(response) => Some(response),
            // Left out or not one of the answers: the same message.
            Received::Absent | Received::Unreadable => {
                errors.add("response", RESPONSE_CHOICES);
                None
            }
        };
        let reason =
            validation::optional_text(&mut errors, "reason", "Reason", input.reason.as_deref(), REASON_MAX);
        errors.into_result()?;
        let Some(response) = response else {
            return Err(DomainError::invalid("response", RESPONSE_CHOICES).into());
        };
        if meeting.cancelled {
            return Err(MeetingsRefusal::AttendanceClosed);
        }
        // A reason goes with apologies only.
        let reason = reason.filter(|_| response == AttendanceResponse::Apologies);
        self.attendance.respond(meeting.id, member, response, reason, self.clock.now())?;
        self.sheet_of(actor, &meeting)
    }

    /// Records what happened for these users (admins and chairs). A member of the meeting is present,
    /// absent or gave apologies; any other active user can only be a guest.
    pub fn record(
        &self,
        actor: &User,
        id: MeetingId,
        lines: Vec<RecordLine>,
    ) -> Result<AttendanceSheet, MeetingsRefusal> {
        let meeting = self.visible_meeting(actor, id)?;
        if !actor.role.is_officer() {
            return Err(MeetingsRefusal::OnlyOfficersRecordAttendance);
        }
        if lines.len() > BULK_MAX {
            return Err(DomainError::invalid("records", format!("At most {BULK_MAX} records at once")).into());
        }
        let invitees = self.attendance.invitees(&meeting)?;
        let mut errors = FieldErrors::new();
        let mut changes = Vec::with_capacity(lines.len());
        for (index, line) in lines.into_iter().enumerate() {
            let field = format!("records[{index}].status");
            let recorded = match line.status {
                Received::Absent => None,
                Received::Given(status) => Some(status),
                Received::Unreadable => {
                    errors.add(&field, RECORDED_CHOICES);
                    continue;
                }
            };
            let user_id = line.user_id;
            let member: Option<&Invitee> = invitees.iter().find(|i| i.user_id == user_id);
            let name = match member {
                Some(member) => {
                    if recorded == Some(RecordedAttendance::Guest) {
                        errors.add(&field, MEMBER_NOT_GUEST);
                        continue;
                    }
                    member.name.clone()
                }
                None => {
                    let found = self.users.find(user_id)?.filter(|u| u.active);
                    let Some(user) = found else {
                        errors.add(&format!("records[{index}].userId"), NO_SUCH_USER);
                        continue;
                    };
                    if recorded.is_some_and(|r| r != RecordedAttendance::Guest) {
                        errors.add(&field, NON_MEMBER_ONLY_GUEST);
                        continue;
                    }
                    user.name
                }
            };
            changes.push(RecordChange { user_id, name, recorded });
        }
        errors.into_result()?;
        if meeting.cancelled {
            return Err(MeetingsRefusal::AttendanceClosed);
        }
        self.attendance.record(meeting.id, &changes, actor.id, self.clock.now())?;
        self.sheet_of(actor, &meeting)
    }

    /// Records a guest who is not a user, by name (admins and chairs).
    pub fn add_guest(
        &self,
        actor: &User,
        id: MeetingId,
        input: GuestRequest,
    ) -> Result<AttendanceSheet, MeetingsRefusal> {
        let meeting = self.visible_meeting(actor, id)?;
        if !actor.role.is_officer() {
            return Err(MeetingsRefusal::OnlyOfficersRecordAttendance);
        }
        let mut errors = FieldErrors::new();
        let name = validation::required_line(
            &mut errors,
            "name",
            "Name",
            input.name.as_deref().unwrap_or(""),
            GUEST_NAME_MAX,
        );
        errors.into_result()?;
        if meeting.cancelled {
            return Err(MeetingsRefusal::AttendanceClosed);
        }
        self.attendance.add_guest(meeting.id, &name, actor.id, self.clock.now())?;
        self.sheet_of(actor, &meeting)
    }

    /// Removes a guest row (a named visitor, or a user recorded as a guest).
    pub fn remove_guest(
        &self,
        actor: &User,
        id: MeetingId,
        guest: i32,
    ) -> Result<AttendanceSheet, MeetingsRefusal> {
        let meeting = self.visible_meeting(actor, id)?;
        if !actor.role.is_officer() {
            return Err(MeetingsRefusal::OnlyOfficersRecordAttendance);
        }
        self.attendance.remove_guest(meeting.id, guest)?;
        self.sheet_of(actor, &meeting)
    }
}

/// The attendance list of written minutes, from what admins and chairs recorded: one line per kind
/// ("Present: ...", "Apologies: ...", "Absent: ...", "In attendance: ..." for guests); empty when nothing
/// was recorded, so the minutes say so instead of listing everyone as absent.
pub struct RecordedAttendanceLines {
    pub attendance: Arc<dyn AttendanceRepository>,
}

impl crate::meetings::written_minutes::service::MinutesAttendance for RecordedAttendanceLines {
    fn lines(&self, id: MeetingId) -> anyhow::Result<Vec<String>> {
        let meeting = self.attendance.meeting(id).map_err(|e| anyhow::anyhow!("{e}"))?;
        let invitees = self.attendance.invitees(&meeting).map_err(|e| anyhow::anyhow!("{e}"))?;
        let entries = self.attendance.entries(id).map_err(|e| anyhow::anyhow!("{e}"))?;
        let (members, guests) = sheet_lines(&invitees, &entries);
        let names = |status: RecordedAttendance| -> Vec<String> {
            members.iter().filter(|m| m.recorded == Some(status)).map(|m| m.name.clone()).collect()
        };
        let mut lines = Vec::new();
        let mut push = |label: &str, names: Vec<String>| {
            if !names.is_empty() {
                lines.push(format!("{label}: {}", names.join(", ")));
            }
        };
        push("Present", names(RecordedAttendance::Present));
        push("Apologies", names(RecordedAttendance::Apologies));
        push("Absent", names(RecordedAttendance::Absent));
        push("In attendance", guests.iter().map(|g| g.name.clone()).collect());
        Ok(lines)
    }
}
