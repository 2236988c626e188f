//! `/api/dashboard/stats`: the dashboard's four figures.

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
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

/// Waits (at most `limit`) until `done`.
fn eventually(what: &str, limit: std::time::Duration, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "not within {limit:?}: {what}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

const A_SECOND: std::time::Duration = std::time::Duration::from_secs(1);

/// The figures are answered from the read cache (spec §9, Dashboard stats), per reader's meeting scope, and
/// every write they count shows on the very next call.
#[test]
fn the_cached_figures_follow_every_write_they_count() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mona Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let first = action(&app, &admin, "First");
    action(&app, &admin, "Second");
    eventually("the figures are cached", std::time::Duration::from_secs(10), || {
        assert_eq!(stats(&app, &admin)["pendingActions"], 2);
        !app.state.dashboard_cache.is_empty()
    });
    let etag = app.get("/api/dashboard/stats").auth(&admin).send().unwrap().headers()["etag"].clone();
    let unchanged =
        app.get("/api/dashboard/stats").auth(&admin).header("If-None-Match", etag.clone()).send().unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    // An action completed through the API: on the next call, for every reader.
    let body = json!({"status": "complete"});
    json_of(
        app.patch(&format!("/api/actions/{first}")).auth(&admin).json(&body).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(stats(&app, &admin)["pendingActions"], 1);
    assert_eq!(stats(&app, &member)["pendingActions"], 1);
    let changed = app.get("/api/dashboard/stats").auth(&admin).header("If-None-Match", etag).send().unwrap();
    assert_eq!(changed.status(), StatusCode::OK);

    // A committee meeting: seen by the officers at once, by a trustee once they join the committee, never
    // by the outsider, although all three have their figures cached.
    let response = app.post("/api/committees").auth(&admin).json(&json!({"name": "Finance"})).send().unwrap();
    let committee = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();
    for who in [&admin, &member, &outsider] {
        assert_eq!(stats(&app, who)["nextMeeting"], Value::Null);
    }
    let date =
        (chrono::Utc::now() + chrono::Duration::days(3)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let body = json!({"title": "Finance committee", "meetingDate": date, "kind": "committee", "committeeId": committee});
    json_of(app.post("/api/meetings").auth(&admin).json(&body).send().unwrap(), StatusCode::CREATED);
    assert_eq!(stats(&app, &admin)["nextMeeting"], date.as_str());
    assert_eq!(stats(&app, &member)["nextMeeting"], Value::Null);
    let body = json!({"userId": member.id});
    let response = app.post(&format!("/api/committees/{committee}/members")).auth(&admin).json(&body).send();
    json_of(response.unwrap(), StatusCode::CREATED);
    assert_eq!(stats(&app, &member)["nextMeeting"], date.as_str());
    assert_eq!(stats(&app, &outsider)["nextMeeting"], Value::Null);

    // Written behind the API: the change feed drops the figures of this process.
    app.execute_heard_by_the_feed(&format!("DELETE FROM committee_members WHERE user_id = {}", member.id));
    eventually("the removed member no longer sees the meeting", A_SECOND, || {
        stats(&app, &member)["nextMeeting"].is_null()
    });
    app.execute_heard_by_the_feed("UPDATE actions SET status = 'complete', completed_at = now()");
    eventually("completed actions leave the count", A_SECOND, || stats(&app, &admin)["pendingActions"] == 0);
    app.execute_heard_by_the_feed(
        "INSERT INTO documents (title, category, file_name, mime_type, file_size, storage_key) \
         VALUES ('Policy', 'policies', 'p.pdf', 'application/pdf', 1024, 'key')",
    );
    eventually("a document is counted", A_SECOND, || stats(&app, &outsider)["documents"] == 1);
    app.execute_heard_by_the_feed(&format!("UPDATE users SET active = false WHERE id = {}", outsider.id));
    eventually("a deactivated account is not counted", A_SECOND, || stats(&app, &admin)["trustees"] == 2);
    app.execute_heard_by_the_feed("UPDATE meetings SET status = 'cancelled', cancelled_at = now()");
    eventually("a cancelled meeting is not the next one", A_SECOND, || {
        stats(&app, &admin)["nextMeeting"].is_null()
    });
}

/// A read cache that only time changes (spec §9, Dashboard stats): no write happens; the next meeting
/// starting changes the cached figures by itself.
#[test]
fn cached_figures_move_on_when_the_next_meeting_starts() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    app.execute(
        "INSERT INTO meetings (title, meeting_date) VALUES \
         ('Starting soon', date_trunc('second', now()) + interval '4 seconds'), ('Later', '2099-06-01T18:00:00Z')",
    );
    let soon = stats(&app, &trustee)["nextMeeting"].clone();
    assert_ne!(soon, "2099-06-01T18:00:00Z");
    eventually("the figures are cached", std::time::Duration::from_secs(2), || {
        assert_eq!(stats(&app, &trustee)["nextMeeting"], soon);
        !app.state.dashboard_cache.is_empty()
    });
    let starts = chrono::DateTime::parse_from_rfc3339(soon.as_str().unwrap()).unwrap();
    let left = (starts.with_timezone(&chrono::Utc) - chrono::Utc::now()).to_std().unwrap_or_default();
    std::thread::sleep(left + std::time::Duration::from_millis(50));
    assert_eq!(stats(&app, &trustee)["nextMeeting"], "2099-06-01T18:00:00Z");
}
