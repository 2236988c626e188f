//! `/api/meetings/{id}/attendance`: members answer, admins and chairs record, and the quorum summary
//! (spec §2 Attendance section).

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn board_meeting(app: &TestApp, who: &Session) -> i64 {
    app.schedule_meeting(who, &json!({"title": "Board meeting", "meetingDate": "2030-06-05T17:30:00Z"}))
}

/// A committee made by `who` (who becomes its chair) with these members, and a meeting of it.
fn committee_meeting(app: &TestApp, who: &Session, members: &[i32]) -> i64 {
    let committee = app.create_committee(who, "Finance");
    for member in members {
        app.add_committee_member(who, committee, *member, "member");
    }
    app.schedule_meeting(
        who,
        &json!({"title": "Finance committee", "meetingDate": "2030-06-12T17:30:00Z", "kind": "committee",
               "committeeId": committee}),
    )
}

/// Cancels a meeting: through `POST /api/meetings/{id}/cancel` where the agenda work provides it, else
/// in SQL (the `status` column both branches share).
pub fn cancel(app: &TestApp, who: &Session, id: i64) {
    let response = app.post(&format!("/api/meetings/{id}/cancel")).auth(who).send().unwrap();
    if response.status() == StatusCode::NOT_FOUND || response.status() == StatusCode::METHOD_NOT_ALLOWED {
        app.execute(&format!("UPDATE meetings SET status = 'cancelled' WHERE id = {id}"));
    } else {
        assert!(response.status().is_success(), "cancel: {}", response.status());
    }
}

fn answer(app: &TestApp, who: &Session, id: i64, body: Value) -> Response {
    app.put(&format!("/api/meetings/{id}/attendance/me")).auth(who).json(&body).send().unwrap()
}

fn sheet(app: &TestApp, who: &Session, id: i64) -> Value {
    json_of(app.get(&format!("/api/meetings/{id}/attendance")).auth(who).send().unwrap(), StatusCode::OK)
}

fn record(app: &TestApp, who: &Session, id: i64, user: i32, status: &str) -> Response {
    app.put(&format!("/api/meetings/{id}/attendance/{user}"))
        .auth(who)
        .json(&json!({"status": status}))
        .send()
        .unwrap()
}

fn member(sheet: &Value, user: i32) -> &Value {
    sheet["members"].as_array().unwrap().iter().find(|m| m["userId"] == user).unwrap_or(&Value::Null)
}

#[test]
fn invited_members_answer_and_only_admins_and_chairs_see_every_answer() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let tina = app.signed_in_as(Role::Trustee);
    let tom = app.signed_in_named(Role::Trustee, "Tom Treasurer");
    let board = board_meeting(&app, &admin);

    let mine = json_of(answer(&app, &tina, board, json!({"response": "attending"})), StatusCode::OK);
    assert_eq!(mine["mine"]["response"], "attending");
    assert_eq!(mine["canRespond"], true);
    assert_eq!(mine["canRecord"], false);
    assert_eq!(mine["members"].as_array().unwrap().len(), 1, "a trustee sees only their own line: {mine}");
    assert!(mine["mine"]["respondedAt"].as_str().unwrap().ends_with('Z'));

    let apologies = json!({"response": "apologies", "reason": "Away on holiday"});
    let tom_view = json_of(answer(&app, &tom, board, apologies), StatusCode::OK);
    assert_eq!(tom_view["mine"]["reason"], "Away on holiday");
    // A reason goes with apologies only; changing the answer replaces it.
    let changed =
        json_of(answer(&app, &tom, board, json!({"response": "not-sure", "reason": "x"})), StatusCode::OK);
    assert_eq!(
        (changed["mine"]["response"].clone(), changed["mine"]["reason"].clone()),
        (json!("not-sure"), Value::Null)
    );
    json_of(answer(&app, &tom, board, json!({"response": "apologies", "reason": "Away"})), StatusCode::OK);

    let full = sheet(&app, &chair, board);
    assert_eq!(full["canRecord"], true);
    assert_eq!(full["members"].as_array().unwrap().len(), 4, "a board meeting invites every active user");
    assert_eq!(member(&full, tina.id)["response"], "attending");
    assert_eq!(member(&full, tom.id)["response"], "apologies");
    assert_eq!(member(&full, tom.id)["reason"], "Away");
    assert_eq!(member(&full, admin.id)["response"], Value::Null);
    assert_eq!(member(&full, tina.id)["role"], "trustee");
    let trustee_view = sheet(&app, &tina, board);
    assert_eq!(trustee_view["members"].as_array().unwrap().len(), 1);
    assert_eq!(trustee_view["members"][0]["userId"], tina.id);
    assert_eq!(trustee_view["summary"]["expectedAttending"], 1, "everyone reads the summary");

    // Bad answers.
    let refused = json_of(answer(&app, &tina, board, json!({"response": "maybe"})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["response"].as_str().unwrap().contains("attending"));
    let refused = json_of(answer(&app, &tina, board, json!({})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["response"].is_string());
    let long = "x".repeat(501);
    let refused = json_of(
        answer(&app, &tina, board, json!({"response": "apologies", "reason": long})),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["reason"].is_string());
    error_of(answer(&app, &tina, 99_999, json!({"response": "attending"})), StatusCode::NOT_FOUND);
    let anonymous =
        app.put(&format!("/api/meetings/{board}/attendance/me")).json(&json!({"response": "attending"}));
    error_of(anonymous.send().unwrap(), StatusCode::UNAUTHORIZED);

    // A committee meeting invites its members only: a chair outside it may see it but not answer (403),
    // a trustee outside it does not see it at all (404).
    let committee = committee_meeting(&app, &admin, &[tom.id]);
    json_of(answer(&app, &tom, committee, json!({"response": "attending"})), StatusCode::OK);
    let message =
        error_of(answer(&app, &chair, committee, json!({"response": "attending"})), StatusCode::FORBIDDEN);
    assert!(message.contains("members"), "{message}");
    error_of(answer(&app, &tina, committee, json!({"response": "attending"})), StatusCode::NOT_FOUND);
    error_of(
        app.get(&format!("/api/meetings/{committee}/attendance")).auth(&tina).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    let committee_sheet = sheet(&app, &chair, committee);
    let names: Vec<i64> = committee_sheet["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["userId"].as_i64().unwrap())
        .collect();
    assert_eq!(
        names.len(),
        2,
        "the committee's members (its chair, the admin who made it, and Tom): {names:?}"
    );
    assert!(names.contains(&i64::from(tom.id)) && names.contains(&i64::from(admin.id)));
    assert_eq!(committee_sheet["summary"]["serving"], 2);

    // A cancelled meeting takes no answers.
    cancel(&app, &admin, board);
    let message =
        error_of(answer(&app, &tina, board, json!({"response": "attending"})), StatusCode::CONFLICT);
    assert!(message.contains("cancelled"), "{message}");
    assert_eq!(sheet(&app, &tina, board)["canRespond"], false);
}

#[test]
fn trustees_cannot_record_and_admins_and_chairs_record_members_and_guests() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let tina = app.signed_in_as(Role::Trustee);
    let tom = app.signed_in_named(Role::Trustee, "Tom Treasurer");
    let board = board_meeting(&app, &admin);

    // A trustee records nobody, not even themselves.
    error_of(record(&app, &tina, board, tom.id, "present"), StatusCode::FORBIDDEN);
    error_of(record(&app, &tina, board, tina.id, "present"), StatusCode::FORBIDDEN);
    let bulk = json!({"records": [{"userId": tom.id, "status": "present"}]});
    error_of(
        app.put(&format!("/api/meetings/{board}/attendance")).auth(&tina).json(&bulk).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    let guest = json!({"name": "Sam Auditor"});
    error_of(
        app.post(&format!("/api/meetings/{board}/attendance/guests"))
            .auth(&tina)
            .json(&guest)
            .send()
            .unwrap(),
        StatusCode::FORBIDDEN,
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM meeting_attendance"), 0);

    // The chair records one at a time and in bulk.
    let after = json_of(record(&app, &chair, board, tom.id, "apologies"), StatusCode::OK);
    assert_eq!(member(&after, tom.id)["recorded"], "apologies");
    let bulk = json!({"records": [
        {"userId": tina.id, "status": "present"},
        {"userId": chair.id, "status": "present"},
        {"userId": admin.id, "status": "absent"},
    ]});
    let after = json_of(
        app.put(&format!("/api/meetings/{board}/attendance")).auth(&chair).json(&bulk).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(member(&after, tina.id)["recorded"], "present");
    assert_eq!(member(&after, admin.id)["recorded"], "absent");
    assert_eq!(after["summary"]["recordedPresent"], 2);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM meeting_attendance WHERE recorded_by = {}",
            chair.id
        )),
        4
    );

    // All or nothing: one bad line stores none.
    let bad = json!({"records": [{"userId": tom.id, "status": "present"}, {"userId": tina.id, "status": "asleep"}]});
    let refused = json_of(
        app.put(&format!("/api/meetings/{board}/attendance")).auth(&chair).json(&bad).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["records[1].status"].is_string(), "{refused}");
    assert_eq!(member(&sheet(&app, &chair, board), tom.id)["recorded"], "apologies");
    // A member is not a guest; an unknown user is refused.
    let refused = json_of(record(&app, &chair, board, tom.id, "guest"), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["records[0].status"].as_str().unwrap().contains("not guest"));
    let refused = json_of(record(&app, &chair, board, 99_999, "guest"), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["records[0].userId"].is_string());

    // Guests: a user who is not a member of a committee meeting, and a visitor by name.
    let committee = committee_meeting(&app, &admin, &[tom.id]);
    let refused = json_of(record(&app, &chair, committee, tina.id, "present"), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["records[0].status"].as_str().unwrap().contains("guest"));
    let with_user = json_of(record(&app, &chair, committee, tina.id, "guest"), StatusCode::OK);
    assert_eq!(with_user["guests"][0]["userId"], tina.id);
    assert_eq!(with_user["guests"][0]["name"], "Tina Trustee");
    let response = app
        .post(&format!("/api/meetings/{committee}/attendance/guests"))
        .auth(&chair)
        .json(&guest)
        .send()
        .unwrap();
    let with_visitor = json_of(response, StatusCode::CREATED);
    let guests = with_visitor["guests"].as_array().unwrap();
    assert_eq!(guests.len(), 2);
    let visitor = guests.iter().find(|g| g["name"] == "Sam Auditor").unwrap();
    assert_eq!(visitor["userId"], Value::Null);
    assert_eq!(with_visitor["summary"]["recordedPresent"], 0, "guests never count towards the quorum");
    let blank = app
        .post(&format!("/api/meetings/{committee}/attendance/guests"))
        .auth(&chair)
        .json(&json!({"name": " "}));
    assert!(json_of(blank.send().unwrap(), StatusCode::BAD_REQUEST)["errors"]["name"].is_string());
    let guest_id = visitor["id"].as_i64().unwrap();
    let removed = json_of(
        app.delete(&format!("/api/meetings/{committee}/attendance/guests/{guest_id}"))
            .auth(&chair)
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    assert_eq!(removed["guests"].as_array().unwrap().len(), 1);
    error_of(
        app.delete(&format!("/api/meetings/{committee}/attendance/guests/{guest_id}"))
            .auth(&chair)
            .send()
            .unwrap(),
        StatusCode::NOT_FOUND,
    );
    // A trustee of the meeting reads no guests.
    assert_eq!(sheet(&app, &tom, committee)["guests"], json!([]));
    // Clearing a guest user's record removes them.
    let cleared = json_of(
        app.put(&format!("/api/meetings/{committee}/attendance/{}", tina.id))
            .auth(&chair)
            .json(&json!({"status": null}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    assert_eq!(cleared["guests"], json!([]));
}

#[test]
fn the_quorum_follows_the_governance_setting() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustees: Vec<Session> = ["Tara One", "Theo Two", "Tess Three"]
        .iter()
        .map(|n| app.signed_in_named(Role::Trustee, n))
        .collect();
    let board = board_meeting(&app, &admin);

    // The default: three trustees.
    let summary = sheet(&app, &chair, board)["summary"].clone();
    assert_eq!(summary["rule"], "count");
    assert_eq!(summary["ruleText"], "3 trustees");
    assert_eq!((summary["serving"].clone(), summary["required"].clone()), (json!(5), json!(3)));
    assert_eq!(summary["noAnswer"], 5);
    assert_eq!(summary["expectedQuorate"], false);
    assert_eq!(summary["recordedPresent"], Value::Null);
    assert_eq!(summary["recordedQuorate"], Value::Null);

    for trustee in &trustees[..2] {
        json_of(answer(&app, trustee, board, json!({"response": "attending"})), StatusCode::OK);
    }
    json_of(answer(&app, &chair, board, json!({"response": "not-sure"})), StatusCode::OK);
    let summary = sheet(&app, &admin, board)["summary"].clone();
    assert_eq!((summary["expectedAttending"].clone(), summary["notSure"].clone()), (json!(2), json!(1)));
    assert_eq!(summary["expectedQuorate"], false);
    json_of(answer(&app, &trustees[2], board, json!({"response": "attending"})), StatusCode::OK);
    assert_eq!(sheet(&app, &admin, board)["summary"]["expectedQuorate"], true);

    // A fraction of the serving trustees, with a floor: 3/4 of 5 rounds up to 4.
    let settings =
        json!({"quorumRule": "fraction", "quorumNumerator": 3, "quorumDenominator": 4, "quorumMinimum": 2});
    let saved = json_of(
        app.put("/api/governance/settings").auth(&chair).json(&settings).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(saved["quorumRule"], "fraction");
    assert_eq!(saved["registerVisibility"], "members", "other settings are kept");
    let summary = sheet(&app, &admin, board)["summary"].clone();
    assert_eq!(summary["required"], 4);
    assert_eq!(summary["ruleText"], "3/4 of the serving trustees, and at least 2");
    assert_eq!(summary["expectedQuorate"], false);

    // Recorded attendance against the same rule.
    let present = json!({"records": [
        {"userId": trustees[0].id, "status": "present"}, {"userId": trustees[1].id, "status": "present"},
        {"userId": trustees[2].id, "status": "present"}, {"userId": chair.id, "status": "absent"},
    ]});
    let after = json_of(
        app.put(&format!("/api/meetings/{board}/attendance")).auth(&admin).json(&present).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(
        (after["summary"]["recordedPresent"].clone(), after["summary"]["recordedQuorate"].clone()),
        (json!(3), json!(false))
    );
    json_of(record(&app, &admin, board, admin.id, "present"), StatusCode::OK);
    assert_eq!(sheet(&app, &admin, board)["summary"]["recordedQuorate"], true);

    // A deactivated user no longer serves: 3/4 of 4 is 3.
    app.execute(&format!("UPDATE users SET active = false WHERE id = {}", trustees[2].id));
    let summary = sheet(&app, &admin, board)["summary"].clone();
    assert_eq!((summary["serving"].clone(), summary["required"].clone()), (json!(4), json!(3)));

    // The setting is validated and only admins and chairs change it.
    let refused = json_of(
        app.put("/api/governance/settings").auth(&chair).json(&json!({"quorumMinimum": 0})).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["quorumMinimum"].is_string());
    let refused = json_of(
        app.put("/api/governance/settings")
            .auth(&chair)
            .json(&json!({"quorumNumerator": 5, "quorumDenominator": 4}))
            .send()
            .unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["quorumNumerator"].is_string());
    let refused = json_of(
        app.put("/api/governance/settings")
            .auth(&chair)
            .json(&json!({"quorumRule": "vibes"}))
            .send()
            .unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["quorumRule"].is_string());
    error_of(
        app.put("/api/governance/settings")
            .auth(&trustees[0])
            .json(&json!({"quorumMinimum": 1}))
            .send()
            .unwrap(),
        StatusCode::FORBIDDEN,
    );
    let kept =
        json_of(app.get("/api/governance/settings").auth(&trustees[0]).send().unwrap(), StatusCode::OK);
    assert_eq!(
        (kept["quorumNumerator"].clone(), kept["quorumDenominator"].clone(), kept["quorumMinimum"].clone()),
        (json!(3), json!(4), json!(2))
    );
}
