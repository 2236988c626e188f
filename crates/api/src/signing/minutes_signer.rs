//! The trustee the board names to sign a meeting's minutes besides the chair (docs/spec.md §16 Signing).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::signing::{NameSignerRequest, NamedSigner};
use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// Who is named to sign the minutes, if anyone.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinutesSigner)]
pub struct MinutesSignerBody {
    /// `null` when nobody is named (the chair signs).
    signer: Option<SignerBody>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NamedSigner)]
pub struct SignerBody {
    #[schema(value_type = i32)]
    user_id: domain::UserId,
    name: String,
}

impl From<Option<NamedSigner>> for MinutesSignerBody {
    fn from(named: Option<NamedSigner>) -> Self {
        Self { signer: named.map(|n| SignerBody { user_id: n.user_id, name: n.name }) }
    }
}

/// The trustee named to sign the meeting's minutes, for whoever may read them.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/signer", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "Who is named, if anyone", body = MinutesSignerBody),
        (status = 404, description = "No such meeting or minutes", body = ErrorBody)))]
pub async fn show(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let id = path.into_inner();
    let named = blocking(move || service.minutes_signer(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(MinutesSignerBody::from(named)))
}

/// An officer names who signs the minutes besides the chair, or (`userId: null`) nobody.
#[utoipa::path(put, path = "/api/meetings/{id}/written-minutes/signer", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")), request_body = NameSignerRequest,
    responses((status = 200, description = "Named", body = MinutesSignerBody),
        (status = 400, description = "`errors.userId`: not an active user, or one who cannot read the minutes", body = ErrorBody),
        (status = 403, description = "Only admins and chairs name the signer", body = ErrorBody),
        (status = 404, description = "No such meeting or minutes", body = ErrorBody)))]
pub async fn name(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<NameSignerRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let id = path.into_inner();
    let actor = user.0.id;
    let input = body.into_inner();
    let named = blocking(move || service.name_minutes_signer(&user.0, id, input)).await?;
    let details = match &named {
        Some(signer) => format!("named {} (user {})", signer.name, signer.user_id),
        None => "named nobody (the chair signs)".to_string(),
    };
    let event = NewAuditEvent::new(AuditKind::MinutesSignerNamed, Some(actor))
        .object(AuditObject::new("minutes", id, format!("written minutes of meeting {id}")))
        .details(details);
    crate::http::audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MinutesSignerBody::from(named)))
}
