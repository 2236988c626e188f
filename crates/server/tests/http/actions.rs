//! `/api/actions`: who may create, change and delete actions (spec §6), the complete-is-final rule and
//! the derived overdue status.

use crate::common::{error_of, json_of, titles, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Today as the server sees it: the UTC date (`current_date` would follow the session's time zone).
const UTC_TODAY: &str = "(now() AT TIME ZONE 'UTC')::date";

fn create(app: &TestApp, who: &Session, body: Value) -> Response {
    app.post("/api/actions").auth(who).json(&body).send().unwrap()
}

/// Creates an action assigned to `assignee` and returns its id.
fn action_for(app: &TestApp, who: &Session, title: &str, assignee: i32) -> i64 {
    let body = json!({"title": title, "description": "", "assignedTo": assignee, "dueDate": null});
    json_of(create(app, who, body), StatusCode::CREATED)["id"].as_i64().unwrap()
}

fn set_status(app: &TestApp, who: &Session, id: i64, status: &str) -> Response {
    app.patch(&format!("/api/actions/{id}")).auth(who).json(&json!({ "status": status })).send().unwrap()
}

fn list(app: &TestApp, who: &Session, query: &str) -> Vec<Value> {
    let body = json_of(app.get(&format!("/api/actions{query}")).auth(who).send().unwrap(), StatusCode::OK);
    body.as_array().unwrap().clone()
}

fn stored_status(app: &TestApp, id: i64) -> String {
    app.scalar_text(&format!("SELECT status AS value FROM actions WHERE id = {id}")).unwrap()
}

#[test]
fn admins_and_chairs_create_actions_and_trustees_may_not() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);

    let body = json!({
        "title": "  Review the risk register ",
        "description": "Before the March meeting",
        "assignedTo": trustee.id,
        "dueDate": "2099-03-31",
        "priority": "high"
    });
    let created = json_of(create(&app, &admin, body), StatusCode::CREATED);
    assert_eq!(created["title"], "Review the risk register");
    assert_eq!(created["description"], "Before the March meeting");
    assert_eq!(created["assignedTo"], trustee.id);
    assert_eq!(created["assignedToName"], "Tina Trustee");
    assert_eq!(created["dueDate"], "2099-03-31");
    assert_eq!(created["priority"], "high");
    assert_eq!(created["status"], "pending");
    assert!(created["createdAt"].as_str().unwrap().ends_with('Z'));
    assert!(created["updatedAt"].is_string());
    // Not recorded in a meeting's minutes.
    assert_eq!(created["meetingId"], Value::Null);

    // Priority defaults to medium; description and due date are optional ("" means absent).
    let minimal = json!({"title": "Book the venue", "assignedTo": admin.id, "dueDate": ""});
    let created = json_of(create(&app, &chair, minimal), StatusCode::CREATED);
    assert_eq!(created["priority"], "medium");
    assert_eq!(created["description"], "");
    assert_eq!(created["dueDate"], Value::Null);

    let refused = json!({"title": "Sneaky", "assignedTo": trustee.id});
    let message = error_of(create(&app, &trustee, refused.clone()), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can create actions.");
    error_of(app.post("/api/actions").json(&refused).send().unwrap(), StatusCode::UNAUTHORIZED);
    error_of(app.get("/api/actions").send().unwrap(), StatusCode::UNAUTHORIZED);

    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM actions"), 2);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM actions WHERE created_by = {} AND priority = 'high' \
             AND due_date = '2099-03-31' AND status = 'pending' AND completed_at IS NULL",
            admin.id
        )),
        1
    );
}

#[test]
fn everyone_reads_the_list_newest_first_with_assignee_names() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let (gone, _) = app.create_user(Role::Trustee, "Gone Trustee");
    action_for(&app, &admin, "First", trustee.id);
    action_for(&app, &admin, "Second", gone);
    action_for(&app, &admin, "Third", admin.id);

    let actions = list(&app, &trustee, "");
    assert_eq!(titles(&actions), vec!["Third", "Second", "First"]);
    assert_eq!(actions[0]["assignedToName"], "Ada Admin");
    assert_eq!(actions[2]["assignedToName"], "Tina Trustee");

    // Deleting the assignee keeps the action, unassigned.
    json_of(app.delete(&format!("/api/users/{gone}")).auth(&admin).send().unwrap(), StatusCode::OK);
    let actions = list(&app, &trustee, "");
    assert_eq!(actions[1]["title"], "Second");
    assert_eq!(actions[1]["assignedTo"], Value::Null);
    assert_eq!(actions[1]["assignedToName"], Value::Null);
}

#[test]
fn create_checks_each_field_with_a_message() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let bad = json!({"title": " ", "dueDate": "31/03/2026", "priority": "urgent"});
    let body = json_of(create(&app, &admin, bad), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title is required");
    assert_eq!(body["errors"]["assignedTo"], "Assignee is required");
    assert_eq!(body["errors"]["dueDate"], "Due date must be a date (YYYY-MM-DD)");
    assert_eq!(body["errors"]["priority"], "Priority must be low, medium or high");

    let long = json!({"title": "t".repeat(201), "description": "d".repeat(5001), "assignedTo": admin.id});
    let body = json_of(create(&app, &admin, long), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title must be at most 200 characters");
    assert_eq!(body["errors"]["description"], "Description must be at most 5000 characters");

    // The assignee must be an existing, active user.
    let (inactive, _) = app.create_user(Role::Trustee, "Former Trustee");
    app.execute(&format!("UPDATE users SET active = false WHERE id = {inactive}"));
    for assignee in [inactive, 424_242] {
        let body = json!({"title": "Follow up", "assignedTo": assignee});
        let body = json_of(create(&app, &admin, body), StatusCode::BAD_REQUEST);
        assert_eq!(body["errors"]["assignedTo"], "Assignee must be an active user");
    }
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM actions"), 0);
}

#[test]
fn officers_change_any_action_and_trustees_only_their_own() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let mine = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let other = app.signed_in_named(Role::Trustee, "Tom Trustee");
    let my_action = action_for(&app, &admin, "Mine", mine.id);
    let their_action = action_for(&app, &admin, "Theirs", other.id);

    let updated = json_of(set_status(&app, &mine, my_action, "in-progress"), StatusCode::OK);
    assert_eq!(updated["status"], "in-progress");
    assert_eq!(updated["assignedToName"], "Tina Trustee");
    assert_eq!(stored_status(&app, my_action), "in-progress");

    let message = error_of(set_status(&app, &mine, their_action, "complete"), StatusCode::FORBIDDEN);
    assert_eq!(message, "You can only change the status of actions assigned to you.");
    assert_eq!(stored_status(&app, their_action), "pending");

    // Admins and chairs may set any of the three on any action.
    json_of(set_status(&app, &chair, their_action, "in-progress"), StatusCode::OK);
    json_of(set_status(&app, &admin, their_action, "pending"), StatusCode::OK);
    json_of(set_status(&app, &chair, my_action, "pending"), StatusCode::OK);
    let done = json_of(set_status(&app, &admin, my_action, "complete"), StatusCode::OK);
    assert_eq!(done["status"], "complete");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM actions WHERE id = {my_action} AND completed_at IS NOT NULL"
        )),
        1
    );

    error_of(set_status(&app, &admin, 424_242, "complete"), StatusCode::NOT_FOUND);
    error_of(
        app.patch(&format!("/api/actions/{my_action}")).json(&json!({"status": "pending"})).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
}

#[test]
fn a_complete_action_never_changes_again() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let id = action_for(&app, &admin, "Sign the accounts", trustee.id);
    json_of(set_status(&app, &trustee, id, "complete"), StatusCode::OK);
    let completed_at =
        app.scalar_text(&format!("SELECT completed_at::text AS value FROM actions WHERE id = {id}"));
    assert!(completed_at.is_some());

    let expected = "This action is complete and can no longer be changed.";
    for (who, status) in [(&admin, "pending"), (&trustee, "in-progress"), (&admin, "complete")] {
        assert_eq!(error_of(set_status(&app, who, id, status), StatusCode::CONFLICT), expected);
    }
    assert_eq!(stored_status(&app, id), "complete");
    assert_eq!(
        app.scalar_text(&format!("SELECT completed_at::text AS value FROM actions WHERE id = {id}")),
        completed_at
    );
}

#[test]
fn overdue_cannot_be_set_and_unknown_statuses_are_refused() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = action_for(&app, &admin, "Renew insurance", admin.id);
    let body = json_of(set_status(&app, &admin, id, "overdue"), StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["status"],
        "Overdue cannot be chosen: an action becomes overdue when its due date has passed"
    );
    let body = json_of(set_status(&app, &admin, id, "done"), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["status"], "Status must be pending, in-progress or complete");
    let empty = app.patch(&format!("/api/actions/{id}")).auth(&admin).json(&json!({})).send().unwrap();
    json_of(empty, StatusCode::BAD_REQUEST);
    assert_eq!(stored_status(&app, id), "pending");
}

#[test]
fn overdue_is_derived_from_the_due_date_and_filtered_in_the_query() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let future = action_for(&app, &admin, "Pending, due later", trustee.id);
    let late = action_for(&app, &admin, "Pending, due last week", trustee.id);
    let started_late = action_for(&app, &admin, "In progress, due yesterday", trustee.id);
    let done_late = action_for(&app, &admin, "Complete, due last year", trustee.id);
    action_for(&app, &admin, "Pending, no deadline", trustee.id);
    let today = action_for(&app, &admin, "Pending, due today", trustee.id);
    app.execute(&format!("UPDATE actions SET due_date = {UTC_TODAY} + 30 WHERE id = {future}"));
    app.execute(&format!("UPDATE actions SET due_date = {UTC_TODAY} - 7 WHERE id = {late}"));
    app.execute(&format!(
        "UPDATE actions SET due_date = {UTC_TODAY} - 1, status = 'in-progress' WHERE id = {started_late}"
    ));
    app.execute(&format!(
        "UPDATE actions SET due_date = {UTC_TODAY} - 365, status = 'complete', completed_at = now() \
         WHERE id = {done_late}"
    ));
    app.execute(&format!("UPDATE actions SET due_date = {UTC_TODAY} WHERE id = {today}"));

    let all = list(&app, &trustee, "");
    let status_of = |title: &str| -> String {
        all.iter().find(|a| a["title"] == title).unwrap()["status"].as_str().unwrap().to_string()
    };
    assert_eq!(status_of("Pending, due later"), "pending");
    assert_eq!(status_of("Pending, due last week"), "overdue");
    assert_eq!(status_of("In progress, due yesterday"), "overdue");
    assert_eq!(status_of("Complete, due last year"), "complete");
    assert_eq!(status_of("Pending, no deadline"), "pending");
    assert_eq!(status_of("Pending, due today"), "pending");

    assert_eq!(
        titles(&list(&app, &trustee, "?status=overdue")),
        vec!["In progress, due yesterday", "Pending, due last week"]
    );
    assert_eq!(
        titles(&list(&app, &trustee, "?status=pending")),
        vec!["Pending, due today", "Pending, no deadline", "Pending, due later"]
    );
    assert!(list(&app, &trustee, "?status=in-progress").is_empty());
    assert_eq!(titles(&list(&app, &trustee, "?status=complete")), vec!["Complete, due last year"]);
    assert_eq!(list(&app, &trustee, "?status=").len(), 6);
    let body =
        json_of(app.get("/api/actions?status=late").auth(&trustee).send().unwrap(), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["status"], "Status must be pending, in-progress, complete or overdue");

    // Nothing was stored as overdue, and an overdue action can still be completed.
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM actions WHERE status = 'overdue'"), 0);
    let done = json_of(set_status(&app, &trustee, late, "complete"), StatusCode::OK);
    assert_eq!(done["status"], "complete");
    let still = json_of(set_status(&app, &trustee, started_late, "pending"), StatusCode::OK);
    assert_eq!(still["status"], "overdue");
    assert_eq!(stored_status(&app, started_late), "pending");
}

#[test]
fn admins_and_chairs_delete_actions_and_trustees_may_not() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let first = action_for(&app, &admin, "First", trustee.id);
    let second = action_for(&app, &admin, "Second", trustee.id);
    let delete = |who: &Session, id: i64| app.delete(&format!("/api/actions/{id}")).auth(who).send().unwrap();

    let message = error_of(delete(&trustee, first), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can delete actions.");
    assert_eq!(json_of(delete(&admin, first), StatusCode::OK)["message"], "Action deleted successfully");
    json_of(set_status(&app, &chair, second, "complete"), StatusCode::OK);
    json_of(delete(&chair, second), StatusCode::OK);
    assert_eq!(error_of(delete(&admin, first), StatusCode::NOT_FOUND), "Action not found");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM actions"), 0);
}
