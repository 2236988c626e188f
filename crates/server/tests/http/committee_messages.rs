//! `/api/committees/{id}/messages`: the committee chat, its access rule, `after` and its bound.

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn post(app: &TestApp, who: &Session, id: i64, message: &str) -> Response {
    app.post(&format!("/api/committees/{id}/messages"))
        .auth(who)
        .json(&json!({ "message": message }))
        .send()
        .unwrap()
}

fn read(app: &TestApp, who: &Session, id: i64, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/committees/{id}/messages{query}")).auth(who).send().unwrap();
    json_of(response, StatusCode::OK).as_array().unwrap().clone()
}

fn texts(messages: &[Value]) -> Vec<&str> {
    messages.iter().map(|m| m["message"].as_str().unwrap()).collect()
}

#[test]
fn members_admins_and_chairs_chat_and_outsiders_may_not() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);

    let sent = json_of(post(&app, &member, id, "  Minutes attached \n"), StatusCode::CREATED);
    assert_eq!(sent["message"], "Minutes attached");
    assert_eq!(sent["user"], json!({"id": member.id, "name": "Mia Member"}));
    assert!(sent["sentAt"].as_str().unwrap().ends_with('Z'));
    assert!(sent["id"].is_i64());
    json_of(post(&app, &chair, id, "Thanks"), StatusCode::CREATED);
    json_of(post(&app, &admin, id, "Noted"), StatusCode::CREATED);

    let messages = read(&app, &member, id, "");
    assert_eq!(texts(&messages), vec!["Minutes attached", "Thanks", "Noted"]);
    assert_eq!(messages[1]["user"]["name"], "Chris Chair");
    assert_eq!(read(&app, &chair, id, "").len(), 3);

    let message = error_of(post(&app, &outsider, id, "Let me in"), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only members of this committee, admins and chairs can open it.");
    error_of(
        app.get(&format!("/api/committees/{id}/messages")).auth(&outsider).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    assert_eq!(
        error_of(post(&app, &outsider, 424_242, "Hello"), StatusCode::NOT_FOUND),
        "Committee not found"
    );
    error_of(app.get("/api/committees/424242/messages").auth(&admin).send().unwrap(), StatusCode::NOT_FOUND);
    error_of(app.get(&format!("/api/committees/{id}/messages")).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM committee_messages WHERE committee_id = {id}"
        )),
        3
    );
}

#[test]
fn messages_must_have_text_and_at_most_4000_characters() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = app.committee_with(&admin, "Safeguarding", &[]);
    for blank in ["", "   \n\t "] {
        let body = json_of(post(&app, &admin, id, blank), StatusCode::BAD_REQUEST);
        assert_eq!(body["errors"]["message"], "Message is required");
    }
    let missing =
        app.post(&format!("/api/committees/{id}/messages")).auth(&admin).json(&json!({})).send().unwrap();
    assert_eq!(json_of(missing, StatusCode::BAD_REQUEST)["errors"]["message"], "Message is required");
    let body = json_of(post(&app, &admin, id, &"a".repeat(4001)), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["message"], "Message must be at most 4000 characters");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committee_messages"), 0);
    json_of(post(&app, &admin, id, &"é".repeat(4000)), StatusCode::CREATED);
}

#[test]
fn after_returns_only_newer_messages_oldest_first() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
    let other = app.committee_with(&admin, "Safeguarding", &[&member]);
    let first = json_of(post(&app, &member, id, "one"), StatusCode::CREATED)["id"].as_i64().unwrap();
    json_of(post(&app, &member, other, "elsewhere"), StatusCode::CREATED);
    let second = json_of(post(&app, &admin, id, "two"), StatusCode::CREATED)["id"].as_i64().unwrap();
    json_of(post(&app, &member, id, "three"), StatusCode::CREATED);

    assert_eq!(texts(&read(&app, &member, id, "")), vec!["one", "two", "three"]);
    assert_eq!(texts(&read(&app, &member, id, &format!("?after={first}"))), vec!["two", "three"]);
    assert_eq!(texts(&read(&app, &member, id, &format!("?after={second}"))), vec!["three"]);
    assert!(read(&app, &member, id, "?after=999999999").is_empty());
    error_of(
        app.get(&format!("/api/committees/{id}/messages?after=abc")).auth(&member).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
}

#[test]
fn the_chat_answers_with_the_last_200_messages() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = app.committee_with(&admin, "Safeguarding", &[]);
    app.execute(&format!(
        "INSERT INTO committee_messages (committee_id, user_id, message, sent_at) \
         SELECT {id}, {}, 'message ' || n, now() - (interval '1 second' * (300 - n)) \
         FROM generate_series(1, 250) AS n",
        admin.id
    ));
    let messages = read(&app, &admin, id, "");
    assert_eq!(messages.len(), 200);
    assert_eq!(messages[0]["message"], "message 51");
    assert_eq!(messages[199]["message"], "message 250");

    // A poll from an old position is bounded too: it gets the latest 200, still oldest first.
    let tenth = app.scalar_i64(&format!(
        "SELECT id AS value FROM committee_messages WHERE committee_id = {id} AND message = 'message 10'"
    ));
    let newer = read(&app, &admin, id, &format!("?after={tenth}"));
    assert_eq!((newer.len(), newer[0]["message"].as_str()), (200, Some("message 51")));
    let two_hundred_tenth = app.scalar_i64(&format!(
        "SELECT id AS value FROM committee_messages WHERE committee_id = {id} AND message = 'message 210'"
    ));
    let newer = read(&app, &admin, id, &format!("?after={two_hundred_tenth}"));
    assert_eq!((newer.len(), newer[0]["message"].as_str()), (40, Some("message 211")));
}

#[test]
fn an_archived_committees_chat_is_read_only() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
    json_of(post(&app, &member, id, "Before"), StatusCode::CREATED);
    json_of(app.patch(&format!("/api/committees/{id}/archive")).auth(&admin).send().unwrap(), StatusCode::OK);
    let message = error_of(post(&app, &member, id, "After"), StatusCode::CONFLICT);
    assert_eq!(message, "This committee is archived and read-only.");
    error_of(post(&app, &admin, id, "After"), StatusCode::CONFLICT);
    assert_eq!(texts(&read(&app, &member, id, "")), vec!["Before"]);
}

#[test]
fn a_deleted_authors_messages_stay_without_a_user() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
    json_of(post(&app, &member, id, "I am leaving the board"), StatusCode::CREATED);
    json_of(app.delete(&format!("/api/users/{}", member.id)).auth(&admin).send().unwrap(), StatusCode::OK);
    let messages = read(&app, &admin, id, "");
    assert_eq!(messages[0]["message"], "I am leaving the board");
    assert_eq!(messages[0]["user"], Value::Null);
}
