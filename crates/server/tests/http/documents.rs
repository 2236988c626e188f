//! `/api/documents`: upload, list, download, view tickets and delete, with the permission table of spec §6,
//! the 10 MB limit and type checks, and nothing left behind by a refused upload.

use crate::common::files::{
    disposition_file_name, file_part, fixture, forged_ticket, form, header, pdf, pdf_of_size,
    ticket_issued_at, PDF_MIME, TEN_MB,
};
use crate::common::{error_of, json_of, titles, Authed, Session, TestApp};
use domain::identity::role::Role;
use domain::identity::ViewResource;
use domain::DocumentId;
use reqwest::blocking::multipart::Form;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::Value;

const DOCX_MIME: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/// Sends only the headers of an upload declaring `length` bytes, and reads the answer.
fn declared_length_only(app: &TestApp, who: &Session, length: usize) -> (u16, String) {
    use std::io::{Read, Write};
    let address = app.base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    let head = format!(
        "POST /api/documents HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {}\r\n\
         Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: {length}\r\n\r\n",
        who.token
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    // Read until the JSON body has arrived (the server may keep the connection open).
    while !String::from_utf8_lossy(&answer).contains('}') {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
        }
    }
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, text)
}

fn post_form(app: &TestApp, who: Option<&Session>, form: Form) -> Response {
    let request = app.post("/api/documents").multipart(form);
    match who {
        Some(session) => request.auth(session),
        None => request,
    }
    .send()
    .unwrap()
}

fn upload_as(app: &TestApp, who: &Session, title: &str, category: &str, name: &str, bytes: Vec<u8>) -> Value {
    let mime = if name.ends_with(".pdf") { PDF_MIME } else { "application/octet-stream" };
    let form = form(&[("title", title), ("category", category)], Some(file_part(bytes, name, mime)));
    json_of(post_form(app, Some(who), form), StatusCode::CREATED)
}

fn list(app: &TestApp, who: &Session, query: &str) -> Vec<Value> {
    let body = json_of(app.get(&format!("/api/documents{query}")).auth(who).send().unwrap(), StatusCode::OK);
    body.as_array().unwrap().clone()
}

fn assert_nothing_stored(app: &TestApp) {
    assert_eq!(app.stored_files(), 0, "no file may be left behind");
    assert_eq!(app.rows("documents"), 0, "no row may be left behind");
}

#[test]
fn admins_and_chairs_upload_and_the_answer_follows_the_contract() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);

    let form = form(
        &[("title", "  Safeguarding Policy  "), ("category", "safeguarding"), ("version", "2.1")],
        Some(file_part(pdf(), "Safeguarding Policy.pdf", PDF_MIME)),
    );
    let created = json_of(post_form(&app, Some(&admin), form), StatusCode::CREATED);
    assert!(created["id"].as_i64().unwrap() > 0);
    assert_eq!(created["title"], "Safeguarding Policy");
    assert_eq!(created["category"], "safeguarding");
    assert_eq!(created["version"], "2.1");
    assert_eq!(created["mimeType"], PDF_MIME);
    assert_eq!(created["fileSize"], pdf().len());
    assert_eq!(created["fileName"], "Safeguarding Policy.pdf");
    assert!(created["updatedAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(created["uploadedBy"], serde_json::json!({"id": admin.id, "name": "Ada Admin"}));
    assert!(created.get("storageKey").is_none());

    let by_chair = upload_as(&app, &chair, "Budget", "finance", "policy.docx", fixture("policy.docx"));
    assert_eq!(by_chair["version"], "1.0", "the version defaults to 1.0");
    assert_eq!(by_chair["mimeType"], DOCX_MIME);
    assert_eq!(by_chair["uploadedBy"]["name"], "Chris Chair");
    assert_eq!(app.rows("documents"), 2);
    assert_eq!(app.stored_files(), 2);
}

#[test]
fn trustees_and_anonymous_callers_cannot_upload_and_leave_nothing() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let make = || form(&[("title", "T"), ("category", "misc")], Some(file_part(pdf(), "a.pdf", PDF_MIME)));
    let message = error_of(post_form(&app, Some(&trustee), make()), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can upload or delete documents.");
    error_of(post_form(&app, None, make()), StatusCode::UNAUTHORIZED);
    // The permission is checked before the body is read: an oversized body from a trustee is still a 403.
    let big = form(
        &[("title", "T"), ("category", "misc")],
        Some(file_part(pdf_of_size(TEN_MB + 1), "a.pdf", PDF_MIME)),
    );
    let sent = app.post("/api/documents").multipart(big).auth(&trustee).send();
    crate::common::files::refused_before_body(sent, StatusCode::FORBIDDEN);
    assert_nothing_stored(&app);
}

#[test]
fn everyone_signed_in_lists_newest_first_and_anonymous_is_refused() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let first = upload_as(&app, &admin, "First", "governance", "a.pdf", pdf());
    let second = upload_as(&app, &admin, "Second", "finance", "b.pdf", pdf());
    let third = upload_as(&app, &chair, "Third", "finance", "c.txt", fixture("agenda.txt"));
    // Same updated_at for two of them: the higher id comes first.
    app.execute(&format!(
        "UPDATE documents SET updated_at = '2026-01-01T00:00:00Z' WHERE id IN ({}, {})",
        first["id"], second["id"]
    ));

    for who in [&admin, &chair, &trustee] {
        let ids: Vec<Value> = list(&app, who, "").iter().map(|d| d["id"].clone()).collect();
        assert_eq!(ids, vec![third["id"].clone(), second["id"].clone(), first["id"].clone()]);
    }
    let finance = list(&app, &trustee, "?category=finance");
    assert_eq!(titles(&finance), vec!["Third", "Second"]);
    assert!(list(&app, &trustee, "?category=policies").is_empty());
    assert_eq!(list(&app, &trustee, "?category=").len(), 3, "an empty category is no filter");

    let body = json_of(
        app.get("/api/documents?category=secret").auth(&trustee).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(
        body["errors"]["category"],
        "Category must be one of: governance, finance, safeguarding, risk-register, policies, misc"
    );
    error_of(app.get("/api/documents").send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn each_field_is_validated_with_a_message_and_nothing_is_left_behind() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let file = || Some(file_part(pdf(), "a.pdf", PDF_MIME));
    let cases: Vec<(Form, &str, &str)> = vec![
        (form(&[("category", "misc")], file()), "title", "Title is required"),
        (form(&[("title", "   "), ("category", "misc")], file()), "title", "Title is required"),
        (
            form(&[("title", &"x".repeat(201)), ("category", "misc")], file()),
            "title",
            "Title must be at most 200 characters",
        ),
        (form(&[("title", "T")], file()), "category", "Category is required"),
        (
            form(&[("title", "T"), ("category", "Finance")], file()),
            "category",
            "Category must be one of: governance, finance, safeguarding, risk-register, policies, misc",
        ),
        (
            form(&[("title", "T"), ("category", "misc"), ("version", &"9".repeat(21))], file()),
            "version",
            "Version must be at most 20 characters",
        ),
        (form(&[("title", "T"), ("category", "misc")], None), "file", "Please choose a file to upload."),
        (
            form(&[("title", "T"), ("category", "misc")], Some(file_part(Vec::new(), "", PDF_MIME))),
            "file",
            "Please choose a file to upload.",
        ),
        (
            form(&[("title", "T"), ("category", "misc")], Some(file_part(Vec::new(), "empty.pdf", PDF_MIME))),
            "file",
            "The file is empty.",
        ),
    ];
    for (form, field, message) in cases {
        let body = json_of(post_form(&app, Some(&admin), form), StatusCode::BAD_REQUEST);
        assert_eq!(body["errors"][field], message, "{body}");
        assert_nothing_stored(&app);
    }
    // Several problems at once are all reported.
    let body =
        json_of(post_form(&app, Some(&admin), form(&[("version", "2")], None)), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title is required");
    assert_eq!(body["errors"]["category"], "Category is required");
    assert_eq!(body["errors"]["file"], "Please choose a file to upload.");
    // Not multipart at all.
    let message = error_of(
        app.post("/api/documents").auth(&admin).json(&serde_json::json!({"title": "T"})).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(message.starts_with("Malformed upload"), "{message}");
    assert_nothing_stored(&app);
}

#[test]
fn files_above_10_mb_are_refused_with_413_and_leave_nothing() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let fields = [("title", "Big"), ("category", "misc")];
    let too_big = form(&fields, Some(file_part(pdf_of_size(TEN_MB + 1), "big.pdf", PDF_MIME)));
    let message = error_of(post_form(&app, Some(&admin), too_big), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(message, "The file is too large. The limit is 10 MB.");
    assert_nothing_stored(&app);
    // Far above the limit, the declared length alone is enough to refuse: the answer comes before any
    // of the body is sent (a raw request, so that the client is not still writing when it arrives).
    let (status, body) = declared_length_only(&app, &admin, 3 * TEN_MB);
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("The file is too large. The limit is 10 MB."), "{body}");
    assert_nothing_stored(&app);

    let exactly = form(&fields, Some(file_part(pdf_of_size(TEN_MB), "limit.pdf", PDF_MIME)));
    let created = json_of(post_form(&app, Some(&admin), exactly), StatusCode::CREATED);
    assert_eq!(created["fileSize"], TEN_MB);
    assert_eq!(app.stored_files(), 1);
}

#[test]
fn types_are_checked_by_extension_and_by_content() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let fields = [("title", "T"), ("category", "misc")];
    let refused: Vec<(Vec<u8>, &str, &str)> = vec![
        (
            b"<html><script>alert(1)</script></html>".to_vec(),
            "page.html",
            "This type of file is not accepted. Accepted types: PDF, DOC, DOCX, XLS, XLSX, TXT.",
        ),
        (
            b"MZ\x90\x00".to_vec(),
            "setup.exe",
            "This type of file is not accepted. Accepted types: PDF, DOC, DOCX, XLS, XLSX, TXT.",
        ),
        (
            b"no extension".to_vec(),
            "README",
            "This type of file is not accepted. Accepted types: PDF, DOC, DOCX, XLS, XLSX, TXT.",
        ),
        (fixture("agenda.txt"), "agenda.pdf", "The file's content is not a valid PDF file."),
        (pdf(), "minutes.docx", "The file's content is not a valid DOCX file."),
        (fixture("policy.docx"), "policy.xls", "The file's content is not a valid XLS file."),
        (pdf(), "notes.txt", "The file's content is not a valid TXT file."),
    ];
    for (bytes, name, message) in refused {
        let body = json_of(
            post_form(&app, Some(&admin), form(&fields, Some(file_part(bytes, name, "application/pdf")))),
            StatusCode::BAD_REQUEST,
        );
        assert_eq!(body["errors"]["file"], message, "{name}");
        assert_nothing_stored(&app);
    }
    // The declared Content-Type of the part is ignored: the name and the content decide.
    let txt = upload_as(&app, &admin, "Agenda", "misc", "Agenda.TXT", fixture("agenda.txt"));
    assert_eq!(txt["mimeType"], "text/plain; charset=utf-8");
    let docx = upload_as(&app, &admin, "Policy", "policies", "policy.docx", fixture("policy.docx"));
    assert_eq!(docx["mimeType"], DOCX_MIME);
}

#[test]
fn downloads_return_the_uploaded_bytes_under_the_original_name() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let name = "Protection « Policy » – été.pdf";
    let created = upload_as(&app, &chair, "Policy", "safeguarding", name, pdf());
    let id = created["id"].as_i64().unwrap();

    for who in [&admin, &chair, &trustee] {
        let response = app.get(&format!("/api/documents/{id}/download")).auth(who).send().unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header(&response, "content-type"), PDF_MIME);
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        let disposition = header(&response, "content-disposition");
        assert!(disposition.starts_with("attachment;"), "{disposition}");
        assert!(
            disposition.contains(
                "filename*=UTF-8''Protection%20%C2%AB%20Policy%20%C2%BB%20%E2%80%93%20%C3%A9t%C3%A9.pdf"
            ),
            "{disposition}"
        );
        assert!(disposition.contains("filename=\"Protection _ Policy _ _ _t_.pdf\""), "{disposition}");
        assert_eq!(disposition_file_name(&disposition), name);
        assert_eq!(response.bytes().unwrap().to_vec(), pdf());
    }

    let text = upload_as(&app, &chair, "Agenda", "misc", "agenda.txt", fixture("agenda.txt"));
    let response = app.get(&format!("/api/documents/{}/download", text["id"])).auth(&trustee).send().unwrap();
    assert_eq!(header(&response, "content-type"), "text/plain; charset=utf-8");
    assert_eq!(response.bytes().unwrap().to_vec(), fixture("agenda.txt"));

    error_of(app.get(&format!("/api/documents/{id}/download")).send().unwrap(), StatusCode::UNAUTHORIZED);
    error_of(app.get("/api/documents/999999/download").auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);
    error_of(app.get("/api/documents/abc/download").auth(&trustee).send().unwrap(), StatusCode::BAD_REQUEST);
}

fn ticket_url(app: &TestApp, who: &Session, id: i64) -> String {
    app.view_ticket_url(who, &format!("/api/documents/{id}"))
}

#[test]
fn view_tickets_open_one_document_for_a_minute() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let doc = upload_as(&app, &admin, "Pack", "governance", "Board Pack.pdf", pdf())["id"].as_i64().unwrap();
    let other = upload_as(&app, &admin, "Other", "governance", "other.pdf", pdf())["id"].as_i64().unwrap();

    // Everyone signed in may ask for a ticket.
    let chair = app.signed_in_as(Role::Chair);
    for who in [&admin, &chair] {
        let url = ticket_url(&app, who, doc);
        assert_eq!(app.get(&url).send().unwrap().status(), StatusCode::OK);
    }
    // A valid ticket shows the PDF inline, without any bearer header.
    let url = ticket_url(&app, &trustee, doc);
    app.assert_shows_pdf_inline(&url);

    // Another document's ticket, an expired one, a forged one, a session token, or none: 401.
    let ticket = url.split("ticket=").nth(1).unwrap().to_string();
    let expired = ticket_issued_at(
        || chrono::Utc::now() - chrono::Duration::minutes(5),
        trustee.id,
        app.session_id_of(trustee.id),
        ViewResource::Document(DocumentId(doc as i32)),
    );
    let forged = forged_ticket(
        trustee.id,
        app.session_id_of(trustee.id),
        ViewResource::Document(DocumentId(doc as i32)),
    );
    for query in [
        format!("/api/documents/{other}/view?ticket={ticket}"),
        format!("/api/documents/{doc}/view?ticket={expired}"),
        format!("/api/documents/{doc}/view?ticket={forged}"),
        format!("/api/documents/{doc}/view?ticket={}", trustee.token),
        format!("/api/documents/{doc}/view?token={}", trustee.token),
        format!("/api/documents/{doc}/view?ticket=garbage"),
        format!("/api/documents/{doc}/view"),
    ] {
        let message = error_of(app.get(&query).send().unwrap(), StatusCode::UNAUTHORIZED);
        assert_eq!(
            message,
            "This link has expired or is not valid. Please open the file again from the portal."
        );
    }
    // Even with a bearer header, the view needs its ticket.
    error_of(
        app.get(&format!("/api/documents/{doc}/view")).auth(&trustee).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );

    // Signing out revokes the tickets already handed out.
    let url = ticket_url(&app, &trustee, doc);
    json_of(app.post("/api/auth/logout").auth(&trustee).send().unwrap(), StatusCode::OK);
    error_of(app.get(&url).send().unwrap(), StatusCode::UNAUTHORIZED);

    error_of(
        app.post(&format!("/api/documents/{doc}/view-ticket")).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
    error_of(
        app.post("/api/documents/999999/view-ticket").auth(&admin).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
}

#[test]
fn a_deactivated_users_ticket_stops_working() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let doc = upload_as(&app, &admin, "Pack", "governance", "pack.pdf", pdf())["id"].as_i64().unwrap();
    let url = ticket_url(&app, &trustee, doc);
    let deactivate = serde_json::json!({"name": "Tina Trustee", "email": trustee.email, "role": "trustee", "active": false});
    json_of(
        app.put(&format!("/api/users/{}", trustee.id)).auth(&admin).json(&deactivate).send().unwrap(),
        StatusCode::OK,
    );
    error_of(app.get(&url).send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn documents_that_are_not_pdfs_are_never_shown_inline() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let doc = upload_as(&app, &admin, "Agenda", "misc", "agenda.txt", fixture("agenda.txt"))["id"]
        .as_i64()
        .unwrap();
    let url = ticket_url(&app, &admin, doc);
    let response = app.get(&url).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(header(&response, "content-disposition").starts_with("attachment;"));
    assert!(header(&response, "content-security-policy").contains("sandbox"));
    assert_eq!(response.bytes().unwrap().to_vec(), fixture("agenda.txt"));
}

#[test]
fn deleting_removes_the_row_and_then_the_file() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let a = upload_as(&app, &admin, "A", "misc", "a.pdf", pdf())["id"].as_i64().unwrap();
    let b = upload_as(&app, &admin, "B", "misc", "b.pdf", pdf())["id"].as_i64().unwrap();

    let message = error_of(
        app.delete(&format!("/api/documents/{a}")).auth(&trustee).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    assert_eq!(message, "Only admins and chairs can upload or delete documents.");
    error_of(app.delete(&format!("/api/documents/{a}")).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!((app.rows("documents"), app.stored_files()), (2, 2));

    let body =
        json_of(app.delete(&format!("/api/documents/{a}")).auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(body["message"], "Document deleted successfully");
    assert_eq!((app.rows("documents"), app.stored_files()), (1, 1));
    error_of(
        app.get(&format!("/api/documents/{a}/download")).auth(&admin).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    error_of(app.delete(&format!("/api/documents/{a}")).auth(&admin).send().unwrap(), StatusCode::NOT_FOUND);

    json_of(app.delete(&format!("/api/documents/{b}")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!((app.rows("documents"), app.stored_files()), (0, 0));
}

#[test]
fn documents_of_a_deleted_uploader_are_kept_without_an_uploader() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    upload_as(&app, &chair, "Kept", "misc", "kept.pdf", pdf());
    json_of(app.delete(&format!("/api/users/{}", chair.id)).auth(&admin).send().unwrap(), StatusCode::OK);
    let docs = list(&app, &admin, "");
    assert_eq!(docs[0]["title"], "Kept");
    assert_eq!(docs[0]["uploadedBy"], Value::Null);
}

/// Waits (at most a second) until `done`: what the change feed tells takes milliseconds.
fn within_a_second(what: &str, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < std::time::Duration::from_secs(1), "not within a second: {what}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The list is answered from the read cache (spec §9, Documents list), and every write shows on the very next
/// call.
#[test]
fn the_cached_list_shows_every_change_at_once() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    upload_as(&app, &chair, "Budget", "finance", "budget.pdf", pdf());
    let start = std::time::Instant::now();
    while app.state.documents_cache.is_empty() {
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "the list is never cached");
        assert_eq!(titles(&list(&app, &trustee, "")), ["Budget"]);
    }
    assert_eq!(titles(&list(&app, &trustee, "")), ["Budget"], "answered from the cache");
    let etag = app.get("/api/documents").auth(&trustee).send().unwrap().headers()["etag"].clone();
    let unchanged =
        app.get("/api/documents").auth(&trustee).header("If-None-Match", etag.clone()).send().unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    // Added and removed through the API: on the next call, from any reader, with any filter.
    assert!(list(&app, &trustee, "?category=policies").is_empty());
    let policy = upload_as(&app, &chair, "Policy", "policies", "policy.pdf", pdf());
    assert_eq!(titles(&list(&app, &trustee, "")), ["Policy", "Budget"]);
    assert_eq!(titles(&list(&app, &trustee, "?category=policies")), ["Policy"]);
    let changed = app.get("/api/documents").auth(&trustee).header("If-None-Match", etag).send().unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    json_of(
        app.delete(&format!("/api/documents/{}", policy["id"])).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(titles(&list(&app, &trustee, "")), ["Budget"]);
    assert!(list(&app, &trustee, "?category=policies").is_empty());

    // Written behind the API (no write through this process to drop its copy): the change feed tells it.
    assert_eq!(titles(&list(&app, &trustee, "?category=finance")), ["Budget"]);
    app.execute_heard_by_the_feed("UPDATE documents SET category = 'governance' WHERE title = 'Budget'");
    within_a_second("the recategorised document leaves its old tab", || {
        list(&app, &trustee, "?category=finance").is_empty()
    });
    assert_eq!(titles(&list(&app, &trustee, "?category=governance")), ["Budget"]);
    assert_eq!(list(&app, &trustee, "")[0]["uploadedBy"]["name"], "Chris Chair");
    app.execute_heard_by_the_feed(&format!(
        "UPDATE users SET name = 'Renamed Chair' WHERE id = {}",
        chair.id
    ));
    within_a_second("the uploader's new name shows", || {
        list(&app, &trustee, "")[0]["uploadedBy"]["name"] == "Renamed Chair"
    });
    app.execute_heard_by_the_feed("DELETE FROM documents");
    within_a_second("the deleted document leaves the list", || list(&app, &trustee, "").is_empty());
}
