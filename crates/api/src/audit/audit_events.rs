//! `/api/audit-events`: the audit log (spec §12 Audit log). Read-only: the route
//! table has no PUT, PATCH or DELETE here, and the database refuses changes to the table.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;

use domain::audit::{AuditEvent, AuditKind, AuditPage, AuditQuery};

use crate::http::blocking::blocking;
use crate::http::body::csv::{self, Cell};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

/// The audit log, newest first, one page at a time (admins only).
#[utoipa::path(
    get,
    path = "/api/audit-events",
    tag = "audit",
    security(("bearerAuth" = [])),
    params(AuditQuery),
    responses(
        (status = 200, description = "One page of events, newest first, and the total", body = AuditPageBody),
        (status = 400, body = ErrorBody,
            description = "Invalid filter (`errors.kind`, `errors.from`, `errors.to`, `errors.page`, \
                           `errors.limit`) or a malformed query"),
        (status = 403, description = "Only admins read the audit log", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let audit = state.audit.clone();
    let query = query.into_inner();
    let page = blocking(move || audit.list(&user.0, &query)).await?;
    Ok(HttpResponse::Ok().json(AuditPageBody::from(page)))
}

/// The filtered audit log as CSV, newest first (admins only).
#[utoipa::path(
    get,
    path = "/api/audit-events.csv",
    tag = "audit",
    security(("bearerAuth" = [])),
    params(AuditQuery),
    responses(
        (status = 200, description = "`audit-log.csv`: Time (UTC), Event, Actor, Actor e-mail, Object type, \
                                      Object id, Object, Details, Address; at most 100000 rows",
            content_type = "text/csv", body = FileBytes),
        (status = 400, description = "Invalid filter or a malformed query", body = ErrorBody),
        (status = 403, description = "Only admins read the audit log", body = ErrorBody),
    ),
)]
pub async fn export_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let audit = state.audit.clone();
    let query = query.into_inner();
    let bytes = blocking(move || log_csv(&audit.export(&user.0, &query)?)).await?;
    Ok(csv::response(&req, bytes, "audit-log.csv"))
}

const CSV_HEADER: [&str; 9] = [
    "Time (UTC)",
    "Event",
    "Actor",
    "Actor e-mail",
    "Object type",
    "Object id",
    "Object",
    "Details",
    "Address",
];

/// What an event leaves out is an empty cell.
fn text(value: &Option<String>) -> Cell<'_> {
    Cell::typed(value.as_deref().unwrap_or(""))
}

/// One line per event, newest first.
fn log_csv(events: &[AuditEvent]) -> Result<Vec<u8>, ApiError> {
    csv::write(
        CSV_HEADER,
        events.iter().map(|event| {
            [
                Cell::ours(event.occurred_at.to_rfc3339_opts(SecondsFormat::Secs, true)),
                Cell::ours(event.kind.as_str()),
                text(&event.actor_name),
                text(&event.actor_email),
                text(&event.object_type),
                text(&event.object_id),
                text(&event.object_label),
                text(&event.details),
                text(&event.client_address),
            ]
        }),
    )
}

/// One entry of the audit log.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEvent)]
pub struct AuditEventBody {
    pub id: i64,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub occurred_at: DateTime<Utc>,
    pub kind: AuditKind,
    /// `null` for an anonymous event (a failed sign-in) or once the account is deleted.
    #[schema(required = true)]
    pub actor_id: Option<i32>,
    /// The actor's name and e-mail when the event was recorded.
    #[schema(required = true)]
    pub actor_name: Option<String>,
    #[schema(required = true)]
    pub actor_email: Option<String>,
    /// `user`, `document`, `minutes`, `committee_document`, `committee`, `notice`, `settings`.
    #[schema(required = true)]
    pub object_type: Option<String>,
    #[schema(required = true)]
    pub object_id: Option<String>,
    /// The object as it read when the event was recorded (a title, a name and e-mail).
    #[schema(required = true)]
    pub object_label: Option<String>,
    #[schema(required = true)]
    pub details: Option<String>,
    #[schema(required = true)]
    pub client_address: Option<String>,
}

impl From<AuditEvent> for AuditEventBody {
    fn from(event: AuditEvent) -> Self {
        Self {
            id: event.id,
            occurred_at: event.occurred_at,
            kind: event.kind,
            actor_id: event.actor_id.map(|id| id.0),
            actor_name: event.actor_name,
            actor_email: event.actor_email,
            object_type: event.object_type,
            object_id: event.object_id,
            object_label: event.object_label,
            details: event.details,
            client_address: event.client_address,
        }
    }
}

/// One page of the audit log, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEventPage)]
pub struct AuditPageBody {
    pub items: Vec<AuditEventBody>,
    /// How many events match the filters in all.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

impl From<AuditPage> for AuditPageBody {
    fn from(page: AuditPage) -> Self {
        Self {
            items: page.items.into_iter().map(AuditEventBody::from).collect(),
            total: page.total,
            page: page.page,
            limit: page.limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn the_log_csv_neutralises_formulas_and_leaves_absent_fields_empty() {
        let event = AuditEvent {
            id: 1,
            occurred_at: Utc.with_ymd_and_hms(2026, 3, 5, 12, 0, 0).unwrap(),
            actor_id: None,
            actor_name: Some("Test User".into()),
            actor_email: None,
            kind: AuditKind::DocumentUploaded,
            object_type: Some("document".into()),
            object_id: Some("1".into()),
            object_label: Some("=HYPERLINK(\"x\")".into()),
            details: None,
            client_address: Some("10.0.0.1".into()),
        };
        let text = String::from_utf8(log_csv(&[event]).unwrap()).unwrap();
        assert_eq!(
            text,
            "Time (UTC),Event,Actor,Actor e-mail,Object type,Object id,Object,Details,Address\n\
             2026-03-05T12:00:00Z,document_uploaded,Test User,,document,1,\"'=HYPERLINK(\"\"x\"\")\",,10.0.0.1\n"
        );
    }
}
