//! `/api/meetings/{id}/written-minutes` and `/api/decisions` (spec §2 Written minutes and the decisions
//! register): minutes written against the agenda, draft -> circulated -> approved -> locked, corrections
//! as versions; the register.

use domain::identity::role::Role;
use domain::MeetingId;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{error_of, item, json_of, Authed, Session, TestApp};

fn schedule(app: &TestApp, who: &Session, title: &str, date: &str) -> MeetingId {
    app.schedule_meeting_id(who, &json!({"title": title, "meetingDate": date}))
}

/// Agenda items with these titles, through the API; their ids.
fn items(app: &TestApp, who: &Session, meeting: MeetingId, titles: &[&str]) -> Vec<i32> {
    let items: Vec<Value> = titles.iter().map(|title| item(title)).collect();
    app.add_agenda_items(who, meeting, &items).into_iter().map(|id| id.0).collect()
}

fn path(meeting: MeetingId, rest: &str) -> String {
    format!("/api/meetings/{}/written-minutes{rest}", meeting.0)
}

fn post(app: &TestApp, who: &Session, url: &str, body: Value) -> reqwest::blocking::Response {
    app.post(url).auth(who).json(&body).send().unwrap()
}

#[test]
fn minutes_go_from_draft_to_locked_and_a_correction_keeps_the_old_version() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let march = schedule(&app, &chair, "March board", "2026-03-05T18:30:00Z");
    let april = schedule(&app, &chair, "April board", "2026-04-02T17:30:00Z");
    let earlier = schedule(&app, &chair, "February board", "2026-02-05T18:30:00Z");
    let ids = items(&app, &chair, march, &["Welcome", "Budget 2027"]);
    let other_item = items(&app, &chair, april, &["Elsewhere"])[0];

    error_of(app.get(&path(march, "")).auth(&chair).send().unwrap(), StatusCode::NOT_FOUND);
    error_of(post(&app, &trustee, &path(march, ""), json!({})), StatusCode::FORBIDDEN);
    let draft = json_of(post(&app, &chair, &path(march, ""), json!({})), StatusCode::CREATED);
    assert_eq!((draft["status"].as_str(), draft["version"].as_i64()), (Some("draft"), Some(1)));
    error_of(post(&app, &chair, &path(march, ""), json!({})), StatusCode::CONFLICT);

    // Notes, a decision and an action at the items.
    let entries = path(march, "/entries");
    json_of(
        post(
            &app,
            &chair,
            &entries,
            json!({"agendaItemId": ids[0], "kind": "note", "text": "Apologies from Sam."}),
        ),
        StatusCode::CREATED,
    );
    let decision = json_of(
        post(
            &app,
            &chair,
            &entries,
            json!({"agendaItemId": ids[1], "kind": "decision", "text": "The 2027 budget was approved."}),
        ),
        StatusCode::CREATED,
    );
    assert_eq!(
        (decision["itemNumber"].as_i64(), decision["itemTitle"].as_str()),
        (Some(2), Some("Budget 2027"))
    );
    let action = json_of(
        post(
            &app,
            &chair,
            &entries,
            json!({"agendaItemId": ids[1], "kind": "action", "text": "Send the budget to the bank",
            "assignedTo": trustee.id, "dueDate": "2026-04-01"}),
        ),
        StatusCode::CREATED,
    );
    let action_id = action["actionId"].as_i64().unwrap();
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM actions WHERE id = {action_id} AND meeting_id = {} AND agenda_item_id = {} AND assigned_to = {}", march.0, ids[1], trustee.id)),
        1
    );
    let tracker = json_of(app.get("/api/actions").auth(&trustee).send().unwrap(), StatusCode::OK);
    let tracked = tracker.as_array().unwrap().iter().find(|a| a["title"] == "Send the budget to the bank");
    // The tracker links the action back to its meeting.
    assert_eq!(tracked.map(|a| a["meetingId"].clone()), Some(json!(march.0)), "{tracker}");

    // Field errors.
    for (body, field) in [
        (json!({"kind": "vote", "text": "x"}), "kind"),
        (json!({"kind": "note", "text": ""}), "text"),
        (json!({"kind": "note", "text": "x", "agendaItemId": other_item}), "agendaItemId"),
        (json!({"kind": "note", "text": "x", "dueDate": "2026-04-01"}), "kind"),
        (json!({"kind": "action", "text": "x".repeat(201)}), "text"),
        (json!({"kind": "action", "text": "x", "assignedTo": 999_999}), "assignedTo"),
    ] {
        let refused = json_of(post(&app, &chair, &entries, body.clone()), StatusCode::BAD_REQUEST);
        assert!(refused["errors"][field].is_string(), "{body}: {refused}");
    }

    // A trustee cannot see the draft; once circulated the meeting's members read it.
    error_of(app.get(&path(march, "")).auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);
    error_of(app.post(&path(march, "/circulate")).auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    json_of(app.post(&path(march, "/circulate")).auth(&chair).send().unwrap(), StatusCode::OK);
    let circulated = json_of(app.get(&path(march, "")).auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(circulated["status"], "circulated");
    assert_eq!(circulated["entries"].as_array().unwrap().len(), 3);
    error_of(app.post(&path(march, "/circulate")).auth(&chair).send().unwrap(), StatusCode::CONFLICT);

    // Approval: the date and a later meeting.
    let approve = path(march, "/approve");
    let refused = json_of(post(&app, &chair, &approve, json!({})), StatusCode::BAD_REQUEST);
    assert!(
        refused["errors"]["approvedOn"].is_string() && refused["errors"]["approvedAtMeetingId"].is_string(),
        "{refused}"
    );
    let refused = json_of(
        post(&app, &chair, &approve, json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": earlier.0})),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["approvedAtMeetingId"].is_string(), "{refused}");
    let approved = json_of(
        post(&app, &chair, &approve, json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": april.0})),
        StatusCode::OK,
    );
    assert_eq!(approved["status"], "approved");
    assert_eq!(
        (approved["approvedOn"].as_str(), approved["approvedAtMeetingTitle"].as_str()),
        (Some("2026-04-02"), Some("April board"))
    );
    assert_eq!(
        approved["approvalLine"],
        "Approved as a true record on 2 April 2026 at the meeting \"April board\"."
    );

    // Approved minutes are locked: every edit is 409.
    let entry_id = decision["id"].as_i64().unwrap();
    error_of(post(&app, &chair, &entries, json!({"kind": "note", "text": "late"})), StatusCode::CONFLICT);
    let edit = path(march, &format!("/entries/{entry_id}"));
    error_of(
        app.put(&edit).auth(&chair).json(&json!({"text": "changed"})).send().unwrap(),
        StatusCode::CONFLICT,
    );
    error_of(app.delete(&edit).auth(&chair).send().unwrap(), StatusCode::CONFLICT);
    error_of(
        post(&app, &chair, &approve, json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": april.0})),
        StatusCode::CONFLICT,
    );

    // The PDF: the items, the decisions and actions, the approval line.
    let response = app.get(&path(march, "/pdf")).auth(&trustee).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let doc = lopdf::Document::load_mem(&response.bytes().unwrap()).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    for expected in [
        "Attendance",
        "2. Budget 2027",
        "DECISION: The 2027 budget was approved.",
        "ACTION: Send the budget to the bank",
        "Approved as a true record on 2 April 2026",
    ] {
        assert!(text.contains(expected), "PDF lacks {expected}: {text}");
    }

    json_of(app.post(&path(march, "/lock")).auth(&chair).send().unwrap(), StatusCode::OK);
    error_of(app.post(&path(march, "/lock")).auth(&chair).send().unwrap(), StatusCode::CONFLICT);
    error_of(
        app.put(&edit).auth(&chair).json(&json!({"text": "changed"})).send().unwrap(),
        StatusCode::CONFLICT,
    );

    // A correction: a new draft version with the reason; the old one is kept as it was.
    let corrections = path(march, "/corrections");
    let refused = json_of(post(&app, &chair, &corrections, json!({"reason": " "})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["reason"].is_string());
    let corrected = json_of(
        post(&app, &chair, &corrections, json!({"reason": "Sam's name misspelt"})),
        StatusCode::CREATED,
    );
    assert_eq!((corrected["version"].as_i64(), corrected["status"].as_str()), (Some(2), Some("draft")));
    assert_eq!(corrected["correctionReason"], "Sam's name misspelt");
    assert_eq!(corrected["entries"].as_array().unwrap().len(), 3);
    let new_entry = corrected["entries"][1]["id"].as_i64().unwrap();
    json_of(
        app.put(&path(march, &format!("/entries/{new_entry}")))
            .auth(&chair)
            .json(&json!({"text": "The 2027 budget was approved as amended."}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    let versions = json_of(app.get(&path(march, "/versions")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(versions.as_array().unwrap().len(), 2);
    assert_eq!(versions[1]["status"], "locked");
    assert!(versions[1]["supersededAt"].is_string());
    assert_eq!(versions[1]["entries"][1]["text"], "The 2027 budget was approved.");
    // A trustee does not see the correction's draft: they still read the locked version.
    let seen = json_of(app.get(&path(march, "")).auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!((seen["version"].as_i64(), seen["status"].as_str()), (Some(1), Some("locked")));
    let seen = json_of(app.get(&path(march, "/versions")).auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(seen.as_array().unwrap().len(), 1);
}

#[test]
fn the_decisions_register_lists_decisions_and_passed_resolutions_with_search_and_csv() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let march = schedule(&app, &chair, "March board", "2026-03-05T18:30:00Z");
    let ids = items(&app, &chair, march, &["Budget 2027"]);
    json_of(post(&app, &chair, &path(march, ""), json!({})), StatusCode::CREATED);
    let entries = path(march, "/entries");
    json_of(
        post(
            &app,
            &chair,
            &entries,
            json!({"agendaItemId": ids[0], "kind": "decision", "text": "=Budget approved, with reserves"}),
        ),
        StatusCode::CREATED,
    );
    json_of(
        post(&app, &chair, &entries, json!({"kind": "note", "text": "Not a decision"})),
        StatusCode::CREATED,
    );
    app.execute(
        "INSERT INTO resolutions (title, body, closes_at, threshold, proposed_by_name, proposed_at, status, decided_at)
         VALUES ('New bank', 'Move the accounts to Coop Bank', now(), 'majority', 'Chris', now(), 'passed', '2026-05-01T12:00:00Z'),
                ('Failed idea', 'Sell the building', now(), 'majority', 'Chris', now(), 'failed', now())",
    );

    // Drafts' decisions are for admins and chairs only.
    let chair_sees = json_of(app.get("/api/decisions").auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(chair_sees.as_array().unwrap().len(), 2, "{chair_sees}");
    assert_eq!(chair_sees[0]["source"], "resolution");
    assert_eq!(chair_sees[0]["text"], "New bank: Move the accounts to Coop Bank");
    assert_eq!(chair_sees[1]["meetingTitle"], "March board");
    assert_eq!(chair_sees[1]["item"], "1. Budget 2027");
    assert_eq!(chair_sees[1]["minutesStatus"], "draft");
    let trustee_sees = json_of(app.get("/api/decisions").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(trustee_sees.as_array().unwrap().len(), 1);
    json_of(app.post(&path(march, "/circulate")).auth(&chair).send().unwrap(), StatusCode::OK);
    let trustee_sees = json_of(app.get("/api/decisions").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(trustee_sees.as_array().unwrap().len(), 2);

    // Search: the text, the meeting or the item; literally.
    let found = json_of(app.get("/api/decisions?q=RESERVES").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(found.as_array().unwrap().len(), 1);
    let found = json_of(app.get("/api/decisions?q=march").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(found.as_array().unwrap().len(), 1);
    let found = json_of(app.get("/api/decisions?q=%25").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(found.as_array().unwrap().len(), 0);
    let refused = json_of(
        app.get(&format!("/api/decisions?q={}", "x".repeat(201))).auth(&trustee).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["q"].is_string());

    let response = app.get("/api/decisions.csv").auth(&trustee).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let text = response.text().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Date,Meeting,Item,Decision,Source,Status");
    assert_eq!(lines[1], "2026-05-01,,,New bank: Move the accounts to Coop Bank,written resolution,passed");
    assert_eq!(
        lines[2],
        "2026-03-05,March board,1. Budget 2027,\"'=Budget approved, with reserves\",minutes,circulated"
    );
    error_of(app.get("/api/decisions").send().unwrap(), StatusCode::UNAUTHORIZED);
}

/// The status column of the minutes archive: `GET /api/written-minutes`.
fn archive(app: &TestApp, who: &Session, query: &str) -> Vec<(String, i64, String)> {
    let list =
        json_of(app.get(&format!("/api/written-minutes{query}")).auth(who).send().unwrap(), StatusCode::OK);
    list.as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["meetingTitle"].as_str().unwrap().to_string(),
                m["version"].as_i64().unwrap(),
                m["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_minutes_archive_lists_each_meetings_written_minutes_with_the_status_the_reader_sees() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let march = schedule(&app, &chair, "March board", "2026-03-05T18:30:00Z");
    let april = schedule(&app, &chair, "April board", "2026-04-02T17:30:00Z");
    schedule(&app, &chair, "May board", "2026-05-07T17:30:00Z");
    let row = |t: &str, v: i64, s: &str| (t.to_string(), v, s.to_string());

    assert!(archive(&app, &chair, "").is_empty());
    json_of(post(&app, &chair, &path(march, ""), json!({})), StatusCode::CREATED);
    json_of(post(&app, &chair, &path(april, ""), json!({})), StatusCode::CREATED);
    // Drafts: admins and chairs only; latest meeting first.
    assert_eq!(archive(&app, &chair, ""), [row("April board", 1, "draft"), row("March board", 1, "draft")]);
    assert!(archive(&app, &trustee, "").is_empty());

    json_of(post(&app, &chair, &path(march, "/circulate"), json!({})), StatusCode::OK);
    assert_eq!(archive(&app, &trustee, ""), [row("March board", 1, "circulated")]);
    json_of(
        post(
            &app,
            &chair,
            &path(march, "/approve"),
            json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": april.0}),
        ),
        StatusCode::OK,
    );
    let list = json_of(app.get("/api/written-minutes").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(list[0]["approvedOn"], "2026-04-02", "{list}");
    assert_eq!(list[0]["meetingId"], march.0, "{list}");
    assert_eq!(list[0]["meetingDate"], "2026-03-05T18:30:00Z", "{list}");

    // A correction: admins and chairs see the new draft, members still the approved version.
    json_of(post(&app, &chair, &path(march, "/corrections"), json!({"reason": "Typo"})), StatusCode::CREATED);
    assert_eq!(archive(&app, &chair, "?search=march"), [row("March board", 2, "draft")]);
    assert_eq!(archive(&app, &trustee, ""), [row("March board", 1, "approved")]);
    assert!(archive(&app, &trustee, "?search=april").is_empty());

    let refused = json_of(
        app.get(&format!("/api/written-minutes?search={}", "x".repeat(201))).auth(&chair).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["search"].is_string(), "{refused}");
}
