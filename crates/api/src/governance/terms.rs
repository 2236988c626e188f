//! `/api/terms`: terms of office (spec §10 Governance; Charity Governance Code principle 5).

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::Serialize;

use domain::governance::term::{ServiceSummary, Term, TrusteeTerms};
use domain::governance::TermRequest;
use domain::identity::role::Role;
use domain::TermId;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

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
    let input = body.into_inner();
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
    let input = body.into_inner();
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Term)]
pub struct TermBody {
    pub id: i32,
    pub user_id: i32,
    #[schema(value_type = String, format = Date)]
    pub started_on: NaiveDate,
    pub term_years: u8,
    pub reappointment: bool,
    /// The day the trustee left early, or `null`.
    #[serde(serialize_with = "crate::http::body::time::date_option")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub ended_on: Option<NaiveDate>,
    /// The earlier of the scheduled end (`startedOn` + `termYears`) and `endedOn`.
    #[schema(value_type = String, format = Date)]
    pub ends_on: NaiveDate,
}

impl From<Term> for TermBody {
    fn from(term: Term) -> Self {
        let ends_on = term.ends_on();
        Self {
            id: term.id.0,
            user_id: term.user_id.0,
            started_on: term.started_on,
            term_years: term.term_years,
            reappointment: term.reappointment,
            ended_on: term.ended_on,
            ends_on,
        }
    }
}

/// A serving trustee's terms and what they add up to today.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TrusteeService)]
pub struct TrusteeServiceBody {
    pub user_id: i32,
    pub name: String,
    pub email: String,
    #[schema(value_type = domain::identity::role::Role)]
    pub role: Role,
    /// Oldest first.
    pub terms: Vec<TermBody>,
    /// The end of the term running today, or `null` when none is.
    #[serde(serialize_with = "crate::http::body::time::date_option")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub current_term_ends_on: Option<NaiveDate>,
    /// Days served to date, overlapping terms counted once.
    pub service_days: i64,
    /// `serviceDays` in years, to one decimal place.
    pub service_years: f64,
    /// The current term ends within three months.
    pub term_ending_soon: bool,
    /// Total service passes nine years (Charity Governance Code 5.6).
    pub past_nine_years: bool,
}

impl From<(TrusteeTerms, ServiceSummary)> for TrusteeServiceBody {
    fn from((trustee, summary): (TrusteeTerms, ServiceSummary)) -> Self {
        Self {
            user_id: trustee.user_id.0,
            name: trustee.name,
            email: trustee.email,
            role: trustee.role,
            terms: trustee.terms.into_iter().map(TermBody::from).collect(),
            current_term_ends_on: summary.current_term_ends_on,
            service_days: summary.service_days,
            service_years: (summary.service_days as f64 / 365.25 * 10.0).round() / 10.0,
            term_ending_soon: summary.term_ending_soon,
            past_nine_years: summary.past_nine_years,
        }
    }
}
