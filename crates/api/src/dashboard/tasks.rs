//! `/api/me/tasks`: the signed-in person's "For you" list (spec §2 Dashboard, "For you").

use actix_web::{web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use domain::dashboard::tasks::{Task, TaskDue, TaskKind};

use crate::http::blocking::blocking;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// What the signed-in person has to do, soonest first: by `dueAt` (or `dueDate` from midnight board time),
/// undated last, then by kind, then by id. Each task obeys the visibility of the record it comes from.
#[utoipa::path(
    get,
    path = "/api/me/tasks",
    tag = "dashboard",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The tasks, soonest first", body = [TaskBody]),
        (status = 403, description = "A role that may not read board content, or a temporary password \
            must be replaced first", body = ErrorBody),
    ),
)]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let tasks = state.tasks.clone();
    let list = blocking(move || tasks.list(&user.0)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(TaskBody::from).collect::<Vec<_>>()))
}

/// One thing to do. At most one of `dueAt` and `dueDate` is set.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Task)]
pub struct TaskBody {
    /// `<kind>:<id of the record>`, stable and unique within the answer.
    pub id: String,
    pub kind: TaskKind,
    /// A short sentence naming the thing, without its date.
    pub text: String,
    /// A meeting's start or a resolution's closing time.
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    #[schema(required = true)]
    pub due_at: Option<DateTime<Utc>>,
    /// An action's due date, a declarations round's deadline or a term's end (`YYYY-MM-DD`).
    #[serde(serialize_with = "crate::http::body::time::date_option")]
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub due_date: Option<NaiveDate>,
    /// An action past its due date, or a declarations round past its deadline (spec §2 Dashboard, For you).
    pub overdue: bool,
    /// The meeting the task belongs to, when it has one.
    #[schema(required = true)]
    pub meeting_id: Option<i32>,
    /// The portal path where the task is done.
    pub link: String,
}

impl From<Task> for TaskBody {
    fn from(task: Task) -> Self {
        let (due_at, due_date) = match task.due {
            Some(TaskDue::At(at)) => (Some(at), None),
            Some(TaskDue::On(day)) => (None, Some(day)),
            None => (None, None),
        };
        Self {
            id: task.id,
            kind: task.kind,
            text: task.text,
            due_at,
            due_date,
            overdue: task.overdue,
            meeting_id: task.meeting_id.map(|id| id.0),
            link: task.link,
        }
    }
}
