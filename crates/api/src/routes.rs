//! Every path of the API, and how malformed input is answered.

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse, Resource};

use crate::error::ApiError;
use crate::handlers::{
    actions, auth, committee_documents, committee_members, committee_messages, committees, dashboard,
    documents, health, meetings, minutes, notices, trustees, user_guide, users,
};

/// JSON bodies are small; file uploads use multipart with their own limit.
pub const JSON_LIMIT_BYTES: usize = 256 * 1024;

/// Registers the API. The caller adds `web::Data<AppState>`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(json_config())
        .app_data(web::PathConfig::default().error_handler(path_error))
        .app_data(web::QueryConfig::default().error_handler(query_error))
        .route("/healthz", web::get().to(health::healthz))
        .route("/readyz", web::get().to(health::readyz))
        .service(
            web::scope("/api")
                .service(resource("/auth/login").route(web::post().to(auth::login)))
                .service(resource("/auth/register").route(web::post().to(auth::register)))
                .service(resource("/auth/me").route(web::get().to(auth::me)))
                .service(resource("/auth/logout").route(web::post().to(auth::logout)))
                .service(
                    resource("/auth/change-password-temp").route(web::post().to(auth::change_password_temp)),
                )
                .service(resource("/auth/forgot-password").route(web::post().to(auth::forgot_password)))
                .service(resource("/auth/reset-requests").route(web::get().to(auth::reset_requests)))
                .service(
                    resource("/auth/admin-reset-password").route(web::post().to(auth::admin_reset_password)),
                )
                .service(
                    resource("/users").route(web::get().to(users::list)).route(web::post().to(users::create)),
                )
                .service(
                    resource("/users/{id}")
                        .route(web::put().to(users::update))
                        .route(web::delete().to(users::delete)),
                )
                .configure(files_routes)
                .service(resource("/dashboard/stats").route(web::get().to(dashboard::stats)))
                .service(
                    resource("/actions")
                        .route(web::get().to(actions::list))
                        .route(web::post().to(actions::create)),
                )
                .service(
                    resource("/actions/{id}")
                        .route(web::patch().to(actions::set_status))
                        .route(web::delete().to(actions::delete)),
                )
                .service(
                    resource("/notices")
                        .route(web::get().to(notices::list))
                        .route(web::post().to(notices::create)),
                )
                .service(resource("/notices/{id}").route(web::delete().to(notices::delete)))
                .service(
                    resource("/committees")
                        .route(web::get().to(committees::list))
                        .route(web::post().to(committees::create)),
                )
                .service(resource("/committees/{id}").route(web::delete().to(committees::delete)))
                .service(resource("/committees/{id}/archive").route(web::patch().to(committees::archive)))
                .service(
                    resource("/committees/{id}/members")
                        .route(web::get().to(committee_members::list))
                        .route(web::post().to(committee_members::add)),
                )
                .service(
                    resource("/committees/{id}/members/{user_id}")
                        .route(web::delete().to(committee_members::remove)),
                )
                .service(
                    resource("/committees/{id}/messages")
                        .route(web::get().to(committee_messages::list))
                        .route(web::post().to(committee_messages::post)),
                )
                .service(
                    resource("/committees/{id}/documents")
                        .route(web::get().to(committee_documents::list))
                        .route(web::post().to(committee_documents::upload)),
                )
                .service(
                    resource("/committees/{id}/documents/{document_id}/download")
                        .route(web::get().to(committee_documents::download)),
                )
                .service(resource("/trustees/active").route(web::get().to(trustees::active)))
                .default_service(web::to(not_found)),
        );
}

/// Documents, minutes, meetings and the user guide (issue 3).
fn files_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/user-guide").route(web::get().to(user_guide::show)))
        .service(
            resource("/documents")
                .route(web::get().to(documents::list))
                .route(web::post().to(documents::upload)),
        )
        .service(resource("/documents/{id}").route(web::delete().to(documents::delete)))
        .service(resource("/documents/{id}/download").route(web::get().to(documents::download)))
        .service(resource("/documents/{id}/view-ticket").route(web::post().to(documents::view_ticket)))
        .service(resource("/documents/{id}/view").route(web::get().to(documents::view)))
        .service(
            resource("/minutes").route(web::get().to(minutes::list)).route(web::post().to(minutes::upload)),
        )
        .service(resource("/minutes/{id}/download").route(web::get().to(minutes::download)))
        .service(resource("/minutes/{id}/view-ticket").route(web::post().to(minutes::view_ticket)))
        .service(resource("/minutes/{id}/view").route(web::get().to(minutes::view)))
        .service(
            resource("/meetings")
                .route(web::get().to(meetings::list))
                .route(web::post().to(meetings::create)),
        );
}

/// A resource whose unsupported methods answer 405 in JSON rather than an empty body.
pub fn resource(path: &str) -> Resource {
    web::resource(path).default_service(web::to(method_not_allowed))
}

pub async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::http(StatusCode::NOT_FOUND, "Not found"))
}

async fn method_not_allowed() -> Result<HttpResponse, ApiError> {
    Err(ApiError::http(StatusCode::METHOD_NOT_ALLOWED, "Method not allowed"))
}

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(JSON_LIMIT_BYTES).error_handler(json_error)
}

fn json_error(error: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let api_error = match &error {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::http(StatusCode::PAYLOAD_TOO_LARGE, "Request body is too large")
        }
        JsonPayloadError::ContentType => {
            ApiError::http(StatusCode::BAD_REQUEST, "Expected a JSON body (Content-Type: application/json)")
        }
        JsonPayloadError::Deserialize(e) => {
            ApiError::http(StatusCode::BAD_REQUEST, format!("Invalid request body: {e}"))
        }
        _ => ApiError::http(StatusCode::BAD_REQUEST, "Invalid request body"),
    };
    api_error.into()
}

fn path_error(_error: PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::http(StatusCode::BAD_REQUEST, "Invalid id in the path").into()
}

fn query_error(error: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::http(StatusCode::BAD_REQUEST, format!("Invalid query: {error}")).into()
}
