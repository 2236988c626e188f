//! Limits that hold whatever the framing (spec §8, §9): an upload's whole body counts against its limit
//! wherever its bytes are and however it is sent, and a JSON body must be the object the operation
//! reads.

use std::io::Read;

use domain::identity::role::Role;
use reqwest::blocking::Body;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::files::pdf;
use crate::common::{error_of, json_of, Authed, TestApp};

const BOUNDARY: &str = "limits-boundary-4f2";
const MB: usize = 1024 * 1024;
/// The largest accepted upload body: 10 MB of file and 384 KB of room for the rest (spec §9).
const MAX_BODY: usize = 10 * MB + 384 * 1024;
/// More than that.
const TOO_MUCH: usize = 11 * MB;

/// A body of unknown length: reqwest sends it with `Transfer-Encoding: chunked` and no Content-Length.
fn chunked(bytes: Vec<u8>) -> Body {
    Body::new(std::io::Cursor::new(bytes).chain(std::io::empty()))
}

fn text_part(body: &mut Vec<u8>, name: &str, value: &[u8]) {
    body.extend_from_slice(
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(value);
    body.extend_from_slice(b"\r\n");
}

/// A valid document upload (title, category and a small PDF) with `extra` parts before the end.
fn document_upload(extra: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut body = Vec::new();
    text_part(&mut body, "title", b"Policy");
    text_part(&mut body, "category", b"policies");
    body.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"policy.pdf\"\r\n\
             Content-Type: application/pdf\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(&pdf());
    body.extend_from_slice(b"\r\n");
    extra(&mut body);
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn send(app: &TestApp, who: &crate::common::Session, body: Body) -> reqwest::blocking::Response {
    app.post("/api/documents")
        .auth(who)
        .header("Content-Type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body)
        .send()
        .unwrap()
}

fn assert_refused_and_nothing_kept(app: &TestApp, response: reqwest::blocking::Response, what: &str) {
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE, "{what}");
    let body: Value = response.json().unwrap_or_else(|e| panic!("{what}: a JSON error body ({e})"));
    assert!(body["message"].as_str().is_some_and(|m| m.contains("10 MB")), "{what}: {body}");
    assert_eq!((app.rows("documents"), app.stored_files()), (0, 0), "{what}: nothing may be kept");
}

#[test]
fn a_chunked_upload_whose_bulk_is_outside_the_file_is_413_and_keeps_nothing() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let bulk_in_a_nameless_file_part = document_upload(|body| {
        // A second part named `file` without a file name: read and dropped, but still the body's bytes.
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.resize(body.len() + TOO_MUCH, b'a');
        body.extend_from_slice(b"\r\n");
    });
    let bulk_in_repeated_text_parts = document_upload(|body| {
        // Each within the text field limit, under one name (so never more than 20 distinct fields).
        for _ in 0..TOO_MUCH / (16 * 1024 - 16) {
            text_part(body, "note", &[b'n'; 16 * 1024 - 16]);
        }
    });
    let bulk_in_many_small_parts = document_upload(|body| {
        for _ in 0..TOO_MUCH / 1024 {
            text_part(body, "note", &[b's'; 1024 - 60]);
        }
    });
    for (what, upload) in [
        ("a file part without a file name", bulk_in_a_nameless_file_part),
        ("repeated text parts", bulk_in_repeated_text_parts),
        ("many small parts", bulk_in_many_small_parts),
    ] {
        assert!(upload.len() > MAX_BODY, "{what}: the body is over the limit");
        // The same body with a declared length was already refused before it was read.
        let declared = send(&app, &admin, Body::from(upload.clone()));
        assert_refused_and_nothing_kept(&app, declared, &format!("{what}, with a Content-Length"));
        let streamed = send(&app, &admin, chunked(upload));
        assert_refused_and_nothing_kept(&app, streamed, &format!("{what}, chunked"));
    }

    // Within the limit, chunked, with extra parts, the upload is stored.
    let fits = document_upload(|body| {
        for _ in 0..10 {
            text_part(body, "note", b"a short note");
        }
    });
    json_of(send(&app, &admin, chunked(fits)), StatusCode::CREATED);
    assert_eq!((app.rows("documents"), app.stored_files()), (1, 1));
}

#[test]
fn an_upload_over_the_limit_is_413_even_when_a_text_field_limit_trips_first() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    // The size is judged first (spec §9): these bodies break the text field limits within their first
    // few kilobytes, but they are also over the body's limit, so the answer is the 413 with or without
    // a Content-Length.
    let one_long_text_part = document_upload(|body| text_part(body, "other", &vec![b'o'; 12 * MB]));
    let many_distinct_small_parts = document_upload(|body| {
        for i in 0..12_000 {
            text_part(body, &format!("f{i}"), &[b's'; 960]);
        }
    });
    for (what, upload) in [
        ("12 MB in one text part", one_long_text_part),
        ("12,000 small text parts", many_distinct_small_parts),
    ] {
        assert!(upload.len() > MAX_BODY, "{what}: the body is over the limit");
        let declared = send(&app, &admin, Body::from(upload.clone()));
        assert_refused_and_nothing_kept(&app, declared, &format!("{what}, with a Content-Length"));
        let streamed = send(&app, &admin, chunked(upload));
        assert_refused_and_nothing_kept(&app, streamed, &format!("{what}, chunked"));
    }

    // Within the body's limit, the same faults are a malformed upload: 400, whatever the framing.
    let long_text_part = document_upload(|body| text_part(body, "other", &[b'o'; 17 * 1024]));
    let too_many_parts = document_upload(|body| {
        for i in 0..30 {
            text_part(body, &format!("f{i}"), b"short");
        }
    });
    for (what, upload, message) in [
        ("a 17 KB text part", long_text_part, "A text field of the upload is too long."),
        ("32 text parts", too_many_parts, "Too many fields in the upload."),
    ] {
        assert!(upload.len() < MAX_BODY, "{what}: the body is within the limit");
        for (framing, body) in
            [("with a Content-Length", Body::from(upload.clone())), ("chunked", chunked(upload))]
        {
            let response = send(&app, &admin, body);
            assert_eq!(error_of(response, StatusCode::BAD_REQUEST), message, "{what}, {framing}");
            assert_eq!(
                (app.rows("documents"), app.stored_files()),
                (0, 0),
                "{what}, {framing}: nothing kept"
            );
        }
    }
}

#[test]
fn a_json_body_that_is_not_an_object_is_400_and_changes_nothing() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let not_objects =
        [json!([]), json!(["Acme Ltd"]), json!("Acme Ltd"), json!(42), json!(true), json!(null)];
    for body in &not_objects {
        let response = app.post("/api/interests/matches").auth(&admin).json(body).send().unwrap();
        let message = error_of(response, StatusCode::BAD_REQUEST);
        assert!(message.starts_with("Invalid request body"), "{body}: {message}");
    }
    // An object is read as before.
    let found = app.post("/api/interests/matches").auth(&admin).json(&json!({"text": "Acme Ltd"})).send();
    assert!(json_of(found.unwrap(), StatusCode::OK).is_array());

    // A write whose fields an array could list in order writes nothing.
    let as_array = json!(["Office closed", "Friday"]);
    for (path, table) in [("/api/notices", "notices"), ("/api/committees", "committees")] {
        let response = app.post(path).auth(&admin).json(&as_array).send().unwrap();
        assert_eq!(
            error_of(response, StatusCode::BAD_REQUEST),
            "Invalid request body: expected a JSON object",
            "{path}"
        );
        assert_eq!(app.rows(table), 0, "{path}");
    }
}
