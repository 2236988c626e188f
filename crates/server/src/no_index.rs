//! A private portal is never indexed by search engines: `/robots.txt` asks every crawler to stay out,
//! and every answer carries `X-Robots-Tag: noindex` for crawlers that reach a page anyway (a shared link).
//! nginx does the same in production (deploy/nginx.conf); this covers the one-process setup
//! (`STATIC_DIR`), where the front end's fallback would otherwise answer `/robots.txt` with the app's HTML.

use actix_web::{http::header::ContentType, web, HttpResponse};

pub const ROBOTS_TXT: &str = "User-agent: *\nDisallow: /\n";

/// The header every response carries, added by `http::security_headers`.
pub const ROBOTS_TAG: (&str, &str) = ("X-Robots-Tag", "noindex");

async fn robots_txt() -> HttpResponse {
    HttpResponse::Ok().content_type(ContentType::plaintext()).body(ROBOTS_TXT)
}

/// Registers `/robots.txt`; it must come before the front end's catch-all file service.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/robots.txt", web::get().to(robots_txt));
}
