//! `/api/committees/{id}/messages/stream` (spec §7, Live chat): the live chat by Server-Sent Events, its
//! resume from `Last-Event-ID`, its closing on removal and archiving and when its session ends; and the
//! `before` cursor through the history.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
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

    /// The stream sends its `closed` event and ends within `SESSION_END` of now; until then it is
    /// still open and would keep delivering. Panics (with `why`) otherwise.
    fn ends_soon(&self, why: &str) {
        let deadline = Instant::now() + SESSION_END;
        let left = || deadline.saturating_duration_since(Instant::now());
        let closed =
            self.0.recv_timeout(left()).unwrap_or_else(|_| panic!("{why}: the stream is still open"));
        let closed = closed.unwrap_or_else(|| panic!("{why}: the stream ended without its closed event"));
        assert_eq!(
            (closed.kind.as_str(), &closed.data),
            ("closed", &json!({"reason": "forbidden"})),
            "{why}"
        );
        let end = self.0.recv_timeout(left()).unwrap_or_else(|_| panic!("{why}: the body did not end"));
        assert_eq!(end, None, "{why}: nothing after the closed event");
    }
}

/// A session's end reaches its streams within a second (spec §7, Live chat); the tests allow
/// two for a loaded machine. Before, a stream noticed only at its 15-second check.
const SESSION_END: Duration = Duration::from_secs(2);

fn open(app: &TestApp, who: &Session, id: i64, last_event_id: Option<i64>) -> Stream {
    open_at(&app.base, &app.client, &who.token, id, last_event_id)
}

/// Opens a stream on the server at `base` (the test app or a second process) with a bearer token.
fn open_at(
    base: &str,
    client: &reqwest::blocking::Client,
    token: &str,
    id: i64,
    last_event_id: Option<i64>,
) -> Stream {
    let mut request = client.get(format!("{base}/api/committees/{id}/messages/stream")).bearer_auth(token);
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
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
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
    let other = app.committee_with(&admin, "Safeguarding", &[]);
    post(&app, &admin, other, "Elsewhere");
    assert!(stream.quiet_for(Duration::from_millis(500)));
}

#[test]
fn a_reconnecting_stream_resumes_after_last_event_id_with_nothing_lost_or_doubled() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = app.committee_with(&admin, "Safeguarding", &[]);
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
    let id = app.committee_with(&admin, "Safeguarding", &[&leaving, &staying]);
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
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);

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
    let id = app.committee_with(&admin, "Safeguarding", &[]);
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

#[test]
fn signing_out_ends_that_sessions_stream_at_once_and_no_other() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let laptop = app.signed_in_named(Role::Trustee, "Mia Member");
    let phone = app.another_session(&laptop);
    let id = app.committee_with(&admin, "Safeguarding", &[&laptop]);
    let laptop_stream = open(&app, &laptop, id, None);
    let phone_stream = open(&app, &phone, id, None);

    json_of(app.post("/api/auth/logout").auth(&laptop).send().unwrap(), StatusCode::OK);
    laptop_stream.ends_soon("signed out");
    // The phone's session goes on, and so does its stream.
    let after = post(&app, &admin, id, "Still here");
    assert_eq!(message(phone_stream.next()).0, after);
}

#[test]
fn signing_out_other_sessions_or_one_device_ends_their_streams_at_once() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let laptop = app.signed_in_named(Role::Trustee, "Mia Member");
    let phone = app.another_session(&laptop);
    let id = app.committee_with(&admin, "Safeguarding", &[&laptop]);
    let laptop_stream = open(&app, &laptop, id, None);
    let phone_stream = open(&app, &phone, id, None);

    let others = app.post("/api/auth/sessions/sign-out-others").auth(&laptop).send().unwrap();
    assert_eq!(json_of(others, StatusCode::OK)["count"], 1);
    phone_stream.ends_soon("signed out by sign-out-others");
    let after = post(&app, &admin, id, "The laptop still hears this");
    assert_eq!(message(laptop_stream.next()).0, after);

    // One device signed out from the list of sessions.
    let tablet = app.another_session(&laptop);
    let tablet_stream = open(&app, &tablet, id, None);
    let sessions = json_of(app.get("/api/auth/sessions").auth(&laptop).send().unwrap(), StatusCode::OK);
    let tablet_session = sessions
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["current"] == false)
        .and_then(|s| s["id"].as_i64())
        .unwrap_or_else(|| panic!("the tablet's session in {sessions}"));
    let ended = app.delete(&format!("/api/auth/sessions/{tablet_session}")).auth(&laptop).send().unwrap();
    assert!(ended.status().is_success(), "{}", ended.status());
    tablet_stream.ends_soon("the device was signed out");
    assert!(laptop_stream.quiet_for(Duration::from_millis(300)), "the laptop's stream stays open");
}

#[test]
fn a_password_change_ends_the_accounts_streams_at_once() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let laptop = app.signed_in_named(Role::Trustee, "Mia Member");
    let phone = app.another_session(&laptop);
    let id = app.committee_with(&admin, "Safeguarding", &[&laptop]);
    let laptop_stream = open(&app, &laptop, id, None);
    let phone_stream = open(&app, &phone, id, None);

    let change = json!({"currentPassword": laptop.password, "newPassword": "lantern-quarry-92"});
    json_of(
        app.post("/api/auth/change-password").auth(&laptop).json(&change).send().unwrap(),
        StatusCode::OK,
    );
    // Both were opened with tokens the change has ended (the laptop carries on with a new token).
    phone_stream.ends_soon("the other session after a password change");
    laptop_stream.ends_soon("the changing session's old token");
}

#[test]
fn deactivation_a_reset_or_losing_access_by_role_ends_the_stream_at_once() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let leaving = app.signed_in_named(Role::Trustee, "Dee Deactivated");
    let reset = app.signed_in_named(Role::Trustee, "Rey Reset");
    let demoted = app.signed_in_named(Role::Admin, "Dom Demoted");
    let second_factor_reset = app.signed_in_named(Role::Trustee, "Mo Reset");
    let id = app.committee_with(&admin, "Safeguarding", &[&leaving, &reset, &second_factor_reset]);
    let leaving_stream = open(&app, &leaving, id, None);
    let reset_stream = open(&app, &reset, id, None);
    let second_factor_reset_stream = open(&app, &second_factor_reset, id, None);
    // An admin sees every committee's chat without being a member; as a trustee they no longer may.
    let demoted_stream = open(&app, &demoted, id, None);

    let deactivate =
        json!({"name": "Dee Deactivated", "email": leaving.email, "role": "trustee", "active": false});
    let response = app.put(&format!("/api/users/{}", leaving.id)).auth(&admin).json(&deactivate).send();
    json_of(response.unwrap(), StatusCode::OK);
    leaving_stream.ends_soon("deactivated");

    let response = app.post("/api/auth/admin-reset-password").auth(&admin).json(&json!({"userId": reset.id}));
    json_of(response.send().unwrap(), StatusCode::OK);
    reset_stream.ends_soon("password reset by an admin");

    // An admin's reset of two-factor sign-in ends every session of the account.
    let response = app.post(&format!("/api/users/{}/mfa-reset", second_factor_reset.id)).auth(&admin).send();
    assert!(response.unwrap().status().is_success());
    second_factor_reset_stream.ends_soon("two-factor sign-in reset by an admin");

    let demote = json!({"name": "Dom Demoted", "email": demoted.email, "role": "trustee", "active": true});
    let response = app.put(&format!("/api/users/{}", demoted.id)).auth(&admin).json(&demote).send();
    json_of(response.unwrap(), StatusCode::OK);
    demoted_stream.ends_soon("no longer an admin nor a member");
}

#[test]
fn a_sign_out_through_another_server_process_ends_the_stream_at_once() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let id = app.committee_with(&admin, "Safeguarding", &[&member]);
    // The stream is served by a second process; the sign-out goes through the first, so only the
    // change feed can tell the second.
    let other = app.second_process();
    let stream = open_at(&other.base, &app.client, &member.token, id, None);
    let before = post(&app, &admin, id, "Heard across processes");
    assert_eq!(message(stream.next()).0, before);

    json_of(app.post("/api/auth/logout").auth(&member).send().unwrap(), StatusCode::OK);
    stream.ends_soon("signed out through the other process");
}
