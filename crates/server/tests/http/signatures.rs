//! Signatures and checking (docs/spec.md §16): approved minutes signed by the chair with the password in
//! the request, never by a session alone; the signature row cannot be changed; the signed PDF validates
//! with an independent tool (poppler's `pdfsig`); `/api/verify` confirms the exact bytes and a code, and
//! refuses a one-byte change.

use std::process::Command;

use domain::identity::role::Role;
use domain::MeetingId;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{error_of, json_of, Authed, Session, TestApp, PASSWORD};

pub(crate) fn path(meeting: MeetingId, rest: &str) -> String {
    format!("/api/meetings/{}/written-minutes{rest}", meeting.0)
}

pub(crate) fn post(app: &TestApp, who: &Session, url: &str, body: Value) -> reqwest::blocking::Response {
    app.post(url).auth(who).json(&body).send().unwrap()
}

/// Minutes of a meeting with one decision, circulated (not yet approved).
pub(crate) fn circulated_minutes(app: &TestApp, chair: &Session) -> (MeetingId, MeetingId) {
    let march = app
        .schedule_meeting_id(chair, &json!({"title": "March board", "meetingDate": "2026-03-05T18:30:00Z"}));
    let april = app
        .schedule_meeting_id(chair, &json!({"title": "April board", "meetingDate": "2026-04-02T17:30:00Z"}));
    json_of(post(app, chair, &path(march, ""), json!({})), StatusCode::CREATED);
    json_of(
        post(
            app,
            chair,
            &path(march, "/entries"),
            json!({"kind": "decision", "text": "The budget was approved."}),
        ),
        StatusCode::CREATED,
    );
    json_of(app.post(&path(march, "/circulate")).auth(chair).send().unwrap(), StatusCode::OK);
    (march, april)
}

/// What `pdfsig` says of these bytes. It must be installed (poppler-utils, scripts/install-system-deps.sh):
/// the test fails rather than skips without it.
pub(crate) fn pdfsig(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("signed.pdf");
    std::fs::write(&file, bytes).expect("write the PDF");
    let output = Command::new("pdfsig").arg(&file).output().unwrap_or_else(|error| {
        panic!("pdfsig (Debian's poppler-utils) is needed to check signatures: run scripts/install-system-deps.sh ({error})")
    });
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

pub(crate) fn verify_file(app: &TestApp, bytes: Vec<u8>) -> Value {
    let part = reqwest::blocking::multipart::Part::bytes(bytes).file_name("minutes.pdf");
    let form = reqwest::blocking::multipart::Form::new().part("file", part);
    json_of(app.post("/api/verify").multipart(form).send().unwrap(), StatusCode::OK)
}

#[test]
fn the_chair_signs_approved_minutes_with_the_password_and_anyone_can_check_the_file() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let (march, april) = circulated_minutes(&app, &chair);
    let sign = path(march, "/sign");

    // A session alone never signs; not before approval either.
    let refused = json_of(post(&app, &chair, &sign, json!({})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["password"].is_string(), "{refused}");
    error_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::CONFLICT);
    json_of(
        post(
            &app,
            &chair,
            &path(march, "/approve"),
            json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": april.0}),
        ),
        StatusCode::OK,
    );
    // The wrong person (an admin, a trustee), then a wrong password.
    error_of(post(&app, &admin, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    error_of(post(&app, &trustee, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    let refused =
        json_of(post(&app, &chair, &sign, json!({"password": "not-my-password"})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["password"].is_string(), "{refused}");
    error_of(app.get(&path(march, "/signed-pdf")).auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);

    let signed = json_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::CREATED);
    assert_eq!((signed["method"].as_str(), signed["recordVersion"].as_i64()), (Some("password"), Some(1)));
    let code = signed["verificationCode"].as_str().unwrap().to_string();
    assert!(code.len() == 11 && code.as_bytes()[5] == b'-', "{signed}");
    error_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::CONFLICT);

    // The signed PDF: its hash is the one recorded, its signature page prints the code, pdfsig validates it.
    let response = app.get(&path(march, "/signed-pdf")).auth(&trustee).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().unwrap().to_vec();
    let hash: String = {
        use sha2::Digest;
        sha2::Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect()
    };
    assert_eq!(signed["signedSha256"].as_str(), Some(hash.as_str()));
    let report = pdfsig(&bytes);
    assert!(report.contains("Signature is Valid"), "{report}");
    assert!(report.contains("Total document signed"), "{report}");
    let mut changed = bytes.clone();
    let middle = changed.len() / 3;
    changed[middle] ^= 0x01;
    assert!(!pdfsig(&changed).contains("Signature is Valid"), "a changed byte breaks the signature");

    // The public check: the exact bytes and the code say who signed; a one-byte change is not signed.
    let checked = verify_file(&app, bytes);
    assert_eq!(checked["signed"], true, "{checked}");
    assert_eq!(checked["role"], "Chair of the meeting");
    assert_eq!(checked.as_object().map(|o| o.len()), Some(4), "nothing else is revealed: {checked}");
    assert_eq!(verify_file(&app, changed)["signed"], false);
    let by_code = json_of(
        app.post("/api/verify").json(&json!({"code": code.to_lowercase()})).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(by_code["signed"], true, "{by_code}");
    let unknown = json_of(
        app.post("/api/verify").json(&json!({"code": "AAAAA-AAAAA"})).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(unknown["signed"], false);
    error_of(app.post("/api/verify").json(&json!({})).send().unwrap(), StatusCode::BAD_REQUEST);

    // The certificate is public.
    let pem = app.get("/api/signing/certificate").send().unwrap().text().unwrap();
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----"), "{pem}");

    // The signature row is append-only.
    use diesel::RunQueryDsl;
    let mut conn = app.pool.get().expect("conn");
    for statement in ["UPDATE signatures SET signer_name = 'Someone else'", "DELETE FROM signatures"] {
        let refused = diesel::sql_query(statement).execute(&mut conn);
        assert!(
            refused.as_ref().is_err_and(|e| e.to_string().contains("append-only")),
            "{statement}: {refused:?}"
        );
    }
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM signatures"), 1);
}

#[test]
fn checks_on_the_public_page_are_throttled_per_address() {
    let app = TestApp::spawn();
    let mut last = StatusCode::OK;
    for _ in 0..21 {
        last = app.post("/api/verify").json(&json!({"code": "AAAAA-AAAAA"})).send().unwrap().status();
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}

#[test]
fn a_person_who_has_signed_is_deactivated_not_deleted() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Sid Signer");
    let admin = app.signed_in_as(Role::Admin);
    let (march, april) = circulated_minutes(&app, &chair);
    let approval = json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": april.0});
    json_of(post(&app, &chair, &path(march, "/approve"), approval), StatusCode::OK);
    json_of(post(&app, &chair, &path(march, "/sign"), json!({"password": PASSWORD})), StatusCode::CREATED);

    let message = error_of(
        app.delete(&format!("/api/users/{}", chair.id)).auth(&admin).send().unwrap(),
        StatusCode::CONFLICT,
    );
    assert!(message.contains("deactivate the account instead"), "{message}");
    assert_eq!(app.scalar_i64(&format!("SELECT count(*) AS value FROM users WHERE id = {}", chair.id)), 1);
    let signature = json_of(app.get(&path(march, "/signature")).auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(signature["signerName"], "Sid Signer");
}
