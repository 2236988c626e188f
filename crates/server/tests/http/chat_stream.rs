//! `/api/committees/{id}/messages/stream` (issue 15): the live chat by Server-Sent Events, its resume from
//! `Last-Event-ID`, its closing on removal and archiving; and the `before` cursor through the history.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::entities::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// One event as the stream sent it.
#[derive(Debug, Clone, PartialEq)]
struct Event {
    id: Option<i64>,
    kind: String,
    data: Value,
}

/// An open stream, read on its own thread; `None` once it ended.
struct Stream(mpsc::Receiver<Option<Event>>);

impl Stream {
    fn next(&self) -> Option<Event> {
        self.0.recv_timeout(Duration::from_secs(5)).expect("an event within 5 s")
    }

    fn quiet_for(&self, wait: Duration) -> bool {
        matches!(self.0.recv_timeout(wait), Err(mpsc::RecvTimeoutError::Timeout))
    }
}

fn open(app: &TestApp, who: &Session, id: i64, last_event_id: Option<i64>) -> Stream {
    let mut request = app.get(&format!("/api/committees/{id}/messages/stream")).auth(who);
    if let Some(last) = last_event_id {
        request = request.header("Last-Event-ID", last.to_string());
    }
    let response = request.send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let (events, received) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(response);
        let (mut id, mut kind, mut data) = (None, String::from("message"), String::new());
        let mut line = String::new();
        loop {
            line.clear();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    let _ = events.send(None);
                    return;
                }
                Ok(_) => {}
            }
            let line = line.trim_end_matches('\n');
            if line.is_empty() {
                if !data.is_empty() {
                    let event = Event { id, kind: kind.clone(), data: serde_json::from_str(&data).unwrap() };
                    if events.send(Some(event)).is_err() {
                        return;
                    }
                }
                (id, kind, data) = (None, String::from("message"), String::new());
            } else if let Some(value) = line.strip_prefix("id: ") {
                id = Some(value.parse().unwrap());
            } else if let Some(value) = line.strip_prefix("event: ") {
                kind = value.to_string();
            } else if let Some(value) = line.strip_prefix("data: ") {
                data.push_str(value);
            }
        }
    });
    Stream(received)
}

fn committee_with(app: &TestApp, admin: &Session, members: &[&Session]) -> i64 {
    let response =
        app.post("/api/committees").auth(admin).json(&json!({"name": "Safeguarding"})).send().unwrap();
    let id = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();
    for member in members {
        let body = json!({"userId": member.id, "role": "member"});
        let response =
            app.post(&format!("/api/committees/{id}/members")).auth(admin).json(&body).send().unwrap();
        json_of(response, StatusCode::CREATED);
    }
    id
}

fn post(app: &TestApp, who: &Session, id: i64, message: &str) -> i64 {
    let response = app
        .post(&format!("/api/committees/{id}/messages"))
        .auth(who)
        .json(&json!({ "message": message }))
        .send();
    json_of(response.unwrap(), StatusCode::CREATED)["id"].as_i64().unwrap()
}

fn message(event: Option<Event>) -> (i64, String) {
    let event = event.expect("an event, not the end");
    assert_eq!(event.kind, "message");
    assert_eq!(event.id, event.data["id"].as_i64());
    (event.data["id"].as_i64().unwrap(), event.data["message"].as_str().unwrap().to_string())
}

#[test]
fn a_stream_receives_messages_posted_after_it_connected_by_anyone() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let id = committee_with(&app, &admin, &[&member]);
    post(&app, &admin, id, "Before the stream");

    let stream = open(&app, &member, id, None);
    let first = post(&app, &admin, id, "Agenda attached");
    let second = post(&app, &member, id, "Thanks");
    assert_eq!(message(stream.next()), (first, "Agenda attached".to_string()));
    let event = stream.next().unwrap();
    assert_eq!(event.data["user"], json!({"id": member.id, "name": "Mia Member"}));
    assert_eq!(event.id, Some(second));
    // Nothing else: not the message from before, nothing twice.
    assert!(stream.quiet_for(Duration::from_millis(500)));

    // Another committee's messages never reach it.
    let other = committee_with(&app, &admin, &[]);
    post(&app, &admin, other, "Elsewhere");
    assert!(stream.quiet_for(Duration::from_millis(500)));
}

#[test]
fn a_reconnecting_stream_resumes_after_last_event_id_with_nothing_lost_or_doubled() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = committee_with(&app, &admin, &[]);
    let ids: Vec<i64> = (1..=4).map(|n| post(&app, &admin, id, &format!("message {n}"))).collect();

    let stream = open(&app, &admin, id, Some(ids[1]));
    assert_eq!(message(stream.next()), (ids[2], "message 3".to_string()));
    assert_eq!(message(stream.next()), (ids[3], "message 4".to_string()));
    let fifth = post(&app, &admin, id, "message 5");
    assert_eq!(message(stream.next()), (fifth, "message 5".to_string()));
    assert!(stream.quiet_for(Duration::from_millis(500)));

    // `?after=` does the same for a first connection; more than a page of backlog comes whole, in order.
    app.execute(&format!(
        "INSERT INTO committee_messages (committee_id, user_id, message, sent_at) \
         SELECT {id}, {}, 'bulk ' || n, now() FROM generate_series(1, 450) AS n",
        admin.id
    ));
    let response =
        app.get(&format!("/api/committees/{id}/messages/stream?after={fifth}")).auth(&admin).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    drop(response);
    let stream = open(&app, &admin, id, Some(fifth));
    let mut previous = fifth;
    for n in 1..=450 {
        let (got, text) = message(stream.next());
        assert!(got > previous);
        assert_eq!(text, format!("bulk {n}"));
        previous = got;
    }
    assert!(stream.quiet_for(Duration::from_millis(300)));

    // A malformed Last-Event-ID is refused.
    let response = app
        .get(&format!("/api/committees/{id}/messages/stream"))
        .auth(&admin)
        .header("Last-Event-ID", "yesterday")
        .send()
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[test]
fn removing_a_member_closes_their_stream_and_only_theirs() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let leaving = app.signed_in_named(Role::Trustee, "Lee Leaving");
    let staying = app.signed_in_named(Role::Trustee, "Sam Staying");
    let id = committee_with(&app, &admin, &[&leaving, &staying]);
    let leaving_stream = open(&app, &leaving, id, None);
    let staying_stream = open(&app, &staying, id, None);

    let response = app.delete(&format!("/api/committees/{id}/members/{}", leaving.id)).auth(&admin).send();
    assert_eq!(response.unwrap().status(), StatusCode::OK);
    let closed = leaving_stream.next().expect("a closing event");
    assert_eq!((closed.kind.as_str(), &closed.data), ("closed", &json!({"reason": "removed"})));
    assert_eq!(leaving_stream.next(), None, "the stream ended");

    let after = post(&app, &admin, id, "Welcome to the smaller committee");
    assert_eq!(message(staying_stream.next()).0, after);
    // And the removed member cannot open it again.
    let refused = app.get(&format!("/api/committees/{id}/messages/stream")).auth(&leaving).send().unwrap();
    error_of(refused, StatusCode::FORBIDDEN);
}

#[test]
fn archiving_the_committee_closes_every_stream_and_outsiders_cannot_open_one() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = committee_with(&app, &admin, &[&member]);

    let url = format!("/api/committees/{id}/messages/stream");
    error_of(app.get(&url).auth(&outsider).send().unwrap(), StatusCode::FORBIDDEN);
    error_of(app.get(&url).send().unwrap(), StatusCode::UNAUTHORIZED);
    error_of(
        app.get("/api/committees/424242/messages/stream").auth(&admin).send().unwrap(),
        StatusCode::NOT_FOUND,
    );

    let member_stream = open(&app, &member, id, None);
    let admin_stream = open(&app, &admin, id, None);
    let response = app.patch(&format!("/api/committees/{id}/archive")).auth(&admin).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    for stream in [member_stream, admin_stream] {
        assert_eq!(stream.next().expect("closing event").kind, "closed");
        assert_eq!(stream.next(), None);
    }
    // Nothing can arrive any more: an archived chat has no stream (it is read with the list).
    error_of(app.get(&url).auth(&admin).send().unwrap(), StatusCode::CONFLICT);
}

#[test]
fn the_before_cursor_pages_through_the_whole_history() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = committee_with(&app, &admin, &[]);
    app.execute(&format!(
        "INSERT INTO committee_messages (committee_id, user_id, message, sent_at) \
         SELECT {id}, {}, 'message ' || n, now() FROM generate_series(1, 450) AS n",
        admin.id
    ));
    let mut seen: Vec<String> = Vec::new();
    let mut query = String::new();
    let mut pages = 0;
    loop {
        let response = app.get(&format!("/api/committees/{id}/messages{query}")).auth(&admin).send().unwrap();
        let page = json_of(response, StatusCode::OK).as_array().unwrap().clone();
        if page.is_empty() {
            break;
        }
        pages += 1;
        assert!(page.len() <= 200);
        let texts: Vec<String> = page.iter().map(|m| m["message"].as_str().unwrap().to_string()).collect();
        seen.splice(0..0, texts);
        query = format!("?before={}", page[0]["id"].as_i64().unwrap());
    }
    assert_eq!(pages, 3);
    let expected: Vec<String> = (1..=450).map(|n| format!("message {n}")).collect();
    assert_eq!(seen, expected);

    // `before` and `after` together bound both ends.
    let ids: Vec<i64> = {
        let response = app.get(&format!("/api/committees/{id}/messages")).auth(&admin).send().unwrap();
        json_of(response, StatusCode::OK)
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect()
    };
    let response = app
        .get(&format!("/api/committees/{id}/messages?after={}&before={}", ids[0], ids[3]))
        .auth(&admin)
        .send()
        .unwrap();
    let between: Vec<i64> = json_of(response, StatusCode::OK)
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(between, ids[1..3].to_vec());
}
