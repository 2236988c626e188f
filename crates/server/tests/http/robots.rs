//! A private portal is never indexed: /robots.txt asks crawlers to stay out, as plain text rather than the
//! app's HTML, and every answer (API, errors, the front end under STATIC_DIR) carries X-Robots-Tag.

use crate::common::{Authed, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;

fn assert_noindex(response: &reqwest::blocking::Response, what: &str) {
    assert_eq!(
        response.headers().get("x-robots-tag").map(|v| v.to_str().unwrap()),
        Some("noindex"),
        "{what}"
    );
}

#[test]
fn robots_txt_disallows_everything_as_plain_text_even_beside_the_front_end() {
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("index.html"), "<!doctype html><title>Trustee Portal</title>").unwrap();
    let dir = site.path().to_path_buf();
    let app = TestApp::spawn_with(move |c| c.static_dir = Some(dir));

    let robots = app.get("/robots.txt").send().unwrap();
    assert_eq!(robots.status(), StatusCode::OK);
    assert!(robots.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    assert_noindex(&robots, "/robots.txt");
    assert_eq!(robots.text().unwrap(), "User-agent: *\nDisallow: /\n");

    for path in ["/", "/documents", "/healthz", "/api/openapi.json", "/api/documents", "/api/not-a-route"] {
        let response = app.get(path).send().unwrap();
        assert_noindex(&response, path);
    }
}

#[test]
fn signed_in_answers_carry_noindex_too() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let response = app.get("/api/dashboard/stats").auth(&trustee).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_noindex(&response, "/api/dashboard/stats");
}
