//! `/api/notification-settings`: the signed-in user's choice of e-mail notifications (spec §11 Notifications
//! and reminders).

use actix_web::{web, HttpResponse};
use serde::Serialize;

use domain::library::document::DocumentCategory;
use domain::notifications::notification::{NotificationKind, NotificationSettings};
use domain::notifications::NotificationSettingsRequest;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// The caller's notification settings. A new user has every kind on, single mails, every category
/// followed.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NotificationSettings)]
pub struct NotificationSettingsBody {
    /// The kinds switched off; every other kind is sent.
    disabled_kinds: Vec<NotificationKind>,
    /// One mail a week (Monday morning, board time) listing everything instead of single mails.
    weekly_digest: bool,
    /// Library categories whose new documents are notified.
    followed_categories: Vec<DocumentCategory>,
}

impl From<NotificationSettings> for NotificationSettingsBody {
    fn from(s: NotificationSettings) -> Self {
        Self {
            disabled_kinds: s.disabled_kinds,
            weekly_digest: s.weekly_digest,
            followed_categories: s.followed_categories,
        }
    }
}

/// The caller's settings.
#[utoipa::path(
    get,
    path = "/api/notification-settings",
    tag = "notifications",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The settings", body = NotificationSettingsBody)),
)]
pub async fn show(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let service = state.notifications.clone();
    let settings = blocking(move || service.settings(&user.0)).await?;
    Ok(HttpResponse::Ok().json(NotificationSettingsBody::from(settings)))
}

/// Replaces the caller's settings.
#[utoipa::path(
    put,
    path = "/api/notification-settings",
    tag = "notifications",
    security(("bearerAuth" = [])),
    request_body = NotificationSettingsRequest,
    responses(
        (status = 200, description = "Saved", body = NotificationSettingsBody),
        (status = 400, description = "`errors.disabledKinds` or `errors.followedCategories` (an unknown value), \
                                      or a malformed body", body = ErrorBody),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<NotificationSettingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.notifications.clone();
    let input = body.into_inner();
    let settings = blocking(move || service.update_settings(&user.0, input)).await?;
    Ok(HttpResponse::Ok().json(NotificationSettingsBody::from(settings)))
}
