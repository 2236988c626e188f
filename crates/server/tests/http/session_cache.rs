//! Issue 15: two server processes on one database. The session cache of each is kept exact by the
//! change feed (LISTEN/NOTIFY), so a session ended on one is refused by the other within a second, and
//! a chat message posted on one reaches a stream open on the other.

use std::io::{BufRead, BufReader};
use std::time::{Duration, Instant};

use crate::common::{json_of, Authed, TestApp};
use domain::entities::role::Role;
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
