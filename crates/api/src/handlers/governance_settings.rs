//! `/api/governance/settings`: the board's governance settings (issue 14).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use domain::entities::audit::{AuditKind, AuditObject, NewAuditEvent};

use crate::audit;
use crate::blocking::blocking;
use crate::dto::interest::GovernanceSettingsBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::schemas::RegisterVisibilitySchema;
use crate::state::AppState;

/// The settings; every signed-in member may read them.
#[utoipa::path(
    get,
    path = "/api/governance/settings",
    tag = "interests",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The settings", body = GovernanceSettingsBody)),
)]
pub async fn show(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let settings = blocking(move || interests.settings(&user.0)).await?;
    Ok(HttpResponse::Ok().json(GovernanceSettingsBody::from(settings)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsRequest {
    /// Unchanged when absent.
    #[serde(default)]
    #[schema(value_type = Option<RegisterVisibilitySchema>)]
    register_visibility: Option<String>,
}

/// Changes the settings (admins and chairs).
#[utoipa::path(
    put,
    path = "/api/governance/settings",
    tag = "interests",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Changed", body = GovernanceSettingsBody),
        (status = 400, description = "`errors.registerVisibility` or a malformed body", body = ErrorBody),
        (status = 403, description = "Only admins and chairs change the settings", body = ErrorBody),
    ),
)]
pub async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SettingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let visibility = body.into_inner().register_visibility;
    let actor = user.0.id;
    let settings = blocking(move || interests.set_settings(&user.0, visibility.as_deref())).await?;
    tracing::info!(visibility = %settings.register_visibility, "governance settings changed");
    let event = NewAuditEvent::new(AuditKind::SettingsChanged, Some(actor))
        .object(AuditObject::new("settings", "governance", "Governance settings"))
        .details(format!("registerVisibility: {}", settings.register_visibility));
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(GovernanceSettingsBody::from(settings)))
}
