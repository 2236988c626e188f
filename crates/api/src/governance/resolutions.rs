//! `/api/resolutions`: written resolutions (spec §10 Governance).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::governance::resolution::{
    Resolution, ResolutionStatus, Threshold, ThresholdKind, Vote, VoteChoice,
};
use domain::governance::{GovernanceRefusal, ProposeRequest, ResolutionService, VoteRequest};
use domain::identity::user::User;
use domain::ResolutionId;
use domain::UserId;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

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
    let (list, now) =
        blocking(move || Ok::<_, GovernanceRefusal>((resolutions.list(&user.0)?, resolutions.clock.now())))
            .await?;
    Ok(HttpResponse::Ok()
        .json(list.into_iter().map(|r| ResolutionBody::new(r, viewer, now)).collect::<Vec<_>>()))
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
    let input = body.into_inner();
    let created = as_seen_by(&state, user, move |service, who| service.propose(who, input)).await?;
    tracing::info!(resolution_id = %created.id, "written resolution proposed");
    Ok(HttpResponse::Created().json(created))
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
    let id = path.into_inner();
    let resolution = as_seen_by(&state, user, move |service, who| service.get(who, id)).await?;
    Ok(HttpResponse::Ok().json(resolution))
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
    let id = path.into_inner();
    let input = body.into_inner();
    let resolution = as_seen_by(&state, user, move |service, who| service.vote(who, id, input)).await?;
    tracing::info!(resolution_id = %id, status = %resolution.status, "vote recorded");
    Ok(HttpResponse::Created().json(resolution))
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
    let id = path.into_inner();
    let resolution = as_seen_by(&state, user, move |service, who| service.declare_conflict(who, id)).await?;
    Ok(HttpResponse::Ok().json(resolution))
}

/// Runs one use case on a resolution for the caller and answers the resolution as the caller sees it now
/// (whether the tally shows depends on who asks and on the time, spec §10 Governance).
async fn as_seen_by(
    state: &AppState,
    user: CurrentUser,
    work: impl FnOnce(&ResolutionService, &User) -> Result<Resolution, GovernanceRefusal> + Send + 'static,
) -> Result<ResolutionBody, ApiError> {
    let resolutions = state.resolutions.clone();
    let viewer = user.0.id;
    let (resolution, now) = blocking(move || {
        let resolution = work(&resolutions, &user.0)?;
        Ok::<_, GovernanceRefusal>((resolution, resolutions.clock.now()))
    })
    .await?;
    Ok(ResolutionBody::new(resolution, viewer, now))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ResolutionPaper)]
pub struct PaperBody {
    pub document_id: i32,
    pub title: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ResolutionVoter)]
pub struct VoterBody {
    pub user_id: i32,
    pub name: String,
    /// Declared a conflict: not eligible to vote.
    pub conflicted: bool,
    pub voted: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ResolutionVote)]
pub struct VoteBody {
    pub user_id: i32,
    pub voter_name: String,
    pub vote: VoteChoice,
    #[schema(required = true)]
    pub comment: Option<String>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub voted_at: DateTime<Utc>,
}

impl From<&Vote> for VoteBody {
    fn from(vote: &Vote) -> Self {
        Self {
            user_id: vote.user_id.0,
            voter_name: vote.voter_name.clone(),
            vote: vote.choice,
            comment: vote.comment.clone(),
            voted_at: vote.voted_at,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ResolutionTally)]
pub struct TallyBody {
    #[serde(rename = "for")]
    pub for_votes: u32,
    pub against: u32,
    pub abstain: u32,
    /// Eligible voters who have not voted.
    pub outstanding: u32,
    /// Votes for needed to pass.
    pub needed: u32,
}

/// A written resolution as one user sees it: the tally and who voted how only once they have voted or it
/// is decided.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Resolution)]
pub struct ResolutionBody {
    pub id: i32,
    pub title: String,
    pub text: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub closes_at: DateTime<Utc>,
    pub threshold: ThresholdKind,
    /// The set number of votes for `threshold = count`, otherwise `null`.
    #[schema(required = true)]
    pub threshold_count: Option<u32>,
    pub proposed_by_name: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub proposed_at: DateTime<Utc>,
    pub status: ResolutionStatus,
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    #[schema(required = true)]
    pub decided_at: Option<DateTime<Utc>>,
    /// Decided before closing time because the outstanding votes could not change the result.
    pub decided_early: bool,
    pub papers: Vec<PaperBody>,
    pub voters: Vec<VoterBody>,
    pub eligible_count: u32,
    pub voted_count: u32,
    /// The signed-in user may vote now.
    pub can_vote: bool,
    /// The signed-in user's own vote, if cast.
    #[schema(required = true)]
    pub my_vote: Option<VoteChoice>,
    /// `null` until the signed-in user has voted or the resolution is decided.
    #[schema(required = true)]
    pub tally: Option<TallyBody>,
    /// Who voted how, in order; `null` while the tally is hidden.
    #[schema(required = true)]
    pub votes: Option<Vec<VoteBody>>,
}

impl ResolutionBody {
    pub fn new(resolution: Resolution, viewer: UserId, now: DateTime<Utc>) -> Self {
        let tally = resolution.tally();
        let visible = resolution.tally_visible_to(viewer);
        let my_vote = resolution.vote_of(viewer).map(|v| v.choice);
        let can_vote = resolution.status == ResolutionStatus::Open
            && now < resolution.closes_at
            && my_vote.is_none()
            && resolution.is_eligible(viewer);
        Self {
            id: resolution.id.0,
            title: resolution.title.clone(),
            text: resolution.text.clone(),
            closes_at: resolution.closes_at,
            threshold: resolution.threshold.kind(),
            threshold_count: match resolution.threshold {
                Threshold::Count(n) => Some(n),
                _ => None,
            },
            proposed_by_name: resolution.proposed_by_name.clone(),
            proposed_at: resolution.proposed_at,
            status: resolution.status,
            decided_at: resolution.decided_at,
            decided_early: resolution.decided_early,
            papers: resolution
                .papers
                .iter()
                .map(|p| PaperBody { document_id: p.document_id.0, title: p.title.clone() })
                .collect(),
            voters: resolution
                .voters
                .iter()
                .map(|v| VoterBody {
                    user_id: v.user_id.0,
                    name: v.name.clone(),
                    conflicted: v.conflicted,
                    voted: resolution.vote_of(v.user_id).is_some(),
                })
                .collect(),
            eligible_count: tally.eligible,
            voted_count: resolution.votes.len() as u32,
            can_vote,
            my_vote,
            tally: visible.then(|| TallyBody {
                for_votes: tally.for_votes,
                against: tally.against,
                abstain: tally.abstain,
                outstanding: tally.outstanding(),
                needed: resolution.threshold.votes_needed(tally.eligible),
            }),
            votes: visible.then(|| resolution.votes.iter().map(VoteBody::from).collect()),
        }
    }
}
