//! `/api/skills` and `/api/me/skills`: the skills matrix (docs/spec.md §18 Skills matrix): the board's list
//! (officers change it), one's own ratings, the matrix with its gaps and succession warnings following the
//! terms of office, the CSV, and the directory's strong skills.

use chrono::{Months, NaiveDate, Utc};

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

const SEEDED: [&str; 10] = [
    "Finance",
    "Legal",
    "Safeguarding",
    "Lived experience of recovery",
    "Fundraising",
    "People and HR",
    "Digital and data",
    "Governance",
    "Clinical or health",
    "Communications",
];

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

fn skills(app: &TestApp, who: &Session, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/skills{query}")).auth(who).send().unwrap();
    json_of(response, StatusCode::OK).as_array().unwrap().clone()
}

fn id_of(list: &[Value], name: &str) -> i64 {
    list.iter().find(|s| s["name"] == name).unwrap_or_else(|| panic!("{name} not in {list:?}"))["id"]
        .as_i64()
        .unwrap()
}

fn rate(app: &TestApp, who: &Session, ratings: Value) -> reqwest::blocking::Response {
    app.put("/api/me/skills").auth(who).json(&json!({ "ratings": ratings })).send().unwrap()
}

fn matrix(app: &TestApp, who: &Session) -> Value {
    json_of(app.get("/api/skills/matrix").auth(who).send().unwrap(), StatusCode::OK)
}

fn column<'a>(matrix: &'a Value, name: &str) -> &'a Value {
    matrix["skills"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()
}

/// A three-year term that ends `months` from today.
fn term_ending_in(app: &TestApp, chair: &Session, who: &Session, months: u32) {
    let started =
        today().checked_add_months(Months::new(months)).unwrap().checked_sub_months(Months::new(36));
    let body = json!({"userId": who.id, "startedOn": started.unwrap().to_string(), "termYears": 3});
    json_of(app.post("/api/terms").auth(chair).json(&body).send().unwrap(), StatusCode::CREATED);
}

#[test]
fn the_list_is_seeded_and_only_officers_change_it() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let list = skills(&app, &trustee, "");
    assert_eq!(list.iter().map(|s| s["name"].as_str().unwrap()).collect::<Vec<_>>(), SEEDED);

    // Trustees may not add, rename, retire or reorder.
    let refused = "Only admins and chairs can change the list of skills.";
    let add = json!({"name": "Property"});
    assert_eq!(
        error_of(app.post("/api/skills").auth(&trustee).json(&add).send().unwrap(), StatusCode::FORBIDDEN),
        refused
    );
    let legal = id_of(&list, "Legal");
    let rename = app.patch(&format!("/api/skills/{legal}")).auth(&trustee).json(&json!({"name": "Law"}));
    assert_eq!(error_of(rename.send().unwrap(), StatusCode::FORBIDDEN), refused);
    let ids: Vec<i64> = list.iter().rev().map(|s| s["id"].as_i64().unwrap()).collect();
    let reorder = app.put("/api/skills/order").auth(&trustee).json(&json!({"skillIds": ids}));
    assert_eq!(error_of(reorder.send().unwrap(), StatusCode::FORBIDDEN), refused);

    // A chair adds (at the end), renames, retires, restores and reorders.
    let property =
        json_of(app.post("/api/skills").auth(&chair).json(&add).send().unwrap(), StatusCode::CREATED);
    assert_eq!((property["name"].as_str(), property["retired"].as_bool()), (Some("Property"), Some(false)));
    let taken = app.post("/api/skills").auth(&chair).json(&json!({"name": "finance"})).send().unwrap();
    assert_eq!(
        json_of(taken, StatusCode::BAD_REQUEST)["errors"]["name"],
        "A skill of that name already exists (restore it if it is retired)"
    );
    let blank = app.post("/api/skills").auth(&chair).json(&json!({"name": " "})).send().unwrap();
    assert!(json_of(blank, StatusCode::BAD_REQUEST)["errors"]["name"].is_string());
    let renamed =
        app.patch(&format!("/api/skills/{legal}")).auth(&chair).json(&json!({"name": "Law"})).send();
    assert_eq!(json_of(renamed.unwrap(), StatusCode::OK)["name"], "Law");
    let retire =
        app.patch(&format!("/api/skills/{legal}")).auth(&chair).json(&json!({"retired": true})).send();
    assert_eq!(json_of(retire.unwrap(), StatusCode::OK)["retired"], true);
    assert!(skills(&app, &trustee, "").iter().all(|s| s["name"] != "Law"));
    let all = skills(&app, &trustee, "?includeRetired=true");
    assert_eq!(all.last().unwrap()["name"], "Law");
    let missing = app.patch("/api/skills/99999").auth(&chair).json(&json!({"retired": true})).send();
    error_of(missing.unwrap(), StatusCode::NOT_FOUND);

    // A new order must name every current skill once.
    let current = skills(&app, &chair, "");
    let mut ids: Vec<i64> = current.iter().rev().map(|s| s["id"].as_i64().unwrap()).collect();
    let reordered = json_of(
        app.put("/api/skills/order").auth(&chair).json(&json!({"skillIds": ids})).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(reordered[0]["name"], "Property");
    assert_eq!(skills(&app, &trustee, "")[0]["name"], "Property");
    ids.pop();
    let short = app.put("/api/skills/order").auth(&chair).json(&json!({"skillIds": ids})).send().unwrap();
    assert_eq!(
        json_of(short, StatusCode::BAD_REQUEST)["errors"]["skillIds"],
        "List every current skill exactly once"
    );

    // Restored, Law comes back at the end of the current list.
    let restore =
        app.patch(&format!("/api/skills/{legal}")).auth(&chair).json(&json!({"retired": false})).send();
    json_of(restore.unwrap(), StatusCode::OK);
    assert_eq!(skills(&app, &trustee, "").last().unwrap()["name"], "Law");
}

#[test]
fn each_trustee_rates_only_themselves() {
    let app = TestApp::spawn();
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let list = skills(&app, &trustee, "");
    let finance = id_of(&list, "Finance");
    let legal = id_of(&list, "Legal");

    let mine = json_of(app.get("/api/me/skills").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(mine.as_array().unwrap().len(), 10);
    assert!(mine.as_array().unwrap().iter().all(|r| r["level"] == "none"));

    let saved = json_of(
        rate(
            &app,
            &trustee,
            json!([{"skillId": finance, "level": "strong"}, {"skillId": legal, "level": "some"}]),
        ),
        StatusCode::OK,
    );
    assert_eq!(saved[0]["level"], "strong");
    assert_eq!(saved[1]["level"], "some");
    // The admin's ratings are the admin's own: naming a user is not part of the request.
    let admin_rates = json!({"ratings": [{"skillId": finance, "level": "none"}], "userId": trustee.id});
    json_of(app.put("/api/me/skills").auth(&admin).json(&admin_rates).send().unwrap(), StatusCode::OK);
    let m = matrix(&app, &admin);
    let row =
        |name: &str| m["trustees"].as_array().unwrap().iter().find(|r| r["name"] == name).unwrap().clone();
    assert_eq!(row("Tina Trustee")["levels"][0], "strong");
    assert_eq!(row("Ada Admin")["levels"][0], "none");
    // There is no way to write another person's ratings.
    let other = format!("/api/users/{}/skills", trustee.id);
    assert!(app.put(&other).auth(&admin).json(&admin_rates).send().unwrap().status().is_client_error());

    // Bad levels, unknown or retired skills and repeats are field errors.
    let bad = rate(&app, &trustee, json!([{"skillId": finance, "level": "expert"}]));
    assert_eq!(
        json_of(bad, StatusCode::BAD_REQUEST)["errors"]["ratings"],
        "Level must be none, some or strong"
    );
    let unknown = rate(&app, &trustee, json!([{"skillId": 99999, "level": "some"}]));
    assert_eq!(
        json_of(unknown, StatusCode::BAD_REQUEST)["errors"]["ratings"],
        "Every rating must name a current skill, once"
    );
    let twice = rate(
        &app,
        &trustee,
        json!([{"skillId": legal, "level": "some"}, {"skillId": legal, "level": "none"}]),
    );
    error_of(twice, StatusCode::BAD_REQUEST);
    let retire =
        app.patch(&format!("/api/skills/{legal}")).auth(&admin).json(&json!({"retired": true})).send();
    json_of(retire.unwrap(), StatusCode::OK);
    error_of(rate(&app, &trustee, json!([{"skillId": legal, "level": "strong"}])), StatusCode::BAD_REQUEST);
    // A retired skill leaves the form and the matrix.
    let mine = json_of(app.get("/api/me/skills").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(mine.as_array().unwrap().len(), 9);
    assert!(matrix(&app, &trustee)["skills"].as_array().unwrap().iter().all(|c| c["name"] != "Legal"));
}

#[test]
fn the_matrix_shows_gaps_and_warns_when_a_skill_rests_on_trustees_leaving_within_a_year() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let ann = app.signed_in_named(Role::Trustee, "Ann Early");
    let bob = app.signed_in_named(Role::Trustee, "Bob Later");
    let list = skills(&app, &ann, "");
    let finance = id_of(&list, "Finance");
    let legal = id_of(&list, "Legal");
    let fundraising = id_of(&list, "Fundraising");

    term_ending_in(&app, &chair, &ann, 11);
    term_ending_in(&app, &chair, &bob, 13);
    json_of(
        rate(
            &app,
            &ann,
            json!([{"skillId": finance, "level": "strong"}, {"skillId": fundraising, "level": "some"}]),
        ),
        StatusCode::OK,
    );
    json_of(rate(&app, &bob, json!([{"skillId": legal, "level": "strong"}])), StatusCode::OK);

    // Every member reads the matrix: every active user, by name, against every current skill.
    let m = matrix(&app, &bob);
    let names: Vec<&str> =
        m["trustees"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann Early", "Bob Later", "Chris Chair"]);
    assert_eq!(m["skills"].as_array().unwrap().len(), 10);
    assert_eq!(m["trustees"][0]["leavingWithinAYear"], true);
    assert_eq!(m["trustees"][1]["leavingWithinAYear"], false);
    assert_eq!(m["trustees"][2]["currentTermEndsOn"], Value::Null);

    // Finance rests on Ann alone, whose term ends in 11 months: warned. Legal on Bob (13 months): not.
    let f = column(&m, "Finance");
    assert_eq!(
        (f["cover"].as_str(), f["strongCount"].as_u64(), f["successionWarning"].as_bool()),
        (Some("strong"), Some(1), Some(true))
    );
    let l = column(&m, "Legal");
    assert_eq!((l["cover"].as_str(), l["successionWarning"].as_bool()), (Some("strong"), Some(false)));
    let fr = column(&m, "Fundraising");
    assert_eq!(
        (fr["cover"].as_str(), fr["someCount"].as_u64(), fr["successionWarning"].as_bool()),
        (Some("some-only"), Some(1), Some(false))
    );
    assert_eq!(column(&m, "Safeguarding")["cover"], "nobody");

    // The chair, strong in finance with no term ending, takes the warning away.
    json_of(rate(&app, &chair, json!([{"skillId": finance, "level": "strong"}])), StatusCode::OK);
    let f = column(&matrix(&app, &ann), "Finance").clone();
    assert_eq!((f["strongCount"].as_u64(), f["successionWarning"].as_bool()), (Some(2), Some(false)));

    // The CSV: a line per trustee, a column per skill, then the totals, the cover and the warnings.
    let csv = app.get("/api/skills/matrix.csv").auth(&ann).send().unwrap();
    assert_eq!(csv.status(), StatusCode::OK);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    assert!(csv.headers()["content-disposition"].to_str().unwrap().contains("skills-matrix.csv"));
    let ann_ends = today().checked_add_months(Months::new(11)).unwrap();
    let bob_ends = today().checked_add_months(Months::new(13)).unwrap();
    let expected = format!(
        "Trustee,Term ends,{}\n\
         Ann Early,{ann_ends},strong,none,none,none,some,none,none,none,none,none\n\
         Bob Later,{bob_ends},none,strong,none,none,none,none,none,none,none,none\n\
         Chris Chair,,strong,none,none,none,none,none,none,none,none,none\n\
         Strong,,2,1,0,0,0,0,0,0,0,0\n\
         Some,,0,0,0,0,1,0,0,0,0,0\n\
         Cover,,strong,strong,gap,gap,some only,gap,gap,gap,gap,gap\n\
         Succession warning,,,,,,,,,,,\n",
        SEEDED.join(",")
    );
    assert_eq!(String::from_utf8(csv.bytes().unwrap().to_vec()).unwrap(), expected);

    // Chris retires from finance: Ann alone again, warned, and the CSV says so.
    json_of(rate(&app, &chair, json!([{"skillId": finance, "level": "some"}])), StatusCode::OK);
    let text = app.get("/api/skills/matrix.csv").auth(&ann).send().unwrap().text().unwrap();
    assert!(text.ends_with("Succession warning,,yes,,,,,,,,,\n"), "{text}");
}

#[test]
fn the_directory_shows_each_persons_strong_skills() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let list = skills(&app, &trustee, "");
    let (finance, legal, governance) =
        (id_of(&list, "Finance"), id_of(&list, "Legal"), id_of(&list, "Governance"));
    let ratings = json!([
        {"skillId": governance, "level": "strong"},
        {"skillId": finance, "level": "strong"},
        {"skillId": legal, "level": "some"},
    ]);
    json_of(rate(&app, &trustee, ratings), StatusCode::OK);
    let directory = || json_of(app.get("/api/trustees/active").auth(&chair).send().unwrap(), StatusCode::OK);
    let entry =
        |d: &Value, name: &str| d.as_array().unwrap().iter().find(|e| e["name"] == name).unwrap().clone();
    let d = directory();
    assert_eq!(entry(&d, "Tina Trustee")["strongSkills"], json!(["Finance", "Governance"]));
    assert_eq!(entry(&d, "Chris Chair")["strongSkills"], json!([]));
    // A retired skill leaves the card.
    let retire =
        app.patch(&format!("/api/skills/{finance}")).auth(&chair).json(&json!({"retired": true})).send();
    json_of(retire.unwrap(), StatusCode::OK);
    assert_eq!(entry(&directory(), "Tina Trustee")["strongSkills"], json!(["Governance"]));
}

#[test]
fn a_trustee_already_reappointed_does_not_raise_the_succession_warning() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let ann = app.signed_in_named(Role::Trustee, "Ann Early");
    let finance = id_of(&skills(&app, &ann, ""), "Finance");
    json_of(rate(&app, &ann, json!([{"skillId": finance, "level": "strong"}])), StatusCode::OK);

    // Ann's term ends in 11 months: finance rests on someone leaving.
    term_ending_in(&app, &chair, &ann, 11);
    let m = matrix(&app, &ann);
    assert_eq!(
        (
            m["trustees"][0]["leavingWithinAYear"].as_bool(),
            column(&m, "Finance")["successionWarning"].as_bool()
        ),
        (Some(true), Some(true))
    );

    // She is reappointed from the day it ends: she stays, and so does the skill.
    let ends = today().checked_add_months(Months::new(11)).unwrap();
    let body =
        json!({"userId": ann.id, "startedOn": ends.to_string(), "termYears": 3, "reappointment": true});
    json_of(app.post("/api/terms").auth(&chair).json(&body).send().unwrap(), StatusCode::CREATED);
    let m = matrix(&app, &chair);
    let row = &m["trustees"][0];
    assert_eq!(row["name"], "Ann Early");
    assert_eq!(row["currentTermEndsOn"], ends.to_string());
    assert_eq!(row["leavingWithinAYear"], false);
    assert_eq!(column(&m, "Finance")["successionWarning"], false);
    let csv = app.get("/api/skills/matrix.csv").auth(&ann).send().unwrap().text().unwrap();
    assert!(csv.ends_with("Succession warning,,,,,,,,,,,\n"), "{csv}");
}
