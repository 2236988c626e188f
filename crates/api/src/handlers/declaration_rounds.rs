//! `/api/declaration-rounds`: annual declarations (issue 14; Charities Act 2011 s.178, CC3).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::governance::{DeclareInput, OpenRound};
use domain::DeclarationRoundId;

use crate::blocking::blocking;
use crate::dto::declaration::{RemindersBody, RoundBody, RoundDetailBody, RoundSummaryBody};
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::json::Json;
use crate::state::AppState;

/// Every round, newest year first.
#[utoipa::path(
    get,
    path = "/api/declaration-rounds",
    tag = "declarations",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Rounds with their counts", body = Vec<RoundSummaryBody>)),
)]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let rounds = state.declarations.clone();
    let officer = user.0.role.is_officer();
    let list = blocking(move || rounds.list(&user.0)).await?;
    Ok(HttpResponse::Ok()
        .json(list.into_iter().map(|s| RoundSummaryBody::new(s, officer)).collect::<Vec<_>>()))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenRoundRequest {
    /// 2000 to 2100; one round per year.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = i64, minimum = 2000, maximum = 2100)]
    year: Option<i64>,
    /// `YYYY-MM-DD`, not in the past.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    deadline: Option<String>,
    /// The code of conduct: a document of the library.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = i32)]
    code_of_conduct_document_id: Option<i32>,
}

/// Opens a round; the trustees serving now are asked to declare.
#[utoipa::path(
    post,
    path = "/api/declaration-rounds",
    tag = "declarations",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Opened", body = RoundBody),
        (status = 400, description = "`errors.year`, `errors.deadline`, `errors.codeOfConductDocumentId`",
            body = ErrorBody),
        (status = 403, description = "Only admins and chairs open rounds", body = ErrorBody),
        (status = 409, description = "The year already has a round", body = ErrorBody),
    ),
)]
pub async fn open(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<OpenRoundRequest>,
) -> Result<HttpResponse, ApiError> {
    let rounds = state.declarations.clone();
    let body = body.into_inner();
    let input = OpenRound {
        year: body.year,
        deadline: body.deadline.unwrap_or_default(),
        code_of_conduct_document_id: body.code_of_conduct_document_id,
    };
    let round = blocking(move || rounds.open(&user.0, input)).await?;
    tracing::info!(round_id = %round.id, year = round.year, "declarations round opened");
    Ok(HttpResponse::Created().json(RoundBody::from(round)))
}

/// One round: who has and has not declared (answers for admins, chairs and oneself).
#[utoipa::path(
    get,
    path = "/api/declaration-rounds/{id}",
    tag = "declarations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "The round", body = RoundDetailBody),
        (status = 404, description = "No such round", body = ErrorBody),
    ),
)]
pub async fn show(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<DeclarationRoundId>,
) -> Result<HttpResponse, ApiError> {
    let rounds = state.declarations.clone();
    let id = path.into_inner();
    let viewer = user.0.id;
    let view = blocking(move || rounds.get(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(RoundDetailBody::new(view, viewer)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclareRequest {
    /// Must be `true`: my register entries are complete and current.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = bool)]
    register_complete: Option<bool>,
    /// I am 18 or over (`false` flags the declaration to the chair).
    #[serde(default, rename = "over18")]
    #[schema(required = true, nullable = false, value_type = bool)]
    over_18: Option<bool>,
    /// None of the section 178 grounds applies to me (`false` flags the declaration to the chair).
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = bool)]
    no_disqualification: Option<bool>,
    /// Must be `true`: I accept the code of conduct.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = bool)]
    accepts_code: Option<bool>,
}

/// Makes the signed-in trustee's declaration, with their name and the time.
#[utoipa::path(
    post,
    path = "/api/declaration-rounds/{id}/declaration",
    tag = "declarations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "Declared; the round as it now reads", body = RoundDetailBody),
        (status = 400, body = ErrorBody,
            description = "`errors.registerComplete`, `errors.acceptsCode` (must be true), `errors.over18`, \
                           `errors.noDisqualification` (must be answered)"),
        (status = 403, description = "Not serving when the round opened", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "Already declared, or the round is closed", body = ErrorBody),
    ),
)]
pub async fn declare(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<DeclarationRoundId>,
    body: Json<DeclareRequest>,
) -> Result<HttpResponse, ApiError> {
    let rounds = state.declarations.clone();
    let id = path.into_inner();
    let body = body.into_inner();
    let input = DeclareInput {
        register_complete: body.register_complete,
        over_18: body.over_18,
        no_disqualification: body.no_disqualification,
        accepts_code: body.accepts_code,
    };
    let viewer = user.0.id;
    let view = blocking(move || rounds.declare(&user.0, id, input)).await?;
    Ok(HttpResponse::Ok().json(RoundDetailBody::new(view, viewer)))
}

/// Closes a round; it stays readable.
#[utoipa::path(
    post,
    path = "/api/declaration-rounds/{id}/close",
    tag = "declarations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "Closed", body = RoundBody),
        (status = 403, description = "Only admins and chairs close rounds", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "Already closed", body = ErrorBody),
    ),
)]
pub async fn close(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<DeclarationRoundId>,
) -> Result<HttpResponse, ApiError> {
    let rounds = state.declarations.clone();
    let id = path.into_inner();
    let round = blocking(move || rounds.close(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(RoundBody::from(round)))
}

/// E-mails a reminder to each trustee who has not declared yet (when mail is configured).
#[utoipa::path(
    post,
    path = "/api/declaration-rounds/{id}/reminders",
    tag = "declarations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "How many were reminded", body = RemindersBody),
        (status = 403, description = "Only admins and chairs send reminders", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "The round is closed", body = ErrorBody),
    ),
)]
pub async fn remind(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<DeclarationRoundId>,
) -> Result<HttpResponse, ApiError> {
    let rounds = state.declarations.clone();
    let id = path.into_inner();
    let (reminded, mail_configured) = blocking(move || rounds.remind(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(RemindersBody { reminded, mail_configured }))
}
