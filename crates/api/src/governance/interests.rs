//! `/api/interests`: the register of interests (spec §10 Governance; Charity Commission guidance CC29).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use domain::governance::interest::{
    ExportedInterest, Interest, InterestFields, InterestKind, InterestVersion,
};
use domain::governance::{InterestRequest, MatchRequest};
use domain::{InterestId, UserId};

use crate::http::blocking::blocking;
use crate::http::body::csv::{self, Cell};
use crate::http::body::download::{file_response, Disposition};
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

/// The name printed at the head of the published register.
const PORTAL_NAME: &str = "Trustee Portal";

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only this trustee's entries.
    #[serde(default, deserialize_with = "crate::http::body::input::empty_as_absent")]
    user_id: Option<i32>,
}

/// The register: by trustee, current entries before past ones.
#[utoipa::path(
    get,
    path = "/api/interests",
    tag = "interests",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = Vec<InterestBody>,
            description = "Entries by trustee name, current before past, newest first; when the register is \
                           limited to admins and chairs, a trustee gets only their own"),
        (status = 403, body = ErrorBody,
            description = "The register is limited to admins and chairs and `userId` is another trustee"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: Reader,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let filter = query.user_id.map(UserId);
    let today = interests.today();
    let list = blocking(move || interests.list(&user.0, filter)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(|i| InterestBody::at(i, today)).collect::<Vec<_>>()))
}

const FIELD_ERRORS: &str = "Invalid fields (`errors.kind`, `errors.organisation`, `errors.nature`, \
                            `errors.startedOn`, `errors.endedOn`, `errors.userId`) or a malformed body";

/// Adds an entry (and its first version).
#[utoipa::path(
    post,
    path = "/api/interests",
    tag = "interests",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Added", body = InterestBody),
        (status = 400, description = FIELD_ERRORS, body = ErrorBody),
        (status = 403, description = "A trustee adding an entry for someone else", body = ErrorBody),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<InterestRequest>,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let input = body.into_inner();
    let today = interests.today();
    let created = blocking(move || interests.create(&user.0, input)).await?;
    tracing::info!(interest_id = %created.id, "interest added to the register");
    Ok(HttpResponse::Created().json(InterestBody::at(created, today)))
}

/// Replaces an entry's fields (setting `endedOn` makes it a past interest); the change is kept as a version.
#[utoipa::path(
    put,
    path = "/api/interests/{id}",
    tag = "interests",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The entry's id")),
    responses(
        (status = 200, description = "Changed", body = InterestBody),
        (status = 400, description = FIELD_ERRORS, body = ErrorBody),
        (status = 403, description = "A trustee editing someone else's entry", body = ErrorBody),
        (status = 404, description = "No such entry", body = ErrorBody),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<InterestId>,
    body: Json<InterestRequest>,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let today = interests.today();
    let updated = blocking(move || interests.update(&user.0, id, input)).await?;
    tracing::info!(interest_id = %id, "interest changed");
    Ok(HttpResponse::Ok().json(InterestBody::at(updated, today)))
}

/// Every version of an entry, oldest first: who changed it, when, before and after.
#[utoipa::path(
    get,
    path = "/api/interests/{id}/history",
    tag = "interests",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The entry's id")),
    responses(
        (status = 200, description = "Versions, oldest first", body = Vec<InterestVersionBody>),
        (status = 403, description = "The register is limited to admins and chairs", body = ErrorBody),
        (status = 404, description = "No such entry", body = ErrorBody),
    ),
)]
pub async fn history(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<InterestId>,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let id = path.into_inner();
    let versions = blocking(move || interests.history(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(versions.into_iter().map(InterestVersionBody::from).collect::<Vec<_>>()))
}

/// The whole register as CSV.
#[utoipa::path(
    get,
    path = "/api/interests/export/csv",
    tag = "interests",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "`register-of-interests.csv`: Trustee, Kind, Organisation or person, \
                                      Nature, From, To, Status (current or past)",
            content_type = "text/csv", body = FileBytes),
        (status = 403, description = "The register is limited to admins and chairs", body = ErrorBody),
    ),
)]
pub async fn export_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let bytes = blocking(move || register_csv(&interests.export_register(&user.0)?)).await?;
    Ok(csv::response(&req, bytes, "register-of-interests.csv"))
}

/// One line per entry, with a header; `Status` is `current` or `past` on the day of the export.
fn register_csv(entries: &[ExportedInterest]) -> Result<Vec<u8>, ApiError> {
    let header = ["Trustee", "Kind", "Organisation or person", "Nature", "From", "To", "Status"];
    csv::write(
        header,
        entries.iter().map(|ExportedInterest { entry, current }| {
            let fields = &entry.fields;
            [
                Cell::typed(&entry.user_name),
                Cell::ours(fields.kind.as_str()),
                Cell::typed(&fields.organisation),
                Cell::typed(&fields.nature),
                Cell::ours(fields.started_on.to_string()),
                Cell::ours(fields.ended_on.map(|d| d.to_string()).unwrap_or_default()),
                Cell::ours(if *current { "current" } else { "past" }),
            ]
        }),
    )
}

/// The whole register as a PDF to publish: current interests, then past ones.
#[utoipa::path(
    get,
    path = "/api/interests/export/pdf",
    tag = "interests",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "`register-of-interests.pdf`",
            content_type = "application/pdf", body = FileBytes),
        (status = 403, description = "The register is limited to admins and chairs", body = ErrorBody),
    ),
)]
pub async fn export_pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
) -> Result<HttpResponse, ApiError> {
    let interests = state.interests.clone();
    let bytes = blocking(move || interests.export_pdf(&user.0, PORTAL_NAME)).await?;
    Ok(file_response(&req, bytes, "register-of-interests.pdf", "application/pdf", Disposition::Attachment))
}

/// The current register entries a text names (for example an agenda item), to prompt a declaration of
/// interest: admins and chairs get every trustee's, a trustee only their own.
#[utoipa::path(
    post,
    path = "/api/interests/matches",
    tag = "interests",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The entries whose organisation the text names", body = Vec<InterestBody>),
        (status = 400, description = "`errors.text`: too long", body = ErrorBody),
    ),
)]
pub async fn matches(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<MatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let interests = state.interests.clone();
    let today = interests.today();
    let found = blocking(move || interests.named_in(&user.0, input)).await?;
    Ok(HttpResponse::Ok().json(found.into_iter().map(|i| InterestBody::at(i, today)).collect::<Vec<_>>()))
}

/// A register entry as it reads on a given day (`current` until its end date has passed).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Interest)]
pub struct InterestBody {
    pub id: i32,
    pub user_id: i32,
    pub user_name: String,
    #[serde(flatten)]
    pub fields: InterestFieldsBody,
    pub current: bool,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
}

impl InterestBody {
    pub fn at(interest: Interest, today: NaiveDate) -> Self {
        let current = interest.is_current(today);
        Self {
            id: interest.id.0,
            user_id: interest.user_id.0,
            user_name: interest.user_name,
            fields: interest.fields.into(),
            current,
            updated_at: interest.updated_at,
        }
    }
}

/// The stated fields of an entry (also each version's `before` and `after`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InterestFields)]
pub struct InterestFieldsBody {
    pub kind: InterestKind,
    pub organisation: String,
    pub nature: String,
    #[schema(value_type = String, format = Date)]
    pub started_on: NaiveDate,
    #[serde(serialize_with = "crate::http::body::time::date_option")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub ended_on: Option<NaiveDate>,
}

impl From<InterestFields> for InterestFieldsBody {
    fn from(fields: InterestFields) -> Self {
        Self {
            kind: fields.kind,
            organisation: fields.organisation,
            nature: fields.nature,
            started_on: fields.started_on,
            ended_on: fields.ended_on,
        }
    }
}

/// One change of an entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InterestVersion)]
pub struct InterestVersionBody {
    /// `null` once that user has been deleted; `changedByName` stays.
    pub changed_by: Option<i32>,
    pub changed_by_name: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub changed_at: DateTime<Utc>,
    /// `null` for the version that created the entry.
    #[schema(required = true)]
    pub before: Option<InterestFieldsBody>,
    pub after: InterestFieldsBody,
}

impl From<InterestVersion> for InterestVersionBody {
    fn from(version: InterestVersion) -> Self {
        Self {
            changed_by: version.changed_by.map(|id| id.0),
            changed_by_name: version.changed_by_name,
            changed_at: version.changed_at,
            before: version.before.map(Into::into),
            after: version.after.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use domain::governance::interest::export::example_entry;

    fn entry(name: &str, organisation: &str, ended_on: Option<NaiveDate>, current: bool) -> ExportedInterest {
        ExportedInterest { entry: example_entry(name, organisation, ended_on), current }
    }

    #[test]
    fn the_register_csv_quotes_and_marks_past_entries() {
        let rows = [
            entry("Ann", "Food Bank, Leeds", None, true),
            entry("Bob", "Shelter", NaiveDate::from_ymd_opt(2026, 3, 9), false),
        ];
        let text = String::from_utf8(register_csv(&rows).unwrap()).unwrap();
        assert_eq!(
            text,
            "Trustee,Kind,Organisation or person,Nature,From,To,Status\n\
             Ann,trusteeship,\"Food Bank, Leeds\",\"Trustee, \"\"unpaid\"\"\",2020-05-01,,current\n\
             Bob,trusteeship,Shelter,\"Trustee, \"\"unpaid\"\"\",2020-05-01,2026-03-09,past\n"
        );
    }

    #[test]
    fn register_cells_that_look_like_formulas_are_neutralised() {
        let text =
            String::from_utf8(register_csv(&[entry("=cmd|' /C calc'!A0", "@SUM(1)", None, true)]).unwrap())
                .unwrap();
        assert!(
            text.lines().nth(1).unwrap().starts_with("'=cmd|' /C calc'!A0,trusteeship,'@SUM(1),"),
            "{text}"
        );
    }
}
