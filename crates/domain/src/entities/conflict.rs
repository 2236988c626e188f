//! Conflicts of interest declared at a meeting (issue 14; CC29): how each was handled, the standard record
//! the minutes carry, and whether an item is still quorate without the conflicted trustees.
//!
//! The meeting's agenda items, attendance and quorum rule belong to the meetings feature (issue 13); what
//! is here depends only on ids and counts, so that feature's use cases can call it.

use crate::UserId;

string_enum!(
    /// What the board decided about a declared conflict (recorded by an admin or chair).
    ConflictHandling {
        LeftMeeting => "left-meeting",
        StayedForDiscussion => "stayed-for-discussion",
        NoConflict => "no-conflict",
    }
);

impl ConflictHandling {
    /// Whether the trustee takes part in the item's decision (and so counts towards its quorum).
    pub fn takes_part_in_decision(self) -> bool {
        self == ConflictHandling::NoConflict
    }
}

/// One declaration on one agenda item; `handling` is `None` until an admin or chair records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemConflict {
    pub user_id: UserId,
    pub name: String,
    /// The interest as declared: a register entry's "organisation (nature)" or the new interest's words.
    pub interest: String,
    pub handling: Option<ConflictHandling>,
}

impl ItemConflict {
    /// Until the board decides, a declared conflict keeps the trustee out of the decision: the cautious
    /// reading CC29 asks for.
    pub fn excluded_from_decision(&self) -> bool {
        !self.handling.is_some_and(ConflictHandling::takes_part_in_decision)
    }

    /// The sentence the minutes carry at the item.
    pub fn standard_record(&self) -> String {
        let declared = format!(
            "{} declared an interest in this item: {}.",
            self.name,
            self.interest.trim_end_matches('.')
        );
        let handled = match self.handling {
            Some(ConflictHandling::LeftMeeting) => {
                format!(" {} left the meeting for this item and took no part in the discussion or the decision.", self.name)
            }
            Some(ConflictHandling::StayedForDiscussion) => format!(
                " With the agreement of the board, {} stayed for the discussion but took no part in the decision.",
                self.name
            ),
            Some(ConflictHandling::NoConflict) => {
                " The board agreed that this was not a conflict of interest, and they took part in the item.".to_string()
            }
            None => " How the conflict was handled has not been recorded yet.".to_string(),
        };
        declared + &handled
    }
}

/// An item's quorum for its decision, with the conflicted trustees left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemQuorum {
    /// Present trustees who may take part in the decision.
    pub eligible: u32,
    pub required: u32,
    pub quorate: bool,
    /// Present trustees left out of the decision.
    pub excluded: Vec<UserId>,
}

/// `present`: the trustees recorded (or expected) present; `required`: the meeting's quorum.
pub fn item_quorum(present: &[UserId], conflicts: &[ItemConflict], required: u32) -> ItemQuorum {
    let excluded: Vec<UserId> = present
        .iter()
        .copied()
        .filter(|id| conflicts.iter().any(|c| c.user_id == *id && c.excluded_from_decision()))
        .collect();
    let eligible = (present.len() - excluded.len()) as u32;
    ItemQuorum { eligible, required, quorate: eligible >= required, excluded }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conflict(user: i32, handling: Option<ConflictHandling>) -> ItemConflict {
        ItemConflict {
            user_id: UserId(user),
            name: "Sandeep Gill".into(),
            interest: "Gill & Co Accountants Ltd (director)".into(),
            handling,
        }
    }

    #[test]
    fn conflicted_trustees_are_left_out_of_the_items_quorum() {
        let present = [UserId(1), UserId(2), UserId(3), UserId(4)];
        let none = item_quorum(&present, &[], 4);
        assert!(none.quorate);
        let left = item_quorum(&present, &[conflict(2, Some(ConflictHandling::LeftMeeting))], 4);
        assert_eq!((left.eligible, left.quorate, left.excluded.clone()), (3, false, vec![UserId(2)]));
        let undecided = item_quorum(&present, &[conflict(3, None)], 3);
        assert_eq!((undecided.eligible, undecided.quorate), (3, true));
        let cleared = item_quorum(&present, &[conflict(2, Some(ConflictHandling::NoConflict))], 4);
        assert!(cleared.quorate);
        let absent = item_quorum(&present, &[conflict(9, Some(ConflictHandling::LeftMeeting))], 4);
        assert!(absent.quorate, "an absent trustee's conflict changes nothing");
    }

    #[test]
    fn the_minutes_carry_the_standard_record() {
        let record = conflict(2, Some(ConflictHandling::StayedForDiscussion)).standard_record();
        assert_eq!(
            record,
            "Sandeep Gill declared an interest in this item: Gill & Co Accountants Ltd (director). With the \
             agreement of the board, Sandeep Gill stayed for the discussion but took no part in the decision."
        );
        assert!(conflict(2, Some(ConflictHandling::LeftMeeting))
            .standard_record()
            .contains("left the meeting"));
    }
}
