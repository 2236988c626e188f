//! Conflicts of interest declared at a meeting (spec §10 Rules; Charity Commission guidance CC29): one
//! declaration per trustee and agenda item, linked to an entry on the register of interests; how the
//! board handled it; the standard record the minutes carry; whether the item is still quorate without
//! the conflicted trustees.

pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::governance::interest::InterestKind;
use crate::{AgendaItemId, ConflictId, InterestId, MeetingId, UserId};

string_enum!(
    /// How the board handled a declared conflict (recorded by an admin or chair): the trustee left the
    /// meeting for the item; stayed for the discussion but not the decision; no conflict after all.
    ConflictHandling {
        Left => "left",
        StayedNotDecided => "stayed-not-decided",
        NoConflict => "no-conflict",
    }
);

string_enum!(
    /// What an item's quorum counts from: who answered that they will attend, until attendance is
    /// recorded; then who was recorded present.
    QuorumBasis {
        Expected => "expected",
        Recorded => "recorded",
    }
);

/// The register entry a declaration names, as it reads now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredInterest {
    pub id: InterestId,
    pub kind: InterestKind,
    pub organisation: String,
    pub nature: String,
}

/// One declaration on one agenda item; `handling` is `None` until an admin or chair records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConflictDeclaration {
    pub id: ConflictId,
    pub meeting_id: MeetingId,
    pub agenda_item_id: AgendaItemId,
    pub user_id: UserId,
    pub user_name: String,
    pub interest: DeclaredInterest,
    pub declared_by: Option<UserId>,
    pub declared_at: DateTime<Utc>,
    pub handling: Option<ConflictHandling>,
    pub handled_at: Option<DateTime<Utc>>,
    /// The note in the written minutes' draft that carries the standard record.
    pub minute_entry_id: Option<i32>,
}

impl ConflictDeclaration {
    /// Whether the trustee is left out of the item's decision (and so of its quorum). Until the board
    /// decides, a declared conflict keeps them out: the cautious reading CC29 asks for.
    pub fn excluded_from_decision(&self) -> bool {
        self.handling != Some(ConflictHandling::NoConflict)
    }

    fn declared(&self) -> String {
        format!(
            "{} declared an interest ({}, {}).",
            self.user_name,
            self.interest.kind.label().to_lowercase(),
            self.interest.organisation.trim().trim_end_matches('.')
        )
    }

    /// The sentence the minutes carry at the item, e.g. "Jane Smith declared an interest (directorship,
    /// Acme Ltd). Jane Smith left the meeting for this item and took no part in the discussion or the
    /// decision."
    pub fn standard_record(&self) -> String {
        let name = &self.user_name;
        let handled = match self.handling {
            Some(ConflictHandling::Left) => format!(
                "{name} left the meeting for this item and took no part in the discussion or the decision."
            ),
            Some(ConflictHandling::StayedNotDecided) => {
                format!("{name} stayed for the discussion but took no part in the decision.")
            }
            Some(ConflictHandling::NoConflict) => format!(
                "The board agreed that this was not a conflict of interest, and {name} took part in the item."
            ),
            None => "How the conflict was handled is still to be recorded.".to_string(),
        };
        format!("{} {handled}", self.declared())
    }

    /// Whether `text` is this declaration's standard record, whatever its handling (to find it again in a
    /// corrected version of the minutes, whose entries are copies).
    pub fn is_record_of(&self, text: &str) -> bool {
        text.starts_with(&self.declared())
    }
}

/// An item's quorum for its decision, with the conflicted trustees left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemQuorum {
    pub basis: QuorumBasis,
    /// Members present (or expected), before anyone is left out.
    pub present: u32,
    /// Of those, the members who may take part in the decision.
    pub eligible: u32,
    pub required: u32,
    pub quorate: bool,
    /// Present (or expected) members left out of the decision.
    pub excluded: Vec<UserId>,
}

/// `present`: the members recorded (or expected) present; `required`: the meeting's quorum.
pub fn item_quorum(
    basis: QuorumBasis,
    present: &[UserId],
    declarations: &[&ConflictDeclaration],
    required: u32,
) -> ItemQuorum {
    let excluded: Vec<UserId> = present
        .iter()
        .copied()
        .filter(|id| declarations.iter().any(|c| c.user_id == *id && c.excluded_from_decision()))
        .collect();
    let eligible = (present.len() - excluded.len()) as u32;
    ItemQuorum {
        basis,
        present: present.len() as u32,
        eligible,
        required,
        quorate: eligible >= required,
        excluded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declaration(user: i32, handling: Option<ConflictHandling>) -> ConflictDeclaration {
        ConflictDeclaration {
            id: ConflictId(user),
            meeting_id: MeetingId(1),
            agenda_item_id: AgendaItemId(1),
            user_id: UserId(user),
            user_name: "Jane Smith".into(),
            interest: DeclaredInterest {
                id: InterestId(1),
                kind: InterestKind::Directorship,
                organisation: "Acme Ltd".into(),
                nature: "Director".into(),
            },
            declared_by: Some(UserId(user)),
            declared_at: DateTime::<Utc>::UNIX_EPOCH,
            handling,
            handled_at: None,
            minute_entry_id: None,
        }
    }

    #[test]
    fn conflicted_trustees_are_left_out_of_the_items_quorum() {
        let present = [UserId(1), UserId(2), UserId(3), UserId(4)];
        let basis = QuorumBasis::Recorded;
        assert!(item_quorum(basis, &present, &[], 4).quorate);
        let left = declaration(2, Some(ConflictHandling::Left));
        let q = item_quorum(basis, &present, &[&left], 4);
        assert_eq!((q.present, q.eligible, q.quorate, q.excluded), (4, 3, false, vec![UserId(2)]));
        let undecided = declaration(3, None);
        let q = item_quorum(basis, &present, &[&undecided], 3);
        assert_eq!((q.eligible, q.quorate), (3, true));
        let stayed = declaration(3, Some(ConflictHandling::StayedNotDecided));
        assert_eq!(item_quorum(basis, &present, &[&stayed], 4).eligible, 3);
        let cleared = declaration(2, Some(ConflictHandling::NoConflict));
        assert!(item_quorum(basis, &present, &[&cleared], 4).quorate);
        let absent = declaration(9, Some(ConflictHandling::Left));
        assert!(item_quorum(basis, &present, &[&absent], 4).quorate, "an absent trustee changes nothing");
    }

    #[test]
    fn the_minutes_carry_the_standard_record() {
        assert_eq!(
            declaration(2, Some(ConflictHandling::Left)).standard_record(),
            "Jane Smith declared an interest (directorship, Acme Ltd). Jane Smith left the meeting for this \
             item and took no part in the discussion or the decision."
        );
        assert_eq!(
            declaration(2, Some(ConflictHandling::StayedNotDecided)).standard_record(),
            "Jane Smith declared an interest (directorship, Acme Ltd). Jane Smith stayed for the discussion \
             but took no part in the decision."
        );
        let undecided = declaration(2, None);
        assert!(undecided.standard_record().ends_with("still to be recorded."));
        let handled = declaration(2, Some(ConflictHandling::NoConflict)).standard_record();
        assert!(undecided.is_record_of(&handled));
        assert!(!undecided.is_record_of("Jane Smith declared an interest (employment, Other Ltd)."));
    }
}
