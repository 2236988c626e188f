//! `/api/meetings/{id}/conflicts` and `/api/meetings/{id}/agenda-items/{itemId}/conflicts`: conflicts of
//! interest declared on agenda items, how they were handled, each item's quorum without the conflicted
//! members, and prompts to consider a declaration (spec §10 Rules).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::governance::conflict::{ConflictDeclaration, ConflictHandling, ItemQuorum, QuorumBasis};
use domain::governance::interest::{Interest, InterestKind};
use domain::governance::{DeclareConflictRequest, HandlingRequest, ItemConflicts, MeetingConflicts};
use domain::{AgendaItemId, ConflictId, MeetingId};

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// Every agenda item the caller sees with its declarations, its quorum once the conflicted members are
/// left out, and the register entries it names (`suggestedConflicts`).
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/conflicts",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "The meeting's conflicts, item by item (no items while a trustee may \
                                      not see the draft agenda)", body = MeetingConflictsBody),
        (status = 404, description = "Meeting not found", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let id = path.into_inner();
    let view = blocking(move || conflicts.meeting_conflicts(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(MeetingConflictsBody::from(view)))
}

/// One item's declarations, quorum and suggestions.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    responses(
        (status = 200, description = "The item's conflicts", body = ItemConflictsBody),
        (status = 404, description = "Meeting or item not found (a trustee does not see a draft agenda)",
            body = ErrorBody),
    ),
)]
pub async fn item(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item) = path.into_inner();
    let view = blocking(move || conflicts.item_conflicts(&user.0, id, item)).await?;
    Ok(HttpResponse::Ok().json(ItemConflictsBody::from(view)))
}

/// Declares a conflict of interest on an agenda item. The written minutes' draft, if there is one,
/// receives its standard record at the item.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    request_body = DeclareConflictRequest,
    responses(
        (status = 201, description = "Declared", body = ConflictBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.userId`: not a member of the meeting; `errors.interestId`: \
                           none, both, or not that member's entry; `errors[\"newInterest.kind\"]` and the other \
                           fields of a new entry) or a malformed body"),
        (status = 403, description = "A trustee declaring for someone else", body = ErrorBody),
        (status = 404, description = "Meeting or item not found (a trustee does not see a draft agenda)",
            body = ErrorBody),
        (status = 409, description = "That member has already declared on this item, or the meeting is \
                                      cancelled", body = ErrorBody),
    ),
)]
pub async fn declare(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
    body: Json<DeclareConflictRequest>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item) = path.into_inner();
    let input = body.into_inner();
    let declared = blocking(move || conflicts.declare(&user.0, id, item, input)).await?;
    Ok(HttpResponse::Created().json(ConflictBody::from(declared)))
}

/// Records how a declared conflict was handled (admins and chairs). The minutes' draft's record follows.
#[utoipa::path(
    put,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts/{conflictId}/handling",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
        ("conflictId" = i32, Path, description = "The declaration's id"),
    ),
    request_body = HandlingRequest,
    responses(
        (status = 200, description = "Recorded", body = ConflictBody),
        (status = 400, description = "`errors.handling`: not one of the choices", body = ErrorBody),
        (status = 403, description = "Only admins and chairs record handling", body = ErrorBody),
        (status = 404, description = "Meeting, item or declaration not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn handling(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId, ConflictId)>,
    body: Json<HandlingRequest>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item, conflict) = path.into_inner();
    let input = body.into_inner();
    let recorded = blocking(move || conflicts.set_handling(&user.0, id, item, conflict, input)).await?;
    Ok(HttpResponse::Ok().json(ConflictBody::from(recorded)))
}

/// Withdraws a declaration made in error (the member who declared, or an admin or chair); its record
/// leaves the minutes' draft.
#[utoipa::path(
    delete,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts/{conflictId}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
        ("conflictId" = i32, Path, description = "The declaration's id"),
    ),
    responses(
        (status = 200, description = "Withdrawn", body = MessageBody),
        (status = 403, description = "A trustee withdrawing someone else's declaration", body = ErrorBody),
        (status = 404, description = "Meeting, item or declaration not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn withdraw(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId, ConflictId)>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item, conflict) = path.into_inner();
    blocking(move || conflicts.withdraw(&user.0, id, item, conflict)).await?;
    Ok(HttpResponse::Ok().json(MessageBody::new("Declaration withdrawn")))
}

/// The register entry a declaration names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeclaredInterest)]
pub struct DeclaredInterestBody {
    pub id: i32,
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
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub declared_at: DateTime<Utc>,
    /// Null until an admin or chair records it.
    #[schema(required = true)]
    pub handling: Option<ConflictHandling>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
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
