//! `/api/committees/{id}/documents`: uploads by everyone with access unless archived, the accepted types and
//! size, downloads, and the files going with a deleted committee.

use crate::common::files::{
    disposition_file_name, file_part, fixture, form, pdf, pdf_of_size, PDF_MIME, TEN_MB,
};
use crate::common::{error_of, json_of, titles, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::multipart::Form;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::json;

const DOCX_MIME: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

fn post_form(app: &TestApp, who: &Session, id: i64, form: Form) -> Response {
    app.post(&format!("/api/committees/{id}/documents")).auth(who).multipart(form).send().unwrap()
}

/// Uploads `bytes` as `name`, with a title when given.
fn upload(
    app: &TestApp,
    who: &Session,
    id: i64,
    name: &str,
    bytes: Vec<u8>,
    title: Option<&str>,
) -> Response {
    let fields: Vec<(&str, &str)> = title.map(|t| ("title", t)).into_iter().collect();
    post_form(app, who, id, form(&fields, Some(file_part(bytes, name, "application/octet-stream"))))
}

fn uploaded(app: &TestApp, who: &Session, id: i64, name: &str, bytes: Vec<u8>) -> i64 {
    json_of(upload(app, who, id, name, bytes, None), StatusCode::CREATED)["id"].as_i64().unwrap()
}

fn list(app: &TestApp, who: &Session, id: i64) -> Response {
    app.get(&format!("/api/committees/{id}/documents")).auth(who).send().unwrap()
}

fn download(app: &TestApp, who: &Session, id: i64, document: i64) -> Response {
    app.get(&format!("/api/committees/{id}/documents/{document}/download")).auth(who).send().unwrap()
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
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);

    let created = json_of(upload(&app, &member, id, "Referral policy.pdf", pdf(), None), StatusCode::CREATED);
    assert_eq!(created["title"], "Referral policy.pdf");
    assert_eq!(created["fileName"], "Referral policy.pdf");
    assert_eq!(created["mimeType"], PDF_MIME);
    assert_eq!(created["fileSize"], pdf().len());
    assert_eq!(created["uploadedBy"], json!({"id": member.id, "name": "Mia Member"}));
    assert!(created["uploadedAt"].as_str().unwrap().ends_with('Z'));
    let document = created["id"].as_i64().unwrap();
    assert_eq!(app.stored_file(&storage_key(&app, document)).unwrap(), pdf());
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM committee_documents WHERE id = {document} AND committee_id = {id} \
             AND uploaded_by = {} AND file_size = {}",
            member.id,
            pdf().len()
        )),
        1
    );

    // A chair-role user and an admin who are not members upload too; a title replaces the file name.
    let titled = upload(&app, &chair, id, "agenda.txt", fixture("agenda.txt"), Some("  March agenda "));
    let titled = json_of(titled, StatusCode::CREATED);
    assert_eq!(titled["title"], "March agenda");
    assert_eq!(titled["mimeType"], "text/plain; charset=utf-8");
    let docx = json_of(
        upload(&app, &admin, id, "policy.docx", fixture("policy.docx"), Some("")),
        StatusCode::CREATED,
    );
    assert_eq!((docx["title"].as_str(), docx["mimeType"].as_str()), (Some("policy.docx"), Some(DOCX_MIME)));

    let message = error_of(upload(&app, &outsider, id, "sneaky.pdf", pdf(), None), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only members of this committee, admins and chairs can open it.");
    error_of(upload(&app, &outsider, 424_242, "sneaky.pdf", pdf(), None), StatusCode::NOT_FOUND);
    let anonymous = app.post(&format!("/api/committees/{id}/documents")).multipart(form(&[], None)).send();
    error_of(anonymous.unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!((app.rows("committee_documents"), app.stored_files()), (3, 3));
}

#[test]
fn documents_are_listed_newest_first_to_those_with_access() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
    let other = app.committee_with(&admin, "Safeguarding", &[]);
    uploaded(&app, &member, id, "first.pdf", pdf());
    uploaded(&app, &admin, other, "elsewhere.pdf", pdf());
    uploaded(&app, &admin, id, "second.pdf", pdf());

    let documents = json_of(list(&app, &member, id), StatusCode::OK);
    assert_eq!(titles(&documents), vec!["second.pdf", "first.pdf"]);
    assert_eq!(documents[1]["uploadedBy"]["name"], "Mia Member");
    assert_eq!(json_of(list(&app, &chair, id), StatusCode::OK).as_array().unwrap().len(), 2);
    error_of(list(&app, &outsider, id), StatusCode::FORBIDDEN);
    error_of(list(&app, &admin, 424_242), StatusCode::NOT_FOUND);
    error_of(app.get(&format!("/api/committees/{id}/documents")).send().unwrap(), StatusCode::UNAUTHORIZED);

    // The uploader's account may go; the document stays, without an uploader.
    json_of(app.delete(&format!("/api/users/{}", member.id)).auth(&admin).send().unwrap(), StatusCode::OK);
    let documents = json_of(list(&app, &admin, id), StatusCode::OK);
    assert_eq!(documents[1]["uploadedBy"], serde_json::Value::Null);
}

#[test]
fn downloads_are_attachments_with_the_original_name() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
    let other = app.committee_with(&admin, "Safeguarding", &[]);
    let uploaded = upload(&app, &admin, id, "Case review – Q1.pdf", pdf(), Some("Case review"));
    let document = json_of(uploaded, StatusCode::CREATED)["id"].as_i64().unwrap();

    let response = download(&app, &member, id, document);
    assert_eq!(response.status(), StatusCode::OK);
    let header = |name: &str| response.headers()[name].to_str().unwrap().to_string();
    assert_eq!(header("content-type"), PDF_MIME);
    assert!(header("content-disposition").starts_with("attachment; "), "{}", header("content-disposition"));
    assert_eq!(disposition_file_name(&header("content-disposition")), "Case review – Q1.pdf");
    assert_eq!(header("cache-control"), "private, no-store");
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(response.bytes().unwrap().as_ref(), pdf().as_slice());

    error_of(download(&app, &outsider, id, document), StatusCode::FORBIDDEN);
    // A document is only reachable through its own committee.
    assert_eq!(
        error_of(download(&app, &admin, other, document), StatusCode::NOT_FOUND),
        "Document not found"
    );
    error_of(download(&app, &admin, id, 424_242), StatusCode::NOT_FOUND);
    error_of(
        app.get(&format!("/api/committees/{id}/documents/{document}/download")).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
}

#[test]
fn uploads_are_checked_by_type_content_and_size_and_leave_nothing_when_refused() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = app.committee_with(&admin, "Safeguarding", &[]);
    let file_error =
        |response: Response| json_of(response, StatusCode::BAD_REQUEST)["errors"]["file"].clone();

    assert_eq!(
        file_error(upload(&app, &admin, id, "page.html", b"<html></html>".to_vec(), None)),
        "This type of file is not accepted. Accepted types: PDF, DOC, DOCX, XLS, XLSX, TXT."
    );
    assert_eq!(
        file_error(upload(&app, &admin, id, "fake.pdf", b"<script>alert(1)</script>".to_vec(), None)),
        "The file's content is not a valid PDF file."
    );
    assert_eq!(file_error(upload(&app, &admin, id, "empty.txt", Vec::new(), None)), "The file is empty.");
    assert_eq!(
        file_error(post_form(&app, &admin, id, form(&[("title", "Only a title")], None))),
        "Please choose a file to upload."
    );
    let long_title = "t".repeat(256);
    let body = json_of(upload(&app, &admin, id, "ok.pdf", pdf(), Some(&long_title)), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title must be at most 255 characters");

    let message = error_of(
        upload(&app, &admin, id, "huge.pdf", pdf_of_size(TEN_MB + 1), None),
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    assert_eq!(message, "The file is too large. The limit is 10 MB.");
    assert_eq!((app.rows("committee_documents"), app.stored_files()), (0, 0), "nothing refused is kept");

    json_of(upload(&app, &admin, id, "ten.pdf", pdf_of_size(TEN_MB), None), StatusCode::CREATED);
    assert_eq!((app.rows("committee_documents"), app.stored_files()), (1, 1));
}

#[test]
fn an_archived_committee_takes_no_uploads_but_stays_readable() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
    let document = uploaded(&app, &member, id, "kept.pdf", pdf());
    json_of(app.patch(&format!("/api/committees/{id}/archive")).auth(&admin).send().unwrap(), StatusCode::OK);

    let message = error_of(upload(&app, &member, id, "late.pdf", pdf(), None), StatusCode::CONFLICT);
    assert_eq!(message, "This committee is archived and read-only.");
    error_of(upload(&app, &admin, id, "late.pdf", pdf(), None), StatusCode::CONFLICT);
    assert_eq!(json_of(list(&app, &member, id), StatusCode::OK).as_array().unwrap().len(), 1);
    assert_eq!(download(&app, &member, id, document).status(), StatusCode::OK);
    assert_eq!((app.rows("committee_documents"), app.stored_files()), (1, 1));
}

#[test]
fn deleting_a_committee_removes_its_documents_files() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let doomed = app.committee_with(&admin, "Safeguarding", &[]);
    let kept = app.committee_with(&admin, "Safeguarding", &[]);
    let first = uploaded(&app, &admin, doomed, "a.pdf", pdf());
    let second = uploaded(&app, &admin, doomed, "b.txt", fixture("agenda.txt"));
    let other = uploaded(&app, &admin, kept, "c.pdf", pdf());
    let doomed_keys = [storage_key(&app, first), storage_key(&app, second)];
    let kept_key = storage_key(&app, other);

    json_of(
        app.patch(&format!("/api/committees/{doomed}/archive")).auth(&admin).send().unwrap(),
        StatusCode::OK,
    );
    json_of(app.delete(&format!("/api/committees/{doomed}")).auth(&admin).send().unwrap(), StatusCode::OK);
    for key in &doomed_keys {
        assert!(app.stored_file(key).is_none(), "{key} should be gone");
    }
    assert!(app.stored_file(&kept_key).is_some());
    assert_eq!((app.rows("committee_documents"), app.stored_files()), (1, 1));
    assert_eq!(download(&app, &admin, kept, other).status(), StatusCode::OK);
}
