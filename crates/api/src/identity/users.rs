//! `/api/users`: user management (spec §2 Users, §6).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::audit::{self as audit_event, AuditKind, AuditObject, NewAuditEvent};
use domain::identity::role::Role;
use domain::identity::user::User;
use domain::identity::{CreateUserRequest, IdentityRefusal, InvitationState, NewAccount, UpdateUserRequest};
use domain::UserId;

use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// Every user, by name.
#[utoipa::path(
    get,
    path = "/api/users",
    tag = "users",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Users by name", body = Vec<UserBody>),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs (or a temporary password must be replaced first)"),
    ),
)]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let users = state.users.clone();
    let invitations = state.invitations.clone();
    let (list, mut pending) =
        blocking(move || Ok::<_, IdentityRefusal>((users.list(&user.0)?, invitations.pending(&user.0)?)))
            .await?;
    let bodies: Vec<UserBody> = list
        .into_iter()
        .map(|u| {
            let invitation = pending.remove(&u.id).map(InvitationBody::from);
            UserBody { invitation, ..UserBody::from(u) }
        })
        .collect();
    Ok(HttpResponse::Ok().json(bodies))
}

/// Creates an account: with a first password (`temporaryPassword`: one they must replace at first sign-in),
/// or (`invite`) without one, sending an invitation e-mail.
#[utoipa::path(
    post,
    path = "/api/users",
    tag = "users",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Created", body = UserBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.name`, `errors.email`, `errors.password`, \
                           `errors.phone`; a password is required without `invite` and refused with \
                           it) or an unknown role"),
        (status = 403, body = ErrorBody,
            description = "Only admins create users (or a temporary password must be replaced first)"),
        (status = 409, description = "An account with this e-mail already exists", body = ErrorBody),
    ),
)]
pub async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<CreateUserRequest>,
) -> Result<HttpResponse, ApiError> {
    let actor = user.0.id;
    let account = body.into_inner().new_account()?;
    let invite = matches!(account, NewAccount::Invited(_));
    let temporary = matches!(&account, NewAccount::WithPassword(input) if input.require_password_change);
    let (created, invitation) = match account {
        NewAccount::Invited(input) => {
            let invitations = state.invitations.clone();
            let (created, invitation) = blocking(move || invitations.invite(&user.0, input)).await?;
            (created, Some(InvitationBody::from(invitation)))
        }
        NewAccount::WithPassword(input) => {
            let users = state.users.clone();
            (blocking(move || users.create(&user.0, input)).await?, None)
        }
    };
    tracing::info!(user_id = %created.id, invite, temporary, "user created");
    let details = if temporary {
        format!("role: {}, temporary password", created.role)
    } else {
        format!("role: {}", created.role)
    };
    let event = NewAuditEvent::new(AuditKind::UserCreated, Some(actor))
        .object(AuditObject::user(&created))
        .details(details);
    audit::record(&state, &req, event).await;
    if invite {
        let event = NewAuditEvent::new(AuditKind::InvitationSent, Some(actor))
            .object(AuditObject::user(&created))
            .details("invitation queued with the new account");
        audit::record(&state, &req, event).await;
    }
    Ok(HttpResponse::Created().json(UserBody { invitation, ..UserBody::from(created) }))
}

/// Edits an account; a role change or deactivation revokes the user's sessions.
#[utoipa::path(
    put,
    path = "/api/users/{id}",
    tag = "users",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The user's id")),
    responses(
        (status = 200, description = "Updated", body = UserBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors`), or a malformed id or body"),
        (status = 403, body = ErrorBody,
            description = "Not allowed: chairs edit trustees only and cannot give a higher role (or a \
                           temporary password must be replaced first); or \"Confirm your password to \
                           continue.\": changing one's own e-mail needs the password (or a code) given in \
                           this session within 5 minutes (`POST /api/auth/reauthenticate`)"),
        (status = 404, description = "User not found", body = ErrorBody),
        (status = 409, body = ErrorBody,
            description = "The e-mail is taken, you cannot deactivate your own account, or no active admin \
                           would remain"),
    ),
)]
pub async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<UserId>,
    body: Json<UpdateUserRequest>,
) -> Result<HttpResponse, ApiError> {
    let users = state.users.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let actor = user.0.id;
    let auth = state.auth.clone();
    let (before, updated) = blocking(move || {
        // One's own e-mail is how one signs in: changing it needs a recent password (spec: Account
        // security > Confirming it is you).
        let changes_own_email = id == user.0.id
            && domain::shared::input::validation::normalize_email(&input.email)
                .is_ok_and(|email| email != user.0.email);
        let caller = user.into_caller();
        if changes_own_email {
            auth.require_recent_authentication(&caller)?;
        }
        users.update(&caller.user, id, input)
    })
    .await?;
    for event in audit_event::user_changes(actor, &before, &updated) {
        audit::record(&state, &req, event).await;
    }
    Ok(HttpResponse::Ok().json(UserBody::from(updated)))
}

/// Deletes an account; their actions stay, unassigned.
#[utoipa::path(
    delete,
    path = "/api/users/{id}",
    tag = "users",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The user's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Not allowed: your own account, or chairs delete trustees only (or a temporary \
                           password must be replaced first)"),
        (status = 404, description = "User not found", body = ErrorBody),
        (status = 409, description = "No active admin would remain", body = ErrorBody),
    ),
)]
pub async fn delete(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    let users = state.users.clone();
    let id = path.into_inner();
    let actor = user.0.id;
    let deleted = blocking(move || users.delete(&user.0, id)).await?;
    tracing::info!(user_id = %id, "user deleted");
    let event = NewAuditEvent::new(AuditKind::UserDeleted, Some(actor))
        .object(AuditObject::user(&deleted))
        .details(format!("role: {}", deleted.role));
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MessageBody::new("User deleted successfully")))
}

/// Sends the user a new invitation e-mail; their earlier invitation links stop working.
#[utoipa::path(
    post,
    path = "/api/users/{id}/invitation",
    tag = "users",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The user's id")),
    responses(
        (status = 202, description = "A new invitation is queued", body = MessageBody),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 403, body = ErrorBody,
            description = "Only admins send invitations, and chairs a guest's (or a temporary password must be \
                           replaced first)"),
        (status = 404, description = "User not found", body = ErrorBody),
        (status = 409, body = ErrorBody,
            description = "The user already has a password (or the account is deactivated)"),
    ),
)]
pub async fn resend_invitation(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    let invitations = state.invitations.clone();
    let id = path.into_inner();
    let actor = user.0.id;
    let invited = blocking(move || invitations.resend(&user.0, id)).await?;
    let event = NewAuditEvent::new(AuditKind::InvitationSent, Some(actor))
        .object(AuditObject::user(&invited))
        .details("invitation sent again; earlier links no longer work");
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Accepted()
        .json(MessageBody::new(format!("A new invitation to {} is queued.", invited.email))))
}

/// A user as the API shows it: never the password hash or token version.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct UserBody {
    pub id: i32,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub active: bool,
    #[schema(required = true)]
    pub phone: Option<String>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    pub require_password_change: bool,
    /// Two-factor sign-in is on.
    pub mfa_enabled: bool,
    /// A guest's access ends then (sessions end, sign-in is refused); `null` for members of the board.
    #[schema(required = true, value_type = Option<String>)]
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    pub access_ends_at: Option<DateTime<Utc>>,
    /// Set while the user has not accepted their invitation (they have no password yet); `null` once
    /// they have a password. Only the user list fills it.
    #[schema(required = true)]
    pub invitation: Option<InvitationBody>,
}

/// A pending invitation: until when its newest link works, and whether that time has passed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Invitation)]
pub struct InvitationBody {
    #[schema(required = true, value_type = Option<String>)]
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    pub expires_at: Option<DateTime<Utc>>,
    pub expired: bool,
}

impl From<InvitationState> for InvitationBody {
    fn from(state: InvitationState) -> Self {
        Self { expires_at: state.expires_at, expired: state.expired }
    }
}

impl From<User> for UserBody {
    fn from(user: User) -> Self {
        Self {
            id: user.id.0,
            name: user.name,
            email: user.email,
            role: user.role,
            active: user.active,
            phone: user.phone,
            created_at: user.created_at,
            require_password_change: user.require_password_change,
            mfa_enabled: user.mfa_enabled,
            access_ends_at: user.access_ends_at,
            invitation: None,
        }
    }
}
