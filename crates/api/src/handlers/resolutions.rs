//! `/api/resolutions`: written resolutions (issue 14).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::governance::ProposeResolution;
use domain::ResolutionId;

use crate::blocking::blocking;
use crate::dto::resolution::ResolutionBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::json::Json;
use crate::schemas::{ThresholdKindSchema, VoteChoiceSchema};
use crate::state::AppState;

/// Every resolution, newest first (any past its closing time is decided first).
#[utoipa::path(
    get,
    path = "/api/resolutions",
    tag = "resolutions",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Resolutions, newest first", body = Vec<ResolutionBody>)),
)]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let resolutions = state.resolutions.clone();
    let viewer = user.0.id;
    let (list, now) = blocking(move || Ok((resolutions.list(&user.0)?, resolutions.clock.now()))).await?;
    Ok(HttpResponse::Ok()
        .json(list.into_iter().map(|r| ResolutionBody::new(r, viewer, now)).collect::<Vec<_>>()))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposeRequest {
    /// Required, at most 200 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, min_length = 1, max_length = 200, pattern = r"\S")]
    title: Option<String>,
    /// The resolution's wording; required, at most 20000 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, min_length = 1, max_length = 20000, pattern = r"\S")]
    text: Option<String>,
    /// RFC 3339 with a zone, in the future.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = DateTime)]
    closes_at: Option<String>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = ThresholdKindSchema)]
    threshold: Option<String>,
    /// Votes for needed, for `threshold = count`.
    #[serde(default)]
    threshold_count: Option<i64>,
    /// Supporting papers: ids of library documents.
    #[serde(default)]
    paper_document_ids: Vec<i32>,
    /// Serving trustees conflicted on it, who are not eligible to vote.
    #[serde(default)]
    conflicted_user_ids: Vec<i32>,
}

/// Proposes a written resolution; the serving trustees not conflicted on it are its voters.
#[utoipa::path(
    post,
    path = "/api/resolutions",
    tag = "resolutions",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Proposed", body = ResolutionBody),
        (status = 400, body = ErrorBody,
            description = "`errors.title`, `errors.text`, `errors.closesAt`, `errors.threshold`, \
                           `errors.thresholdCount` (also when more votes are needed than there are eligible \
                           voters), `errors.paperDocumentIds`, `errors.conflictedUserIds`"),
        (status = 403, description = "Only admins and chairs propose resolutions", body = ErrorBody),
    ),
)]
pub async fn propose(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<ProposeRequest>,
) -> Result<HttpResponse, ApiError> {
    let resolutions = state.resolutions.clone();
    let body = body.into_inner();
    let input = ProposeResolution {
        title: body.title.unwrap_or_default(),
        text: body.text.unwrap_or_default(),
        closes_at: body.closes_at.unwrap_or_default(),
        threshold: body.threshold.unwrap_or_default(),
        threshold_count: body.threshold_count,
        paper_document_ids: body.paper_document_ids,
        conflicted_user_ids: body.conflicted_user_ids,
    };
    let viewer = user.0.id;
    let (created, now) =
        blocking(move || Ok((resolutions.propose(&user.0, input)?, resolutions.clock.now()))).await?;
    tracing::info!(resolution_id = %created.id, "written resolution proposed");
    Ok(HttpResponse::Created().json(ResolutionBody::new(created, viewer, now)))
}

/// One resolution.
#[utoipa::path(
    get,
    path = "/api/resolutions/{id}",
    tag = "resolutions",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The resolution's id")),
    responses(
        (status = 200, description = "The resolution", body = ResolutionBody),
        (status = 404, description = "No such resolution", body = ErrorBody),
    ),
)]
pub async fn show(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ResolutionId>,
) -> Result<HttpResponse, ApiError> {
    let resolutions = state.resolutions.clone();
    let id = path.into_inner();
    let viewer = user.0.id;
    let (resolution, now) =
        blocking(move || Ok((resolutions.get(&user.0, id)?, resolutions.clock.now()))).await?;
    Ok(HttpResponse::Ok().json(ResolutionBody::new(resolution, viewer, now)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoteRequest {
    #[serde(default)]
    #[schema(value_type = Option<VoteChoiceSchema>)]
    vote: Option<String>,
    /// Optional, at most 2000 characters.
    #[serde(default)]
    comment: Option<String>,
}

/// Casts the signed-in trustee's vote: once, and never changed.
#[utoipa::path(
    post,
    path = "/api/resolutions/{id}/votes",
    tag = "resolutions",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The resolution's id")),
    responses(
        (status = 201, description = "Recorded; the resolution with its tally (and result, once decided)",
            body = ResolutionBody),
        (status = 400, description = "`errors.vote`, `errors.comment`", body = ErrorBody),
        (status = 403, description = "Not eligible (not serving when proposed, or conflicted)", body = ErrorBody),
        (status = 404, description = "No such resolution", body = ErrorBody),
        (status = 409, description = "Already voted, or voting has closed", body = ErrorBody),
    ),
)]
pub async fn vote(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ResolutionId>,
    body: Json<VoteRequest>,
) -> Result<HttpResponse, ApiError> {
    let resolutions = state.resolutions.clone();
    let id = path.into_inner();
    let body = body.into_inner();
    let viewer = user.0.id;
    let (resolution, now) = blocking(move || {
        let voted = resolutions.vote(&user.0, id, body.vote.as_deref(), body.comment.as_deref())?;
        Ok((voted, resolutions.clock.now()))
    })
    .await?;
    tracing::info!(resolution_id = %id, status = %resolution.status, "vote recorded");
    Ok(HttpResponse::Created().json(ResolutionBody::new(resolution, viewer, now)))
}

/// The signed-in trustee declares a conflict of interest on it, and so is not eligible to vote.
#[utoipa::path(
    post,
    path = "/api/resolutions/{id}/conflict",
    tag = "resolutions",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The resolution's id")),
    responses(
        (status = 200, description = "Declared", body = ResolutionBody),
        (status = 403, description = "Not a voter on it", body = ErrorBody),
        (status = 404, description = "No such resolution", body = ErrorBody),
        (status = 409, description = "Already voted, or voting has closed", body = ErrorBody),
    ),
)]
pub async fn declare_conflict(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ResolutionId>,
) -> Result<HttpResponse, ApiError> {
    let resolutions = state.resolutions.clone();
    let id = path.into_inner();
    let viewer = user.0.id;
    let (resolution, now) =
        blocking(move || Ok((resolutions.declare_conflict(&user.0, id)?, resolutions.clock.now()))).await?;
    Ok(HttpResponse::Ok().json(ResolutionBody::new(resolution, viewer, now)))
}
