//! Chunked bodies get the same size limits (spec §9), timestamps the server could not answer
//! as RFC 3339 are refused, the one-process setup sends nginx's security headers, and inline views are
//! sandboxed.

use std::io::Read;

use domain::identity::role::Role;
use reqwest::blocking::Body;
use reqwest::StatusCode;
use serde_json::json;

use crate::common::files::{file_part, form, pdf};
use crate::common::{error_of, json_of, Authed, TestApp};

const MB: usize = 1024 * 1024;

/// A body of unknown length: reqwest sends it with `Transfer-Encoding: chunked` and no Content-Length.
fn chunked(bytes: Vec<u8>) -> Body {
    Body::new(std::io::Cursor::new(bytes).chain(std::io::empty()))
}

#[test]
fn a_chunked_upload_over_10_mb_is_413_and_leaves_nothing_behind() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let boundary = "audit-boundary-7d1";
    let mut body = Vec::new();
    for (name, value) in [("title", "Huge"), ("category", "misc")] {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"huge.pdf\"\r\n\
             Content-Type: application/pdf\r\n\r\n%PDF-1.4\n"
        )
        .as_bytes(),
    );
    body.resize(body.len() + 10 * MB + 1, b'a');
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());

    let response = app
        .post("/api/documents")
        .auth(&admin)
        .header("Content-Type", format!("multipart/form-data; boundary={boundary}"))
        .body(chunked(body))
        .send()
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(app.stored_files(), 0, "no file may be left behind");
    assert_eq!(app.rows("documents"), 0, "no row may be left behind");

    // The same upload within the limit, chunked, is stored.
    let small = form(
        &[("title", "Small"), ("category", "misc")],
        Some(file_part(pdf(), "small.pdf", "application/pdf")),
    );
    json_of(app.post("/api/documents").auth(&admin).multipart(small).send().unwrap(), StatusCode::CREATED);
    assert_eq!((app.stored_files(), app.rows("documents")), (1, 1));
}

#[test]
fn a_chunked_json_body_over_the_limit_is_413_and_nothing_is_stored() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let big = json!({"title": "Big", "content": "x".repeat(api::routes::JSON_LIMIT_BYTES + 1)}).to_string();
    let response = app
        .post("/api/notices")
        .auth(&admin)
        .header("Content-Type", "application/json")
        .body(chunked(big.into_bytes()))
        .send()
        .unwrap();
    assert_eq!(error_of(response, StatusCode::PAYLOAD_TOO_LARGE), "Request body is too large");
    assert_eq!(app.rows("notices"), 0);

    let fits = json!({"title": "Fits", "content": "short"}).to_string();
    let response = app
        .post("/api/notices")
        .auth(&admin)
        .header("Content-Type", "application/json")
        .body(chunked(fits.into_bytes()))
        .send()
        .unwrap();
    json_of(response, StatusCode::CREATED);
}

#[test]
fn a_timestamp_whose_utc_value_leaves_years_1_to_9999_is_400() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    for raw in ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59"] {
        let notice = json!({"title": "T", "content": "C", "expiresAt": raw});
        let body = json_of(
            app.post("/api/notices").auth(&admin).json(&notice).send().unwrap(),
            StatusCode::BAD_REQUEST,
        );
        assert!(
            body["errors"]["expiresAt"].as_str().unwrap().starts_with("Expiry must be a date and time"),
            "{body}"
        );
        let meeting = json!({"title": "Board", "meetingDate": raw});
        let body = json_of(
            app.post("/api/meetings").auth(&admin).json(&meeting).send().unwrap(),
            StatusCode::BAD_REQUEST,
        );
        assert!(body["errors"]["meetingDate"].is_string(), "{body}");
    }
    assert_eq!((app.rows("notices"), app.rows("meetings")), (0, 0));
    // The last representable instant is still accepted and answered as RFC 3339.
    let notice = json!({"title": "T", "content": "C", "expiresAt": "9999-12-31T20:00:00-03:59"});
    let body =
        json_of(app.post("/api/notices").auth(&admin).json(&notice).send().unwrap(), StatusCode::CREATED);
    assert_eq!(body["expiresAt"], "9999-12-31T23:59:00Z");
}

#[test]
fn the_front_end_served_by_the_server_carries_nginxs_security_headers() {
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("index.html"), "<!doctype html><title>Trustee Portal</title>").unwrap();
    std::fs::write(site.path().join("main.js"), "console.log('hi')").unwrap();
    let dir = site.path().to_path_buf();
    let app = TestApp::spawn_with(move |c| c.static_dir = Some(dir));
    for path in ["/", "/documents", "/main.js", "/api/not-a-route"] {
        let response = app.get(path).send().unwrap();
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert_eq!(csp, server::http::CONTENT_SECURITY_POLICY, "{path}");
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["referrer-policy"], "same-origin", "{path}");
        assert_eq!(headers["permissions-policy"], server::http::PERMISSIONS_POLICY, "{path}");
        assert_eq!(headers.get_all("content-security-policy").iter().count(), 1, "{path}");
    }
}

#[test]
fn an_inline_pdf_view_is_sandboxed() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let doc =
        app.upload_pdf_to(&admin, "/api/documents", &[("title", "Pack"), ("category", "misc")], "pack.pdf");
    let response = app.get(&app.view_ticket_url(&admin, &format!("/api/documents/{doc}"))).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-disposition"].to_str().unwrap().starts_with("inline"));
    assert_eq!(response.headers()["content-security-policy"], "sandbox");
    assert_eq!(response.headers().get_all("content-security-policy").iter().count(), 1);

    let fields = [("title", "March"), ("meetingDate", "2026-03-05T18:30:00Z")];
    let id = app.upload_pdf_to(&admin, "/api/minutes", &fields, "m.pdf");
    let response = app.get(&app.view_ticket_url(&admin, &format!("/api/minutes/{id}"))).send().unwrap();
    assert_eq!(response.headers()["content-security-policy"], "sandbox");
}
