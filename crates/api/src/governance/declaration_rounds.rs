//! `/api/declaration-rounds`: annual declarations (spec §10 Governance; Charities Act 2011 s.178, CC3).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use domain::governance::declaration::{
    DeclarationRound, RoundMember, RoundSummary, DISQUALIFICATION_GROUNDS,
};
use domain::governance::{DeclareRequest, OpenRoundRequest, RoundView};
use domain::DeclarationRoundId;
use domain::UserId;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

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
    let input = body.into_inner();
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
    let input = body.into_inner();
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeclarationRound)]
pub struct RoundBody {
    pub id: i32,
    pub year: i32,
    #[schema(value_type = String, format = Date)]
    pub deadline: NaiveDate,
    /// `null` once the document was deleted from the library.
    #[schema(required = true)]
    pub code_of_conduct_document_id: Option<i32>,
    pub code_of_conduct_title: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub opened_at: DateTime<Utc>,
    /// `null` while open.
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    #[schema(required = true)]
    pub closed_at: Option<DateTime<Utc>>,
}

impl From<DeclarationRound> for RoundBody {
    fn from(round: DeclarationRound) -> Self {
        Self {
            id: round.id.0,
            year: round.year,
            deadline: round.deadline,
            code_of_conduct_document_id: round.code_of_conduct_document_id.map(|d| d.0),
            code_of_conduct_title: round.code_of_conduct_title,
            opened_at: round.opened_at,
            closed_at: round.closed_at,
        }
    }
}

/// A round in the list, with its counts.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeclarationRoundSummary)]
pub struct RoundSummaryBody {
    #[serde(flatten)]
    pub round: RoundBody,
    /// Trustees asked to declare (those serving when it opened).
    pub members: i64,
    pub declared: i64,
    /// Declarations saying the trustee may be disqualified: admins and chairs only, `null` for others.
    #[schema(required = true)]
    pub flagged: Option<i64>,
    /// Whether the signed-in user is asked to declare in this round.
    pub asked: bool,
    /// Whether the signed-in user has declared (false when not asked).
    pub declared_by_me: bool,
}

impl RoundSummaryBody {
    pub fn new(summary: RoundSummary, officer: bool) -> Self {
        Self {
            round: summary.round.into(),
            members: summary.members,
            declared: summary.declared,
            flagged: officer.then_some(summary.flagged),
            asked: summary.mine.is_some(),
            declared_by_me: summary.mine == Some(true),
        }
    }
}

/// One trustee asked to declare. The answers are shown to admins, chairs and the trustee; others see only
/// whether and when they declared.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeclarationMember)]
pub struct MemberBody {
    pub user_id: i32,
    pub name: String,
    pub declared: bool,
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    #[schema(required = true)]
    pub declared_at: Option<DateTime<Utc>>,
    /// The name the trustee declared under.
    #[schema(required = true)]
    pub declared_name: Option<String>,
    #[schema(required = true)]
    pub over_18: Option<bool>,
    #[schema(required = true)]
    pub no_disqualification: Option<bool>,
    /// Under 18, or a section 178 ground may apply: for the chair to follow up.
    #[schema(required = true)]
    pub may_be_disqualified: Option<bool>,
}

impl MemberBody {
    fn new(member: RoundMember, show_answers: bool) -> Self {
        let answers = member.declaration.as_ref().filter(|_| show_answers).map(|d| d.answers);
        Self {
            user_id: member.user_id.0,
            name: member.name,
            declared: member.declaration.is_some(),
            declared_at: member.declaration.as_ref().map(|d| d.declared_at),
            declared_name: member.declaration.map(|d| d.declared_name),
            over_18: answers.map(|a| a.over_18),
            no_disqualification: answers.map(|a| a.no_disqualification),
            may_be_disqualified: answers.map(|a| a.may_be_disqualified()),
        }
    }
}

/// A round with who has and has not declared, and the section 178 grounds the form states.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeclarationRoundDetail)]
pub struct RoundDetailBody {
    #[serde(flatten)]
    pub round: RoundBody,
    /// By name.
    pub members: Vec<MemberBody>,
    /// The grounds of disqualification, in plain words, as the form lists them.
    pub disqualification_grounds: Vec<&'static str>,
}

impl RoundDetailBody {
    pub fn new(view: RoundView, viewer: UserId) -> Self {
        let officer = view.viewer_is_officer;
        Self {
            round: view.round.into(),
            members: view
                .members
                .into_iter()
                .map(|m| {
                    let show = officer || m.user_id == viewer;
                    MemberBody::new(m, show)
                })
                .collect(),
            disqualification_grounds: DISQUALIFICATION_GROUNDS.to_vec(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemindersBody {
    /// Reminders queued.
    pub reminded: usize,
    /// `false` when the portal has no mail configured, so nothing was sent.
    pub mail_configured: bool,
}
