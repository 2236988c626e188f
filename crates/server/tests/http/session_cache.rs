//! Two server processes on one database (spec §9, §9a). The session cache of each is kept exact by the
//! change feed (LISTEN/NOTIFY), so a session ended on one is refused by the other within a second, and
//! a chat message posted on one reaches a stream open on the other; and the noticeboard's read cache
//! follows writes on any process and expiries, and so do the documents list and the dashboard figures.

use std::io::{BufRead, BufReader};
use std::time::{Duration, Instant};

use crate::common::{json_of, titles, Authed, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::json;

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(10), "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_session_ended_on_one_process_is_refused_by_the_other_within_a_second() {
    let app = TestApp::spawn();
    let other = app.second_process();
    let trustee = app.signed_in_as(Role::Trustee);
    let me_on_other = || app.client.get(other.url("/api/auth/me")).auth(&trustee).send().unwrap().status();

    // Signed in on A, the session works on B, and B caches it once its feed listens.
    wait_until("the second process caches the session", || {
        assert_eq!(me_on_other(), StatusCode::OK);
        !other.state.auth.session_cache.is_empty()
    });
    assert_eq!(me_on_other(), StatusCode::OK);

    let response = app.post("/api/auth/logout").auth(&trustee).send().unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let ended = Instant::now();
    while me_on_other() != StatusCode::UNAUTHORIZED {
        assert!(ended.elapsed() < Duration::from_secs(1), "B still accepts the ended session");
        std::thread::sleep(Duration::from_millis(10));
    }
    println!("refused by the other process after {} ms", ended.elapsed().as_millis());

    // The same for a change to the account: deactivated on A, refused on B.
    let admin = app.signed_in_as(Role::Admin);
    let target = app.signed_in_named(Role::Trustee, "Dee Activated");
    wait_until("the second process caches the second session", || {
        app.client.get(other.url("/api/auth/me")).auth(&target).send().unwrap().status() == StatusCode::OK
            && !other.state.auth.session_cache.is_empty()
    });
    let response = app.delete(&format!("/api/users/{}", target.id)).auth(&admin).send().unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let changed = Instant::now();
    while app.client.get(other.url("/api/auth/me")).auth(&target).send().unwrap().status()
        != StatusCode::UNAUTHORIZED
    {
        assert!(changed.elapsed() < Duration::from_secs(1), "B still accepts the removed account");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_chat_message_posted_on_one_process_reaches_a_stream_on_the_other() {
    let app = TestApp::spawn();
    let other = app.second_process();
    let admin = app.signed_in_as(Role::Admin);
    let response = app.post("/api/committees").auth(&admin).json(&json!({"name": "Finance"})).send().unwrap();
    let id = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();

    let response = app
        .client
        .get(other.url(&format!("/api/committees/{id}/messages/stream")))
        .auth(&admin)
        .send()
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(response).lines() {
            let Ok(line) = line else { return };
            if lines.send(line).is_err() {
                return;
            }
        }
    });
    let response = app
        .post(&format!("/api/committees/{id}/messages"))
        .auth(&admin)
        .json(&json!({"message": "Posted on A"}))
        .send()
        .unwrap();
    let posted = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut seen = Vec::new();
    while !seen.iter().any(|l: &String| l.contains("Posted on A")) {
        let left = deadline.saturating_duration_since(Instant::now());
        seen.push(received.recv_timeout(left).expect("the message reaches the other process's stream"));
    }
    assert!(seen.contains(&format!("id: {posted}")), "{seen:?}");
}

fn notice_titles(app: &TestApp, base: &str, who: &crate::common::Session, query: &str) -> Vec<String> {
    let response = app.client.get(format!("{base}/api/notices{query}")).auth(who).send().unwrap();
    titles(&json_of(response, StatusCode::OK))
}

#[test]
fn the_cached_notices_list_follows_writes_on_any_process() {
    let app = TestApp::spawn();
    let other = app.second_process();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let post = |title: &str| {
        let response =
            app.post("/api/notices").auth(&chair).json(&json!({"title": title, "content": "Details"})).send();
        json_of(response.unwrap(), StatusCode::CREATED)["id"].as_i64().unwrap()
    };
    post("Before");

    // The second process holds the list once its feed listens, and answers it from memory.
    wait_until("the second process caches the notices list", || {
        assert_eq!(notice_titles(&app, &other.base, &trustee, ""), ["Before"]);
        !other.state.notices_cache.is_empty()
    });

    // Written on the first process: on the second within a second (the change feed drops its copy).
    post("Posted on A");
    let posted = Instant::now();
    while notice_titles(&app, &other.base, &trustee, "") != ["Posted on A", "Before"] {
        assert!(posted.elapsed() < Duration::from_secs(1), "B still lists the old notices");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Read at once on the process that took the write (its own copy is dropped with the write).
    assert_eq!(notice_titles(&app, &app.base, &trustee, ""), ["Posted on A", "Before"]);
    wait_until("the second process caches the list again", || {
        notice_titles(&app, &other.base, &trustee, "");
        !other.state.notices_cache.is_empty()
    });

    // Deleted on the second process: gone from the first.
    let id = post("Short-lived");
    wait_until("the first process caches the list with it", || {
        notice_titles(&app, &app.base, &trustee, "").contains(&"Short-lived".to_string())
            && !app.state.notices_cache.is_empty()
    });
    let response = app.client.delete(other.url(&format!("/api/notices/{id}"))).auth(&chair).send().unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let deleted = Instant::now();
    while notice_titles(&app, &app.base, &trustee, "").contains(&"Short-lived".to_string()) {
        assert!(deleted.elapsed() < Duration::from_secs(1), "A still lists the deleted notice");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_cached_notices_list_leaves_a_notice_out_once_it_expires() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let expires = chrono::Utc::now() + chrono::Duration::seconds(2);
    let body = json!({"title": "Soon gone", "content": "Details", "expiresAt": expires.to_rfc3339()});
    json_of(app.post("/api/notices").auth(&chair).json(&body).send().unwrap(), StatusCode::CREATED);
    wait_until("the list is cached", || {
        assert_eq!(notice_titles(&app, &app.base, &chair, ""), ["Soon gone"]);
        assert_eq!(notice_titles(&app, &app.base, &chair, "?includeExpired=true"), ["Soon gone"]);
        !app.state.notices_cache.is_empty()
    });
    let etag = app.get("/api/notices").auth(&chair).send().unwrap().headers()["etag"].clone();
    let unchanged =
        app.get("/api/notices").auth(&chair).header("If-None-Match", etag.clone()).send().unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    // No write happens; the expiry alone changes both lists.
    let left = (expires - chrono::Utc::now()).to_std().unwrap_or_default();
    std::thread::sleep(left + Duration::from_millis(50));
    assert!(notice_titles(&app, &app.base, &chair, "").is_empty());
    let all =
        json_of(app.get("/api/notices?includeExpired=true").auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(all[0]["title"], "Soon gone");
    assert_eq!(all[0]["expired"], true);
    let changed = app.get("/api/notices").auth(&chair).header("If-None-Match", etag).send().unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
}

fn document_titles(app: &TestApp, base: &str, who: &crate::common::Session) -> Vec<String> {
    let response = app.client.get(format!("{base}/api/documents")).auth(who).send().unwrap();
    titles(&json_of(response, StatusCode::OK))
}

fn pending_actions(app: &TestApp, base: &str, who: &crate::common::Session) -> i64 {
    let response = app.client.get(format!("{base}/api/dashboard/stats")).auth(who).send().unwrap();
    json_of(response, StatusCode::OK)["pendingActions"].as_i64().unwrap()
}

#[test]
fn the_cached_documents_list_and_dashboard_follow_writes_on_the_other_process() {
    use crate::common::files::{file_part, form, pdf, PDF_MIME};
    let app = TestApp::spawn();
    let other = app.second_process();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let upload = |title: &str| {
        let form =
            form(&[("title", title), ("category", "finance")], Some(file_part(pdf(), "f.pdf", PDF_MIME)));
        let response = app.post("/api/documents").auth(&chair).multipart(form).send();
        json_of(response.unwrap(), StatusCode::CREATED)["id"].as_i64().unwrap()
    };
    upload("Budget");
    let body = json!({"title": "Review the budget", "assignedTo": trustee.id});
    let response = app.post("/api/actions").auth(&chair).json(&body).send().unwrap();
    let action = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();

    // The second process holds both answers once its feed listens.
    wait_until("the second process caches the list and the figures", || {
        assert_eq!(document_titles(&app, &other.base, &trustee), ["Budget"]);
        assert_eq!(pending_actions(&app, &other.base, &trustee), 1);
        !other.state.documents_cache.is_empty() && !other.state.dashboard_cache.is_empty()
    });

    // Uploaded on the first process: listed by the second within a second.
    let id = upload("Accounts");
    let uploaded = Instant::now();
    while document_titles(&app, &other.base, &trustee) != ["Accounts", "Budget"] {
        assert!(uploaded.elapsed() < Duration::from_secs(1), "B still lists the old documents");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Deleted on the second process: gone from the first within a second.
    wait_until("the first process caches the list with it", || {
        document_titles(&app, &app.base, &trustee).contains(&"Accounts".to_string())
            && !app.state.documents_cache.is_empty()
    });
    let response = app.client.delete(other.url(&format!("/api/documents/{id}"))).auth(&chair).send().unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let deleted = Instant::now();
    while document_titles(&app, &app.base, &trustee).contains(&"Accounts".to_string()) {
        assert!(deleted.elapsed() < Duration::from_secs(1), "A still lists the deleted document");
        std::thread::sleep(Duration::from_millis(10));
    }

    // The action completed on the first process: the second's figures follow within a second.
    let response = app
        .patch(&format!("/api/actions/{action}"))
        .auth(&trustee)
        .json(&json!({"status": "complete"}))
        .send()
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let completed = Instant::now();
    while pending_actions(&app, &other.base, &trustee) != 0 {
        assert!(completed.elapsed() < Duration::from_secs(1), "B still counts the completed action");
        std::thread::sleep(Duration::from_millis(10));
    }
}
