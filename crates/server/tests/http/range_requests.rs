//! Range requests on every file answer (spec §2 Pack reader, "Range requests"): single ranges answer 206
//! with exactly those bytes, an unsatisfiable one 416, several ranges or a stale `If-Range` the whole
//! file; a strong `ETag` (SHA-256 of the bytes, the pack's fingerprint); one audit event per reading.

use domain::identity::role::Role;
use reqwest::blocking::{RequestBuilder, Response};
use reqwest::StatusCode;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::common::files::{file_part, form, header, pdf};
use crate::common::{at, item, json_of, Authed, Session, TestApp};

/// Bytes long enough for every range below, and a PDF by their magic.
fn paper_bytes() -> Vec<u8> {
    let mut bytes = pdf();
    assert!(bytes.len() > 300, "the fixture is {} bytes", bytes.len());
    bytes.extend(b"\n% padding to tell the ranges apart 0123456789");
    bytes
}

fn sha256_tag(bytes: &[u8]) -> String {
    let hex: String = Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

fn with_range(request: RequestBuilder, range: &str) -> Response {
    request.header("Range", range).send().unwrap()
}

fn part_of(response: Response, range: (usize, usize), whole: &[u8]) {
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    let (start, end) = range;
    assert_eq!(header(&response, "content-range"), format!("bytes {start}-{end}/{}", whole.len()));
    assert_eq!(header(&response, "content-length"), (end - start + 1).to_string());
    assert_eq!(header(&response, "accept-ranges"), "bytes");
    assert_eq!(header(&response, "x-content-type-options"), "nosniff");
    assert!(!header(&response, "content-disposition").is_empty());
    assert_eq!(response.bytes().unwrap().to_vec(), whole[start..=end].to_vec());
}

fn whole_of(response: Response, whole: &[u8]) {
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "accept-ranges"), "bytes");
    assert_eq!(header(&response, "content-length"), whole.len().to_string());
    assert!(header(&response, "content-range").is_empty());
    assert_eq!(response.bytes().unwrap().to_vec(), whole.to_vec());
}

/// Every rule of the contract on one file answer; `request` makes a fresh request for it. Answers its
/// `ETag`.
fn answers_ranges(request: &dyn Fn() -> RequestBuilder, whole: &[u8]) -> String {
    let len = whole.len();
    let first = request().send().unwrap();
    let etag = header(&first, "etag");
    assert!(etag.starts_with('"') && etag.len() == 66, "a quoted SHA-256: {etag}");
    assert_eq!(header(&first, "cache-control"), "private, no-store");
    assert!(header(&first, "content-security-policy").starts_with("sandbox"));
    whole_of(first, whole);
    assert_eq!(header(&request().send().unwrap(), "etag"), etag, "the tag is stable");

    part_of(with_range(request(), "bytes=0-99"), (0, 99), whole);
    part_of(with_range(request(), "bytes=100-"), (100, len - 1), whole);
    part_of(with_range(request(), "bytes=-50"), (len - 50, len - 1), whole);
    part_of(with_range(request(), &format!("bytes=200-{}", len + 500)), (200, len - 1), whole);

    let refused = with_range(request(), &format!("bytes={len}-"));
    assert_eq!(refused.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(header(&refused, "content-range"), format!("bytes */{len}"));
    assert_eq!(
        json_of(refused, StatusCode::RANGE_NOT_SATISFIABLE)["message"],
        "The requested range is not within the file."
    );

    whole_of(with_range(request(), "bytes=0-9,20-29"), whole);
    whole_of(with_range(request(), "bytes=nonsense"), whole);
    whole_of(
        request().header("If-Range", "\"another-version\"").header("Range", "bytes=0-9").send().unwrap(),
        whole,
    );
    part_of(
        request().header("If-Range", etag.as_str()).header("Range", "bytes=0-9").send().unwrap(),
        (0, 9),
        whole,
    );

    etag
}

fn document(app: &TestApp, who: &Session, bytes: &[u8]) -> i64 {
    let upload = form(
        &[("title", "Policy"), ("category", "misc")],
        Some(file_part(bytes.to_vec(), "policy.pdf", "application/pdf")),
    );
    json_of(app.post("/api/documents").auth(who).multipart(upload).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

fn audit_count(app: &TestApp, kind: &str) -> i64 {
    app.scalar_i64(&format!("SELECT count(*) AS value FROM audit_events WHERE kind = '{kind}'"))
}

#[test]
fn a_document_answers_ranges_by_download_and_view_and_each_reading_is_audited_once() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let bytes = paper_bytes();
    let id = document(&app, &admin, &bytes);

    let path = format!("/api/documents/{id}/download");
    let etag = answers_ranges(&|| app.get(&path).auth(&trustee), &bytes);
    assert_eq!(etag, sha256_tag(&bytes));

    let url = app.view_ticket_url(&trustee, &format!("/api/documents/{id}"));
    assert_eq!(answers_ranges(&|| app.get(&url), &bytes), etag);

    // HEAD answers the head of a GET, without the body.
    let head = app.client.head(app.url(&path)).auth(&trustee).send().unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(header(&head, "etag"), etag);
    assert_eq!(header(&head, "accept-ranges"), "bytes");
    assert!(head.bytes().unwrap().is_empty());

    // A reader opening the file (0-) then fetching three later chunks: one reading, one event.
    let before = audit_count(&app, "document_viewed");
    // (The last chunk, from the file's second half to its end, as pdf.js asks for it.)
    let last = format!("bytes={}-", bytes.len() * 3 / 4);
    for range in ["bytes=0-99", "bytes=100-199", "bytes=200-299", last.as_str()] {
        assert_eq!(with_range(app.get(&url), range).status(), StatusCode::PARTIAL_CONTENT);
    }
    assert_eq!(audit_count(&app, "document_viewed"), before + 1);
    let before = audit_count(&app, "document_downloaded");
    assert_eq!(with_range(app.get(&path).auth(&trustee), "bytes=0-").status(), StatusCode::PARTIAL_CONTENT);
    for range in ["bytes=100-199", "bytes=200-299", "bytes=-50"] {
        assert_eq!(with_range(app.get(&path).auth(&trustee), range).status(), StatusCode::PARTIAL_CONTENT);
    }
    assert_eq!(audit_count(&app, "document_downloaded"), before + 1);

    // What is answered decides, not how it was asked: the whole file by a suffix range, or by a range
    // whose If-Range names another version, is a reading and recorded; so is nearly all of it from byte 1;
    // a later chunk, a one-byte check and a HEAD are not.
    let before = audit_count(&app, "document_downloaded");
    let len = bytes.len();
    assert_eq!(
        with_range(app.get(&path).auth(&trustee), &format!("bytes=-{len}")).status(),
        StatusCode::PARTIAL_CONTENT
    );
    assert_eq!(audit_count(&app, "document_downloaded"), before + 1);
    let stale = with_range(app.get(&path).auth(&trustee).header("If-Range", "\"another\""), "bytes=1-");
    assert_eq!(stale.status(), StatusCode::OK);
    assert_eq!(audit_count(&app, "document_downloaded"), before + 2);
    assert_eq!(with_range(app.get(&path).auth(&trustee), "bytes=1-").status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(audit_count(&app, "document_downloaded"), before + 3);
    let later = format!("bytes={}-", len - 10);
    assert_eq!(with_range(app.get(&path).auth(&trustee), &later).status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(with_range(app.get(&path).auth(&trustee), "bytes=1-1").status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(app.client.head(app.url(&path)).auth(&trustee).send().unwrap().status(), StatusCode::OK);
    assert_eq!(audit_count(&app, "document_downloaded"), before + 3);
}

#[test]
fn uploaded_minutes_answer_ranges_by_download_and_view() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let bytes = paper_bytes();
    let upload = form(
        &[("title", "March minutes"), ("meetingDate", "2026-03-05T18:30:00Z")],
        Some(file_part(bytes.clone(), "minutes.pdf", "application/pdf")),
    );
    let id =
        json_of(app.post("/api/minutes").auth(&admin).multipart(upload).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();
    let path = format!("/api/minutes/{id}/download");
    assert_eq!(answers_ranges(&|| app.get(&path).auth(&trustee), &bytes), sha256_tag(&bytes));
    let url = app.view_ticket_url(&trustee, &format!("/api/minutes/{id}"));
    answers_ranges(&|| app.get(&url), &bytes);

    let before = audit_count(&app, "minutes_viewed");
    let last = format!("bytes={}-", bytes.len() * 3 / 4);
    for range in ["bytes=0-99", "bytes=100-199", "bytes=200-299", last.as_str()] {
        assert_eq!(with_range(app.get(&url), range).status(), StatusCode::PARTIAL_CONTENT);
    }
    assert_eq!(audit_count(&app, "minutes_viewed"), before + 1);
}

#[test]
fn an_agenda_paper_a_committee_document_and_the_board_pack_answer_ranges() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let bytes = paper_bytes();
    let meeting = app.schedule_meeting_id(
        &chair,
        &json!({"title": "Board", "meetingDate": at(chrono::Duration::days(7))}),
    );
    let items = app.add_agenda_items(&chair, meeting, &[item("Finance")]);
    let uploaded = app
        .post(&format!("/api/meetings/{}/agenda-items/{}/papers", meeting.0, items[0].0))
        .auth(&chair)
        .multipart(form(&[], Some(file_part(bytes.clone(), "budget.pdf", "application/pdf"))))
        .send()
        .unwrap();
    let paper = json_of(uploaded, StatusCode::CREATED)["id"].as_i64().unwrap();
    let path = format!("/api/meetings/{}/agenda-items/{}/papers/{paper}/download", meeting.0, items[0].0);
    assert_eq!(answers_ranges(&|| app.get(&path).auth(&chair), &bytes), sha256_tag(&bytes));

    let before = audit_count(&app, "document_downloaded");
    let last = format!("bytes={}-", bytes.len() * 3 / 4);
    for range in ["bytes=0-99", "bytes=100-199", "bytes=200-299", last.as_str()] {
        assert_eq!(with_range(app.get(&path).auth(&chair), range).status(), StatusCode::PARTIAL_CONTENT);
    }
    assert_eq!(audit_count(&app, "document_downloaded"), before + 1);

    let committee = app.create_committee(&chair, "Finance Committee");
    let upload =
        form(&[("title", "Accounts")], Some(file_part(bytes.clone(), "accounts.pdf", "application/pdf")));
    let created = app
        .post(&format!("/api/committees/{committee}/documents"))
        .auth(&chair)
        .multipart(upload)
        .send()
        .unwrap();
    let document = json_of(created, StatusCode::CREATED)["id"].as_i64().unwrap();
    let path = format!("/api/committees/{committee}/documents/{document}/download");
    answers_ranges(&|| app.get(&path).auth(&chair), &bytes);

    let path = format!("/api/meetings/{}/board-pack", meeting.0);
    let pack = app.get(&path).auth(&chair).send().unwrap().bytes().unwrap().to_vec();
    let etag = answers_ranges(&|| app.get(&path).auth(&chair), &pack);
    let fingerprint = app.scalar_text("SELECT fingerprint AS value FROM board_packs").unwrap();
    assert_eq!(etag, format!("\"{fingerprint}\""));
}
