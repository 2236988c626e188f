//! `/api/openapi.json`: the OpenAPI 3 document of the whole API, generated from the code.

use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;

/// The encoded document, as `crate::openapi::configure` registers it: built once, and the same
/// bytes for every request.
pub struct OpenApiJson(Bytes);

impl OpenApiJson {
    pub fn new(json: &'static str) -> OpenApiJson {
        OpenApiJson(Bytes::from_static(json.as_bytes()))
    }
}

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
pub async fn document(json: web::Data<OpenApiJson>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(json.0.clone())
}
