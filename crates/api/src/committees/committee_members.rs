//! `/api/committees/{id}/members`: who belongs to a committee (spec §2 Committees, §6).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::committees::{AddMemberRequest, CommitteeMember, CommitteeRole};
use domain::{CommitteeId, UserId};

use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// A committee's members: committee chairs first, then by name.
#[utoipa::path(
    get,
    path = "/api/committees/{id}/members",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    responses(
        (status = 200, description = "Members", body = Vec<CommitteeMemberBody>),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let members = blocking(move || committees.members(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(members.into_iter().map(CommitteeMemberBody::from).collect::<Vec<_>>()))
}

/// Adds a member.
#[utoipa::path(
    post,
    path = "/api/committees/{id}/members",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    responses(
        (status = 201, description = "Added", body = CommitteeMemberBody),
        (status = 400, body = ErrorBody,
            description = "`errors.userId` (missing, or not an active user), `errors.role`, or a malformed \
                           body"),
        (status = 403, body = ErrorBody,
            description = "Not the committee's chair, an admin or a chair (or a temporary password must be \
                           replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
        (status = 409, description = "Already a member, or the committee is archived", body = ErrorBody),
    ),
)]
pub async fn add(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
    body: Json<AddMemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let actor = user.0.id;
    let member = blocking(move || committees.add_member(&user.0, id, input)).await?;
    tracing::info!(committee_id = %id, user_id = %member.user_id, "committee member added");
    let object = AuditObject::new("user", member.user_id, format!("{} <{}>", member.name, member.email));
    let event = NewAuditEvent::new(AuditKind::CommitteeMemberAdded, Some(actor))
        .object(object)
        .details(format!("committee {id}, role: {}", member.role));
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Created().json(CommitteeMemberBody::from(member)))
}

/// Removes a member.
#[utoipa::path(
    delete,
    path = "/api/committees/{id}/members/{userId}",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The committee's id"),
        ("userId" = i32, Path, description = "The member's user id"),
    ),
    responses(
        (status = 200, description = "Removed", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Not the committee's chair, an admin or a chair (or a temporary password must be \
                           replaced first)"),
        (status = 404, description = "Committee not found, or the user is not a member", body = ErrorBody),
        (status = 409, description = "This committee is archived and read-only", body = ErrorBody),
    ),
)]
pub async fn remove(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(CommitteeId, UserId)>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let (id, member) = path.into_inner();
    let actor = user.0.id;
    blocking(move || committees.remove_member(&user.0, id, member)).await?;
    tracing::info!(committee_id = %id, user_id = %member, "committee member removed");
    // The member's name and e-mail are filled in from the account when the event is stored.
    let object = AuditObject { object_type: "user".into(), id: Some(member.to_string()), label: None };
    let event = NewAuditEvent::new(AuditKind::CommitteeMemberRemoved, Some(actor))
        .object(object)
        .details(format!("committee {id}"));
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MessageBody::new("Member removed successfully")))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CommitteeMember)]
pub struct CommitteeMemberBody {
    pub user_id: i32,
    pub name: String,
    pub email: String,
    pub role: CommitteeRole,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub joined_at: DateTime<Utc>,
}

impl From<CommitteeMember> for CommitteeMemberBody {
    fn from(member: CommitteeMember) -> Self {
        Self {
            user_id: member.user_id.0,
            name: member.name,
            email: member.email,
            role: member.role,
            joined_at: member.joined_at,
        }
    }
}
