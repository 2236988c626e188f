//! The agenda's limits hold under concurrent writes (docs/spec.md, the agenda builder): every check that
//! decides an add runs inside the add's transaction, under the meeting's lock.

use std::sync::{Arc, Barrier};

use crate::common::{json_of, Authed, TestApp};
use chrono::{Duration, SecondsFormat, Utc};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::json;

fn meeting(app: &TestApp, who: &crate::common::Session) -> i64 {
    let when = (Utc::now() + Duration::days(10)).to_rfc3339_opts(SecondsFormat::Secs, true);
    let response = app
        .post("/api/meetings")
        .auth(who)
        .json(&json!({"title": "Board meeting", "meetingDate": when}))
        .send()
        .unwrap();
    json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap()
}

fn agenda_len(app: &TestApp, who: &crate::common::Session, id: i64) -> usize {
    let response = app.get(&format!("/api/meetings/{id}")).auth(who).send().unwrap();
    json_of(response, StatusCode::OK)["agenda"].as_array().map_or(0, Vec::len)
}

#[test]
fn ten_concurrent_adds_to_an_agenda_of_97_items_stop_at_100() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = meeting(&app, &admin);
    for n in 0..97 {
        let body = json!({"title": format!("Item {n}"), "purpose": "discussion", "durationMinutes": 5});
        let response =
            app.post(&format!("/api/meetings/{id}/agenda-items")).auth(&admin).json(&body).send().unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let barrier = Arc::new(Barrier::new(10));
    let statuses: Vec<(StatusCode, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..10)
            .map(|n| {
                let (app, admin, barrier) = (&app, &admin, Arc::clone(&barrier));
                scope.spawn(move || {
                    let body = json!({"title": format!("Late item {n}"), "purpose": "discussion", "durationMinutes": 5});
                    barrier.wait();
                    let response =
                        app.post(&format!("/api/meetings/{id}/agenda-items")).auth(admin).json(&body).send().unwrap();
                    let status = response.status();
                    (status, response.text().unwrap())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let created = statuses.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
    assert_eq!(created, 3, "{statuses:?}");
    for (status, body) in statuses.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
        assert_eq!(*status, StatusCode::CONFLICT, "{body}");
        assert!(body.contains("An agenda holds at most 100 items."), "{body}");
    }
    assert_eq!(agenda_len(&app, &admin, id), 100);
}
