//! `/api/minutes`: upload (a PDF or a link, exactly one), search, download and view tickets, with the
//! permission table of spec §6 and nothing left behind by a refused upload.

use crate::common::files::{
    disposition_file_name, file_part, fixture, form, header, pdf, pdf_of_size, ticket_issued_at, PDF_MIME,
    TEN_MB,
};
use crate::common::{error_of, json_of, titles, Authed, Session, TestApp};
use domain::identity::role::Role;
use domain::identity::ViewResource;
use domain::{DocumentId, MinutesId};
use reqwest::blocking::multipart::{Form, Part};
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

const DATE: &str = "2026-03-05T18:30:00Z";

fn post(app: &TestApp, who: Option<&Session>, form: Form) -> Response {
    let request = app.post("/api/minutes").multipart(form);
    match who {
        Some(session) => request.auth(session),
        None => request,
    }
    .send()
    .unwrap()
}

fn pdf_part(name: &str) -> Option<Part> {
    Some(file_part(pdf(), name, PDF_MIME))
}

fn upload_link(app: &TestApp, who: &Session, title: &str, date: &str) -> Value {
    let fields = [("title", title), ("meetingDate", date), ("externalLink", "https://docs.example.org/m")];
    json_of(post(app, Some(who), form(&fields, None)), StatusCode::CREATED)
}

fn upload_pdf(app: &TestApp, who: &Session, title: &str, name: &str) -> Value {
    let fields = [("title", title), ("meetingDate", DATE)];
    json_of(post(app, Some(who), form(&fields, pdf_part(name))), StatusCode::CREATED)
}

fn assert_nothing_stored(app: &TestApp) {
    assert_eq!(app.stored_files(), 0, "no file may be left behind");
    assert_eq!(app.rows("minutes"), 0, "no row may be left behind");
}

#[test]
fn admins_and_chairs_upload_a_pdf_or_a_link() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);

    let fields =
        [("title", " March Board "), ("meetingDate", "2026-03-05T19:30:00+01:00"), ("meetingId", "")];
    let file = json_of(post(&app, Some(&admin), form(&fields, pdf_part("March.pdf"))), StatusCode::CREATED);
    assert!(file["id"].as_i64().unwrap() > 0);
    assert_eq!(file["title"], "March Board");
    assert_eq!(file["meetingDate"], DATE);
    assert_eq!(file["meetingId"], Value::Null);
    assert_eq!(file["fileName"], "March.pdf");
    assert_eq!(file["fileSize"], pdf().len());
    assert_eq!(file["externalLink"], Value::Null);
    assert!(file["createdAt"].as_str().unwrap().ends_with('Z'));
    assert!(file.get("storageKey").is_none());

    let link = upload_link(&app, &chair, "April Board", "2026-04-02T18:00:00Z");
    assert_eq!(link["externalLink"], "https://docs.example.org/m");
    assert_eq!(link["fileName"], Value::Null);
    assert_eq!(link["fileSize"], Value::Null);
    assert_eq!((app.rows("minutes"), app.stored_files()), (2, 1));
}

#[test]
fn trustees_and_anonymous_callers_cannot_upload_and_leave_nothing() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let fields = [("title", "T"), ("meetingDate", DATE)];
    let message =
        error_of(post(&app, Some(&trustee), form(&fields, pdf_part("a.pdf"))), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can upload minutes.");
    error_of(post(&app, None, form(&fields, pdf_part("a.pdf"))), StatusCode::UNAUTHORIZED);
    let big = form(&fields, Some(file_part(pdf_of_size(TEN_MB + 1), "big.pdf", PDF_MIME)));
    let sent = app.post("/api/minutes").multipart(big).auth(&trustee).send();
    crate::common::files::refused_before_body(sent, StatusCode::FORBIDDEN);
    assert_nothing_stored(&app);
}

#[test]
fn exactly_one_of_a_file_and_a_link() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let both = [("title", "T"), ("meetingDate", DATE), ("externalLink", "https://example.org/m")];
    let body = json_of(post(&app, Some(&admin), form(&both, pdf_part("a.pdf"))), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["file"], "Upload a PDF file or give an external link, not both.");
    assert_nothing_stored(&app);

    let neither = [("title", "T"), ("meetingDate", DATE), ("externalLink", " ")];
    let body = json_of(post(&app, Some(&admin), form(&neither, None)), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["file"], "Upload a PDF file or give an external link.");
    assert_nothing_stored(&app);
}

#[test]
fn links_must_be_http_or_https() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    for link in [
        "javascript:alert(document.cookie)",
        "JavaScript:alert(1)",
        "data:text/html,<b>x</b>",
        "file:///etc/passwd",
        "docs.example.org/m",
    ] {
        let fields = [("title", "T"), ("meetingDate", DATE), ("externalLink", link)];
        let body = json_of(post(&app, Some(&admin), form(&fields, None)), StatusCode::BAD_REQUEST);
        assert_eq!(
            body["errors"]["externalLink"], "External link must be a valid http or https URL",
            "{link}"
        );
    }
    assert_nothing_stored(&app);
}

#[test]
fn each_field_is_validated_with_a_message_and_nothing_is_left_behind() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    type Fields<'a> = Vec<(&'a str, &'a str)>;
    let cases: Vec<(Fields, &str, &str)> = vec![
        (vec![("meetingDate", DATE)], "title", "Title is required"),
        (vec![("title", " "), ("meetingDate", DATE)], "title", "Title is required"),
        (vec![("title", "T")], "meetingDate", "Meeting date is required"),
        (
            vec![("title", "T"), ("meetingDate", "5 March")],
            "meetingDate",
            "Meeting date must be a date and time (for example 2026-03-05T18:30:00Z)",
        ),
        (
            vec![("title", "T"), ("meetingDate", "2026-03-05T18:30")],
            "meetingDate",
            "Meeting date must include a time zone (for example 2026-03-05T18:30:00Z)",
        ),
        (
            vec![("title", "T"), ("meetingDate", DATE), ("meetingId", "abc")],
            "meetingId",
            "Meeting ID must be a whole number",
        ),
        (
            vec![("title", "T"), ("meetingDate", DATE), ("meetingId", "-3")],
            "meetingId",
            "Meeting ID must be a whole number",
        ),
    ];
    for (fields, field, message) in cases {
        let body =
            json_of(post(&app, Some(&admin), form(&fields, pdf_part("a.pdf"))), StatusCode::BAD_REQUEST);
        assert_eq!(body["errors"][field], message, "{body}");
        assert_nothing_stored(&app);
    }
}

#[test]
fn an_unknown_meeting_is_refused_after_the_file_was_committed_and_the_file_is_removed() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    // The insert itself refuses the meeting id (foreign key), so this goes through the clean-up path.
    let fields = [("title", "T"), ("meetingDate", DATE), ("meetingId", "424242")];
    let body = json_of(post(&app, Some(&admin), form(&fields, pdf_part("a.pdf"))), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["meetingId"], "There is no meeting with this ID");
    assert_nothing_stored(&app);
    let link =
        [("title", "T"), ("meetingDate", DATE), ("meetingId", "424242"), ("externalLink", "https://e.org/m")];
    let body = json_of(post(&app, Some(&admin), form(&link, None)), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["meetingId"], "There is no meeting with this ID");
    assert_nothing_stored(&app);

    let meeting = json_of(
        app.post("/api/meetings")
            .auth(&admin)
            .json(&json!({"title": "Board", "meetingDate": DATE}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let id = meeting["id"].to_string();
    let fields = [("title", "T"), ("meetingDate", DATE), ("meetingId", id.as_str())];
    let created = json_of(post(&app, Some(&admin), form(&fields, pdf_part("a.pdf"))), StatusCode::CREATED);
    assert_eq!(created["meetingId"], meeting["id"]);
}

#[test]
fn only_pdfs_up_to_10_mb_are_accepted() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let fields = [("title", "T"), ("meetingDate", DATE)];
    let refused = [
        (fixture("policy.docx"), "minutes.docx", "This type of file is not accepted. Accepted types: PDF."),
        (fixture("agenda.txt"), "minutes.txt", "This type of file is not accepted. Accepted types: PDF."),
        (fixture("agenda.txt"), "minutes.pdf", "The file's content is not a valid PDF file."),
        (fixture("policy.docx"), "minutes.pdf", "The file's content is not a valid PDF file."),
    ];
    for (bytes, name, message) in refused {
        let part = Some(file_part(bytes, name, PDF_MIME));
        let body = json_of(post(&app, Some(&admin), form(&fields, part)), StatusCode::BAD_REQUEST);
        assert_eq!(body["errors"]["file"], message, "{name}");
        assert_nothing_stored(&app);
    }
    let big = Some(file_part(pdf_of_size(TEN_MB + 1), "big.pdf", PDF_MIME));
    let message = error_of(post(&app, Some(&admin), form(&fields, big)), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(message, "The file is too large. The limit is 10 MB.");
    assert_nothing_stored(&app);
}

fn listed_titles(app: &TestApp, who: &Session, query: &str) -> Vec<String> {
    let response = app.get("/api/minutes").query(&[("search", query)]).auth(who).send().unwrap();
    titles(&json_of(response, StatusCode::OK))
}

#[test]
fn everyone_lists_newest_meeting_first_and_search_is_case_insensitive_and_literal() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    upload_link(&app, &admin, "Board_minutes January", "2026-01-10T18:00:00Z");
    upload_link(&app, &admin, "Boardxminutes February", "2026-02-10T18:00:00Z");
    upload_link(&app, &admin, "100% attendance AGM", "2026-03-10T18:00:00Z");
    upload_link(&app, &admin, "Finance committee", "2026-03-10T18:00:00Z");
    upload_link(&app, &admin, "Back\\slash notes", "2025-12-01T18:00:00Z");

    let all = [
        "Finance committee",
        "100% attendance AGM",
        "Boardxminutes February",
        "Board_minutes January",
        "Back\\slash notes",
    ];
    for who in [&admin, &chair, &trustee] {
        assert_eq!(listed_titles(&app, who, ""), all);
    }
    let body = json_of(app.get("/api/minutes").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(body.as_array().unwrap().len(), 5);

    assert_eq!(listed_titles(&app, &trustee, "BOARD"), ["Boardxminutes February", "Board_minutes January"]);
    assert_eq!(listed_titles(&app, &trustee, "  finance "), ["Finance committee"]);
    assert_eq!(listed_titles(&app, &trustee, "_"), ["Board_minutes January"]);
    assert_eq!(listed_titles(&app, &trustee, "board_"), ["Board_minutes January"]);
    assert_eq!(listed_titles(&app, &trustee, "%"), ["100% attendance AGM"]);
    assert_eq!(listed_titles(&app, &trustee, "\\"), ["Back\\slash notes"]);
    assert!(listed_titles(&app, &trustee, "nothing like this").is_empty());

    let body = json_of(
        app.get("/api/minutes").query(&[("search", "x".repeat(201))]).auth(&trustee).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["search"], "Search must be at most 200 characters");
    error_of(app.get("/api/minutes").send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn pdf_minutes_download_byte_for_byte_and_link_minutes_have_no_file() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let file = upload_pdf(&app, &chair, "March", "Procès-verbal mars.pdf");
    let link = upload_link(&app, &chair, "April", DATE);

    for who in [&admin, &chair, &trustee] {
        let response = app.get(&format!("/api/minutes/{}/download", file["id"])).auth(who).send().unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header(&response, "content-type"), PDF_MIME);
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        let disposition = header(&response, "content-disposition");
        assert!(disposition.starts_with("attachment;"), "{disposition}");
        assert_eq!(disposition_file_name(&disposition), "Procès-verbal mars.pdf");
        assert_eq!(response.bytes().unwrap().to_vec(), pdf());
    }

    let message = error_of(
        app.get(&format!("/api/minutes/{}/download", link["id"])).auth(&trustee).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    assert_eq!(message, "Minutes file not found");
    error_of(app.get("/api/minutes/999999/download").auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);
    error_of(
        app.get(&format!("/api/minutes/{}/download", file["id"])).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
}

fn ticket_url(app: &TestApp, who: &Session, id: i64) -> String {
    app.view_ticket_url(who, &format!("/api/minutes/{id}"))
}

#[test]
fn view_tickets_open_one_set_of_minutes_inline() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let id = upload_pdf(&app, &admin, "March", "march.pdf")["id"].as_i64().unwrap();
    let other = upload_pdf(&app, &admin, "April", "april.pdf")["id"].as_i64().unwrap();
    let link = upload_link(&app, &admin, "May", DATE)["id"].as_i64().unwrap();

    let chair = app.signed_in_as(Role::Chair);
    for who in [&admin, &chair] {
        let url = ticket_url(&app, who, id);
        assert_eq!(app.get(&url).send().unwrap().status(), StatusCode::OK);
    }
    let url = ticket_url(&app, &trustee, id);
    app.assert_shows_pdf_inline(&url);

    let ticket = url.split("ticket=").nth(1).unwrap().to_string();
    let expired = ticket_issued_at(
        || chrono::Utc::now() - chrono::Duration::minutes(5),
        trustee.id,
        app.session_id_of(trustee.id),
        ViewResource::Minutes(MinutesId(id as i32)),
    );
    // A document ticket with the same number does not open minutes.
    let document_ticket = ticket_issued_at(
        chrono::Utc::now,
        trustee.id,
        app.session_id_of(trustee.id),
        ViewResource::Document(DocumentId(id as i32)),
    );
    for query in [
        format!("/api/minutes/{other}/view?ticket={ticket}"),
        format!("/api/minutes/{id}/view?ticket={expired}"),
        format!("/api/minutes/{id}/view?ticket={document_ticket}"),
        format!("/api/minutes/{id}/view?ticket={}", trustee.token),
        format!("/api/minutes/{id}/view?token={}", trustee.token),
        format!("/api/minutes/{id}/view"),
    ] {
        error_of(app.get(&query).send().unwrap(), StatusCode::UNAUTHORIZED);
    }

    let url = ticket_url(&app, &trustee, id);
    json_of(app.post("/api/auth/logout").auth(&trustee).send().unwrap(), StatusCode::OK);
    error_of(app.get(&url).send().unwrap(), StatusCode::UNAUTHORIZED);

    error_of(
        app.post(&format!("/api/minutes/{link}/view-ticket")).auth(&admin).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    error_of(app.post(&format!("/api/minutes/{id}/view-ticket")).send().unwrap(), StatusCode::UNAUTHORIZED);
}
