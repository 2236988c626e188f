//! `/api/decisions`: the decisions register (spec §2 Written minutes and the decisions register): every
//! decision recorded in written minutes, and every written resolution that passed (spec §10 Governance).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::meetings::written_minutes::{DatedDecision, Decision, DecisionSource};

use crate::http::blocking::blocking;
use crate::http::body::csv::{self as csv_body, Cell};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::Reader;
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecisionQuery {
    /// Kept when the decision, its meeting or its item contains it (case-insensitive, literal); at most
    /// 200 characters.
    q: Option<String>,
}

/// One line of the register.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionBody {
    /// The meeting's date, or when the resolution was decided.
    date: DateTime<Utc>,
    /// `minutes` or `resolution`.
    source: String,
    meeting_id: Option<i32>,
    meeting_title: Option<String>,
    /// "3. Budget 2027", or null (recorded under General, or a resolution).
    item: Option<String>,
    resolution_id: Option<i32>,
    text: String,
    /// The minutes' status (`draft` only for admins and chairs), or null for a resolution.
    minutes_status: Option<String>,
}

impl From<Decision> for DecisionBody {
    fn from(d: Decision) -> Self {
        let status = d.minutes_status.map(|s| s.as_str().to_string());
        match d.source {
            DecisionSource::Minutes { meeting_id, meeting_title, item } => Self {
                date: d.date,
                source: "minutes".into(),
                meeting_id: Some(meeting_id.0),
                meeting_title: Some(meeting_title),
                item,
                resolution_id: None,
                text: d.text,
                minutes_status: status,
            },
            DecisionSource::Resolution(id) => Self {
                date: d.date,
                source: "resolution".into(),
                meeting_id: None,
                meeting_title: None,
                item: None,
                resolution_id: Some(id.0),
                text: d.text,
                minutes_status: None,
            },
        }
    }
}

/// The register, newest first: decisions in circulated, approved and locked minutes of the meetings this
/// user sees (drafts too for admins and chairs), and passed written resolutions.
#[utoipa::path(get, path = "/api/decisions", tag = "minutes", security(("bearerAuth" = [])), params(DecisionQuery),
    responses((status = 200, body = Vec<DecisionBody>),
        (status = 400, description = "`errors.q`: longer than 200 characters", body = ErrorBody)))]
pub async fn list(
    state: web::Data<AppState>,
    user: Reader,
    query: web::Query<DecisionQuery>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let q = query.into_inner().q;
    let list = blocking(move || service.decisions(&user.0, q.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(DecisionBody::from).collect::<Vec<_>>()))
}

/// The same register as CSV (for the annual report): Date, Meeting, Item, Decision, Source, Status.
#[utoipa::path(get, path = "/api/decisions.csv", tag = "minutes", security(("bearerAuth" = [])), params(DecisionQuery),
    responses((status = 200, description = "`decisions-register.csv`", content_type = "text/csv", body = FileBytes),
        (status = 400, description = "`errors.q`: longer than 200 characters", body = ErrorBody)))]
pub async fn csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    query: web::Query<DecisionQuery>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let q = query.into_inner().q;
    let bytes = blocking(move || register_csv(&service.decisions_to_export(&user.0, q.as_deref())?)).await?;
    Ok(csv_body::response(&req, bytes, "decisions-register.csv"))
}

/// Date, Meeting, Item, Decision, Source, Status: a passed resolution has no meeting or item.
fn register_csv(decisions: &[DatedDecision]) -> Result<Vec<u8>, ApiError> {
    csv_body::write(
        ["Date", "Meeting", "Item", "Decision", "Source", "Status"],
        decisions.iter().map(|DatedDecision { on, decision }| {
            let (meeting, item, source) = match &decision.source {
                DecisionSource::Minutes { meeting_title, item, .. } => {
                    (meeting_title.as_str(), item.as_deref().unwrap_or_default(), "minutes")
                }
                DecisionSource::Resolution(_) => ("", "", "written resolution"),
            };
            [
                Cell::ours(on.format("%Y-%m-%d").to_string()),
                Cell::typed(meeting),
                Cell::typed(item),
                Cell::typed(&decision.text),
                Cell::ours(source),
                Cell::ours(decision.minutes_status.map(|s| s.as_str()).unwrap_or("passed")),
            ]
        }),
    )
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone};
    use domain::meetings::written_minutes::WrittenMinutesStatus;
    use domain::{MeetingId, ResolutionId};

    use super::*;

    fn dated(source: DecisionSource, text: &str, status: Option<WrittenMinutesStatus>) -> DatedDecision {
        let decision = Decision {
            date: Utc.with_ymd_and_hms(2026, 4, 1, 23, 30, 0).unwrap(),
            source,
            text: text.into(),
            minutes_status: status,
        };
        DatedDecision { on: NaiveDate::from_ymd_opt(2026, 4, 2).unwrap(), decision }
    }

    #[test]
    fn the_register_csv_dates_locally_and_guards_what_was_typed() {
        let minutes = DecisionSource::Minutes {
            meeting_id: MeetingId(1),
            meeting_title: "April board, 2026".into(),
            item: Some("-Budget".into()),
        };
        let rows = [
            dated(minutes, "=Approve", Some(WrittenMinutesStatus::Approved)),
            dated(DecisionSource::Resolution(ResolutionId(2)), "Adopt the policy.", None),
        ];
        let text = String::from_utf8(register_csv(&rows).unwrap()).unwrap();
        assert_eq!(
            text,
            "Date,Meeting,Item,Decision,Source,Status\n\
             2026-04-02,\"April board, 2026\",'-Budget,'=Approve,minutes,approved\n\
             2026-04-02,,,Adopt the policy.,written resolution,passed\n"
        );
    }
}
