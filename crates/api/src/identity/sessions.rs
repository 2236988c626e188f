//! `/api/auth/sessions`: the caller's signed-in devices (spec §13 Account security).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject};
use domain::identity::session::service::OTHERS_ENDED;
use domain::identity::SessionView;
use domain::SessionId;

use crate::http::blocking::blocking;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::SessionUser;
use crate::http::state::AppState;

/// A signed-in device.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SessionInfo)]
struct SessionInfoBody {
    id: i32,
    /// "Firefox on Windows 10", from the browser at sign-in.
    device: String,
    address: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    signed_in_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    last_active_at: DateTime<Utc>,
    /// The session making this request.
    current: bool,
}

impl From<SessionView> for SessionInfoBody {
    fn from(view: SessionView) -> Self {
        let s = view.session;
        Self {
            id: s.id.0,
            device: s.device,
            address: s.client_address,
            signed_in_at: s.created_at,
            last_active_at: s.last_active_at,
            current: view.current,
        }
    }
}

/// The caller's open sessions, newest first.
#[utoipa::path(
    get,
    path = "/api/auth/sessions",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Open sessions, newest first", body = Vec<SessionInfoBody>)),
)]
pub async fn list(state: web::Data<AppState>, caller: SessionUser) -> Result<HttpResponse, ApiError> {
    let sessions = state.sessions.clone();
    let views = blocking(move || sessions.list(&caller.0)).await?;
    Ok(HttpResponse::Ok().json(views.into_iter().map(SessionInfoBody::from).collect::<Vec<_>>()))
}

/// Signs out one of the caller's sessions: its token gets 401 at its next request.
#[utoipa::path(
    delete,
    path = "/api/auth/sessions/{id}",
    tag = "auth",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "Session id")),
    responses(
        (status = 200, description = "Signed out", body = MessageBody),
        (status = 404, description = "No such open session of yours", body = ErrorBody),
    ),
)]
pub async fn end(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
    path: web::Path<SessionId>,
) -> Result<HttpResponse, ApiError> {
    let sessions = state.sessions.clone();
    let id = path.into_inner();
    let actor = caller.0.user.id;
    let message = blocking(move || sessions.end(&caller.0, id)).await?;
    let event = crate::http::audit::about_self(AuditKind::SessionRevoked, actor).object(AuditObject {
        object_type: "session".into(),
        id: Some(id.to_string()),
        label: None,
    });
    crate::http::audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MessageBody::new(message)))
}

/// How many sessions ended.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = SessionsEnded)]
struct EndedBody {
    message: &'static str,
    count: usize,
}

/// Signs out every session of the caller but this one.
#[utoipa::path(
    post,
    path = "/api/auth/sessions/sign-out-others",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Signed out", body = EndedBody)),
)]
pub async fn end_others(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
) -> Result<HttpResponse, ApiError> {
    let sessions = state.sessions.clone();
    let actor = caller.0.user.id;
    let count = blocking(move || sessions.end_others(&caller.0)).await?;
    let event = crate::http::audit::about_self(AuditKind::SessionRevoked, actor)
        .details(format!("all other sessions signed out ({count})"));
    crate::http::audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(EndedBody { message: OTHERS_ENDED, count }))
}
