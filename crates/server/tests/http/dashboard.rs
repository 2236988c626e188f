//! `/api/dashboard/stats`: the dashboard's four figures.

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::entities::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn stats(app: &TestApp, who: &Session) -> Value {
    json_of(app.get("/api/dashboard/stats").auth(who).send().unwrap(), StatusCode::OK)
}

fn action(app: &TestApp, who: &Session, title: &str) -> i64 {
    let body = json!({"title": title, "assignedTo": who.id});
    json_of(app.post("/api/actions").auth(who).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

#[test]
fn an_empty_board_has_zero_figures_and_no_next_meeting() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    assert_eq!(
        stats(&app, &trustee),
        json!({"pendingActions": 0, "documents": 0, "nextMeeting": null, "nextMeetingId": null, "trustees": 1})
    );
    error_of(app.get("/api/dashboard/stats").send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn the_figures_count_pending_actions_documents_meetings_and_active_trustees() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let (inactive, _) = app.create_user(Role::Trustee, "Ina Inactive");
    app.execute(&format!("UPDATE users SET active = false WHERE id = {inactive}"));

    let undated = action(&app, &admin, "Pending, no deadline");
    let due_later = action(&app, &admin, "Pending, due later");
    let overdue = action(&app, &admin, "Pending, overdue");
    let started = action(&app, &admin, "In progress");
    let done = action(&app, &admin, "Complete");
    let today = "(now() AT TIME ZONE 'UTC')::date";
    app.execute(&format!("UPDATE actions SET due_date = {today} + 3 WHERE id = {due_later}"));
    app.execute(&format!("UPDATE actions SET due_date = {today} - 3 WHERE id = {overdue}"));
    app.execute(&format!("UPDATE actions SET status = 'in-progress' WHERE id = {started}"));
    app.execute(&format!("UPDATE actions SET status = 'complete', completed_at = now() WHERE id = {done}"));

    for n in 0..3 {
        app.execute(&format!(
            "INSERT INTO documents (title, category, file_name, mime_type, file_size, storage_key) \
             VALUES ('Policy {n}', 'policies', 'p{n}.pdf', 'application/pdf', 1024, 'key-{n}')"
        ));
    }
    app.execute(
        "INSERT INTO meetings (title, meeting_date) VALUES \
         ('Last month', '2020-01-01T10:00:00Z'), ('Far away', '2099-06-01T18:00:00Z'), \
         ('Next one', '2098-03-05T18:30:00Z')",
    );

    let expected = json!({"pendingActions": 2, "documents": 3, "nextMeeting": "2098-03-05T18:30:00Z", "nextMeetingId": 3,
            "trustees": 3});
    for who in [&admin, &chair, &trustee] {
        assert_eq!(stats(&app, who), expected);
    }

    // The figures follow the rows: an action completed, a meeting held, a trustee deactivated.
    let body = json!({"status": "complete"});
    json_of(
        app.patch(&format!("/api/actions/{undated}")).auth(&admin).json(&body).send().unwrap(),
        StatusCode::OK,
    );
    app.execute("UPDATE meetings SET meeting_date = now() - interval '1 hour' WHERE title = 'Next one'");
    app.execute(&format!("UPDATE users SET active = false WHERE id = {}", chair.id));
    let body = stats(&app, &admin);
    assert_eq!(body["pendingActions"], 1);
    assert_eq!(body["nextMeeting"], "2099-06-01T18:00:00Z");
    assert_eq!(body["trustees"], 2);
}
