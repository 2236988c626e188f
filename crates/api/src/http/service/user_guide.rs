//! `/api/user-guide`: the trustees' guide, opened in a new tab without signing in. It is a fixed page with
//! nothing private in it; its source is `docs/user-guide.html`.

use actix_web::http::header;
use actix_web::{web, HttpResponse};

use domain::shared::error::DomainError;

use crate::http::error::ApiError;

const USER_GUIDE: &str = include_str!("../../../../../docs/user-guide.html");

/// The guide's pictures, screenshots of the portal with made-up data taken by the browser tests
/// (`make guide-images`): the only things the page loads.
const IMAGES: &[(&str, &[u8])] = &[
    ("for-you-phone.png", include_bytes!("../../../../../docs/guide-images/for-you-phone.png")),
    (
        "meeting-next-steps-phone.png",
        include_bytes!("../../../../../docs/guide-images/meeting-next-steps-phone.png"),
    ),
];

/// The page has no scripts: the policy lets only its own inline styles and its own pictures apply.
pub const USER_GUIDE_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'";

/// The trustees' guide, opened in a new tab without signing in.
#[utoipa::path(
    get,
    path = "/api/user-guide",
    tag = "user-guide",
    responses(
        (status = 200, description = "The guide, with a strict Content-Security-Policy",
            content_type = "text/html", body = String),
    ),
)]
pub async fn show() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CONTENT_SECURITY_POLICY, USER_GUIDE_CSP))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(USER_GUIDE)
}

/// One of the guide's pictures, by its file name.
#[utoipa::path(
    get,
    path = "/api/user-guide/images/{name}",
    tag = "user-guide",
    params(("name" = String, Path, description = "The picture's file name, e.g. for-you-phone.png")),
    responses(
        (status = 200, description = "The picture", content_type = "image/png", body = Vec<u8>),
        (status = 404, description = "No such picture", body = crate::http::error::ErrorBody),
    ),
)]
pub async fn image(name: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (_, bytes) =
        IMAGES.iter().find(|(known, _)| *known == name.as_str()).ok_or(DomainError::NotFound("Picture"))?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "image/png"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(*bytes))
}
