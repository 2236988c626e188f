use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::governance::conflict::{ConflictDeclaration, ConflictHandling, ItemQuorum, QuorumBasis};
use domain::governance::interest::{Interest, InterestKind};
use domain::governance::{ItemConflicts, MeetingConflicts};

/// The register entry a declaration names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeclaredInterest)]
pub struct DeclaredInterestBody {
    pub id: i32,
    #[schema(value_type = crate::schemas::InterestKindSchema)]
    pub kind: InterestKind,
    pub organisation: String,
    pub nature: String,
}

/// A conflict of interest declared on an agenda item, and how it was handled.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ConflictDeclaration)]
pub struct ConflictBody {
    pub id: i32,
    pub meeting_id: i32,
    pub agenda_item_id: i32,
    /// The conflicted trustee.
    pub user_id: i32,
    pub user_name: String,
    pub interest: DeclaredInterestBody,
    /// Who recorded the declaration (the trustee, or an admin or chair for them); null once deleted.
    pub declared_by: Option<i32>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub declared_at: DateTime<Utc>,
    /// Null until an admin or chair records it.
    #[schema(value_type = Option<crate::schemas::ConflictHandlingSchema>, required = true)]
    pub handling: Option<ConflictHandling>,
    #[serde(serialize_with = "super::time::rfc3339_option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub handled_at: Option<DateTime<Utc>>,
    /// Whether the trustee is left out of the item's decision and quorum (every handling but
    /// `no-conflict`, and while none is recorded).
    pub excluded_from_decision: bool,
    /// The sentence the minutes carry at the item.
    pub minutes_record: String,
}

impl From<ConflictDeclaration> for ConflictBody {
    fn from(d: ConflictDeclaration) -> Self {
        let excluded_from_decision = d.excluded_from_decision();
        let minutes_record = d.standard_record();
        Self {
            id: d.id.0,
            meeting_id: d.meeting_id.0,
            agenda_item_id: d.agenda_item_id.0,
            user_id: d.user_id.0,
            user_name: d.user_name,
            interest: DeclaredInterestBody {
                id: d.interest.id.0,
                kind: d.interest.kind,
                organisation: d.interest.organisation,
                nature: d.interest.nature,
            },
            declared_by: d.declared_by.map(|u| u.0),
            declared_at: d.declared_at,
            handling: d.handling,
            handled_at: d.handled_at,
            excluded_from_decision,
            minutes_record,
        }
    }
}

/// Whether an item can still be decided once the conflicted members are left out.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ItemQuorum)]
pub struct ItemQuorumBody {
    #[schema(value_type = crate::schemas::QuorumBasisSchema)]
    pub basis: QuorumBasis,
    /// Members expected or recorded present, before anyone is left out.
    pub present: u32,
    /// Of those, the members who may take part in the decision.
    pub eligible: u32,
    /// The meeting's quorum (the board's quorum rule).
    pub required: u32,
    pub quorate: bool,
    /// Members present (or expected) but left out of the decision.
    pub excluded_user_ids: Vec<i32>,
}

impl From<ItemQuorum> for ItemQuorumBody {
    fn from(q: ItemQuorum) -> Self {
        Self {
            basis: q.basis,
            present: q.present,
            eligible: q.eligible,
            required: q.required,
            quorate: q.quorate,
            excluded_user_ids: q.excluded.into_iter().map(|u| u.0).collect(),
        }
    }
}

/// A register entry an item's title or description names: a prompt to consider a declaration.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SuggestedConflict)]
pub struct SuggestedConflictBody {
    pub user_id: i32,
    pub user_name: String,
    pub interest_id: i32,
    #[schema(value_type = crate::schemas::InterestKindSchema)]
    pub kind: InterestKind,
    pub organisation: String,
    pub nature: String,
}

impl From<Interest> for SuggestedConflictBody {
    fn from(i: Interest) -> Self {
        Self {
            user_id: i.user_id.0,
            user_name: i.user_name,
            interest_id: i.id.0,
            kind: i.fields.kind,
            organisation: i.fields.organisation,
            nature: i.fields.nature,
        }
    }
}

/// One agenda item's conflicts.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ItemConflicts)]
pub struct ItemConflictsBody {
    pub agenda_item_id: i32,
    pub number: i32,
    pub title: String,
    pub declarations: Vec<ConflictBody>,
    pub quorum: ItemQuorumBody,
    /// Current register entries the item names, of members who have not declared on it: the caller's
    /// own, or everyone's for admins and chairs.
    pub suggested_conflicts: Vec<SuggestedConflictBody>,
}

impl From<ItemConflicts> for ItemConflictsBody {
    fn from(i: ItemConflicts) -> Self {
        Self {
            agenda_item_id: i.item_id.0,
            number: i.number,
            title: i.title,
            declarations: i.declarations.into_iter().map(Into::into).collect(),
            quorum: i.quorum.into(),
            suggested_conflicts: i.suggested.into_iter().map(Into::into).collect(),
        }
    }
}

/// A meeting's conflicts of interest, item by item.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MeetingConflicts)]
pub struct MeetingConflictsBody {
    pub meeting_id: i32,
    /// The caller (an admin or chair) declares for others and records handling.
    pub can_record: bool,
    /// The meeting is cancelled: nothing more can be declared or recorded.
    pub cancelled: bool,
    /// Every item the caller sees (none of a draft agenda for trustees).
    pub items: Vec<ItemConflictsBody>,
}

impl From<MeetingConflicts> for MeetingConflictsBody {
    fn from(m: MeetingConflicts) -> Self {
        Self {
            meeting_id: m.meeting_id.0,
            can_record: m.can_record,
            cancelled: m.cancelled,
            items: m.items.into_iter().map(Into::into).collect(),
        }
    }
}
