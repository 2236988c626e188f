//! Malformed input gets a clear 4xx JSON answer, never a 500.

use crate::common::{error_of, json_of, Authed, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;

#[test]
fn malformed_json_wrong_types_and_missing_fields_are_400() {
    let app = TestApp::spawn();
    let post = |body: &'static str| {
        app.post("/api/auth/login").header("content-type", "application/json").body(body).send().unwrap()
    };
    assert!(error_of(post("{not json"), StatusCode::BAD_REQUEST).starts_with("Invalid request body"));
    assert!(
        error_of(post(r#"{"email": 5, "password": "x"}"#), StatusCode::BAD_REQUEST).contains("invalid type")
    );
    assert!(error_of(post(r#"{"email": "a@example.org"}"#), StatusCode::BAD_REQUEST).contains("password"));
    let no_type = app.post("/api/auth/login").body(r#"{"email":"a@b.c","password":"x"}"#).send().unwrap();
    error_of(no_type, StatusCode::BAD_REQUEST);
}

#[test]
fn huge_bodies_are_413() {
    let app = TestApp::spawn();
    let huge = format!(r#"{{"email": "{}", "password": "x"}}"#, "a".repeat(400 * 1024));
    let response =
        app.post("/api/auth/login").header("content-type", "application/json").body(huge).send().unwrap();
    error_of(response, StatusCode::PAYLOAD_TOO_LARGE);
}

#[test]
fn bad_ids_unknown_paths_and_methods_are_4xx() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let body = serde_json::json!({"name": "X", "email": "x@example.org", "role": "trustee", "active": true});
    assert_eq!(
        error_of(app.put("/api/users/abc").auth(&admin).json(&body).send().unwrap(), StatusCode::BAD_REQUEST),
        "Invalid id in the path"
    );
    error_of(
        app.put("/api/users/99999999999").auth(&admin).json(&body).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    error_of(app.delete("/api/users/424242").auth(&admin).send().unwrap(), StatusCode::NOT_FOUND);
    assert_eq!(error_of(app.get("/api/no-such-thing").send().unwrap(), StatusCode::NOT_FOUND), "Not found");
    error_of(app.get("/api/auth/login").send().unwrap(), StatusCode::METHOD_NOT_ALLOWED);
}

/// RFC 9110: a 405 names the methods the resource has.
#[test]
fn a_wrong_method_is_405_with_allow() {
    let app = TestApp::spawn();
    let response = app.get("/api/auth/login").send().unwrap();
    assert_eq!(response.headers()["allow"], "POST");
    assert_eq!(error_of(response, StatusCode::METHOD_NOT_ALLOWED), "Method not allowed");
    let response = app.put("/api/actions").send().unwrap();
    assert_eq!(response.headers()["allow"], "GET, POST");
    error_of(response, StatusCode::METHOD_NOT_ALLOWED);
    let response = app.post("/api/terms/1").send().unwrap();
    assert_eq!(response.headers()["allow"], "PUT, DELETE");
    error_of(response, StatusCode::METHOD_NOT_ALLOWED);
}

/// `HEAD` is answered like `GET` (spec §9), with the same status and headers and no body; not 405.
#[test]
fn head_is_answered_like_get_without_a_body() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let get = app.get("/api/notices").auth(&admin).send().unwrap();
    assert_eq!(get.status(), StatusCode::OK);
    let get_type = get.headers()["content-type"].clone();
    let get_length = get.text().unwrap().len();
    let head = app.client.head(app.url("/api/notices")).auth(&admin).send().unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(head.headers()["content-type"], get_type);
    assert_eq!(head.headers()["content-length"], get_length.to_string().as_str());
    assert_eq!(head.bytes().unwrap().len(), 0);
    // Its refusals are GET's too.
    assert_eq!(app.client.head(app.url("/api/notices")).send().unwrap().status(), StatusCode::UNAUTHORIZED);
    let response = app.client.head(app.url("/healthz")).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    // A resource without GET still answers 405 to HEAD.
    let response = app.client.head(app.url("/api/auth/login")).send().unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
}

/// List reads carry an `ETag`; `If-None-Match` with it answers 304 with no body, until the
/// list changes; permissions are checked first (a 304 is never given to a caller who may not read).
#[test]
fn list_reads_answer_304_to_a_matching_if_none_match() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let first = app.get("/api/notices").auth(&admin).send().unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let etag = first.headers()["etag"].to_str().unwrap().to_string();
    assert!(etag.starts_with('"') && etag.len() == 34, "{etag}");
    let again = app.get("/api/notices").auth(&admin).header("If-None-Match", &etag).send().unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()["etag"], etag.as_str());
    assert_eq!(again.headers()["cache-control"], "no-store");
    assert_eq!(again.bytes().unwrap().len(), 0);
    // Without the token: 401, not 304.
    let anonymous = app.get("/api/notices").header("If-None-Match", &etag).send().unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    // A change gives a new tag and the full answer.
    let body = serde_json::json!({"title": "Office closed", "content": "Friday"});
    assert_eq!(
        app.post("/api/notices").auth(&admin).json(&body).send().unwrap().status(),
        StatusCode::CREATED
    );
    let changed = app.get("/api/notices").auth(&admin).header("If-None-Match", &etag).send().unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    assert_ne!(changed.headers()["etag"], etag.as_str());
    assert_eq!(json_of(changed, StatusCode::OK).as_array().unwrap().len(), 1);
}

#[test]
fn health_endpoints_answer() {
    let app = TestApp::spawn();
    assert_eq!(json_of(app.get("/healthz").send().unwrap(), StatusCode::OK)["status"], "ok");
    assert_eq!(json_of(app.get("/readyz").send().unwrap(), StatusCode::OK)["status"], "ready");
}

#[test]
fn answers_carry_security_headers() {
    let app = TestApp::spawn();
    let response = app.get("/healthz").send().unwrap();
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert_eq!(response.headers()["x-frame-options"], "DENY");
}

#[test]
fn nul_characters_are_refused_with_400_never_500() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let user = serde_json::json!({"name": "Nul\u{0}Name", "email": "nul@example.org", "password": "secret-123", "role": "trustee"});
    let body =
        json_of(app.post("/api/users").auth(&admin).json(&user).send().unwrap(), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["name"], "Name must not contain NUL characters");
    let notice = serde_json::json!({"title": "T", "content": "a\u{0}b", "priority": "normal", "pinned": false, "expiresAt": null});
    error_of(app.post("/api/notices").auth(&admin).json(&notice).send().unwrap(), StatusCode::BAD_REQUEST);
    let committee = json_of(
        app.post("/api/committees")
            .auth(&admin)
            .json(&serde_json::json!({"name": "C", "description": ""}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let id = committee["id"].as_i64().unwrap();
    let chat = serde_json::json!({"message": "hello\u{0}"});
    error_of(
        app.post(&format!("/api/committees/{id}/messages")).auth(&admin).json(&chat).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    error_of(app.get("/api/minutes?search=a%00b").auth(&admin).send().unwrap(), StatusCode::BAD_REQUEST);
}

/// One rule for every query: an empty value is the same as leaving the parameter out.
#[test]
fn empty_query_values_mean_absent_everywhere() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(domain::identity::role::Role::Admin);
    for path in [
        "/api/notices?includeExpired=",
        "/api/committees?includeArchived=",
        "/api/actions?status=",
        "/api/documents?category=",
        "/api/meetings?upcoming=",
        "/api/interests?userId=",
    ] {
        json_of(app.get(path).auth(&admin).send().unwrap(), StatusCode::OK);
    }
    error_of(
        app.get("/api/notices?includeExpired=maybe").auth(&admin).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
}
