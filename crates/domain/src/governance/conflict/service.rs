//! Conflicts of interest at meetings (spec §10 Rules; Charity Commission guidance CC29).
//!
//! A trustee declares a conflict on an agenda item of a meeting they see, linked to one of their entries
//! on the register of interests or to a new entry made there at the same time; admins and chairs may
//! declare for any member of the meeting and record how it was handled (left the meeting for the item;
//! stayed for the discussion but not the decision; no conflict after all). Each item shows who is
//! conflicted and whether it is still quorate without them. The written minutes' draft carries the
//! standard record of each declaration at its item, kept in step as declarations and their handling are
//! recorded (and added when the draft is started). When an item's title or description names an
//! organisation on someone's register, that trustee and the admins and chairs see a suggestion.

use std::sync::Arc;

use crate::governance::conflict::{
    item_quorum, ConflictDeclaration, ConflictHandling, ItemQuorum, QuorumBasis,
};
use crate::governance::interest::matches as interest_matches;
use crate::governance::interest::service::{self as interest_service, InterestRequest};
use crate::governance::interest::Interest;
use crate::governance::{
    ConflictRepository, DeclaredOn, DraftRecord, Editor, GovernanceRefusal, GovernanceSettingsRepository,
    InterestRepository, NewConflict,
};
use crate::identity::user::User;
use crate::meetings::agenda::AgendaItem;
use crate::meetings::attendance::{sheet_lines, Invitee, RecordedAttendance};
use crate::meetings::meeting::Meeting;
use crate::meetings::rules::{scope_of, sees_agenda};
use crate::meetings::written_minutes::service::MinutesDeclarations;
use crate::meetings::written_minutes::{MinuteEntryKind, NewMinuteEntry, WrittenMinutesStatus};
use crate::meetings::{AttendanceRepository, MeetingRepository, MeetingsRefusal, WrittenMinutesRepository};
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;
use crate::shared::{Clock, Received};
use crate::{AgendaItemId, ConflictId, InterestId, MeetingId, UserId};

pub const NOT_A_MEMBER: &str = "Only members of the meeting declare conflicts on its items";
pub const INTEREST_OR_NEW: &str = "Choose an entry on the register of interests or describe a new interest";
pub const ONE_INTEREST: &str = "Choose an entry on the register or describe a new interest, not both";
pub const NOT_THEIR_INTEREST: &str = "Choose one of the declaring trustee's own entries on the register";
pub const HANDLING_CHOICES: &str = "Handling must be left, stayed-not-decided or no-conflict";

/// A declaration: give `interestId` (one of the trustee's register entries) or `newInterest` (added to
/// the register now), not both.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclareConflictRequest {
    /// The conflicted member; default the caller. Only admins and chairs name someone else.
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub user_id: Option<UserId>,
    /// One of that member's entries on the register of interests.
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub interest_id: Option<InterestId>,
    #[serde(default)]
    /// A new entry for the register (its `userId` is ignored: it is the declaring member's).
    pub new_interest: Option<InterestRequest>,
}

/// How the conflict was handled.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct HandlingRequest {
    /// `left`, `stayed-not-decided` or `no-conflict`; null clears what was recorded.
    #[schema(value_type = Option<ConflictHandling>, required = true)]
    pub handling: Received<ConflictHandling>,
}

/// One agenda item's conflicts as the caller sees them.
#[derive(Debug, Clone)]
pub struct ItemConflicts {
    pub item_id: AgendaItemId,
    pub number: i32,
    pub title: String,
    pub declarations: Vec<ConflictDeclaration>,
    pub quorum: ItemQuorum,
    /// Current register entries the item's title or description names, of members who have not declared
    /// on it: the caller's own, or everyone's for admins and chairs.
    pub suggested: Vec<Interest>,
}

/// A meeting's conflicts, item by item (no items while a trustee may not see the draft agenda).
#[derive(Debug, Clone)]
pub struct MeetingConflicts {
    pub meeting_id: MeetingId,
    /// The caller may record how conflicts were handled and declare for others.
    pub can_record: bool,
    /// The meeting is cancelled: nothing more can be declared.
    pub cancelled: bool,
    pub items: Vec<ItemConflicts>,
}

#[derive(Clone)]
pub struct ConflictService {
    pub conflicts: Arc<dyn ConflictRepository>,
    pub meetings: Arc<dyn MeetingRepository>,
    pub attendance: Arc<dyn AttendanceRepository>,
    pub settings: Arc<dyn GovernanceSettingsRepository>,
    pub register: Arc<dyn InterestRepository>,
    pub minutes: Arc<dyn WrittenMinutesRepository>,
    pub clock: Arc<dyn Clock>,
}

/// Who is counted present for the quorum: those recorded present once anything is recorded, before that
/// those who answered that they will attend.
fn present_members(attendance: &dyn AttendanceRepository, id: MeetingId) -> Result<Present, DomainError> {
    let meeting = attendance.meeting(id)?;
    let invitees = attendance.invitees(&meeting)?;
    let entries = attendance.entries(id)?;
    let (members, guests) = sheet_lines(&invitees, &entries);
    let recorded = !guests.is_empty() || members.iter().any(|m| m.recorded.is_some());
    let present = members
        .iter()
        .filter(|m| {
            if recorded {
                m.recorded == Some(RecordedAttendance::Present)
            } else {
                m.response == Some(crate::meetings::attendance::AttendanceResponse::Attending)
            }
        })
        .map(|m| m.user_id)
        .collect();
    let basis = if recorded { QuorumBasis::Recorded } else { QuorumBasis::Expected };
    Ok(Present { basis, present, invitees })
}

struct Present {
    basis: QuorumBasis,
    present: Vec<UserId>,
    invitees: Vec<Invitee>,
}

impl ConflictService {
    fn meeting(&self, actor: &User, id: MeetingId) -> Result<Meeting, GovernanceRefusal> {
        Ok(self.meetings.find(id, scope_of(actor))?.ok_or(MeetingsRefusal::MeetingNotFound)?)
    }

    /// The agenda the caller sees: none of a draft agenda for trustees.
    fn agenda(&self, actor: &User, meeting: &Meeting) -> Result<Vec<AgendaItem>, DomainError> {
        if !sees_agenda(actor, meeting) {
            return Ok(Vec::new());
        }
        Ok(self.meetings.agenda(meeting.id)?)
    }

    fn item(
        &self,
        actor: &User,
        meeting: &Meeting,
        item: AgendaItemId,
    ) -> Result<AgendaItem, GovernanceRefusal> {
        Ok(self
            .agenda(actor, meeting)?
            .into_iter()
            .find(|i| i.id == item)
            .ok_or(MeetingsRefusal::AgendaItemNotFound)?)
    }

    /// Every item of the meeting with its declarations, quorum and suggestions.
    pub fn meeting_conflicts(
        &self,
        actor: &User,
        id: MeetingId,
    ) -> Result<MeetingConflicts, GovernanceRefusal> {
        let meeting = self.meeting(actor, id)?;
        let agenda = self.agenda(actor, &meeting)?;
        let items = self.items_view(actor, &meeting, agenda)?;
        Ok(MeetingConflicts {
            meeting_id: id,
            can_record: actor.role.is_officer(),
            cancelled: meeting.is_cancelled(),
            items,
        })
    }

    /// One item's declarations, quorum and suggestions.
    pub fn item_conflicts(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
    ) -> Result<ItemConflicts, GovernanceRefusal> {
        let meeting = self.meeting(actor, id)?;
        let item = self.item(actor, &meeting, item)?;
        let mut items = self.items_view(actor, &meeting, vec![item])?;
        Ok(items.pop().ok_or(MeetingsRefusal::AgendaItemNotFound)?)
    }

    fn items_view(
        &self,
        actor: &User,
        meeting: &Meeting,
        agenda: Vec<AgendaItem>,
    ) -> Result<Vec<ItemConflicts>, DomainError> {
        if agenda.is_empty() {
            return Ok(Vec::new());
        }
        let declarations = self.conflicts.list(meeting.id)?;
        let Present { basis, present, invitees } = present_members(self.attendance.as_ref(), meeting.id)?;
        let required = self.settings.get()?.quorum.required(invitees.len() as u32);
        let scope = if actor.role.is_officer() { None } else { Some(actor.id) };
        let register: Vec<Interest> = self
            .register
            .list(scope)?
            .into_iter()
            .filter(|e| invitees.iter().any(|i| i.user_id == e.user_id))
            .collect();
        let today = self.clock.now().date_naive();
        Ok(agenda
            .into_iter()
            .map(|item| {
                let mine: Vec<ConflictDeclaration> =
                    declarations.iter().filter(|d| d.agenda_item_id == item.id).cloned().collect();
                let refs: Vec<&ConflictDeclaration> = mine.iter().collect();
                let quorum = item_quorum(basis, &present, &refs, required);
                let text = format!("{}\n{}", item.title, item.description);
                let suggested = interest_matches::named_in(&text, &register, today)
                    .into_iter()
                    .filter(|e| !mine.iter().any(|d| d.user_id == e.user_id))
                    .cloned()
                    .collect();
                ItemConflicts {
                    item_id: item.id,
                    number: item.number,
                    title: item.title,
                    declarations: mine,
                    quorum,
                    suggested,
                }
            })
            .collect())
    }

    /// Declares a conflict on an item: the caller for themselves, or an admin or chair for a member of
    /// the meeting. 409 when the meeting is cancelled or that trustee has already declared on the item,
    /// both decided inside the write.
    pub fn declare(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        input: DeclareConflictRequest,
    ) -> Result<ConflictDeclaration, GovernanceRefusal> {
        let meeting = self.meeting(actor, id)?;
        let item = self.item(actor, &meeting, item)?;
        let declarant = input.user_id.unwrap_or(actor.id);
        if declarant != actor.id && !actor.role.is_officer() {
            return Err(GovernanceRefusal::DeclareForOthersForbidden);
        }
        let mut errors = FieldErrors::new();
        let Present { invitees, .. } = present_members(self.attendance.as_ref(), id)?;
        if !invitees.iter().any(|i| i.user_id == declarant) {
            errors.add("userId", NOT_A_MEMBER);
        }
        let interest = match (input.interest_id, &input.new_interest) {
            (None, None) => {
                errors.add("interestId", INTEREST_OR_NEW);
                None
            }
            (Some(_), Some(_)) => {
                errors.add("interestId", ONE_INTEREST);
                None
            }
            (Some(interest), None) => match self.register.get(interest) {
                Ok(entry) if entry.user_id == declarant => Some(DeclaredOn::Entry(interest)),
                Ok(_) | Err(GovernanceRefusal::InterestNotFound) => {
                    errors.add("interestId", NOT_THEIR_INTEREST);
                    None
                }
                Err(other) => return Err(other),
            },
            (None, Some(new)) => match interest_service::validate(new, self.clock.now().date_naive()) {
                Ok(fields) => {
                    let editor = Editor { id: actor.id, name: actor.name.clone() };
                    Some(DeclaredOn::NewEntry { fields, editor })
                }
                Err(DomainError::Invalid(fields)) => {
                    for (field, message) in fields.fields() {
                        errors.add(&format!("newInterest.{field}"), message.clone());
                    }
                    None
                }
                Err(other) => return Err(other.into()),
            },
        };
        errors.into_result()?;
        let interest = interest.ok_or(DomainError::invalid("interestId", INTEREST_OR_NEW))?;
        let declared = self.conflicts.declare(NewConflict {
            meeting_id: id,
            agenda_item_id: item.id,
            user_id: declarant,
            interest,
            declared_by: actor.id,
            declared_at: self.clock.now(),
        })?;
        self.add_to_draft(id)?;
        self.find(id, declared.id)
    }

    /// Records how a declaration was handled (admins and chairs); `None` clears it.
    pub fn set_handling(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        conflict: ConflictId,
        input: HandlingRequest,
    ) -> Result<ConflictDeclaration, GovernanceRefusal> {
        let meeting = self.meeting(actor, id)?;
        let item = self.item(actor, &meeting, item)?;
        if !actor.role.is_officer() {
            return Err(GovernanceRefusal::HandlingForbidden);
        }
        let handling = match input.handling {
            Received::Absent => None,
            Received::Given(handling) => Some(handling),
            Received::Unreadable => return Err(DomainError::invalid("handling", HANDLING_CHOICES).into()),
        };
        self.conflicts.set_handling(id, item.id, conflict, handling, actor.id, self.clock.now())?;
        self.add_to_draft(id)?;
        self.find(id, conflict)
    }

    /// Withdraws a declaration made in error: the declaring trustee or an admin or chair. Its record
    /// leaves the minutes' draft too.
    pub fn withdraw(
        &self,
        actor: &User,
        id: MeetingId,
        item: AgendaItemId,
        conflict: ConflictId,
    ) -> Result<(), GovernanceRefusal> {
        let meeting = self.meeting(actor, id)?;
        let item = self.item(actor, &meeting, item)?;
        // The declaration's record in the draft goes with it. It is looked for here; the write finds the
        // declaration again, and the minutes refuse the entry's deletion if the draft has moved on since.
        let declaration =
            self.conflicts.list(id)?.into_iter().find(|d| d.id == conflict && d.agenda_item_id == item.id);
        let record = match (&declaration, self.minutes.current(id)?) {
            (Some(declaration), Some(draft)) if draft.status == WrittenMinutesStatus::Draft => draft
                .entries
                .iter()
                .find(|e| {
                    Some(e.id) == declaration.minute_entry_id
                        || (e.agenda_item_id == Some(item.id) && declaration.is_record_of(&e.text))
                })
                .map(|entry| DraftRecord { entry_id: entry.id, at: self.clock.now() }),
            _ => None,
        };
        let decide = Box::new(|declaration: &ConflictDeclaration| {
            if declaration.user_id != actor.id && !actor.role.is_officer() {
                return Err(GovernanceRefusal::WithdrawForbidden);
            }
            Ok(())
        });
        self.conflicts.delete(id, item.id, conflict, decide, record)
    }

    fn find(&self, id: MeetingId, conflict: ConflictId) -> Result<ConflictDeclaration, GovernanceRefusal> {
        self.conflicts
            .list(id)?
            .into_iter()
            .find(|d| d.id == conflict)
            .ok_or(GovernanceRefusal::ConflictNotFound)
    }
}

impl MinutesDeclarations for ConflictService {
    /// Each declaration's standard record as a note at its item in the current draft: the note made
    /// before is brought up to date (found by id, or in a corrected version by its opening words), or a
    /// new one added. Circulated, approved and locked minutes are left alone.
    fn add_to_draft(&self, meeting: MeetingId) -> Result<(), MeetingsRefusal> {
        let Some(draft) = self.minutes.current(meeting)?.filter(|m| m.status == WrittenMinutesStatus::Draft)
        else {
            return Ok(());
        };
        for declaration in self.conflicts.list(meeting)? {
            let record = declaration.standard_record();
            let existing =
                draft.entries.iter().find(|e| Some(e.id) == declaration.minute_entry_id).or_else(|| {
                    draft.entries.iter().find(|e| {
                        e.agenda_item_id == Some(declaration.agenda_item_id)
                            && declaration.is_record_of(&e.text)
                    })
                });
            let entry_id = match existing {
                Some(entry) if entry.text == record => entry.id,
                Some(entry) => self.minutes.update_entry(meeting, entry.id, record, self.clock.now())?.id,
                None => {
                    let entry = NewMinuteEntry {
                        agenda_item_id: Some(declaration.agenda_item_id),
                        kind: MinuteEntryKind::Note,
                        text: record,
                        action: None,
                    };
                    self.minutes.add_entry(meeting, entry, self.clock.now())?.id
                }
            };
            if declaration.minute_entry_id != Some(entry_id) {
                self.conflicts.set_minute_entry(declaration.id, Some(entry_id))?;
            }
        }
        Ok(())
    }
}
