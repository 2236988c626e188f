//! `/api/user-guide`: the trustees' guide, opened in a new tab without signing in. It is a fixed page with
//! nothing private in it; its source is `docs/user-guide.html`.

use actix_web::http::header;
use actix_web::HttpResponse;

const USER_GUIDE: &str = include_str!("../../../../../docs/user-guide.html");

/// The page has no scripts and loads nothing: the policy lets only its own inline styles apply.
pub const USER_GUIDE_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'";

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
