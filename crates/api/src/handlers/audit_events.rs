//! `/api/audit-events`: the audit log (issue 10, point 7; spec §2 Audit log). Read-only: the route
//! table has no PUT, PATCH or DELETE here, and the database refuses changes to the table.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::audit::AuditQuery;

use crate::blocking::blocking;
use crate::download::{file_response, Disposition};
use crate::dto::audit::AuditPageBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::schemas::FileBytes;
use crate::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditListQuery {
    /// Only events whose actor is this user.
    #[serde(default, deserialize_with = "crate::dto::input::empty_as_absent")]
    #[param(value_type = Option<i32>)]
    user_id: Option<i32>,
    /// Only events of this kind.
    #[serde(default, deserialize_with = "crate::dto::input::empty_as_absent")]
    #[param(value_type = Option<crate::schemas::AuditKindFilterSchema>)]
    kind: Option<String>,
    /// `YYYY-MM-DD` (UTC), included; empty: no filter.
    #[serde(default, deserialize_with = "crate::dto::input::empty_as_absent")]
    #[param(value_type = Option<String>, pattern = r"^(\d{4}-\d{2}-\d{2})?$")]
    from: Option<String>,
    /// `YYYY-MM-DD` (UTC), included, not before `from`; empty: no filter.
    #[serde(default, deserialize_with = "crate::dto::input::empty_as_absent")]
    #[param(value_type = Option<String>, pattern = r"^(\d{4}-\d{2}-\d{2})?$")]
    to: Option<String>,
    /// From 1; default 1 (ignored by the CSV export).
    #[serde(default, deserialize_with = "crate::dto::input::empty_as_absent")]
    #[param(value_type = Option<i64>, minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Events per page, 1 to 200; default 50 (ignored by the CSV export).
    #[serde(default, deserialize_with = "crate::dto::input::empty_as_absent")]
    #[param(value_type = Option<i64>, minimum = 1, maximum = 200)]
    limit: Option<i64>,
}

impl AuditListQuery {
    fn into_query(self) -> AuditQuery {
        AuditQuery {
            user_id: self.user_id,
            kind: self.kind,
            from: self.from,
            to: self.to,
            page: self.page,
            limit: self.limit,
        }
    }
}

/// The audit log, newest first, one page at a time (admins only).
#[utoipa::path(
    get,
    path = "/api/audit-events",
    tag = "audit",
    security(("bearerAuth" = [])),
    params(AuditListQuery),
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
    query: web::Query<AuditListQuery>,
) -> Result<HttpResponse, ApiError> {
    let audit = state.audit.clone();
    let query = query.into_inner().into_query();
    let page = blocking(move || audit.list(&user.0, &query)).await?;
    Ok(HttpResponse::Ok().json(AuditPageBody::from(page)))
}

/// The filtered audit log as CSV, newest first (admins only).
#[utoipa::path(
    get,
    path = "/api/audit-events.csv",
    tag = "audit",
    security(("bearerAuth" = [])),
    params(AuditListQuery),
    responses(
        (status = 200, description = "`audit-log.csv`: Time (UTC), Event, Actor, Actor e-mail, Object type, \
                                      Object id, Object, Details, Address; at most 100000 rows",
            content_type = "text/csv", body = FileBytes),
        (status = 400, description = "Invalid filter or a malformed query", body = ErrorBody),
        (status = 403, description = "Only admins read the audit log", body = ErrorBody),
    ),
)]
pub async fn export_csv(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AuditListQuery>,
) -> Result<HttpResponse, ApiError> {
    let audit = state.audit.clone();
    let query = query.into_inner().into_query();
    let bytes = blocking(move || audit.export_csv(&user.0, &query)).await?;
    Ok(file_response(bytes, "audit-log.csv", "text/csv; charset=utf-8", Disposition::Attachment))
}
