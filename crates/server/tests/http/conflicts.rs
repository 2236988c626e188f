//! `/api/meetings/{id}/conflicts` and `/api/meetings/{id}/agenda-items/{itemId}/conflicts`: conflicts of
//! interest declared on agenda items, their handling, each item's quorum without the conflicted members,
//! the minutes' draft's records and the prompts to declare (spec §10 Rules).

use crate::common::{error_of, item, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn meeting(app: &TestApp, who: &Session) -> i64 {
    app.schedule_meeting(who, &json!({"title": "Board meeting", "meetingDate": "2030-06-05T17:30:00Z"}))
}

fn interest(app: &TestApp, who: &Session, organisation: &str) -> i64 {
    let body = json!({"kind": "directorship", "organisation": organisation, "nature": "Director",
                      "startedOn": "2024-01-01"});
    json_of(app.post("/api/interests").auth(who).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

fn conflicts_url(meeting: i64, item: i64) -> String {
    format!("/api/meetings/{meeting}/agenda-items/{item}/conflicts")
}

fn declare(app: &TestApp, who: &Session, meeting: i64, item: i64, body: Value) -> Response {
    app.post(&conflicts_url(meeting, item)).auth(who).json(&body).send().unwrap()
}

fn handle(app: &TestApp, who: &Session, meeting: i64, item: i64, conflict: i64, handling: &str) -> Response {
    app.put(&format!("{}/{conflict}/handling", conflicts_url(meeting, item)))
        .auth(who)
        .json(&json!({"handling": handling}))
        .send()
        .unwrap()
}

fn item_view(app: &TestApp, who: &Session, meeting: i64, item: i64) -> Value {
    json_of(app.get(&conflicts_url(meeting, item)).auth(who).send().unwrap(), StatusCode::OK)
}

fn record_present(app: &TestApp, who: &Session, meeting: i64, user: i32) {
    let response = app
        .put(&format!("/api/meetings/{meeting}/attendance/{user}"))
        .auth(who)
        .json(&json!({"status": "present"}))
        .send()
        .unwrap();
    json_of(response, StatusCode::OK);
}

#[test]
fn a_trustee_declares_on_an_item_and_the_chair_records_how_it_was_handled() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let jane = app.signed_in_named(Role::Trustee, "Jane Smith");
    let tom = app.signed_in_named(Role::Trustee, "Tom Jones");
    let board = meeting(&app, &chair);
    let grant = app.add_agenda_item(&chair, board, &item("Grant to Acme Housing"));
    app.publish_agenda(&chair, board);
    let acme = interest(&app, &jane, "Acme Housing Ltd");

    let declared =
        json_of(declare(&app, &jane, board, grant, json!({"interestId": acme})), StatusCode::CREATED);
    assert_eq!(declared["userId"], jane.id);
    assert_eq!(declared["userName"], "Jane Smith");
    assert_eq!(declared["interest"]["organisation"], "Acme Housing Ltd");
    assert_eq!(declared["interest"]["kind"], "directorship");
    assert_eq!(declared["handling"], Value::Null);
    assert_eq!(declared["excludedFromDecision"], true);
    let id = declared["id"].as_i64().unwrap();
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM meeting_conflicts WHERE id = {id} AND user_id = {}",
            jane.id
        )),
        1
    );

    // A second declaration by the same trustee on the same item is 409.
    error_of(declare(&app, &jane, board, grant, json!({"interestId": acme})), StatusCode::CONFLICT);

    // Only admins and chairs record the handling; each choice is accepted, anything else is a field error.
    error_of(handle(&app, &jane, board, grant, id, "left"), StatusCode::FORBIDDEN);
    let refused = json_of(handle(&app, &chair, board, grant, id, "walked-out"), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["handling"].is_string());
    for handling in ["left", "stayed-not-decided", "no-conflict"] {
        let handled = json_of(handle(&app, &chair, board, grant, id, handling), StatusCode::OK);
        assert_eq!(handled["handling"], handling);
        assert_eq!(handled["excludedFromDecision"], handling != "no-conflict");
    }
    let handled = json_of(handle(&app, &chair, board, grant, id, "left"), StatusCode::OK);
    assert_eq!(
        handled["minutesRecord"],
        "Jane Smith declared an interest (directorship, Acme Housing Ltd). Jane Smith left the meeting for \
         this item and took no part in the discussion or the decision."
    );
    error_of(handle(&app, &chair, board, grant, 9999, "left"), StatusCode::NOT_FOUND);

    // Everyone who sees the meeting sees the declaration on the item.
    let seen = json_of(
        app.get(&format!("/api/meetings/{board}/conflicts")).auth(&tom).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(seen["canRecord"], false);
    let grant_item = seen["items"].as_array().unwrap().iter().find(|i| i["agendaItemId"] == grant).unwrap();
    assert_eq!(grant_item["declarations"][0]["userName"], "Jane Smith");
    assert_eq!(grant_item["declarations"][0]["handling"], "left");

    // Withdrawing: not someone else's (trustee), but one's own.
    error_of(
        app.delete(&format!("{}/{id}", conflicts_url(board, grant))).auth(&tom).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    json_of(
        app.delete(&format!("{}/{id}", conflicts_url(board, grant))).auth(&jane).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM meeting_conflicts"), 0);
}

#[test]
fn a_declaration_names_an_entry_of_the_trustee_or_a_new_one_for_the_register() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let jane = app.signed_in_named(Role::Trustee, "Jane Smith");
    let tom = app.signed_in_named(Role::Trustee, "Tom Jones");
    let board = meeting(&app, &admin);
    let lease = app.add_agenda_item(&admin, board, &item("Office lease"));
    app.publish_agenda(&admin, board);
    let toms = interest(&app, &tom, "Northside Property");

    let refused = json_of(declare(&app, &jane, board, lease, json!({})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["interestId"].is_string());
    let refused =
        json_of(declare(&app, &jane, board, lease, json!({"interestId": toms})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["interestId"].as_str().unwrap().contains("own entries"));
    let both = json!({"interestId": toms, "newInterest": {"kind": "other"}});
    assert!(json_of(declare(&app, &jane, board, lease, both), StatusCode::BAD_REQUEST)["errors"]
        ["interestId"]
        .is_string());
    let bad_new = json!({"newInterest": {"kind": "friendship", "organisation": "", "nature": "x", "startedOn": "2024-01-01"}});
    let refused = json_of(declare(&app, &jane, board, lease, bad_new), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["newInterest.kind"].is_string(), "{refused}");
    assert!(refused["errors"]["newInterest.organisation"].is_string(), "{refused}");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM interests"), 1, "nothing added to the register");

    // A new interest goes on the register (with its first version) and is linked.
    let new = json!({"newInterest": {"kind": "family", "organisation": "Lease Brokers Ltd",
                                     "nature": "My brother is a partner", "startedOn": "2020-05-01"}});
    let declared = json_of(declare(&app, &jane, board, lease, new), StatusCode::CREATED);
    let entry = declared["interest"]["id"].as_i64().unwrap();
    assert_eq!(declared["interest"]["organisation"], "Lease Brokers Ltd");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM interests WHERE id = {entry} AND user_id = {}",
            jane.id
        )),
        1
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM interest_versions WHERE interest_id = {entry}"
        )),
        1
    );

    // A trustee may not declare for someone else; an admin may, for a member of the meeting.
    error_of(
        declare(&app, &jane, board, lease, json!({"userId": tom.id, "interestId": toms})),
        StatusCode::FORBIDDEN,
    );
    let for_tom = json_of(
        declare(&app, &admin, board, lease, json!({"userId": tom.id, "interestId": toms})),
        StatusCode::CREATED,
    );
    assert_eq!(
        (for_tom["userId"].as_i64(), for_tom["declaredBy"].as_i64()),
        (Some(tom.id as i64), Some(admin.id as i64))
    );
    error_of(
        declare(&app, &admin, board, lease, json!({"userId": tom.id, "interestId": toms})),
        StatusCode::CONFLICT,
    );
    let refused = json_of(
        declare(&app, &admin, board, lease, json!({"userId": 99999, "interestId": toms})),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["userId"].is_string());
}

#[test]
fn hidden_meetings_draft_agendas_and_cancelled_meetings() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let jane = app.signed_in_named(Role::Trustee, "Jane Smith");
    let outsider = app.signed_in_named(Role::Trustee, "Olive Outsider");
    let acme = interest(&app, &jane, "Acme Ltd");

    // A draft agenda's items do not exist for trustees.
    let board = meeting(&app, &chair);
    let draft_item = app.add_agenda_item(&chair, board, &item("Acme contract"));
    error_of(declare(&app, &jane, board, draft_item, json!({"interestId": acme})), StatusCode::NOT_FOUND);
    error_of(app.get(&conflicts_url(board, draft_item)).auth(&jane).send().unwrap(), StatusCode::NOT_FOUND);
    let list = json_of(
        app.get(&format!("/api/meetings/{board}/conflicts")).auth(&jane).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(list["items"], json!([]));
    // The chair sees it and may declare for Jane while it is a draft.
    json_of(
        declare(&app, &chair, board, draft_item, json!({"userId": jane.id, "interestId": acme})),
        StatusCode::CREATED,
    );

    // A committee meeting of a committee one is not on is 404.
    let committee = app.committee_with(&chair, "Finance", &[&jane]);
    let finance = app.schedule_meeting(
        &chair,
        &json!({"title": "Finance committee", "meetingDate": "2030-06-12T17:30:00Z", "kind": "committee",
                "committeeId": committee}),
    );
    let budget = app.add_agenda_item(&chair, finance, &item("Budget"));
    app.publish_agenda(&chair, finance);
    let olives = interest(&app, &outsider, "Budget Ltd");
    error_of(declare(&app, &outsider, finance, budget, json!({"interestId": olives})), StatusCode::NOT_FOUND);
    error_of(
        app.get(&format!("/api/meetings/{finance}/conflicts")).auth(&outsider).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    error_of(declare(&app, &jane, 99999, budget, json!({"interestId": acme})), StatusCode::NOT_FOUND);
    error_of(declare(&app, &jane, finance, 99999, json!({"interestId": acme})), StatusCode::NOT_FOUND);
    // Only the meeting's members declare: the chair may not declare for a non-member of the committee.
    let refused = json_of(
        declare(&app, &chair, finance, budget, json!({"userId": outsider.id, "interestId": olives})),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["userId"].is_string());
    let declared =
        json_of(declare(&app, &jane, finance, budget, json!({"interestId": acme})), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();

    // A cancelled meeting takes no more declarations or handling.
    json_of(
        app.post(&format!("/api/meetings/{finance}/cancel")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    let other = interest(&app, &chair, "Other Ltd");
    let cancelled = "This meeting has been cancelled.";
    assert_eq!(
        error_of(declare(&app, &chair, finance, budget, json!({"interestId": other})), StatusCode::CONFLICT),
        cancelled
    );
    assert_eq!(
        error_of(handle(&app, &chair, finance, budget, declared, "left"), StatusCode::CONFLICT),
        cancelled
    );
    // Cancelled is answered before "already declared", and a new register entry is not kept.
    assert_eq!(
        error_of(declare(&app, &jane, finance, budget, json!({"interestId": acme})), StatusCode::CONFLICT),
        cancelled
    );
    let new = json!({"newInterest": {"kind": "family", "organisation": "Budget Brokers Ltd", "nature": "Son",
                                     "startedOn": "2024-01-01"}});
    assert_eq!(error_of(declare(&app, &chair, finance, budget, new), StatusCode::CONFLICT), cancelled);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS value FROM interests WHERE organisation = 'Budget Brokers Ltd'"),
        0
    );
    // A declaration cannot be withdrawn either: it stays on the record.
    let withdraw = app.delete(&format!("{}/{declared}", conflicts_url(finance, budget))).auth(&jane).send();
    assert_eq!(error_of(withdraw.unwrap(), StatusCode::CONFLICT), cancelled);
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM meeting_conflicts WHERE id = {declared}")),
        1
    );
}

#[test]
fn each_item_is_quorate_or_not_once_the_conflicted_members_are_left_out() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustees: Vec<Session> = ["Jane Smith", "Tom Jones", "Tess Three"]
        .iter()
        .map(|n| app.signed_in_named(Role::Trustee, n))
        .collect();
    let board = meeting(&app, &chair);
    let grant = app.add_agenda_item(&chair, board, &item("Grant to Acme"));
    let other = app.add_agenda_item(&chair, board, &item("Budget"));
    app.publish_agenda(&chair, board);

    // Expected attendance first: the three trustees answer attending; the default quorum is three.
    for trustee in &trustees {
        let response = app
            .put(&format!("/api/meetings/{board}/attendance/me"))
            .auth(trustee)
            .json(&json!({"response": "attending"}))
            .send()
            .unwrap();
        json_of(response, StatusCode::OK);
    }
    let quorum = item_view(&app, &chair, board, grant)["quorum"].clone();
    assert_eq!(
        quorum,
        json!({"basis": "expected", "present": 3, "eligible": 3, "required": 3, "quorate": true,
                              "excludedUserIds": []})
    );
    let acme = interest(&app, &trustees[0], "Acme");
    let id =
        json_of(declare(&app, &trustees[0], board, grant, json!({"interestId": acme})), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();
    // Undecided: left out (the cautious reading), so the item is no longer quorate.
    let quorum = item_view(&app, &trustees[1], board, grant)["quorum"].clone();
    assert_eq!((quorum["eligible"].clone(), quorum["quorate"].clone()), (json!(2), json!(false)));
    assert_eq!(quorum["excludedUserIds"], json!([trustees[0].id]));
    assert_eq!(
        item_view(&app, &chair, board, other)["quorum"]["quorate"],
        true,
        "other items are unaffected"
    );
    json_of(handle(&app, &chair, board, grant, id, "stayed-not-decided"), StatusCode::OK);
    assert_eq!(item_view(&app, &chair, board, grant)["quorum"]["quorate"], false);
    json_of(handle(&app, &chair, board, grant, id, "no-conflict"), StatusCode::OK);
    assert_eq!(item_view(&app, &chair, board, grant)["quorum"]["quorate"], true);
    json_of(handle(&app, &chair, board, grant, id, "left"), StatusCode::OK);

    // Once attendance is recorded it counts from those recorded present: the chair and three trustees.
    record_present(&app, &chair, board, chair.id);
    for trustee in &trustees {
        record_present(&app, &chair, board, trustee.id);
    }
    let quorum = item_view(&app, &chair, board, grant)["quorum"].clone();
    assert_eq!(
        quorum,
        json!({"basis": "recorded", "present": 4, "eligible": 3, "required": 3, "quorate": true,
                              "excludedUserIds": [trustees[0].id]})
    );
    // A second conflicted trustee makes it inquorate; the rule comes from the governance settings.
    let toms = interest(&app, &trustees[1], "Acme");
    json_of(declare(&app, &trustees[1], board, grant, json!({"interestId": toms})), StatusCode::CREATED);
    let view = json_of(
        app.get(&format!("/api/meetings/{board}/conflicts")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    let grant_view =
        view["items"].as_array().unwrap().iter().find(|i| i["agendaItemId"] == grant).unwrap().clone();
    assert_eq!(grant_view["declarations"].as_array().unwrap().len(), 2);
    assert_eq!(
        (grant_view["quorum"]["eligible"].clone(), grant_view["quorum"]["quorate"].clone()),
        (json!(2), json!(false))
    );
    let settings = json!({"quorumRule": "count", "quorumMinimum": 2});
    json_of(app.put("/api/governance/settings").auth(&chair).json(&settings).send().unwrap(), StatusCode::OK);
    assert_eq!(item_view(&app, &chair, board, grant)["quorum"]["quorate"], true);
}

#[test]
fn the_minutes_draft_carries_the_standard_record_at_the_item() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let jane = app.signed_in_named(Role::Trustee, "Jane Smith");
    let tom = app.signed_in_named(Role::Trustee, "Tom Jones");
    let board = meeting(&app, &chair);
    let grant = app.add_agenda_item(&chair, board, &item("Grant to Acme"));
    let lease = app.add_agenda_item(&chair, board, &item("Office lease"));
    app.publish_agenda(&chair, board);
    let acme = interest(&app, &jane, "Acme Ltd");
    let janes = json_of(declare(&app, &jane, board, grant, json!({"interestId": acme})), StatusCode::CREATED)
        ["id"]
        .as_i64()
        .unwrap();
    json_of(handle(&app, &chair, board, grant, janes, "left"), StatusCode::OK);

    // Starting the minutes brings the declarations made so far.
    let minutes_url = format!("/api/meetings/{board}/written-minutes");
    let draft =
        json_of(app.post(&minutes_url).auth(&chair).json(&json!({})).send().unwrap(), StatusCode::CREATED);
    let entries = draft["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{draft}");
    assert_eq!(entries[0]["agendaItemId"], grant);
    assert_eq!(entries[0]["kind"], "note");
    assert_eq!(
        entries[0]["text"],
        "Jane Smith declared an interest (directorship, Acme Ltd). Jane Smith left the meeting for this item and \
         took no part in the discussion or the decision."
    );

    // Later declarations are added as they are made, and a change of handling updates the same note.
    let lessor = interest(&app, &tom, "Lease Co");
    let toms = json_of(declare(&app, &tom, board, lease, json!({"interestId": lessor})), StatusCode::CREATED)
        ["id"]
        .as_i64()
        .unwrap();
    json_of(handle(&app, &chair, board, lease, toms, "stayed-not-decided"), StatusCode::OK);
    json_of(handle(&app, &chair, board, grant, janes, "no-conflict"), StatusCode::OK);
    let current = json_of(app.get(&minutes_url).auth(&chair).send().unwrap(), StatusCode::OK);
    let texts: Vec<(i64, String)> = current["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["agendaItemId"].as_i64().unwrap(), e["text"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(texts.contains(&(
        grant,
        "Jane Smith declared an interest (directorship, Acme Ltd). The board agreed that this was not a conflict \
         of interest, and Jane Smith took part in the item."
            .to_string()
    )));
    assert!(texts.contains(&(
        lease,
        "Tom Jones declared an interest (directorship, Lease Co). Tom Jones stayed for the discussion but took \
         no part in the decision."
            .to_string()
    )));

    // Once circulated the minutes are left alone.
    json_of(app.post(&format!("{minutes_url}/circulate")).auth(&chair).send().unwrap(), StatusCode::OK);
    json_of(handle(&app, &chair, board, lease, toms, "left"), StatusCode::OK);
    let circulated = json_of(app.get(&minutes_url).auth(&chair).send().unwrap(), StatusCode::OK);
    assert!(circulated["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| !e["text"].as_str().unwrap().contains("left the")));
}

#[test]
fn an_item_naming_an_organisation_on_the_register_prompts_that_trustee_and_the_chair() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let jane = app.signed_in_named(Role::Trustee, "Jane Smith");
    let tom = app.signed_in_named(Role::Trustee, "Tom Jones");
    let acme = interest(&app, &jane, "Acme Housing Ltd");
    // A past interest prompts nothing.
    let old = json!({"kind": "employment", "organisation": "Riverside Trust", "nature": "Employee",
                     "startedOn": "2010-01-01", "endedOn": "2015-01-01"});
    json_of(app.post("/api/interests").auth(&tom).json(&old).send().unwrap(), StatusCode::CREATED);
    let board = meeting(&app, &chair);
    let mut renewal = item("Grant renewal");
    renewal["description"] = json!("The grant to ACME housing for the winter shelter.");
    let grant = app.add_agenda_item(&chair, board, &renewal);
    let riverside = app.add_agenda_item(&chair, board, &item("Riverside Trust partnership"));
    let unrelated = app.add_agenda_item(&chair, board, &item("Acmes Housing estate"));
    app.publish_agenda(&chair, board);

    let janes_view = item_view(&app, &jane, board, grant);
    assert_eq!(janes_view["suggestedConflicts"].as_array().unwrap().len(), 1);
    assert_eq!(janes_view["suggestedConflicts"][0]["interestId"], acme);
    assert_eq!(janes_view["suggestedConflicts"][0]["organisation"], "Acme Housing Ltd");
    assert_eq!(item_view(&app, &chair, board, grant)["suggestedConflicts"][0]["userId"], jane.id);
    assert_eq!(
        item_view(&app, &tom, board, grant)["suggestedConflicts"],
        json!([]),
        "only the trustee and the chair"
    );
    assert_eq!(item_view(&app, &chair, board, riverside)["suggestedConflicts"], json!([]));
    assert_eq!(
        item_view(&app, &chair, board, unrelated)["suggestedConflicts"],
        json!([]),
        "whole words only"
    );

    // Once declared, the prompt goes.
    json_of(declare(&app, &jane, board, grant, json!({"interestId": acme})), StatusCode::CREATED);
    assert_eq!(item_view(&app, &jane, board, grant)["suggestedConflicts"], json!([]));
}
