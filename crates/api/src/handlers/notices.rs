//! `/api/notices`: the noticeboard (spec §2 Notices, §4 Notice expiry, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::services::CreateNotice;
use domain::NoticeId;

use crate::blocking::blocking;
use crate::dto::message::MessageBody;
use crate::dto::notice::NoticeBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    include_expired: Option<bool>,
}

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let notices = state.notices.clone();
    let include_expired = query.include_expired.unwrap_or(false);
    let list = blocking(move || notices.list(&user.0, include_expired)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(NoticeBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateNoticeRequest {
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    priority: Option<String>,
    #[serde(default)]
    pinned: Option<bool>,
    #[serde(default)]
    expires_at: Option<String>,
}

pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateNoticeRequest>,
) -> Result<HttpResponse, ApiError> {
    let notices = state.notices.clone();
    let body = body.into_inner();
    let input = CreateNotice {
        title: body.title.unwrap_or_default(),
        content: body.content.unwrap_or_default(),
        priority: body.priority,
        pinned: body.pinned,
        expires_at: body.expires_at,
    };
    let created = blocking(move || notices.create(&user.0, input)).await?;
    tracing::info!(notice_id = %created.notice.id, "notice posted");
    Ok(HttpResponse::Created().json(NoticeBody::from(created)))
}

pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let notices = state.notices.clone();
    let id = NoticeId(path.into_inner());
    blocking(move || notices.delete(&user.0, id)).await?;
    tracing::info!(notice_id = %id, "notice deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("Notice deleted successfully")))
}
