//! `/api/openapi.json`: the OpenAPI 3 document of the whole API, generated from the code.

use actix_web::http::header;
use actix_web::HttpResponse;

/// The OpenAPI document of this API. Public: it describes the calls, it holds no data.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "openapi",
    responses(
        (status = 200, description = "The OpenAPI 3.1 document",
            content_type = "application/json", body = Object),
    ),
)]
pub async fn document() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(crate::openapi::document_json())
}
