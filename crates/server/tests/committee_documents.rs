//! `/api/committees/{id}/documents`: uploads by everyone with access unless archived, the accepted types and
//! size, downloads, and the files going with a deleted committee.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use common::{error_of, json_of, Authed, Session, TestApp};
use domain::entities::role::Role;
use reqwest::blocking::multipart::{Form, Part};
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::json;

const PDF: &[u8] = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n";

fn committee_with(app: &TestApp, admin: &Session, members: &[&Session]) -> i64 {
    let response =
        app.post("/api/committees").auth(admin).json(&json!({"name": "Safeguarding"})).send().unwrap();
    let id = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();
    for member in members {
        let body = json!({"userId": member.id});
        let response =
            app.post(&format!("/api/committees/{id}/members")).auth(admin).json(&body).send().unwrap();
        json_of(response, StatusCode::CREATED);
    }
    id
}

fn upload(app: &TestApp, who: &Session, id: i64, name: &str, bytes: &[u8], title: Option<&str>) -> Response {
    let mut form = Form::new().part("file", Part::bytes(bytes.to_vec()).file_name(name.to_string()));
    if let Some(title) = title {
        form = form.text("title", title.to_string());
    }
    app.post(&format!("/api/committees/{id}/documents")).auth(who).multipart(form).send().unwrap()
}

fn list(app: &TestApp, who: &Session, id: i64) -> Response {
    app.get(&format!("/api/committees/{id}/documents")).auth(who).send().unwrap()
}

fn download(app: &TestApp, who: &Session, id: i64, document: i64) -> Response {
    app.get(&format!("/api/committees/{id}/documents/{document}/download")).auth(who).send().unwrap()
}

fn files_dir(app: &TestApp) -> PathBuf {
    app.data_dir.path().join("files")
}

/// Stored files, and files still being written (which must not outlive a request).
fn stored_files(app: &TestApp) -> (usize, usize) {
    let count = |dir: PathBuf| {
        std::fs::read_dir(dir).map(|entries| entries.filter(|e| e.as_ref().unwrap().path().is_file()).count())
    };
    (count(files_dir(app)).unwrap_or(0), count(files_dir(app).join("tmp")).unwrap_or(0))
}

fn storage_key(app: &TestApp, document: i64) -> String {
    app.scalar_text(&format!("SELECT storage_key AS value FROM committee_documents WHERE id = {document}"))
        .unwrap()
}

#[test]
fn members_admins_and_chairs_upload_and_outsiders_may_not() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = committee_with(&app, &admin, &[&member]);

    let created = json_of(upload(&app, &member, id, "Referral policy.pdf", PDF, None), StatusCode::CREATED);
    assert_eq!(created["title"], "Referral policy.pdf");
    assert_eq!(created["fileName"], "Referral policy.pdf");
    assert_eq!(created["mimeType"], "application/pdf");
    assert_eq!(created["fileSize"], PDF.len());
    assert_eq!(created["uploadedBy"], json!({"id": member.id, "name": "Mia Member"}));
    assert!(created["uploadedAt"].as_str().unwrap().ends_with('Z'));
    let document = created["id"].as_i64().unwrap();
    let key = storage_key(&app, document);
    assert_eq!(std::fs::read(files_dir(&app).join(&key)).unwrap(), PDF);

    let titled = upload(&app, &chair, id, "notes.txt", b"Agenda\n1. Referrals\n", Some("  March notes "));
    let titled = json_of(titled, StatusCode::CREATED);
    assert_eq!(
        (titled["title"].as_str(), titled["mimeType"].as_str()),
        (Some("March notes"), Some("text/plain; charset=utf-8"))
    );
    json_of(upload(&app, &admin, id, "budget.xlsx", b"PK\x03\x04 rest of a zip", None), StatusCode::CREATED);

    let message = error_of(upload(&app, &outsider, id, "sneaky.pdf", PDF, None), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only members of this committee, admins and chairs can open it.");
    error_of(upload(&app, &outsider, 424_242, "sneaky.pdf", PDF, None), StatusCode::NOT_FOUND);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committee_documents"), 3);
    assert_eq!(stored_files(&app), (3, 0));
}

#[test]
fn documents_are_listed_newest_first_to_those_with_access() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = committee_with(&app, &admin, &[&member]);
    let other = committee_with(&app, &admin, &[]);
    json_of(upload(&app, &member, id, "first.pdf", PDF, None), StatusCode::CREATED);
    json_of(upload(&app, &admin, other, "elsewhere.pdf", PDF, None), StatusCode::CREATED);
    json_of(upload(&app, &admin, id, "second.pdf", PDF, None), StatusCode::CREATED);

    let documents = json_of(list(&app, &member, id), StatusCode::OK);
    let titles: Vec<&str> =
        documents.as_array().unwrap().iter().map(|d| d["title"].as_str().unwrap()).collect();
    assert_eq!(titles, vec!["second.pdf", "first.pdf"]);
    assert_eq!(documents[1]["uploadedBy"]["name"], "Mia Member");
    json_of(list(&app, &chair, id), StatusCode::OK);
    error_of(list(&app, &outsider, id), StatusCode::FORBIDDEN);
    error_of(list(&app, &admin, 424_242), StatusCode::NOT_FOUND);
    error_of(app.get(&format!("/api/committees/{id}/documents")).send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn downloads_are_attachments_with_the_original_name() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = committee_with(&app, &admin, &[&member]);
    let other = committee_with(&app, &admin, &[]);
    let uploaded = upload(&app, &admin, id, "Case review – Q1.pdf", PDF, Some("Case review"));
    let document = json_of(uploaded, StatusCode::CREATED)["id"].as_i64().unwrap();

    let response = download(&app, &member, id, document);
    assert_eq!(response.status(), StatusCode::OK);
    let header = |name: &str| response.headers()[name].to_str().unwrap().to_string();
    assert_eq!(header("content-type"), "application/pdf");
    assert!(header("content-disposition").starts_with("attachment; "), "{}", header("content-disposition"));
    assert!(header("content-disposition").contains("filename*=UTF-8''Case%20review%20%E2%80%93%20Q1.pdf"));
    assert_eq!(header("cache-control"), "private, no-store");
    assert_eq!(response.bytes().unwrap().as_ref(), PDF);

    error_of(download(&app, &outsider, id, document), StatusCode::FORBIDDEN);
    // A document is only reachable through its own committee.
    assert_eq!(
        error_of(download(&app, &admin, other, document), StatusCode::NOT_FOUND),
        "Document not found"
    );
    error_of(download(&app, &admin, id, 424_242), StatusCode::NOT_FOUND);
}

#[test]
fn uploads_are_checked_by_type_content_and_size() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = committee_with(&app, &admin, &[]);

    let body =
        json_of(upload(&app, &admin, id, "page.html", b"<html></html>", None), StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["file"],
        "This type of file is not accepted. Accepted types: PDF, DOC, DOCX, XLS, XLSX, TXT."
    );
    let body = json_of(
        upload(&app, &admin, id, "fake.pdf", b"<script>alert(1)</script>", None),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["file"], "The file's content is not a valid PDF file.");
    let body = json_of(upload(&app, &admin, id, "empty.txt", b"", None), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["file"], "The file is empty.");
    let no_file = Form::new().text("title", "Only a title");
    let response =
        app.post(&format!("/api/committees/{id}/documents")).auth(&admin).multipart(no_file).send().unwrap();
    assert_eq!(json_of(response, StatusCode::BAD_REQUEST)["errors"]["file"], "Choose a file to upload");
    let long_title = "t".repeat(256);
    let body = json_of(upload(&app, &admin, id, "ok.pdf", PDF, Some(&long_title)), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title must be at most 255 characters");

    let too_big = vec![b'a'; 10 * 1024 * 1024 + 1];
    let message =
        error_of(upload(&app, &admin, id, "huge.txt", &too_big, None), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(message, "The file is too large. The limit is 10 MB.");
    let exactly_ten = vec![b'a'; 10 * 1024 * 1024];
    json_of(upload(&app, &admin, id, "ten.txt", &exactly_ten, None), StatusCode::CREATED);

    // Nothing refused was kept, and no partial upload was left behind.
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committee_documents"), 1);
    assert_eq!(stored_files(&app), (1, 0));
}

#[test]
fn an_archived_committee_takes_no_uploads_but_stays_readable() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let id = committee_with(&app, &admin, &[&member]);
    let document = json_of(upload(&app, &member, id, "kept.pdf", PDF, None), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    json_of(app.patch(&format!("/api/committees/{id}/archive")).auth(&admin).send().unwrap(), StatusCode::OK);

    let message = error_of(upload(&app, &member, id, "late.pdf", PDF, None), StatusCode::CONFLICT);
    assert_eq!(message, "This committee is archived and read-only.");
    error_of(upload(&app, &admin, id, "late.pdf", PDF, None), StatusCode::CONFLICT);
    assert_eq!(json_of(list(&app, &member, id), StatusCode::OK).as_array().unwrap().len(), 1);
    assert_eq!(download(&app, &member, id, document).status(), StatusCode::OK);
    assert_eq!(stored_files(&app), (1, 0));
}

#[test]
fn deleting_a_committee_removes_its_documents_files() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let doomed = committee_with(&app, &admin, &[]);
    let kept = committee_with(&app, &admin, &[]);
    let first = json_of(upload(&app, &admin, doomed, "a.pdf", PDF, None), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let second = json_of(upload(&app, &admin, doomed, "b.txt", b"text", None), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let other =
        json_of(upload(&app, &admin, kept, "c.pdf", PDF, None), StatusCode::CREATED)["id"].as_i64().unwrap();
    let doomed_keys = [storage_key(&app, first), storage_key(&app, second)];
    let kept_key = storage_key(&app, other);

    json_of(
        app.patch(&format!("/api/committees/{doomed}/archive")).auth(&admin).send().unwrap(),
        StatusCode::OK,
    );
    json_of(app.delete(&format!("/api/committees/{doomed}")).auth(&admin).send().unwrap(), StatusCode::OK);
    for key in &doomed_keys {
        assert!(!files_dir(&app).join(key).exists(), "{key} should be gone");
    }
    assert!(files_dir(&app).join(&kept_key).exists());
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM committee_documents WHERE committee_id = {doomed}"
        )),
        0
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committee_documents"), 1);
    assert_eq!(download(&app, &admin, kept, other).status(), StatusCode::OK);
}
