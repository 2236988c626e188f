//! Signatures and checking (docs/spec.md §16): approved minutes signed by the chair with the password in
//! the request, never by a session alone; the signature row cannot be changed; the signed PDF validates
//! with an independent tool (poppler's `pdfsig`); `/api/verify` confirms the exact bytes and a code, and
//! refuses a one-byte change.

use domain::identity::role::Role;
use domain::MeetingId;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::signed_files::{check_signed_pdf, sha256_hex, verify_file};
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

    // The signed PDF: its hash is the one recorded, pdfsig validates it, the public check says who signed
    // (nothing else), and a one-byte change is neither valid nor signed; the code says the same.
    check_signed_pdf(&app, &trustee, &path(march, "/signed-pdf"), &signed, "Chair of the meeting");
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
    for statement in [
        "UPDATE signatures SET signer_name = 'Someone else'",
        "DELETE FROM signatures",
        "TRUNCATE signatures",
    ] {
        let refused = diesel::sql_query(statement).execute(&mut conn);
        assert!(
            refused.as_ref().is_err_and(|e| e.to_string().contains("append-only")),
            "{statement}: {refused:?}"
        );
    }
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM signatures"), 1);
}

#[test]
fn codes_checked_on_the_public_page_are_throttled_per_address_and_files_are_not() {
    let app = TestApp::spawn();
    let file_check = || verify_file(&app, b"%PDF-1.7 not a signed file".to_vec());
    // An auditor checks a year's files: none is held back.
    for _ in 0..25 {
        let answer = file_check();
        assert_eq!(answer["signed"], json!(false), "{answer}");
    }
    let mut statuses = Vec::new();
    for _ in 0..21 {
        statuses.push(app.post("/api/verify").json(&json!({"code": "AAAAA-AAAAA"})).send().unwrap().status());
    }
    assert!(statuses[..20].iter().all(|s| *s == StatusCode::OK), "{statuses:?}");
    assert_eq!(statuses[20], StatusCode::TOO_MANY_REQUESTS);
    // Files are still checked once codes are refused.
    assert_eq!(file_check()["signed"], json!(false));
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

/// Approves the circulated minutes at the April meeting.
fn approve(app: &TestApp, chair: &Session, march: MeetingId, april: MeetingId) {
    let approval = json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": april.0});
    json_of(post(app, chair, &path(march, "/approve"), approval), StatusCode::OK);
}

fn signature_row(app: &TestApp, version: i32) -> Option<String> {
    app.scalar_text(&format!(
        "SELECT concat_ws(' ', id, record_version, signer_id, method, signed_at, document_sha256, \
         signed_sha256, verification_code, file_key, file_name) AS value FROM signatures \
         WHERE kind = 'minutes' AND record_version = {version}"
    ))
}

#[test]
fn every_signed_version_of_corrected_minutes_stays_downloadable_and_checkable() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let trustee = app.signed_in_as(Role::Trustee);
    let (march, april) = circulated_minutes(&app, &chair);
    let list = |who: &Session| {
        json_of(app.get(&path(march, "/signatures")).auth(who).send().unwrap(), StatusCode::OK)
    };
    let version_pdf = |version: i32| path(march, &format!("/versions/{version}/signed-pdf"));

    // Nothing signed yet: an empty list, and no signed PDF of version 1.
    assert_eq!(list(&trustee), json!([]));
    approve(&app, &chair, march, april);
    error_of(app.get(&version_pdf(1)).auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);
    let first = json_of(
        post(&app, &chair, &path(march, "/sign"), json!({"password": PASSWORD})),
        StatusCode::CREATED,
    );
    assert_eq!(first["recordVersion"], 1);

    // The hash printed 'before signing' is the minutes' PDF as downloaded while nothing has changed; once
    // the minutes are locked their PDF says so, and its hash is no longer that one (docs/operations.md,
    // Checking a signed file: the auditor checks the signed file itself).
    let pdf =
        |who: &Session| app.get(&path(march, "/pdf")).auth(who).send().unwrap().bytes().unwrap().to_vec();
    assert_eq!(first["documentSha256"].as_str(), Some(sha256_hex(&pdf(&trustee)).as_str()));
    json_of(app.post(&path(march, "/lock")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_ne!(first["documentSha256"].as_str(), Some(sha256_hex(&pdf(&trustee)).as_str()));
    let version_1_row = signature_row(&app, 1);
    assert!(version_1_row.is_some());

    // A correction: version 2, circulated and approved the way written minutes are; unsigned at first.
    json_of(post(&app, &chair, &path(march, "/corrections"), json!({"reason": "Typo"})), StatusCode::CREATED);
    // While it is a draft, a trustee still reads version 1 and its signature.
    let seen = json_of(app.get(&path(march, "/signature")).auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(seen["verificationCode"], first["verificationCode"]);
    json_of(app.post(&path(march, "/circulate")).auth(&chair).send().unwrap(), StatusCode::OK);
    approve(&app, &chair, march, april);
    error_of(app.get(&path(march, "/signature")).auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);
    let listed = list(&trustee);
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    let second = json_of(
        post(&app, &chair, &path(march, "/sign"), json!({"password": PASSWORD})),
        StatusCode::CREATED,
    );
    assert_eq!(second["recordVersion"], 2);

    // Both signed versions, newest first, with what was recorded at signing.
    let listed = list(&trustee);
    assert_eq!(listed, json!([second, first]));
    for row in listed.as_array().unwrap() {
        for field in
            ["recordVersion", "signerName", "role", "signedAt", "method", "verificationCode", "signedSha256"]
        {
            assert!(!row[field].is_null(), "{field} in {row}");
        }
    }
    // Each signed PDF downloads: its SHA-256 is the listed one, pdfsig and /api/verify accept it.
    let one = check_signed_pdf(&app, &trustee, &version_pdf(1), &listed[1], "Chair of the meeting");
    let two = check_signed_pdf(&app, &trustee, &version_pdf(2), &listed[0], "Chair of the meeting");
    assert_ne!(sha256_hex(&one), sha256_hex(&two));
    assert_ne!(listed[0]["signedSha256"], listed[1]["signedSha256"]);

    // The current minutes' signature and signed PDF are version 2's.
    let current = json_of(app.get(&path(march, "/signature")).auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(current, second);
    check_signed_pdf(&app, &trustee, &path(march, "/signed-pdf"), &second, "Chair of the meeting");
    // No such version, and no such meeting.
    error_of(app.get(&version_pdf(3)).auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);
    error_of(
        app.get("/api/meetings/999999/written-minutes/signatures").auth(&trustee).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    // Version 1's row is exactly as it was.
    assert_eq!(signature_row(&app, 1), version_1_row);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM signatures"), 2);
}

#[test]
fn a_recovery_code_signs_and_is_recorded_as_one_not_as_an_authenticator_code() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let (secret, recovery) = crate::account_security::enrol(&app, &chair);
    let (march, april) = circulated_minutes(&app, &chair);
    approve(&app, &chair, march, april);
    let sign = path(march, "/sign");

    let signed = json_of(post(&app, &chair, &sign, json!({"code": recovery[0]})), StatusCode::CREATED);
    assert_eq!(signed["method"], "recovery_code");
    let row = app.scalar_text("SELECT method AS value FROM signatures WHERE kind = 'minutes'");
    assert_eq!(row.as_deref(), Some("recovery_code"));
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS value FROM mfa_recovery_codes WHERE used_at IS NOT NULL"),
        1,
        "the recovery code is used up"
    );
    // The signature page says how it was confirmed.
    let bytes = check_signed_pdf(&app, &chair, &path(march, "/signed-pdf"), &signed, "Chair of the meeting");
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("Chair of the meeting, signed on"), "{text}");
    assert!(text.contains("confirmed with a recovery code."), "{text}");

    // A used recovery code does not sign again; an authenticator's code (the next time step: enrolment
    // used this one) is recorded as `totp`.
    json_of(post(&app, &chair, &path(march, "/corrections"), json!({"reason": "Typo"})), StatusCode::CREATED);
    json_of(app.post(&path(march, "/circulate")).auth(&chair).send().unwrap(), StatusCode::OK);
    approve(&app, &chair, march, april);
    let refused = json_of(post(&app, &chair, &sign, json!({"code": recovery[0]})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["code"].is_string(), "{refused}");
    let signed = json_of(
        post(&app, &chair, &sign, json!({"code": crate::common::totp_code(&secret, 30)})),
        StatusCode::CREATED,
    );
    assert_eq!((signed["method"].as_str(), signed["recordVersion"].as_i64()), (Some("totp"), Some(2)));
}
