//! `/api/governance/settings`: the board's governance settings (spec §10 Governance).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::governance::settings::{GovernanceSettings, RegisterVisibility};
use domain::governance::SettingsRequest;
use domain::meetings::attendance::QuorumRuleKind;
use domain::shared::{FieldLimits, Limit};

use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

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

/// Changes the settings (admins and chairs).
#[utoipa::path(
    put,
    path = "/api/governance/settings",
    tag = "interests",
    security(("bearerAuth" = [])),
    request_body = SettingsRequest,
    responses(
        (status = 200, description = "Changed", body = GovernanceSettingsBody),
        (status = 400, body = ErrorBody, description = "`errors.registerVisibility`, `errors.quorumRule`, \
            `errors.quorumMinimum`, `errors.quorumNumerator` (the fraction), `errors.secretaryId` (not an \
            active user) or a malformed body (a \
            `readingRecords` that is not a boolean)"),
        (status = 403, description = "Only admins and chairs change the settings", body = ErrorBody),
    ),
)]
pub async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let input: SettingsRequest = crate::http::body::input::object_body(body.into_inner())?;
    let actor = user.0.id;
    let settings = blocking(move || interests.set_settings(&user.0, input)).await?;
    tracing::info!(visibility = %settings.register_visibility, "governance settings changed");
    let event = NewAuditEvent::new(AuditKind::SettingsChanged, Some(actor))
        .object(AuditObject::new("settings", "governance", "Governance settings"))
        .details(format!(
            "registerVisibility: {}; quorum: {}; readingRecords: {}; secretary: {}",
            settings.register_visibility,
            settings.quorum.describe(),
            if settings.reading_records { "on" } else { "off" },
            settings
                .secretary
                .as_ref()
                .map_or("none".to_string(), |s| format!("{} (user {})", s.name, s.user_id))
        ));
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(GovernanceSettingsBody::from(settings)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GovernanceSettings)]
pub struct GovernanceSettingsBody {
    pub register_visibility: RegisterVisibility,
    /// How a meeting's quorum is worked out (spec §10 Rules, Quorum).
    pub quorum_rule: QuorumRuleKind,
    /// `count`: the trustees needed; `fraction`: the floor under the fraction.
    pub quorum_minimum: u32,
    pub quorum_numerator: u32,
    pub quorum_denominator: u32,
    /// Whether the reader records the pages each person shows (docs/spec.md "Reading records").
    pub reading_records: bool,
    /// The board's secretary, who certifies passed written resolutions besides the chair (docs/spec.md
    /// §16 Signing); `null` when nobody is (or their account is deactivated).
    #[schema(value_type = Option<i32>)]
    pub secretary_id: Option<domain::UserId>,
    pub secretary_name: Option<String>,
}

/// The settings answer the same limits the request is checked against.
impl FieldLimits for GovernanceSettingsBody {
    const LIMITS: &'static [(&'static str, Limit)] = SettingsRequest::LIMITS;
}

impl From<GovernanceSettings> for GovernanceSettingsBody {
    fn from(settings: GovernanceSettings) -> Self {
        Self {
            register_visibility: settings.register_visibility,
            quorum_rule: settings.quorum.kind,
            quorum_minimum: settings.quorum.minimum,
            quorum_numerator: settings.quorum.numerator,
            quorum_denominator: settings.quorum.denominator,
            reading_records: settings.reading_records,
            secretary_id: settings.secretary.as_ref().map(|s| s.user_id),
            secretary_name: settings.secretary.map(|s| s.name),
        }
    }
}
