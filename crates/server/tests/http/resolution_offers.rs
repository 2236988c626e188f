//! A decided written resolution is offered to the next board meeting's agenda (spec §2 Meeting page), goes
//! on one agenda only, and its item reports the result with the supporting papers linked.

use crate::common::files::{file_part, form, pdf, PDF_MIME};
use crate::common::{at, error_of, json_of, Authed, Session, TestApp};
use chrono::Duration;
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn schedule(app: &TestApp, who: &Session, kind: &str, days: i64) -> i64 {
    let body = json!({"title": format!("{kind} in {days} days"), "meetingDate": at(Duration::days(days)),
                      "kind": kind});
    app.schedule_meeting(who, &body)
}

fn offers(app: &TestApp, who: &Session, meeting: i64) -> Response {
    app.get(&format!("/api/meetings/{meeting}/resolution-offers")).auth(who).send().unwrap()
}

fn offered_ids(app: &TestApp, who: &Session, meeting: i64) -> Vec<i64> {
    let list = json_of(offers(app, who, meeting), StatusCode::OK);
    list.as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

fn add(app: &TestApp, who: &Session, meeting: i64, body: Value) -> Response {
    app.post(&format!("/api/meetings/{meeting}/agenda-items/from-resolution"))
        .auth(who)
        .json(&body)
        .send()
        .unwrap()
}

fn propose(app: &TestApp, chair: &Session, title: &str, threshold: &str, papers: &[i64]) -> i64 {
    let body = json!({"title": title, "text": format!("That the board resolves: {title}."),
                      "closesAt": at(Duration::days(7)), "threshold": threshold, "paperDocumentIds": papers});
    json_of(app.post("/api/resolutions").auth(chair).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

fn vote(app: &TestApp, who: &Session, id: i64, choice: &str) -> Value {
    let response = app
        .post(&format!("/api/resolutions/{id}/votes"))
        .auth(who)
        .json(&json!({"vote": choice}))
        .send()
        .unwrap();
    json_of(response, StatusCode::CREATED)
}

#[test]
fn a_decided_resolution_is_offered_to_the_next_board_meeting_and_goes_on_one_agenda() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let t: Vec<Session> =
        ["Ann", "Bob", "Cat", "Dan"].iter().map(|n| app.signed_in_named(Role::Trustee, n)).collect();
    let document_form = form(
        &[("title", "Reserves policy"), ("category", "policies")],
        Some(file_part(pdf(), "reserves.pdf", PDF_MIME)),
    );
    let document = json_of(
        app.post("/api/documents").auth(&chair).multipart(document_form).send().unwrap(),
        StatusCode::CREATED,
    )["id"]
        .as_i64()
        .unwrap();

    // The board last met ten days ago; a meeting two days ago was cancelled and does not count.
    let last = schedule(&app, &chair, "board", -10);
    let cancelled = schedule(&app, &chair, "board", -2);
    json_of(
        app.post(&format!("/api/meetings/{cancelled}/cancel")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    let next = schedule(&app, &chair, "board", 14);
    let later = schedule(&app, &chair, "board", 40);
    let agm = schedule(&app, &chair, "agm", 7);

    // Passed early (3 of 5 for), failed early (unanimity broken), and one still open.
    let passed = propose(&app, &chair, "Adopt the reserves policy", "majority", &[document]);
    for trustee in &t[..3] {
        vote(&app, trustee, passed, "for");
    }
    let failed = propose(&app, &chair, "Close the Tuesday group", "unanimous", &[]);
    assert_eq!(vote(&app, &t[0], failed, "against")["status"], "failed");
    let open = propose(&app, &chair, "Move the office", "majority", &[]);
    assert_eq!(offered_ids(&app, &chair, next), vec![passed, failed]);
    let first = &json_of(offers(&app, &chair, next), StatusCode::OK)[0];
    assert_eq!((first["status"].clone(), first["tally"]["for"].clone()), (json!("passed"), json!(3)));

    // Only the next board meeting is offered them.
    assert!(offered_ids(&app, &chair, later).is_empty());
    assert!(offered_ids(&app, &chair, last).is_empty());
    assert!(offered_ids(&app, &chair, agm).is_empty());
    // A cancelled meeting is read-only: its agenda is offered nothing.
    error_of(offers(&app, &chair, cancelled), StatusCode::CONFLICT);
    // Building agendas is for admins and chairs.
    error_of(offers(&app, &t[0], next), StatusCode::FORBIDDEN);
    error_of(add(&app, &t[0], next, json!({"resolutionId": passed})), StatusCode::FORBIDDEN);
    assert_eq!(app.rows("agenda_items"), 0);

    // Refusals, each with its message and nothing written.
    let body = json_of(add(&app, &chair, next, json!({})), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["resolutionId"], "Choose a decided written resolution");
    error_of(add(&app, &chair, next, json!({"resolutionId": 999_999})), StatusCode::NOT_FOUND);
    assert_eq!(
        error_of(add(&app, &chair, next, json!({"resolutionId": open})), StatusCode::CONFLICT),
        "This resolution is still open: it goes on an agenda once it is decided."
    );
    assert_eq!(
        error_of(add(&app, &chair, agm, json!({"resolutionId": passed})), StatusCode::CONFLICT),
        "Written resolutions are reported to board meetings: add it to a board meeting's agenda."
    );
    error_of(add(&app, &chair, 999_999, json!({"resolutionId": passed})), StatusCode::NOT_FOUND);
    assert_eq!(app.rows("agenda_items"), 0);

    // Added: a noting item reporting the result, with the supporting paper linked from the library.
    let item = json_of(add(&app, &chair, next, json!({"resolutionId": passed})), StatusCode::CREATED);
    assert_eq!(item["title"], "Written resolution: Adopt the reserves policy");
    assert_eq!((item["purpose"].clone(), item["durationMinutes"].clone()), (json!("noting"), json!(5)));
    assert_eq!(item["resolutionId"], passed);
    assert_eq!(item["number"], 1);
    let description = item["description"].as_str().unwrap();
    assert!(description.starts_with("Passed by written resolution on "), "{description}");
    assert!(description.contains("3 for, 0 against, 0 abstained, of 5 eligible trustees"), "{description}");
    assert!(description.ends_with("That the board resolves: Adopt the reserves policy."), "{description}");
    assert_eq!(item["papers"][0]["libraryDocumentId"], document);
    assert_eq!(item["papers"][0]["title"], "Reserves policy");
    assert_eq!(
        app.scalar_i64(&format!(
            "select count(*) as value from agenda_items where meeting_id = {next} and resolution_id = {passed}"
        )),
        1
    );
    let page =
        json_of(app.get(&format!("/api/meetings/{next}")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(page["agenda"][0]["resolutionId"], passed);

    // It is no longer offered, and no agenda can have it twice.
    assert_eq!(offered_ids(&app, &chair, next), vec![failed]);
    assert_eq!(
        error_of(add(&app, &chair, later, json!({"resolutionId": passed})), StatusCode::CONFLICT),
        "This resolution is already on a meeting's agenda."
    );
    error_of(add(&app, &chair, next, json!({"resolutionId": passed})), StatusCode::CONFLICT);
    assert_eq!(app.rows("agenda_items"), 1);

    // A failed resolution is reported too, as not passed.
    let item2 = json_of(add(&app, &chair, next, json!({"resolutionId": failed})), StatusCode::CREATED);
    let description = item2["description"].as_str().unwrap();
    assert!(description.starts_with("Not passed by written resolution on "), "{description}");
    assert!(description.contains("0 for, 1 against, 0 abstained, of 5 eligible trustees"), "{description}");
    assert!(item2["papers"].as_array().unwrap().is_empty());

    // Deleting the item offers the resolution again.
    let removed =
        app.delete(&format!("/api/meetings/{next}/agenda-items/{}", item["id"])).auth(&chair).send().unwrap();
    assert_eq!(removed.status(), StatusCode::OK);
    assert_eq!(offered_ids(&app, &chair, next), vec![passed]);
    // The library document is still there: the item only linked it.
    assert_eq!(app.rows("documents"), 1);
}

#[test]
fn a_meeting_scheduled_in_between_takes_the_offer() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_named(Role::Trustee, "Ann");
    let far = schedule(&app, &admin, "board", 60);
    // A resolution one vote decides.
    let body = json!({"title": "Appoint the auditors", "text": "That the board appoints the auditors.",
                      "closesAt": at(Duration::days(3)), "threshold": "count", "thresholdCount": 1});
    let resolution =
        json_of(app.post("/api/resolutions").auth(&admin).json(&body).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();
    assert_eq!(vote(&app, &trustee, resolution, "for")["status"], "passed");
    // With no board meeting before it, every decided resolution up to the far meeting is offered to it.
    assert_eq!(offered_ids(&app, &admin, far), vec![resolution]);
    let sooner = schedule(&app, &admin, "board", 20);
    assert_eq!(offered_ids(&app, &admin, sooner), vec![resolution]);
    assert!(offered_ids(&app, &admin, far).is_empty());
}

#[test]
fn a_resolution_its_meeting_went_by_without_or_on_a_cancelled_agenda_is_offered_again() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let trustee = app.signed_in_named(Role::Trustee, "Ann");
    let held = schedule(&app, &chair, "board", -10);
    let next = schedule(&app, &chair, "board", 14);
    let body = json!({"title": "Appoint the auditors", "text": "That the board appoints the auditors.",
                      "closesAt": at(Duration::days(3)), "threshold": "count", "thresholdCount": 1});
    let old =
        json_of(app.post("/api/resolutions").auth(&chair).json(&body).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();
    assert_eq!(vote(&app, &trustee, old, "for")["status"], "passed");
    // Decided before the board last met, and that meeting went by without it.
    app.execute(&format!("update resolutions set decided_at = now() - interval '20 days' where id = {old}"));
    assert_eq!(offered_ids(&app, &chair, held), vec![old]);
    // The next board meeting to come is offered everything no agenda reports yet.
    assert_eq!(offered_ids(&app, &chair, next), vec![old]);

    // Added to a sooner meeting that is then cancelled: the resolution is free for the next one.
    let sooner = schedule(&app, &chair, "board", 7);
    assert!(offered_ids(&app, &chair, next).is_empty());
    json_of(add(&app, &chair, sooner, json!({"resolutionId": old})), StatusCode::CREATED);
    json_of(app.post(&format!("/api/meetings/{sooner}/cancel")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(offered_ids(&app, &chair, next), vec![old]);
    error_of(add(&app, &chair, sooner, json!({"resolutionId": old})), StatusCode::CONFLICT);
    let item = json_of(add(&app, &chair, next, json!({"resolutionId": old})), StatusCode::CREATED);
    assert_eq!(item["resolutionId"], old);
    // The cancelled agenda keeps its item for the record.
    assert_eq!(
        app.scalar_i64(&format!("select count(*) as value from agenda_items where meeting_id = {sooner}")),
        1
    );
    assert!(offered_ids(&app, &chair, next).is_empty());
}
