//! Attendance at a meeting and its quorum (spec §2 Attendance section): invited members answer whether they
//! will come; admins and chairs record who came. The quorum rule is a governance setting.

pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::identity::role::Role;
use crate::{CommitteeId, MeetingId, UserId};

string_enum!(
    /// A member's own answer to the invitation.
    AttendanceResponse {
        Attending => "attending",
        Apologies => "apologies",
        NotSure => "not-sure",
    }
);

string_enum!(
    /// What an admin or chair recorded at (or after) the meeting; `guest`: attended without being one of
    /// the meeting's members (a user, or a visitor by name).
    RecordedAttendance {
        Present => "present",
        Absent => "absent",
        Apologies => "apologies",
        Guest => "guest",
    }
);

string_enum!(
    /// How the quorum is worked out: `count`, a fixed number of trustees; `fraction`, a fraction of the
    /// serving trustees (rounded up), and never fewer than the minimum.
    QuorumRuleKind {
        Count => "count",
        Fraction => "fraction",
    }
);

/// The board's quorum rule (a governance setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuorumRule {
    pub kind: QuorumRuleKind,
    /// `Count`: the number needed; `Fraction`: the floor under the fraction.
    pub minimum: u32,
    pub numerator: u32,
    pub denominator: u32,
}

impl Default for QuorumRule {
    /// Three trustees (the usual default in a charity's governing document).
    fn default() -> Self {
        QuorumRule { kind: QuorumRuleKind::Count, minimum: 3, numerator: 1, denominator: 3 }
    }
}

pub const QUORUM_MAX: u32 = 100;

impl QuorumRule {
    /// How many trustees make the meeting quorate when `serving` trustees serve.
    pub fn required(&self, serving: u32) -> u32 {
        match self.kind {
            QuorumRuleKind::Count => self.minimum,
            QuorumRuleKind::Fraction => {
                let denominator = self.denominator.max(1);
                let share = (serving * self.numerator).div_ceil(denominator);
                share.max(self.minimum)
            }
        }
    }

    /// The rule in words, for the meeting page.
    pub fn describe(&self) -> String {
        match self.kind {
            QuorumRuleKind::Count => format!("{} trustees", self.minimum),
            QuorumRuleKind::Fraction => format!(
                "{}/{} of the serving trustees, and at least {}",
                self.numerator, self.denominator, self.minimum
            ),
        }
    }
}

/// The meeting, as attendance needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttendanceMeeting {
    pub id: MeetingId,
    /// Set for a committee meeting: only that committee's members are invited.
    pub committee_id: Option<CommitteeId>,
    pub committee_meeting: bool,
    pub cancelled: bool,
}

/// Who sees a meeting (spec §6 Committee meetings): a committee meeting only that committee's members, admins
/// and chairs; every other meeting every member.
pub fn may_see_meeting(
    role: Role,
    committee_meeting: bool,
    committee_id: Option<CommitteeId>,
    memberships: &[CommitteeId],
) -> bool {
    !committee_meeting || role.is_officer() || committee_id.is_some_and(|id| memberships.contains(&id))
}

/// A member invited to a meeting: every active user for a board meeting, the committee's active members
/// for a committee meeting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitee {
    pub user_id: UserId,
    pub name: String,
    pub role: Role,
}

/// One row of a meeting's attendance: a member (with `user_id`) or a guest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttendanceEntry {
    pub id: i32,
    pub user_id: Option<UserId>,
    pub name: String,
    pub response: Option<AttendanceResponse>,
    pub reason: Option<String>,
    pub responded_at: Option<DateTime<Utc>>,
    pub recorded: Option<RecordedAttendance>,
    pub recorded_at: Option<DateTime<Utc>>,
}

/// A member's line on the attendance sheet: their answer and what was recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberAttendance {
    pub user_id: UserId,
    pub name: String,
    pub role: Role,
    pub response: Option<AttendanceResponse>,
    pub reason: Option<String>,
    pub responded_at: Option<DateTime<Utc>>,
    pub recorded: Option<RecordedAttendance>,
}

/// Someone recorded as a guest: a user who is not one of the meeting's members, or a visitor by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestAttendance {
    pub id: i32,
    pub user_id: Option<UserId>,
    pub name: String,
}

/// Expected and recorded attendance against the quorum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuorumSummary {
    pub rule: QuorumRule,
    /// The trustees whose number the rule counts from (for a committee meeting, its members).
    pub serving: u32,
    pub required: u32,
    /// Members who answered Attending.
    pub expected_attending: u32,
    pub apologies: u32,
    pub not_sure: u32,
    pub no_answer: u32,
    pub expected_quorate: bool,
    /// Members recorded present (guests never count); `None` until anyone (or any guest) is recorded.
    pub recorded_present: Option<u32>,
    pub recorded_quorate: Option<bool>,
}

/// The whole sheet of one meeting, as the service answers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttendanceSheet {
    pub meeting_id: MeetingId,
    /// The caller is invited, so they may answer.
    pub can_respond: bool,
    /// The caller is an admin or chair: they see every answer and record attendance.
    pub can_record: bool,
    /// The caller's own line, when they are invited.
    pub mine: Option<MemberAttendance>,
    /// Every member's line for admins and chairs; only the caller's own for anyone else.
    pub members: Vec<MemberAttendance>,
    /// Guests for admins and chairs; empty for anyone else.
    pub guests: Vec<GuestAttendance>,
    /// The meeting's quorum in figures; `None` for a guest, who sees only their own answer (spec §6 Guests).
    pub summary: Option<QuorumSummary>,
}

/// Puts the invitees and the stored rows together: one line per invitee (in the invitees' order), and
/// guests (rows of non-invitees recorded as guests).
pub fn sheet_lines(
    invitees: &[Invitee],
    entries: &[AttendanceEntry],
) -> (Vec<MemberAttendance>, Vec<GuestAttendance>) {
    let members = invitees
        .iter()
        .map(|invitee| {
            let entry = entries.iter().find(|e| e.user_id == Some(invitee.user_id));
            MemberAttendance {
                user_id: invitee.user_id,
                name: invitee.name.clone(),
                role: invitee.role,
                response: entry.and_then(|e| e.response),
                reason: entry.and_then(|e| e.reason.clone()),
                responded_at: entry.and_then(|e| e.responded_at),
                recorded: entry.and_then(|e| e.recorded),
            }
        })
        .collect();
    let guests = entries
        .iter()
        .filter(|e| e.recorded == Some(RecordedAttendance::Guest))
        .filter(|e| !e.user_id.is_some_and(|id| invitees.iter().any(|i| i.user_id == id)))
        .map(|e| GuestAttendance { id: e.id, user_id: e.user_id, name: e.name.clone() })
        .collect();
    (members, guests)
}

/// Expected and recorded attendance of these members against the rule; `guests_recorded`: guests are on
/// the record (recording has begun, though guests never count).
pub fn quorum_summary(
    rule: QuorumRule,
    serving: u32,
    members: &[MemberAttendance],
    guests_recorded: bool,
) -> QuorumSummary {
    let required = rule.required(serving);
    let count =
        |response: AttendanceResponse| members.iter().filter(|m| m.response == Some(response)).count() as u32;
    let expected_attending = count(AttendanceResponse::Attending);
    let any_recorded = guests_recorded || members.iter().any(|m| m.recorded.is_some());
    let recorded_present = any_recorded
        .then(|| members.iter().filter(|m| m.recorded == Some(RecordedAttendance::Present)).count() as u32);
    QuorumSummary {
        rule,
        serving,
        required,
        expected_attending,
        apologies: count(AttendanceResponse::Apologies),
        not_sure: count(AttendanceResponse::NotSure),
        no_answer: members.iter().filter(|m| m.response.is_none()).count() as u32,
        expected_quorate: expected_attending >= required,
        recorded_present,
        recorded_quorate: recorded_present.map(|present| present >= required),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(
        id: i32,
        response: Option<AttendanceResponse>,
        recorded: Option<RecordedAttendance>,
    ) -> MemberAttendance {
        MemberAttendance {
            user_id: UserId(id),
            name: format!("Member {id}"),
            role: Role::Trustee,
            response,
            reason: None,
            responded_at: None,
            recorded,
        }
    }

    #[test]
    fn a_count_rule_needs_its_number_and_a_fraction_rounds_up_with_a_floor() {
        let count = QuorumRule { kind: QuorumRuleKind::Count, minimum: 4, numerator: 1, denominator: 3 };
        assert_eq!((count.required(3), count.required(12)), (4, 4));
        let third = QuorumRule { kind: QuorumRuleKind::Fraction, minimum: 3, numerator: 1, denominator: 3 };
        assert_eq!(third.required(12), 4);
        assert_eq!(third.required(10), 4, "a third of 10 rounds up to 4");
        assert_eq!(third.required(6), 3, "never below the minimum");
        let half = QuorumRule { kind: QuorumRuleKind::Fraction, minimum: 2, numerator: 1, denominator: 2 };
        assert_eq!(half.required(9), 5);
        assert_eq!(third.describe(), "1/3 of the serving trustees, and at least 3");
    }

    #[test]
    fn the_summary_counts_answers_and_only_recorded_members_present() {
        use AttendanceResponse::*;
        use RecordedAttendance::*;
        let rule = QuorumRule { kind: QuorumRuleKind::Count, minimum: 2, numerator: 1, denominator: 3 };
        let members = [
            member(1, Some(Attending), None),
            member(2, Some(AttendanceResponse::Apologies), None),
            member(3, Some(NotSure), None),
            member(4, None, None),
        ];
        let summary = quorum_summary(rule, 4, &members, false);
        assert_eq!(
            (summary.expected_attending, summary.apologies, summary.not_sure, summary.no_answer),
            (1, 1, 1, 1)
        );
        assert!(!summary.expected_quorate);
        assert_eq!((summary.recorded_present, summary.recorded_quorate), (None, None));

        let members = [
            member(1, Some(Attending), Some(Present)),
            member(2, Some(AttendanceResponse::Apologies), Some(RecordedAttendance::Apologies)),
            member(3, Some(NotSure), Some(Present)),
            member(4, None, Some(Absent)),
        ];
        let summary = quorum_summary(rule, 4, &members, false);
        assert_eq!((summary.recorded_present, summary.recorded_quorate), (Some(2), Some(true)));
    }

    #[test]
    fn guests_are_the_recorded_non_members() {
        let invitees = [Invitee { user_id: UserId(1), name: "One".into(), role: Role::Trustee }];
        let entry = |id: i32, user: Option<i32>, recorded: Option<RecordedAttendance>| AttendanceEntry {
            id,
            user_id: user.map(UserId),
            name: format!("Entry {id}"),
            response: None,
            reason: None,
            responded_at: None,
            recorded,
            recorded_at: None,
        };
        let entries = [
            entry(10, Some(1), Some(RecordedAttendance::Present)),
            entry(11, None, Some(RecordedAttendance::Guest)),
            entry(12, Some(7), Some(RecordedAttendance::Guest)),
            entry(13, Some(8), None),
        ];
        let (members, guests) = sheet_lines(&invitees, &entries);
        assert_eq!(members.len(), 1);
        assert_eq!(members[0].recorded, Some(RecordedAttendance::Present));
        assert_eq!(guests.iter().map(|g| g.id).collect::<Vec<_>>(), vec![11, 12]);
    }
}
