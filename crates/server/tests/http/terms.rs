//! `/api/terms`: terms of office, the board overview and the warnings of admins and chairs (spec §10
//! Governance).

use chrono::{Months, NaiveDate, Utc};

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

fn months_ago(months: u32) -> NaiveDate {
    today().checked_sub_months(Months::new(months)).unwrap()
}

fn record(app: &TestApp, who: &Session, body: Value) -> reqwest::blocking::Response {
    app.post("/api/terms").auth(who).json(&body).send().unwrap()
}

fn overview(app: &TestApp, who: &Session) -> Vec<Value> {
    json_of(app.get("/api/terms").auth(who).send().unwrap(), StatusCode::OK).as_array().unwrap().clone()
}

fn named<'a>(list: &'a [Value], name: &str) -> &'a Value {
    list.iter().find(|t| t["name"] == name).unwrap_or_else(|| panic!("{name} not in {list:?}"))
}

#[test]
fn officers_record_terms_and_everyone_reads_the_overview() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    // Appointed 2 years 10 months ago for 3 years: the term ends in about two months.
    let started = months_ago(34);
    let term = json!({"userId": trustee.id, "startedOn": started.to_string(), "termYears": 3});
    let created = json_of(record(&app, &chair, term.clone()), StatusCode::CREATED);
    let ends_on = started.checked_add_months(Months::new(36)).unwrap();
    assert_eq!(created["endsOn"], ends_on.to_string());
    assert_eq!(created["reappointment"], false);
    let message = error_of(record(&app, &trustee, term), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can record terms of office.");

    let list = overview(&app, &trustee);
    let tina = named(&list, "Tina Trustee");
    assert_eq!(tina["currentTermEndsOn"], ends_on.to_string());
    assert_eq!(tina["termEndingSoon"], true);
    assert_eq!(tina["pastNineYears"], false);
    assert_eq!(tina["serviceDays"], (today() - started).num_days());
    assert_eq!(named(&list, "Chris Chair")["currentTermEndsOn"], Value::Null);

    let bad = json!({"userId": trustee.id, "startedOn": "", "termYears": 0});
    let body = json_of(record(&app, &chair, bad), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["startedOn"], "Appointment date is required");
    assert_eq!(body["errors"]["termYears"], "Term length must be a whole number of years from 1 to 10");
    let nobody = json!({"userId": 9999, "startedOn": "2024-01-01", "termYears": 3});
    assert_eq!(
        json_of(record(&app, &chair, nobody), StatusCode::BAD_REQUEST)["errors"]["userId"],
        "No such trustee"
    );

    // Leaving early ends the term; deleting removes a mistake.
    let id = created["id"].as_i64().unwrap();
    let left =
        json!({"startedOn": started.to_string(), "termYears": 3, "endedOn": months_ago(1).to_string()});
    let changed = json_of(
        app.put(&format!("/api/terms/{id}")).auth(&chair).json(&left).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(changed["endsOn"], months_ago(1).to_string());
    assert_eq!(named(&overview(&app, &chair), "Tina Trustee")["termEndingSoon"], false);
    error_of(app.delete(&format!("/api/terms/{id}")).auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    json_of(app.delete(&format!("/api/terms/{id}")).auth(&chair).send().unwrap(), StatusCode::OK);
    error_of(app.delete(&format!("/api/terms/{id}")).auth(&chair).send().unwrap(), StatusCode::NOT_FOUND);
}

#[test]
fn the_warnings_name_terms_ending_soon_and_service_past_nine_years() {
    let app = TestApp::spawn();
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    let long = app.signed_in_named(Role::Trustee, "Lou Long");
    let fresh = app.signed_in_named(Role::Trustee, "Fay Fresh");
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    // Nine and a half years in three terms, the second a reappointment overlapping nothing.
    for (from, years, re) in [(114, 3, false), (78, 3, true), (42, 4, true)] {
        let body = json!({"userId": long.id, "startedOn": months_ago(from).to_string(), "termYears": years,
                          "reappointment": re});
        json_of(record(&app, &admin, body), StatusCode::CREATED);
    }
    let body = json!({"userId": fresh.id, "startedOn": months_ago(2).to_string(), "termYears": 3});
    json_of(record(&app, &admin, body), StatusCode::CREATED);

    let warnings = json_of(app.get("/api/terms/warnings").auth(&admin).send().unwrap(), StatusCode::OK);
    let warnings = warnings.as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0]["name"], "Lou Long");
    assert_eq!(warnings[0]["pastNineYears"], true);
    assert_eq!(warnings[0]["serviceYears"], 9.5);
    assert_eq!(warnings[0]["terms"].as_array().unwrap().len(), 3);
    assert_eq!(warnings[0]["terms"][1]["reappointment"], true);
    error_of(app.get("/api/terms/warnings").auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
}
