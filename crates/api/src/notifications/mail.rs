//! The admins' Mail page: the delivery log and a test message.

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::notifications::mail::{MailStatus, QueuedMail};
use domain::notifications::unsubscribe::TOKEN_MAX;
use domain::shared::{FieldLimits, Limit};

use crate::http::blocking::blocking;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// One outbox message: `queued` (waiting, or waiting for a retry after `lastError`), `sent` or `failed`
/// (given up after repeated errors).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailDelivery)]
struct MailDeliveryBody {
    id: i64,
    kind: String,
    recipient: String,
    subject: String,
    #[schema(value_type = String, example = "sent")]
    status: MailStatus,
    attempts: i32,
    #[schema(required = true)]
    last_error: Option<String>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    created_at: DateTime<Utc>,
    #[schema(required = true, value_type = Option<String>)]
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    sent_at: Option<DateTime<Utc>>,
}

impl From<QueuedMail> for MailDeliveryBody {
    fn from(q: QueuedMail) -> Self {
        Self {
            id: q.id,
            kind: q.mail.kind.as_str().to_string(),
            recipient: q.mail.to,
            subject: q.mail.subject,
            status: q.status,
            attempts: q.attempts,
            last_error: q.last_error,
            created_at: q.created_at,
            sent_at: q.sent_at,
        }
    }
}

/// The Mail page's log and whether an SMTP server is configured.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailLog)]
struct MailLogBody {
    /// `false`: messages are written as `.eml` files under `DATA_DIR/outbox-files`.
    smtp_configured: bool,
    /// The newest 200 messages, newest first.
    messages: Vec<MailDeliveryBody>,
}

/// The delivery log (admins).
#[utoipa::path(
    get,
    path = "/api/mail/outbox",
    tag = "mail",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The newest messages, newest first", body = MailLogBody),
        (status = 403, description = "Only admins", body = ErrorBody),
    ),
)]
pub async fn outbox(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let mail = state.mail.clone();
    let rows = blocking(move || mail.delivery_log(&user.0)).await?;
    Ok(HttpResponse::Ok().json(MailLogBody {
        smtp_configured: state.mail_configured,
        messages: rows.into_iter().map(MailDeliveryBody::from).collect(),
    }))
}

/// The queued test message.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TestMailQueued)]
struct TestMailBody {
    id: i64,
    message: String,
}

/// Queues a test e-mail to the signed-in admin.
#[utoipa::path(
    post,
    path = "/api/mail/test",
    tag = "mail",
    security(("bearerAuth" = [])),
    responses(
        (status = 202, description = "Queued; the log shows when it is sent", body = TestMailBody),
        (status = 403, description = "Only admins", body = ErrorBody),
    ),
)]
pub async fn send_test(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let mail = state.mail.clone();
    let email = user.0.email.clone();
    let id = blocking(move || mail.send_test(&user.0)).await?;
    Ok(HttpResponse::Accepted()
        .json(TestMailBody { id, message: format!("A test e-mail to {email} is queued.") }))
}

/// Whether mail leaves the portal, for the forms that offer to send it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailStatus)]
struct MailStatusBody {
    /// `SMTP_URL` is set. `false`: messages are only written as `.eml` files under
    /// `DATA_DIR/outbox-files`, so the create-user dialog defaults to a temporary password.
    smtp_configured: bool,
}

/// Whether an SMTP server is configured (admins).
#[utoipa::path(
    get,
    path = "/api/mail/status",
    tag = "mail",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Whether mail is sent", body = MailStatusBody),
        (status = 403, description = "Only admins", body = ErrorBody),
    ),
)]
pub async fn status(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    if !domain::identity::permissions::can_manage_mail(user.0.role) {
        return Err(domain::notifications::NotificationsRefusal::OnlyAdminsMailSettings.into());
    }
    Ok(HttpResponse::Ok().json(MailStatusBody { smtp_configured: state.mail_configured }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The signed token of the message's unsubscribe link.
    token: String,
}

/// The query's limit, set on the document's parameter by `openapi::limits`.
impl FieldLimits for UnsubscribeQuery {
    const LIMITS: &'static [(&'static str, Limit)] = &[("token", Limit::Text { max: TOKEN_MAX })];
}

/// One-click unsubscribe (RFC 8058), no sign-in: switches the link's notification kind off in its
/// recipient's Notification settings (a weekly digest's link: every kind).
/// Mail clients POST here from the `List-Unsubscribe` header (body `List-Unsubscribe=One-Click`, which is
/// not needed); the portal's `/unsubscribe?token=...` page (the link a person follows) does too.
#[utoipa::path(
    post,
    path = "/api/mail/unsubscribe",
    tag = "mail",
    params(UnsubscribeQuery),
    responses(
        (status = 200, body = MessageBody,
            description = "That notification kind (a digest's link: every kind) is off in the user's settings"),
        (status = 400, description = "The link is not valid", body = ErrorBody),
    ),
)]
pub async fn unsubscribe(
    state: web::Data<AppState>,
    query: web::Query<UnsubscribeQuery>,
) -> Result<HttpResponse, ApiError> {
    let service = state.unsubscribe.clone();
    let token = query.into_inner().token;
    let (user, kinds, message) = blocking(move || service.unsubscribe(&token)).await?;
    let kinds: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
    tracing::info!(user = user.0, kinds = %kinds.join(","), "notifications switched off by an unsubscribe link");
    Ok(HttpResponse::Ok().json(MessageBody::new(message)))
}
