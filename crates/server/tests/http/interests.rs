//! `/api/interests`: the register of interests (spec §10 Governance): who edits whose entries, past interests
//! kept, every change versioned, the visibility setting, and the CSV and PDF exports.

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn post(app: &TestApp, who: &Session, body: Value) -> Response {
    app.post("/api/interests").auth(who).json(&body).send().unwrap()
}

fn put(app: &TestApp, who: &Session, id: i64, body: Value) -> Response {
    app.put(&format!("/api/interests/{id}")).auth(who).json(&body).send().unwrap()
}

fn entry(organisation: &str) -> Value {
    json!({
        "kind": "directorship",
        "organisation": organisation,
        "nature": "Non-executive director",
        "startedOn": "2023-04-01"
    })
}

fn list(app: &TestApp, who: &Session, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/interests{query}")).auth(who).send().unwrap();
    json_of(response, StatusCode::OK).as_array().unwrap().clone()
}

#[test]
fn a_trustee_keeps_their_own_entries_and_officers_anyones() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let other = app.signed_in_named(Role::Trustee, "Olly Other");
    let chair = app.signed_in_as(Role::Chair);

    let created = json_of(post(&app, &trustee, entry(" Acme Housing Ltd ")), StatusCode::CREATED);
    assert_eq!(created["userId"], trustee.id);
    assert_eq!(created["userName"], "Tina Trustee");
    assert_eq!(created["organisation"], "Acme Housing Ltd");
    assert_eq!(created["kind"], "directorship");
    assert_eq!(created["startedOn"], "2023-04-01");
    assert_eq!(created["endedOn"], Value::Null);
    assert_eq!(created["current"], true);
    let id = created["id"].as_i64().unwrap();

    // Another trustee may neither add for her nor edit hers.
    let for_her = json!({"userId": trustee.id, "kind": "other", "organisation": "X", "nature": "Y",
                         "startedOn": "2024-01-01"});
    let message = error_of(post(&app, &other, for_her.clone()), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can change another trustee's interests.");
    error_of(put(&app, &other, id, entry("Mine now")), StatusCode::FORBIDDEN);
    // A chair may do both.
    let by_chair = json_of(post(&app, &chair, for_her), StatusCode::CREATED);
    assert_eq!(by_chair["userId"], trustee.id);
    let edited = json_of(put(&app, &chair, id, entry("Acme Homes Ltd")), StatusCode::OK);
    assert_eq!(edited["organisation"], "Acme Homes Ltd");
    json_of(put(&app, &trustee, id, entry("Acme Homes Limited")), StatusCode::OK);

    error_of(put(&app, &chair, 9999, entry("Nobody")), StatusCode::NOT_FOUND);
    let unknown = json!({"userId": 9999, "kind": "other", "organisation": "X", "nature": "Y",
                         "startedOn": "2024-01-01"});
    let body = json_of(post(&app, &chair, unknown), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["userId"], "No such trustee");
    error_of(app.post("/api/interests").json(&entry("X")).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM interests"), 2);
}

#[test]
fn each_field_is_checked() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let bad =
        json!({"kind": "hobby", "organisation": " ", "startedOn": "2099-01-01", "endedOn": "2020-01-01"});
    let body = json_of(post(&app, &trustee, bad), StatusCode::BAD_REQUEST);
    assert!(body["errors"]["kind"].as_str().unwrap().starts_with("Kind must be employment"));
    assert_eq!(body["errors"]["organisation"], "Organisation or person is required");
    assert_eq!(body["errors"]["nature"], "Nature of the interest is required");
    assert_eq!(body["errors"]["startedOn"], "Start date must not be in the future");
    assert_eq!(body["errors"]["endedOn"], "End date must not be before the start date");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM interests"), 0);
}

#[test]
fn ended_entries_stay_as_past_interests_and_every_change_is_a_version() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    let id =
        json_of(post(&app, &trustee, entry("Acme Housing Ltd")), StatusCode::CREATED)["id"].as_i64().unwrap();
    json_of(post(&app, &trustee, entry("Zed Care")), StatusCode::CREATED);
    let ended = json!({"kind": "directorship", "organisation": "Acme Housing Ltd",
                       "nature": "Non-executive director", "startedOn": "2023-04-01", "endedOn": "2024-06-30"});
    let body = json_of(put(&app, &admin, id, ended), StatusCode::OK);
    assert_eq!(body["current"], false);
    assert_eq!(body["endedOn"], "2024-06-30");

    // Still on the register, after the current one.
    let entries = list(&app, &trustee, "");
    let organisations: Vec<&str> = entries.iter().map(|e| e["organisation"].as_str().unwrap()).collect();
    assert_eq!(organisations, ["Zed Care", "Acme Housing Ltd"]);
    assert_eq!(entries[1]["current"], false);

    let history = json_of(
        app.get(&format!("/api/interests/{id}/history")).auth(&trustee).send().unwrap(),
        StatusCode::OK,
    );
    let versions = history.as_array().unwrap();
    assert_eq!(versions.len(), 2);
    assert_eq!(versions[0]["changedBy"], trustee.id);
    assert_eq!(versions[0]["changedByName"], "Tina Trustee");
    assert_eq!(versions[0]["before"], Value::Null);
    assert_eq!(versions[0]["after"]["endedOn"], Value::Null);
    assert_eq!(versions[1]["changedByName"], "Ada Admin");
    assert_eq!(versions[1]["before"]["endedOn"], Value::Null);
    assert_eq!(versions[1]["after"]["endedOn"], "2024-06-30");
    assert!(versions[1]["changedAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM interest_versions"), 3);
    error_of(app.get("/api/interests/999/history").auth(&trustee).send().unwrap(), StatusCode::NOT_FOUND);
}

#[test]
fn the_register_can_be_limited_to_admins_and_chairs() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let other = app.signed_in_named(Role::Trustee, "Olly Other");
    let chair = app.signed_in_as(Role::Chair);
    json_of(post(&app, &trustee, entry("Acme")), StatusCode::CREATED);
    let others = json_of(post(&app, &other, entry("Other Co")), StatusCode::CREATED)["id"].as_i64().unwrap();

    // Open by default: every member reads every entry.
    assert_eq!(list(&app, &trustee, "").len(), 2);
    assert_eq!(list(&app, &trustee, &format!("?userId={}", other.id)).len(), 1);
    let settings =
        json_of(app.get("/api/governance/settings").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(settings["registerVisibility"], "members");

    let limit = json!({"registerVisibility": "officers"});
    error_of(
        app.put("/api/governance/settings").auth(&trustee).json(&limit).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    let bad = json!({"registerVisibility": "public"});
    let body = json_of(
        app.put("/api/governance/settings").auth(&chair).json(&bad).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["registerVisibility"], "Register visibility must be members or officers");
    let set = json_of(
        app.put("/api/governance/settings").auth(&chair).json(&limit).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(set["registerVisibility"], "officers");

    // Now a trustee sees only their own, and nothing of another's.
    let own = list(&app, &trustee, "");
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["organisation"], "Acme");
    let query = format!("/api/interests?userId={}", other.id);
    error_of(app.get(&query).auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    let history = format!("/api/interests/{others}/history");
    error_of(app.get(&history).auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    error_of(app.get("/api/interests/export/csv").auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    error_of(app.get("/api/interests/export/pdf").auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    assert_eq!(list(&app, &chair, "").len(), 2);
}

#[test]
fn the_register_exports_as_csv_and_pdf() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    json_of(post(&app, &trustee, entry("Food Bank, Leeds")), StatusCode::CREATED);
    let past = json!({"kind": "gift-or-hospitality", "organisation": "Caterer Ltd", "nature": "Dinner",
                      "startedOn": "2022-01-01", "endedOn": "2022-01-01"});
    json_of(post(&app, &trustee, past), StatusCode::CREATED);

    let csv = app.get("/api/interests/export/csv").auth(&trustee).send().unwrap();
    assert_eq!(csv.status(), StatusCode::OK);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    assert!(csv.headers()["content-disposition"].to_str().unwrap().contains("register-of-interests.csv"));
    let text = csv.text().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Trustee,Kind,Organisation or person,Nature,From,To,Status");
    assert_eq!(
        lines[1],
        "Tina Trustee,directorship,\"Food Bank, Leeds\",Non-executive director,2023-04-01,,current"
    );
    assert_eq!(lines[2], "Tina Trustee,gift-or-hospitality,Caterer Ltd,Dinner,2022-01-01,2022-01-01,past");

    let pdf = app.get("/api/interests/export/pdf").auth(&trustee).send().unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().unwrap();
    let document = lopdf::Document::load_mem(&bytes).unwrap();
    let text = document.extract_text(&[1]).unwrap();
    assert!(text.contains("Register of interests"), "{text}");
    assert!(text.contains("Tina Trustee: Directorship - Food Bank, Leeds."), "{text}");
    let current = text.find("Current interests").unwrap();
    let past = text.find("Past interests").unwrap();
    let caterer = text.find("Caterer Ltd").unwrap();
    assert!(current < past && past < caterer, "{text}");
}

#[test]
fn an_agenda_text_naming_a_registered_organisation_prompts_that_trustee_and_the_chair() {
    let app = TestApp::spawn();
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let chair = app.signed_in_as(Role::Chair);
    json_of(post(&app, &tina, entry("Acme Housing Ltd")), StatusCode::CREATED);
    let ended = json!({"kind": "employment", "organisation": "Zed Care", "nature": "Manager",
                       "startedOn": "2020-01-01", "endedOn": "2021-01-01"});
    json_of(post(&app, &olly, ended), StatusCode::CREATED);

    let text = json!({"text": "Item 4: renewing the grant to ACME Housing, and the Zed Care contract"});
    let matches = |who: &Session| {
        let response = app.post("/api/interests/matches").auth(who).json(&text).send().unwrap();
        json_of(response, StatusCode::OK).as_array().unwrap().clone()
    };
    let for_chair = matches(&chair);
    assert_eq!(for_chair.len(), 1, "a past interest prompts nothing");
    assert_eq!(for_chair[0]["organisation"], "Acme Housing Ltd");
    assert_eq!(for_chair[0]["userName"], "Tina Trustee");
    assert_eq!(matches(&tina).len(), 1);
    assert!(matches(&olly).is_empty(), "another trustee is not told of Tina's interest");
    let long = json!({"text": "x".repeat(20_001)});
    let body = json_of(
        app.post("/api/interests/matches").auth(&chair).json(&long).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["text"], "Text must be at most 20000 characters");
}
