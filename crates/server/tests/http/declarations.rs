//! `/api/declaration-rounds`: annual declarations (spec §10 Governance): who is asked, declaring once with
//! name and time, the section 178 flag, the round's status, closing and reminders.

use chrono::{Duration, Utc};

use crate::common::files::{file_part, form, pdf};
use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A code of conduct in the library; answers its id.
pub fn code_of_conduct(app: &TestApp, officer: &Session) -> i64 {
    let form = form(
        &[("title", "Code of conduct"), ("category", "governance")],
        Some(file_part(pdf(), "code.pdf", "application/pdf")),
    );
    let response = app.post("/api/documents").auth(officer).multipart(form).send().unwrap();
    json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap()
}

fn deadline() -> String {
    (Utc::now().date_naive() + Duration::days(30)).to_string()
}

fn open(app: &TestApp, who: &Session, body: Value) -> reqwest::blocking::Response {
    app.post("/api/declaration-rounds").auth(who).json(&body).send().unwrap()
}

fn declare(app: &TestApp, who: &Session, round: i64, body: &Value) -> reqwest::blocking::Response {
    app.post(&format!("/api/declaration-rounds/{round}/declaration")).auth(who).json(body).send().unwrap()
}

fn show(app: &TestApp, who: &Session, round: i64) -> Value {
    json_of(app.get(&format!("/api/declaration-rounds/{round}")).auth(who).send().unwrap(), StatusCode::OK)
}

fn member<'a>(round: &'a Value, name: &str) -> &'a Value {
    round["members"].as_array().unwrap().iter().find(|m| m["name"] == name).unwrap()
}

fn clear() -> Value {
    json!({"registerComplete": true, "over18": true, "noDisqualification": true, "acceptsCode": true})
}

#[test]
fn a_round_shows_who_has_and_has_not_declared() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let code = code_of_conduct(&app, &chair);
    let body = json!({"year": 2026, "deadline": deadline(), "codeOfConductDocumentId": code});
    error_of(open(&app, &tina, body.clone()), StatusCode::FORBIDDEN);
    let round = json_of(open(&app, &chair, body.clone()), StatusCode::CREATED);
    assert_eq!(round["codeOfConductTitle"], "Code of conduct");
    assert_eq!(round["closedAt"], Value::Null);
    let id = round["id"].as_i64().unwrap();
    error_of(open(&app, &chair, body), StatusCode::CONFLICT);

    // Someone appointed after the round opened is not asked.
    let late = app.signed_in_named(Role::Trustee, "Lee Late");
    error_of(declare(&app, &late, id, &clear()), StatusCode::FORBIDDEN);

    let answered = json_of(declare(&app, &tina, id, &clear()), StatusCode::OK);
    let me = member(&answered, "Tina Trustee");
    assert_eq!(me["declared"], true);
    assert_eq!(me["declaredName"], "Tina Trustee");
    assert_eq!(me["mayBeDisqualified"], false);
    assert!(me["declaredAt"].as_str().unwrap().ends_with('Z'));
    error_of(declare(&app, &tina, id, &clear()), StatusCode::CONFLICT);

    // Olly sees that Tina declared, not her answers; the chair sees them.
    let seen_by_olly = show(&app, &olly, id);
    assert_eq!(member(&seen_by_olly, "Tina Trustee")["declared"], true);
    assert_eq!(member(&seen_by_olly, "Tina Trustee")["mayBeDisqualified"], Value::Null);
    assert_eq!(member(&seen_by_olly, "Olly Other")["declared"], false);
    assert_eq!(seen_by_olly["members"].as_array().unwrap().len(), 3);
    assert_eq!(seen_by_olly["disqualificationGrounds"].as_array().unwrap().len(), 10);
    assert_eq!(member(&show(&app, &chair, id), "Tina Trustee")["noDisqualification"], true);

    let list = json_of(app.get("/api/declaration-rounds").auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!((list[0]["members"].as_i64(), list[0]["declared"].as_i64()), (Some(3), Some(1)));
    assert_eq!(list[0]["flagged"], 0);
    assert_eq!((list[0]["asked"].as_bool(), list[0]["declaredByMe"].as_bool()), (Some(true), Some(false)));
    let list = json_of(app.get("/api/declaration-rounds").auth(&olly).send().unwrap(), StatusCode::OK);
    assert_eq!(list[0]["flagged"], Value::Null);
    assert_eq!((list[0]["asked"].as_bool(), list[0]["declaredByMe"].as_bool()), (Some(true), Some(false)));
    let list = json_of(app.get("/api/declaration-rounds").auth(&tina).send().unwrap(), StatusCode::OK);
    assert_eq!(list[0]["declaredByMe"], true);
    let list = json_of(app.get("/api/declaration-rounds").auth(&late).send().unwrap(), StatusCode::OK);
    assert_eq!((list[0]["asked"].as_bool(), list[0]["declaredByMe"].as_bool()), (Some(false), Some(false)));

    // Reminders go to the two who have not declared, once mail is configured; today it is not.
    let reminded = json_of(
        app.post(&format!("/api/declaration-rounds/{id}/reminders")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(reminded, json!({"reminded": 0, "mailConfigured": false}));
    error_of(
        app.post(&format!("/api/declaration-rounds/{id}/reminders")).auth(&olly).send().unwrap(),
        StatusCode::FORBIDDEN,
    );

    // Closed: kept and readable, no more declarations.
    error_of(
        app.post(&format!("/api/declaration-rounds/{id}/close")).auth(&olly).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    let closed = json_of(
        app.post(&format!("/api/declaration-rounds/{id}/close")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    assert!(closed["closedAt"].is_string());
    error_of(
        app.post(&format!("/api/declaration-rounds/{id}/close")).auth(&chair).send().unwrap(),
        StatusCode::CONFLICT,
    );
    error_of(declare(&app, &olly, id, &clear()), StatusCode::CONFLICT);
    assert_eq!(member(&show(&app, &olly, id), "Olly Other")["declared"], false);
    error_of(app.get("/api/declaration-rounds/999").auth(&olly).send().unwrap(), StatusCode::NOT_FOUND);
}

#[test]
fn a_trustee_who_may_be_disqualified_is_flagged_not_blocked() {
    let app = TestApp::spawn();
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let code = code_of_conduct(&app, &admin);
    let id = json_of(
        open(&app, &admin, json!({"year": 2027, "deadline": deadline(), "codeOfConductDocumentId": code})),
        StatusCode::CREATED,
    )["id"]
        .as_i64()
        .unwrap();

    let incomplete = json!({"registerComplete": false, "acceptsCode": null});
    let body = json_of(declare(&app, &tina, id, &incomplete), StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["registerComplete"],
        "Please confirm that your register entries are complete and current"
    );
    assert_eq!(body["errors"]["acceptsCode"], "Please confirm that you accept the code of conduct");
    assert_eq!(body["errors"]["over18"], "Please answer this question");
    assert_eq!(body["errors"]["noDisqualification"], "Please answer this question");

    let may_be =
        json!({"registerComplete": true, "over18": true, "noDisqualification": false, "acceptsCode": true});
    json_of(declare(&app, &tina, id, &may_be), StatusCode::OK);
    assert_eq!(member(&show(&app, &admin, id), "Tina Trustee")["mayBeDisqualified"], true);
    let list = json_of(app.get("/api/declaration-rounds").auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(list[0]["flagged"], 1);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS value FROM declarations WHERE declared_at IS NOT NULL AND NOT no_disqualification"),
        1
    );
}

#[test]
fn opening_checks_its_fields() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let bad = json!({"year": 1999, "deadline": "2000-01-01", "codeOfConductDocumentId": null});
    let body = json_of(open(&app, &chair, bad), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["year"], "Year must be a year from 2000 to 2100");
    assert_eq!(body["errors"]["deadline"], "Deadline must not be in the past");
    assert_eq!(body["errors"]["codeOfConductDocumentId"], "Choose the code of conduct from the library");
    let missing = json!({"year": 2026, "deadline": deadline(), "codeOfConductDocumentId": 999});
    let body = json_of(open(&app, &chair, missing), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["codeOfConductDocumentId"], "No such document in the library");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM declaration_rounds"), 0);
}

#[test]
fn with_mail_configured_the_not_yet_declared_get_a_reminder_through_the_outbox() {
    use crate::common::mail::{self, unique_name};
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Reminding Chair"));
    let done = app.signed_in_named(Role::Trustee, &unique_name("Done Trustee"));
    let late = app.signed_in_named(Role::Trustee, &unique_name("Late Trustee"));
    let code = code_of_conduct(&app, &chair);
    let deadline = Utc::now().date_naive() + Duration::days(30);
    let body = json!({"year": 2026, "deadline": deadline.to_string(), "codeOfConductDocumentId": code});
    let id = json_of(open(&app, &chair, body), StatusCode::CREATED)["id"].as_i64().unwrap();
    json_of(declare(&app, &done, id, &clear()), StatusCode::OK);
    json_of(declare(&app, &chair, id, &clear()), StatusCode::OK);

    let reminded = json_of(
        app.post(&format!("/api/declaration-rounds/{id}/reminders")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(reminded, json!({"reminded": 1, "mailConfigured": true}));
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS value FROM mail_outbox WHERE kind = 'declaration-reminder'"),
        1
    );

    // Other mail (the new document's notification) may reach them too: look at the reminders.
    let subject = "Reminder: your 2026 trustee declaration for Test Charity";
    let reminders = |address: &str| -> Vec<Value> {
        mail::messages_to(address).into_iter().filter(|m| m["subject"] == subject).collect()
    };
    let start = std::time::Instant::now();
    while reminders(&late.email).is_empty() && start.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let messages = reminders(&late.email);
    assert_eq!(messages.len(), 1, "one reminder reached the trustee who has not declared");
    let text = messages[0]["text"].as_str().unwrap();
    assert!(text.contains(&format!("due by {}", deadline.format("%-d %B %Y"))), "{text}");
    assert!(text.contains("/governance"), "{text}");
    assert!(reminders(&done.email).is_empty(), "no reminder to those who declared");
    assert!(reminders(&chair.email).is_empty());
}
