//! `/api/notices`: posting and deleting by admins and chairs (spec §6), expiry and order.

use crate::common::{error_of, json_of, titles, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn post(app: &TestApp, who: &Session, body: Value) -> Response {
    app.post("/api/notices").auth(who).json(&body).send().unwrap()
}

fn notice(app: &TestApp, who: &Session, title: &str, pinned: bool) -> i64 {
    let body = json!({
        "title": title, "content": "Details", "priority": "normal", "pinned": pinned, "expiresAt": null
    });
    json_of(post(app, who, body), StatusCode::CREATED)["id"].as_i64().unwrap()
}

fn list(app: &TestApp, who: &Session, query: &str) -> Vec<Value> {
    let body = json_of(app.get(&format!("/api/notices{query}")).auth(who).send().unwrap(), StatusCode::OK);
    body.as_array().unwrap().clone()
}

#[test]
fn admins_and_chairs_post_notices_and_trustees_may_not() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);

    let minimal = json!({"title": " AGM date ", "content": "The AGM moves to the 24th."});
    let created = json_of(post(&app, &admin, minimal), StatusCode::CREATED);
    assert_eq!(created["title"], "AGM date");
    assert_eq!(created["content"], "The AGM moves to the 24th.");
    assert_eq!(created["priority"], "normal");
    assert_eq!(created["pinned"], false);
    assert_eq!(created["expiresAt"], Value::Null);
    assert_eq!(created["expired"], false);
    assert!(created["publishedAt"].as_str().unwrap().ends_with('Z'));

    let full = json!({
        "title": "Safeguarding training",
        "content": "Book by Friday.",
        "priority": "high",
        "pinned": true,
        "expiresAt": "2099-01-31T17:00:00+01:00"
    });
    let created = json_of(post(&app, &chair, full), StatusCode::CREATED);
    assert_eq!(created["priority"], "high");
    assert_eq!(created["pinned"], true);
    assert_eq!(created["expiresAt"], "2099-01-31T16:00:00Z");

    let refused = json!({"title": "Mine", "content": "x"});
    let message = error_of(post(&app, &trustee, refused.clone()), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can post notices.");
    error_of(app.post("/api/notices").json(&refused).send().unwrap(), StatusCode::UNAUTHORIZED);
    error_of(app.get("/api/notices").send().unwrap(), StatusCode::UNAUTHORIZED);

    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM notices"), 2);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM notices WHERE created_by = {} AND pinned AND priority = 'high' \
             AND expires_at = '2099-01-31T16:00:00Z'",
            chair.id
        )),
        1
    );
}

#[test]
fn posting_checks_each_field_with_a_message() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let bad = json!({"title": "", "content": "   ", "priority": "urgent", "expiresAt": "next Friday"});
    let body = json_of(post(&app, &admin, bad), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title is required");
    assert_eq!(body["errors"]["content"], "Content is required");
    assert_eq!(body["errors"]["priority"], "Priority must be low, normal or high");
    assert_eq!(
        body["errors"]["expiresAt"],
        "Expiry must be a date and time (for example 2026-03-05T18:30:00Z)"
    );

    // A browser's datetime-local value has no zone: the client must convert it (see docs/api.md).
    let zoneless = json!({"title": "Local", "content": "x", "expiresAt": "2099-01-31T17:00"});
    let body = json_of(post(&app, &admin, zoneless), StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["expiresAt"],
        "Expiry must include a time zone (for example 2026-03-05T18:30:00Z)"
    );

    let past = json!({"title": "Old", "content": "x", "expiresAt": "2020-01-01T00:00:00Z"});
    let body = json_of(post(&app, &admin, past), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["expiresAt"], "Expiry must be in the future");

    let long = json!({"title": "t".repeat(201), "content": "c".repeat(10_001)});
    let body = json_of(post(&app, &admin, long), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title must be at most 200 characters");
    assert_eq!(body["errors"]["content"], "Content must be at most 10000 characters");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM notices"), 0);

    // An empty expiry means a permanent notice.
    let permanent = json!({"title": "Permanent", "content": "x", "expiresAt": ""});
    assert_eq!(json_of(post(&app, &admin, permanent), StatusCode::CREATED)["expiresAt"], Value::Null);
}

#[test]
fn expired_notices_are_hidden_unless_asked_for() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    notice(&app, &chair, "Permanent", false);
    let expired = notice(&app, &chair, "Expired yesterday", false);
    let later = notice(&app, &chair, "Expires next week", false);
    app.execute(&format!("UPDATE notices SET expires_at = now() - interval '1 day' WHERE id = {expired}"));
    app.execute(&format!("UPDATE notices SET expires_at = now() + interval '7 days' WHERE id = {later}"));

    let shown = list(&app, &trustee, "");
    assert_eq!(titles(&shown), vec!["Expires next week", "Permanent"]);
    assert!(shown.iter().all(|n| n["expired"] == false));
    assert_eq!(
        titles(&list(&app, &trustee, "?includeExpired=false")),
        vec!["Expires next week", "Permanent"]
    );

    let all = list(&app, &trustee, "?includeExpired=true");
    assert_eq!(titles(&all), vec!["Expires next week", "Expired yesterday", "Permanent"]);
    assert_eq!(all[1]["expired"], true);
    assert!(all[1]["expiresAt"].is_string());
    assert_eq!(all[0]["expired"], false);
    error_of(
        app.get("/api/notices?includeExpired=maybe").auth(&trustee).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
}

#[test]
fn pinned_notices_come_first_then_the_newest() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let oldest = notice(&app, &admin, "Oldest", false);
    let pinned_old = notice(&app, &admin, "Pinned, old", true);
    let newest = notice(&app, &admin, "Newest", false);
    let pinned_new = notice(&app, &admin, "Pinned, new", true);
    let same_time = notice(&app, &admin, "Same time as newest, higher id", false);
    for (id, days_ago) in [(oldest, 10), (pinned_old, 9), (newest, 1), (pinned_new, 2), (same_time, 1)] {
        app.execute(&format!(
            "UPDATE notices SET published_at = date_trunc('day', now()) - interval '{days_ago} days' \
             WHERE id = {id}"
        ));
    }
    assert_eq!(
        titles(&list(&app, &admin, "")),
        vec!["Pinned, new", "Pinned, old", "Same time as newest, higher id", "Newest", "Oldest"]
    );
}

#[test]
fn admins_and_chairs_delete_notices_and_trustees_may_not() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let first = notice(&app, &admin, "First", false);
    let second = notice(&app, &admin, "Second", false);
    let delete = |who: &Session, id: i64| app.delete(&format!("/api/notices/{id}")).auth(who).send().unwrap();

    let message = error_of(delete(&trustee, first), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can delete notices.");
    assert_eq!(json_of(delete(&chair, first), StatusCode::OK)["message"], "Notice deleted successfully");
    json_of(delete(&admin, second), StatusCode::OK);
    assert_eq!(error_of(delete(&admin, second), StatusCode::NOT_FOUND), "Notice not found");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM notices"), 0);
}
