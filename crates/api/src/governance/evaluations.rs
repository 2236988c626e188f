//! `/api/evaluation-rounds`: board evaluation (spec §17). Answers are anonymous: nothing here ever names
//! who gave an answer.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use domain::governance::evaluation::refusal::EvaluationRefusal;
use domain::governance::evaluation::service::{
    reads_results, show_median, AnswerEvaluationRequest, CreateEvaluationRequest, EditEvaluationRequest,
    EvaluationService, OpenEvaluationRequest,
};
use domain::governance::evaluation::{
    EvaluationKind, EvaluationResults, EvaluationRound, EvaluationStatus, Question, QuestionKind,
};
use domain::identity::user::User;

use crate::http::blocking::blocking;
use crate::http::body::csv::{self, Cell};
use crate::http::body::download::{file_response, Disposition};
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

const PORTAL_NAME: &str = "Trustee Portal";

/// Runs `act` (which answers the round's id) and then reads the round back as the actor now sees it: the
/// answer of every call that creates, shows or changes a round.
async fn act_then_show(
    state: &AppState,
    user: CurrentUser,
    act: impl FnOnce(&EvaluationService, &User) -> Result<i32, EvaluationRefusal> + Send + 'static,
) -> Result<EvaluationDetailBody, ApiError> {
    let service = state.evaluations.clone();
    let viewer = user.0.clone();
    let (round, questions) = blocking(move || {
        let id = act(&service, &user.0)?;
        service.get(&user.0, id)
    })
    .await?;
    Ok(EvaluationDetailBody::new(round, questions, &viewer))
}

/// Every round (drafts for admins and chairs only), newest first.
#[utoipa::path(
    get,
    path = "/api/evaluation-rounds",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Rounds", body = Vec<EvaluationRoundBody>)),
)]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let service = state.evaluations.clone();
    let viewer = user.0.clone();
    let rounds = blocking(move || service.list(&user.0)).await?;
    Ok(HttpResponse::Ok()
        .json(rounds.into_iter().map(|r| EvaluationRoundBody::new(r, &viewer)).collect::<Vec<_>>()))
}

/// Creates a draft round from the Charity Governance Code template.
#[utoipa::path(
    post,
    path = "/api/evaluation-rounds",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    request_body = CreateEvaluationRequest,
    responses(
        (status = 201, description = "The draft", body = EvaluationDetailBody),
        (status = 400, description = "`errors.title`, `errors.appraisedUserId`, `errors.resultsUserId`",
            body = ErrorBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<CreateEvaluationRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let created = act_then_show(&state, user, move |service, actor| service.create(actor, input)).await?;
    Ok(HttpResponse::Created().json(created))
}

/// One round with its statements and questions in order.
#[utoipa::path(
    get,
    path = "/api/evaluation-rounds/{id}",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "The round", body = EvaluationDetailBody),
        (status = 404, description = "No such round (or a draft, for trustees)", body = ErrorBody),
    ),
)]
pub async fn show(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    Ok(HttpResponse::Ok().json(act_then_show(&state, user, move |_, _| Ok(id)).await?))
}

/// Replaces a draft's title and its whole list of statements and questions (add, edit, remove, reorder).
#[utoipa::path(
    put,
    path = "/api/evaluation-rounds/{id}",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    request_body = EditEvaluationRequest,
    responses(
        (status = 200, description = "The draft as edited", body = EvaluationDetailBody),
        (status = 400, description = "`errors.title`, `errors.questions`, `errors[\"questions[i].text\"]`",
            body = ErrorBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "Already opened", body = ErrorBody),
    ),
)]
pub async fn edit(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: Json<EditEvaluationRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let input = body.into_inner();
    let act = move |service: &EvaluationService, actor: &User| service.edit(actor, id, input).map(|()| id);
    Ok(HttpResponse::Ok().json(act_then_show(&state, user, act).await?))
}

/// Opens a draft for answers until its closing date.
#[utoipa::path(
    post,
    path = "/api/evaluation-rounds/{id}/open",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    request_body = OpenEvaluationRequest,
    responses(
        (status = 200, description = "Opened", body = EvaluationDetailBody),
        (status = 400, description = "`errors.closesOn`", body = ErrorBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "Already opened", body = ErrorBody),
    ),
)]
pub async fn open(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: Json<OpenEvaluationRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let input = body.into_inner();
    let act = move |service: &EvaluationService, actor: &User| service.open(actor, id, input).map(|()| id);
    Ok(HttpResponse::Ok().json(act_then_show(&state, user, act).await?))
}

/// Closes a round: no more answers.
#[utoipa::path(
    post,
    path = "/api/evaluation-rounds/{id}/close",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "Closed", body = EvaluationDetailBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "Already closed", body = ErrorBody),
    ),
)]
pub async fn close(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let act = move |service: &EvaluationService, actor: &User| service.close(actor, id).map(|()| id);
    Ok(HttpResponse::Ok().json(act_then_show(&state, user, act).await?))
}

/// Records the signed-in trustee's anonymous answers, once.
#[utoipa::path(
    post,
    path = "/api/evaluation-rounds/{id}/answers",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    request_body = AnswerEvaluationRequest,
    responses(
        (status = 204, description = "Answered"),
        (status = 400, description = "`errors[\"answers[i]\"]`: a statement left unscored", body = ErrorBody),
        (status = 403, description = "The chair being appraised is not asked", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "Already answered, or the round is not open", body = ErrorBody),
    ),
)]
pub async fn answer(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: Json<AnswerEvaluationRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.evaluations.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    blocking(move || service.answer(&user.0, id, input)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// E-mails a reminder to each trustee asked who has not answered, at most once a day each.
#[utoipa::path(
    post,
    path = "/api/evaluation-rounds/{id}/reminders",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "How many were reminded", body = EvaluationRemindersBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "The round is not open", body = ErrorBody),
    ),
)]
pub async fn remind(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let service = state.evaluations.clone();
    let id = path.into_inner();
    let (reminded, mail_configured) = blocking(move || service.remind(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(EvaluationRemindersBody { reminded, mail_configured }))
}

/// The results, once at least 3 trustees have answered.
#[utoipa::path(
    get,
    path = "/api/evaluation-rounds/{id}/results",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "Per statement, counts and median; free text in random order",
            body = EvaluationResultsBody),
        (status = 403, description = "Fewer than 3 answers, or not a reader of these results", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
    ),
)]
pub async fn results(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let service = state.evaluations.clone();
    let id = path.into_inner();
    let viewer = user.0.clone();
    let results = blocking(move || service.results(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(EvaluationResultsBody::new(results, &viewer)))
}

/// The results as CSV.
#[utoipa::path(
    get,
    path = "/api/evaluation-rounds/{id}/results/csv",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "`evaluation-results.csv`: Principle, Statement, 1, 2, 3, 4, 5, Don't know, \
                                      Median, Previous median; then one line per free-text answer (Principle, \
                                      Question, Answer)",
            content_type = "text/csv", body = FileBytes),
        (status = 403, description = "Fewer than 3 answers, or not a reader of these results", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
    ),
)]
pub async fn results_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let service = state.evaluations.clone();
    let id = path.into_inner();
    let bytes = blocking(move || results_to_csv(&service.results(&user.0, id)?)).await?;
    Ok(csv::response(&req, bytes, "evaluation-results.csv"))
}

fn results_to_csv(results: &EvaluationResults) -> Result<Vec<u8>, ApiError> {
    let header =
        ["Principle", "Statement", "1", "2", "3", "4", "5", "Don't know", "Median", "Previous median"];
    let mut rows: Vec<[Cell<'_>; 10]> = results
        .statements
        .iter()
        .map(|s| {
            [
                Cell::typed(&s.question.principle),
                Cell::typed(&s.question.text),
                Cell::ours(s.counts[0].to_string()),
                Cell::ours(s.counts[1].to_string()),
                Cell::ours(s.counts[2].to_string()),
                Cell::ours(s.counts[3].to_string()),
                Cell::ours(s.counts[4].to_string()),
                Cell::ours(s.dont_know.to_string()),
                Cell::ours(show_median(s.median)),
                Cell::ours(show_median(s.previous_median)),
            ]
        })
        .collect();
    for t in &results.texts {
        for answer in &t.answers {
            rows.push([
                Cell::typed(&t.question.principle),
                Cell::typed(&t.question.text),
                Cell::typed(answer),
                Cell::ours(""),
                Cell::ours(""),
                Cell::ours(""),
                Cell::ours(""),
                Cell::ours(""),
                Cell::ours(""),
                Cell::ours(""),
            ]);
        }
    }
    csv::write(header, rows)
}

/// The results as a PDF report.
#[utoipa::path(
    get,
    path = "/api/evaluation-rounds/{id}/results/pdf",
    tag = "evaluations",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id")),
    responses(
        (status = 200, description = "`evaluation-results.pdf`", content_type = "application/pdf", body = FileBytes),
        (status = 403, description = "Fewer than 3 answers, or not a reader of these results", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
    ),
)]
pub async fn results_pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let service = state.evaluations.clone();
    let id = path.into_inner();
    let bytes = blocking(move || service.results_pdf(&user.0, id, PORTAL_NAME)).await?;
    Ok(file_response(&req, bytes, "evaluation-results.pdf", "application/pdf", Disposition::Attachment))
}

/// A person a round names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationPersonBody {
    pub user_id: i32,
    pub name: String,
}

/// An evaluation round.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationRoundBody {
    pub id: i32,
    pub title: String,
    pub kind: EvaluationKind,
    pub status: EvaluationStatus,
    /// The chair appraised (kind `chair`).
    #[schema(required = true)]
    pub appraised: Option<EvaluationPersonBody>,
    /// The vice-chair who reads a chair appraisal's results.
    #[schema(required = true)]
    pub results_reader: Option<EvaluationPersonBody>,
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub closes_on: Option<NaiveDate>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    /// How many have answered.
    pub answered: i64,
    /// Whether the signed-in user has answered.
    pub answered_by_me: bool,
    /// Whether the signed-in user is asked to answer (the chair appraised is not).
    pub asked: bool,
    /// Whether the signed-in user may read the results (once 3 have answered).
    pub can_read_results: bool,
}

impl EvaluationRoundBody {
    pub fn new(round: EvaluationRound, viewer: &User) -> Self {
        let person = |p: Option<(domain::UserId, String)>| {
            p.map(|(id, name)| EvaluationPersonBody { user_id: id.0, name })
        };
        Self {
            asked: round.asks(viewer.id),
            can_read_results: reads_results(viewer, &round),
            id: round.id,
            kind: round.kind,
            status: round.status,
            appraised: person(round.appraised),
            results_reader: person(round.results_reader),
            title: round.title,
            closes_on: round.closes_on,
            created_at: round.created_at,
            answered: round.answered,
            answered_by_me: round.answered_by_me,
        }
    }
}

/// A statement (`scale`) or free-text question (`text`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationQuestionBody {
    pub id: i32,
    pub principle: String,
    pub kind: QuestionKind,
    pub text: String,
}

impl From<Question> for EvaluationQuestionBody {
    fn from(q: Question) -> Self {
        Self { id: q.id, principle: q.principle, kind: q.kind, text: q.text }
    }
}

/// A round with its statements and questions in order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationDetailBody {
    #[serde(flatten)]
    pub round: EvaluationRoundBody,
    pub questions: Vec<EvaluationQuestionBody>,
}

impl EvaluationDetailBody {
    pub fn new(round: EvaluationRound, questions: Vec<Question>, viewer: &User) -> Self {
        Self {
            round: EvaluationRoundBody::new(round, viewer),
            questions: questions.into_iter().map(Into::into).collect(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationRemindersBody {
    /// Reminders queued now (none for someone already reminded today).
    pub reminded: usize,
    /// `false` when the portal has no mail configured, so nothing was sent.
    pub mail_configured: bool,
}

/// One statement's answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementResultBody {
    pub question_id: i32,
    pub principle: String,
    pub text: String,
    /// How many scored 1, 2, 3, 4 and 5.
    pub counts: [i64; 5],
    pub dont_know: i64,
    #[schema(required = true)]
    pub median: Option<f64>,
    /// The previous closed round's median for the same statement.
    #[schema(required = true)]
    pub previous_median: Option<f64>,
}

/// One free-text question's answers, in random order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextResultBody {
    pub question_id: i32,
    pub principle: String,
    pub text: String,
    pub answers: Vec<String>,
}

/// A round's results.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationResultsBody {
    pub round: EvaluationRoundBody,
    /// The title of the round compared with.
    #[schema(required = true)]
    pub previous_title: Option<String>,
    pub statements: Vec<StatementResultBody>,
    pub texts: Vec<TextResultBody>,
}

impl EvaluationResultsBody {
    pub fn new(results: EvaluationResults, viewer: &User) -> Self {
        Self {
            round: EvaluationRoundBody::new(results.round, viewer),
            previous_title: results.previous_title,
            statements: results
                .statements
                .into_iter()
                .map(|s| StatementResultBody {
                    question_id: s.question.id,
                    principle: s.question.principle,
                    text: s.question.text,
                    counts: s.counts,
                    dont_know: s.dont_know,
                    median: s.median,
                    previous_median: s.previous_median,
                })
                .collect(),
            texts: results
                .texts
                .into_iter()
                .map(|t| TextResultBody {
                    question_id: t.question.id,
                    principle: t.question.principle,
                    text: t.question.text,
                    answers: t.answers,
                })
                .collect(),
        }
    }
}
