//! Who signs the minutes and certifies resolutions (docs/spec.md §16 Signing): who chaired a meeting is
//! recorded by an officer, and they sign its minutes (the board's chair when nobody is recorded); the
//! secretary named in the governance settings certifies passed resolutions besides the chair.

use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{error_of, json_of, Authed, Session, TestApp, PASSWORD};
use crate::signatures::{circulated_minutes, path, post};

fn chair_url(meeting: i32) -> String {
    format!("/api/meetings/{meeting}/chair")
}

fn record_chair(app: &TestApp, who: &Session, meeting: i32, body: Value) -> reqwest::blocking::Response {
    app.put(&chair_url(meeting)).auth(who).json(&body).send().unwrap()
}

fn approve(app: &TestApp, chair: &Session, minutes: domain::MeetingId, at: domain::MeetingId) {
    json_of(
        post(
            app,
            chair,
            &path(minutes, "/approve"),
            json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": at.0}),
        ),
        StatusCode::OK,
    );
}

#[test]
fn officers_record_who_chaired_a_meeting_someone_who_may_read_it() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let admin = app.signed_in_as(Role::Admin);
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let board = app
        .schedule_meeting_id(&chair, &json!({"title": "March board", "meetingDate": "2026-03-05T18:30:00Z"}))
        .0;

    // Nobody recorded yet; every member reads it.
    let seen = json_of(app.get(&chair_url(board)).auth(&olly).send().unwrap(), StatusCode::OK);
    assert_eq!(seen["chairedBy"], Value::Null);
    let recorded = json_of(record_chair(&app, &admin, board, json!({"userId": tina.id})), StatusCode::OK);
    assert_eq!(recorded["chairedBy"], json!({"id": tina.id, "name": "Tina Trustee"}));
    let seen = json_of(app.get(&chair_url(board)).auth(&olly).send().unwrap(), StatusCode::OK);
    assert_eq!(seen["chairedBy"]["name"], "Tina Trustee");
    assert_eq!(
        app.scalar_i64(&format!("SELECT chaired_by::bigint AS value FROM meetings WHERE id = {board}")),
        i64::from(tina.id)
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM audit_events WHERE kind = 'meeting_chair_recorded' \
             AND object_type = 'meeting' AND object_id = '{board}' AND actor_id = {}",
            admin.id
        )),
        1
    );

    // A trustee may not record it; an unknown meeting is 404; an unknown or inactive user is 400.
    error_of(record_chair(&app, &tina, board, json!({"userId": tina.id})), StatusCode::FORBIDDEN);
    error_of(record_chair(&app, &chair, 999_999, json!({"userId": tina.id})), StatusCode::NOT_FOUND);
    let refused =
        json_of(record_chair(&app, &chair, board, json!({"userId": 999_999})), StatusCode::BAD_REQUEST);
    assert_eq!(refused["errors"]["userId"], "Choose an active user");
    app.execute(&format!("UPDATE users SET active = false WHERE id = {}", olly.id));
    let refused =
        json_of(record_chair(&app, &chair, board, json!({"userId": olly.id})), StatusCode::BAD_REQUEST);
    assert_eq!(refused["errors"]["userId"], "Choose an active user");
    app.execute(&format!("UPDATE users SET active = true WHERE id = {}", olly.id));

    // A committee meeting's chair is one of those who may read it: its members (or an officer).
    let committee = app.committee_with(&chair, "Finance", &[&tina]);
    let finance = app
        .schedule_meeting_id(
            &chair,
            &json!({"title": "Finance committee", "meetingDate": "2026-03-12T17:30:00Z", "kind": "committee",
                    "committeeId": committee}),
        )
        .0;
    let refused =
        json_of(record_chair(&app, &admin, finance, json!({"userId": olly.id})), StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["errors"]["userId"],
        "This person cannot read this meeting, so cannot have chaired it"
    );
    json_of(record_chair(&app, &admin, finance, json!({"userId": tina.id})), StatusCode::OK);
    // Not a member: the meeting does not exist for them.
    error_of(app.get(&chair_url(finance)).auth(&olly).send().unwrap(), StatusCode::NOT_FOUND);
    // Deleting the account of whoever chaired leaves nobody recorded (the board's chair signs again).
    let deleted = app.delete(&format!("/api/users/{}", tina.id)).auth(&admin).send().unwrap();
    assert!(deleted.status().is_success(), "{}", deleted.status());
    let seen = json_of(app.get(&chair_url(finance)).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(seen["chairedBy"], Value::Null);

    // Nobody again; and a cancelled meeting is read-only, as for any edit.
    json_of(record_chair(&app, &chair, board, json!({"userId": olly.id})), StatusCode::OK);
    let cleared = json_of(record_chair(&app, &chair, board, json!({"userId": null})), StatusCode::OK);
    assert_eq!(cleared["chairedBy"], Value::Null);
    json_of(app.post(&format!("/api/meetings/{board}/cancel")).auth(&chair).send().unwrap(), StatusCode::OK);
    error_of(record_chair(&app, &chair, board, json!({"userId": olly.id})), StatusCode::CONFLICT);
}

#[test]
fn whoever_chaired_the_meeting_signs_its_minutes_and_the_boards_chair_only_when_nobody_is_recorded() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let admin = app.signed_in_as(Role::Admin);
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let (march, april) = circulated_minutes(&app, &chair);
    approve(&app, &chair, march, april);
    json_of(record_chair(&app, &admin, march.0, json!({"userId": tina.id})), StatusCode::OK);
    let sign = path(march, "/sign");

    // The board's chair did not chair this one: 403, naming who may; so is another trustee.
    let message = error_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only Tina Trustee, who chaired the meeting, can sign these minutes.");
    json_of(
        app.put(&path(march, "/signer")).auth(&admin).json(&json!({"userId": olly.id})).send().unwrap(),
        StatusCode::OK,
    );
    let message = error_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    assert_eq!(
        message,
        "Only Tina Trustee, who chaired the meeting, or Olly Other, named by the board, can sign these minutes."
    );

    // The trustee who chaired it signs, as its chair.
    let signed = json_of(post(&app, &tina, &sign, json!({"password": PASSWORD})), StatusCode::CREATED);
    assert_eq!(signed["role"], "Chair of the meeting");
    let row = app.scalar_text(&format!(
        "SELECT concat_ws(' | ', signer_id, role) AS value FROM signatures WHERE kind = 'minutes' \
         AND record_id = {}",
        march.0
    ));
    assert_eq!(row, Some(format!("{} | Chair of the meeting", tina.id)));

    // With nobody recorded, the board's chair still signs (and a trustee does not).
    let (may, june) = circulated_minutes(&app, &chair);
    approve(&app, &chair, may, june);
    let sign = path(may, "/sign");
    let message = error_of(post(&app, &tina, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    assert_eq!(
        message,
        "Only the chair can sign these minutes: nobody is recorded as having chaired the meeting."
    );
    let signed = json_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::CREATED);
    assert_eq!(signed["role"], "Chair of the meeting");
}

fn settings(app: &TestApp, who: &Session, body: Value) -> reqwest::blocking::Response {
    app.put("/api/governance/settings").auth(who).json(&body).send().unwrap()
}

fn passed_resolution(app: &TestApp, chair: &Session, voters: &[&Session]) -> i64 {
    let body = json!({"title": "Adopt the reserves policy", "text": "That the board adopts the reserves policy.",
                      "closesAt": (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339(),
                      "threshold": "majority"});
    let id =
        json_of(app.post("/api/resolutions").auth(chair).json(&body).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();
    for who in voters {
        let vote = app.post(&format!("/api/resolutions/{id}/votes")).auth(who).json(&json!({"vote": "for"}));
        json_of(vote.send().unwrap(), StatusCode::CREATED);
    }
    id
}

#[test]
fn the_secretary_certifies_a_passed_resolution_besides_the_chair() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let admin = app.signed_in_as(Role::Admin);
    let sam = app.signed_in_named(Role::Trustee, "Sam Secretary");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");

    // Nobody is secretary at first; an unknown or inactive user is refused under the field.
    let shown = json_of(app.get("/api/governance/settings").auth(&olly).send().unwrap(), StatusCode::OK);
    assert_eq!((shown["secretaryId"].clone(), shown["secretaryName"].clone()), (Value::Null, Value::Null));
    app.execute(&format!("UPDATE users SET active = false WHERE id = {}", olly.id));
    let refused = json_of(settings(&app, &admin, json!({"secretaryId": olly.id})), StatusCode::BAD_REQUEST);
    assert_eq!(refused["errors"]["secretaryId"], "Choose an active user");
    app.execute(&format!("UPDATE users SET active = true WHERE id = {}", olly.id));
    let refused = json_of(settings(&app, &admin, json!({"secretaryId": 999_999})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["secretaryId"].is_string(), "{refused}");
    error_of(settings(&app, &sam, json!({"secretaryId": sam.id})), StatusCode::FORBIDDEN);

    let changed = json_of(settings(&app, &admin, json!({"secretaryId": sam.id})), StatusCode::OK);
    assert_eq!(
        (changed["secretaryId"].as_i64(), changed["secretaryName"].as_str()),
        (Some(i64::from(sam.id)), Some("Sam Secretary"))
    );
    // Another change leaves the secretary as they are.
    let changed = json_of(settings(&app, &admin, json!({"quorumMinimum": 2})), StatusCode::OK);
    assert_eq!(changed["secretaryId"].as_i64(), Some(i64::from(sam.id)));

    let id = passed_resolution(&app, &chair, &[&chair, &sam, &olly]);
    let certify = format!("/api/resolutions/{id}/certify");
    let message = error_of(post(&app, &olly, &certify, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only the chair or the secretary (Sam Secretary) can certify a written resolution.");
    error_of(post(&app, &admin, &certify, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    let signed = json_of(post(&app, &sam, &certify, json!({"password": PASSWORD})), StatusCode::CREATED);
    assert_eq!(signed["role"], "Secretary");
    let row = app.scalar_text(&format!(
        "SELECT concat_ws(' | ', signer_id, role) AS value FROM signatures WHERE kind = 'resolution' \
         AND record_id = {id}"
    ));
    assert_eq!(row, Some(format!("{} | Secretary", sam.id)));

    // A deactivated secretary is no secretary; `null` names nobody.
    app.execute(&format!("UPDATE users SET active = false WHERE id = {}", sam.id));
    let shown = json_of(app.get("/api/governance/settings").auth(&olly).send().unwrap(), StatusCode::OK);
    assert_eq!(shown["secretaryId"], Value::Null);
    app.execute(&format!("UPDATE users SET active = true WHERE id = {}", sam.id));
    let cleared = json_of(settings(&app, &chair, json!({"secretaryId": null})), StatusCode::OK);
    assert_eq!(cleared["secretaryId"], Value::Null);
}
