//! `/api/terms`: terms of office (issue 14; Charity Governance Code principle 5).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::governance::TermInput;
use domain::TermId;

use crate::blocking::blocking;
use crate::dto::message::MessageBody;
use crate::dto::term::{TermBody, TrusteeServiceBody};
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::json::Json;
use crate::state::AppState;

/// The board overview: every serving (active) trustee with their terms, current term end and service.
#[utoipa::path(
    get,
    path = "/api/terms",
    tag = "terms",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Active users by name", body = Vec<TrusteeServiceBody>)),
)]
pub async fn overview(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let terms = state.terms.clone();
    let list = blocking(move || terms.overview(&user.0)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(TrusteeServiceBody::from).collect::<Vec<_>>()))
}

/// The dashboard's warnings: terms ending within three months, service past nine years.
#[utoipa::path(
    get,
    path = "/api/terms/warnings",
    tag = "terms",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The trustees to act on", body = Vec<TrusteeServiceBody>),
        (status = 403, description = "Only admins and chairs see the warnings", body = ErrorBody),
    ),
)]
pub async fn warnings(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let terms = state.terms.clone();
    let list = blocking(move || terms.warnings(&user.0)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(TrusteeServiceBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermRequest {
    /// The trustee (create only).
    #[serde(default)]
    user_id: Option<i32>,
    /// Appointment date, `YYYY-MM-DD`.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    started_on: Option<String>,
    /// 1 to 10.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = i64, minimum = 1, maximum = 10)]
    term_years: Option<i64>,
    /// Default `false`.
    #[serde(default)]
    reappointment: Option<bool>,
    /// The day the trustee left before the term's end; null while serving.
    #[serde(default)]
    #[schema(format = Date)]
    ended_on: Option<String>,
}

impl From<TermRequest> for TermInput {
    fn from(body: TermRequest) -> Self {
        TermInput {
            user_id: body.user_id,
            started_on: body.started_on.unwrap_or_default(),
            term_years: body.term_years,
            reappointment: body.reappointment,
            ended_on: body.ended_on,
        }
    }
}

const FIELD_ERRORS: &str = "`errors.userId`, `errors.startedOn`, `errors.termYears`, `errors.endedOn`, or a \
                            malformed body";

/// Records an appointment or reappointment.
#[utoipa::path(
    post,
    path = "/api/terms",
    tag = "terms",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Recorded", body = TermBody),
        (status = 400, description = FIELD_ERRORS, body = ErrorBody),
        (status = 403, description = "Only admins and chairs record terms", body = ErrorBody),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<TermRequest>,
) -> Result<HttpResponse, ApiError> {
    let terms = state.terms.clone();
    let input = TermInput::from(body.into_inner());
    let term = blocking(move || terms.create(&user.0, input)).await?;
    Ok(HttpResponse::Created().json(TermBody::from(term)))
}

/// Changes a term (for example the date a trustee left).
#[utoipa::path(
    put,
    path = "/api/terms/{id}",
    tag = "terms",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The term's id")),
    responses(
        (status = 200, description = "Changed", body = TermBody),
        (status = 400, description = FIELD_ERRORS, body = ErrorBody),
        (status = 403, description = "Only admins and chairs change terms", body = ErrorBody),
        (status = 404, description = "No such term", body = ErrorBody),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<TermId>,
    body: Json<TermRequest>,
) -> Result<HttpResponse, ApiError> {
    let terms = state.terms.clone();
    let id = path.into_inner();
    let input = TermInput::from(body.into_inner());
    let term = blocking(move || terms.update(&user.0, id, input)).await?;
    Ok(HttpResponse::Ok().json(TermBody::from(term)))
}

/// Deletes a term recorded by mistake.
#[utoipa::path(
    delete,
    path = "/api/terms/{id}",
    tag = "terms",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The term's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, description = "Only admins and chairs delete terms", body = ErrorBody),
        (status = 404, description = "No such term", body = ErrorBody),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<TermId>,
) -> Result<HttpResponse, ApiError> {
    let terms = state.terms.clone();
    let id = path.into_inner();
    blocking(move || terms.delete(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(MessageBody::new("Term deleted successfully")))
}
