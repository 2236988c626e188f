//! `/api/meetings/{id}/chair`: who chaired a meeting, the person who signs its minutes (docs/spec.md §16
//! Signing).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::meetings::{MeetingChair, RecordChairRequest};
use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// Who chaired the meeting, if anyone is recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MeetingChair)]
pub struct MeetingChairBody {
    /// `null` when nobody is recorded (the board's chair presided and signs the minutes).
    chaired_by: Option<ChairedByBody>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ChairedBy)]
pub struct ChairedByBody {
    #[schema(value_type = i32)]
    id: domain::UserId,
    name: String,
}

impl From<Option<MeetingChair>> for MeetingChairBody {
    fn from(chair: Option<MeetingChair>) -> Self {
        Self { chaired_by: chair.map(|c| ChairedByBody { id: c.user_id, name: c.name }) }
    }
}

/// Who chaired the meeting, for whoever may see the meeting.
#[utoipa::path(get, path = "/api/meetings/{id}/chair", tag = "meetings", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "Who chaired it, if recorded", body = MeetingChairBody),
        (status = 404, description = "No such meeting", body = ErrorBody)))]
pub async fn show(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.meeting_chairs.clone();
    let id = path.into_inner();
    let chair = blocking(move || service.chaired_by(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(MeetingChairBody::from(chair)))
}

/// An admin or chair records who chaired the meeting, or (`userId: null`) nobody.
#[utoipa::path(put, path = "/api/meetings/{id}/chair", tag = "meetings", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")), request_body = RecordChairRequest,
    responses((status = 200, description = "Recorded", body = MeetingChairBody),
        (status = 400, description = "`errors.userId`: not an active user, or one who cannot read the meeting", body = ErrorBody),
        (status = 403, description = "Only admins and chairs record it", body = ErrorBody),
        (status = 404, description = "No such meeting", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody)))]
pub async fn record(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<RecordChairRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.meeting_chairs.clone();
    let id = path.into_inner();
    let actor = user.0.id;
    let input = body.into_inner();
    let chair = blocking(move || service.record(&user.0, id, input)).await?;
    let details = match &chair {
        Some(chair) => format!("chaired by {} (user {})", chair.name, chair.user_id),
        None => "nobody recorded (the board's chair presided)".to_string(),
    };
    let event = NewAuditEvent::new(AuditKind::MeetingChairRecorded, Some(actor))
        .object(AuditObject::new("meeting", id, format!("meeting {id}")))
        .details(details);
    crate::http::audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MeetingChairBody::from(chair)))
}
