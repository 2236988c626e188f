//! `/api/notices`: the noticeboard (spec §2 Notices, §4 Notice expiry, §6).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::notices::{CreateNoticeRequest, ListedNotice, NoticePriority};
use domain::NoticeId;

use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::cached::EncodedJson;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Also list expired notices; default `false`.
    #[serde(default, deserialize_with = "crate::http::body::input::empty_as_absent")]
    #[param(value_type = Option<crate::http::schemas::BooleanFilterSchema>)]
    include_expired: Option<bool>,
}

/// The noticeboard: pinned first, then newest.
#[utoipa::path(
    get,
    path = "/api/notices",
    tag = "notices",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "Notices, pinned first, then newest", body = Vec<NoticeBody>),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let include_expired = query.include_expired.unwrap_or(false);
    // The same list for every reader: a process that holds it answers from memory (spec §9, Notices list).
    if let Some(list) = state.notices.cached_list(&user.0, include_expired, &*state.notices_cache)? {
        return Ok(list.response());
    }
    let notices = state.notices.clone();
    let cache = state.notices_cache.clone();
    let list = blocking(move || {
        notices.list_into_cache(&user.0, include_expired, &*cache, |list| {
            EncodedJson::of(&list.into_iter().map(NoticeBody::from).collect::<Vec<_>>())
        })
    })
    .await?;
    Ok(list.response())
}

/// Posts a notice.
#[utoipa::path(
    post,
    path = "/api/notices",
    tag = "notices",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Posted", body = NoticeBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.title`, `errors.content`, `errors.priority`, \
                           `errors.expiresAt`) or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs post notices (or a temporary password must be replaced \
                           first)"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<CreateNoticeRequest>,
) -> Result<HttpResponse, ApiError> {
    let notices = state.notices.clone();
    let input = body.into_inner();
    let created = blocking(move || notices.create(&user.0, input)).await?;
    tracing::info!(notice_id = %created.notice.id, "notice posted");
    Ok(HttpResponse::Created().json(NoticeBody::from(created)))
}

/// Deletes a notice.
#[utoipa::path(
    delete,
    path = "/api/notices/{id}",
    tag = "notices",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The notice's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs delete notices (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Notice not found", body = ErrorBody),
    ),
)]
pub async fn delete(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<NoticeId>,
) -> Result<HttpResponse, ApiError> {
    let notices = state.notices.clone();
    let id = path.into_inner();
    let actor = user.0.id;
    let deleted = blocking(move || notices.delete(&user.0, id)).await?;
    tracing::info!(notice_id = %id, "notice deleted");
    let event = NewAuditEvent::new(AuditKind::NoticeDeleted, Some(actor)).object(AuditObject::new(
        "notice",
        deleted.id,
        deleted.title,
    ));
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MessageBody::new("Notice deleted successfully")))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Notice)]
pub struct NoticeBody {
    pub id: i32,
    pub title: String,
    pub content: String,
    pub priority: NoticePriority,
    pub pinned: bool,
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub published_at: DateTime<Utc>,
    pub expired: bool,
}

impl From<ListedNotice> for NoticeBody {
    fn from(listed: ListedNotice) -> Self {
        let notice = listed.notice;
        Self {
            id: notice.id.0,
            title: notice.title,
            content: notice.content,
            priority: notice.priority,
            pinned: notice.pinned,
            expires_at: notice.expires_at,
            published_at: notice.published_at,
            expired: listed.expired,
        }
    }
}
