//! Two server processes on one database and one bucket, as behind a load balancer (spec §9a):
//! whatever a request needs is in PostgreSQL or the object store, never in one process's memory, so
//! a user may land on either process for any request.
//!
//! Each test starts its own `Cluster` (two real `trustee-portal serve` processes with their own data
//! folders). To add a check, start a cluster and act on `servers[0]`, observe on `servers[1]`; what a
//! process learns asynchronously (a cache fed by LISTEN/NOTIFY, an event stream) is awaited with
//! `eventually`.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::common::cluster::{eventually, Cluster};
use crate::common::files::{file_part, form, pdf, PDF_MIME};
use crate::common::{error_of, json_of, Authed, Session};

/// How long another process may take to learn of a change (spec §9, Session cache: within a second), with
/// room for a loaded test machine where only the propagation itself is being checked.
const PROPAGATION: Duration = Duration::from_secs(2);

/// The spec's bound for a revocation to reach every process (§9, Session cache).
const ONE_SECOND: Duration = Duration::from_secs(1);

fn status_of_me(cluster: &Cluster, server: usize, token: &str) -> StatusCode {
    cluster.get(server, "/api/auth/me").bearer_auth(token).send().unwrap().status()
}

#[test]
fn a_session_started_on_one_server_works_on_the_other() {
    let cluster = Cluster::start(2);
    let admin = cluster.admin_on(0);
    let me = json_of(cluster.get(1, "/api/auth/me").auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(me["email"], admin.email, "{me}");
    // The other process knows the session as the caller's current one.
    let sessions = json_of(cluster.get(1, "/api/auth/sessions").auth(&admin).send().unwrap(), StatusCode::OK);
    let sessions = sessions.as_array().expect("a list of sessions");
    assert_eq!(sessions.len(), 1, "{sessions:?}");
    assert_eq!(sessions[0]["current"], true);

    // And the other way round: what one process writes, the other reads.
    let created = json_of(
        cluster
            .post(1, "/api/notices")
            .auth(&admin)
            .json(&json!({"title": "Seen from both", "content": "Posted on the second process."}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let notices = json_of(cluster.get(0, "/api/notices").auth(&admin).send().unwrap(), StatusCode::OK);
    assert!(notices.to_string().contains("Seen from both"), "{notices} should hold {created}");
}

#[test]
fn a_sign_out_on_one_server_is_refused_by_the_other() {
    let cluster = Cluster::start(2);
    let admin = cluster.admin_on(0);
    assert_eq!(status_of_me(&cluster, 1, &admin.token), StatusCode::OK);

    json_of(cluster.post(1, "/api/auth/logout").auth(&admin).send().unwrap(), StatusCode::OK);
    for server in [0, 1] {
        assert!(
            eventually(PROPAGATION, || status_of_me(&cluster, server, &admin.token)
                == StatusCode::UNAUTHORIZED),
            "a signed-out session must be refused by server {server}"
        );
    }
    // And it stays refused (no process brings it back from a stale copy).
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(status_of_me(&cluster, 0, &admin.token), StatusCode::UNAUTHORIZED);
    assert_eq!(status_of_me(&cluster, 1, &admin.token), StatusCode::UNAUTHORIZED);
}

#[test]
fn a_password_change_on_one_server_ends_the_other_sessions_on_both() {
    let cluster = Cluster::start(2);
    let here = cluster.admin_on(0);
    let elsewhere = cluster.admin_on(1);
    assert_eq!(status_of_me(&cluster, 0, &elsewhere.token), StatusCode::OK);

    let new_password = "lantern-quarry-92";
    let changed = json_of(
        cluster
            .post(0, "/api/auth/change-password")
            .auth(&here)
            .json(&json!({"currentPassword": here.password, "newPassword": new_password}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    let new_token = changed["token"].as_str().expect("a new token").to_string();
    for server in [0, 1] {
        assert!(
            eventually(PROPAGATION, || status_of_me(&cluster, server, &elsewhere.token)
                == StatusCode::UNAUTHORIZED),
            "the other session must be refused by server {server} after the password change"
        );
        assert_eq!(status_of_me(&cluster, server, &new_token), StatusCode::OK);
    }
    // The old password no longer signs in anywhere; the new one does, on the other process.
    let refused = cluster
        .post(1, "/api/auth/login")
        .json(&json!({"email": here.email, "password": here.password}))
        .send()
        .unwrap();
    error_of(refused, StatusCode::UNAUTHORIZED);
    cluster.sign_in(1, &here.email, new_password);
}

#[test]
fn a_revocation_on_one_server_is_refused_by_the_other_within_one_second() {
    let cluster = Cluster::start(2);
    let laptop = cluster.admin_on(0);
    let phone = cluster.admin_on(1);
    // The phone's session is in use on the second process (which caches a session it has checked once
    // its change feed listens), and on the first.
    for _ in 0..5 {
        assert_eq!(status_of_me(&cluster, 1, &phone.token), StatusCode::OK);
        assert_eq!(status_of_me(&cluster, 0, &phone.token), StatusCode::OK);
        std::thread::sleep(Duration::from_millis(100));
    }

    // On the first process, the laptop ends the phone's session (Account security, "Sign out" a device).
    let sessions =
        json_of(cluster.get(0, "/api/auth/sessions").auth(&laptop).send().unwrap(), StatusCode::OK);
    let phone_session = sessions
        .as_array()
        .expect("a list of sessions")
        .iter()
        .find(|s| s["current"] == false)
        .and_then(|s| s["id"].as_i64())
        .unwrap_or_else(|| panic!("the other session in {sessions}"));
    let response =
        cluster.delete(0, &format!("/api/auth/sessions/{phone_session}")).auth(&laptop).send().unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let revoked = Instant::now();
    while status_of_me(&cluster, 1, &phone.token) != StatusCode::UNAUTHORIZED {
        assert!(revoked.elapsed() < ONE_SECOND, "the second process still accepts the revoked session");
        std::thread::sleep(Duration::from_millis(10));
    }
    println!("refused by the other process {} ms after the revocation", revoked.elapsed().as_millis());
    assert_eq!(status_of_me(&cluster, 0, &phone.token), StatusCode::UNAUTHORIZED);
    // The laptop's own session goes on working on both.
    assert_eq!(status_of_me(&cluster, 0, &laptop.token), StatusCode::OK);
    assert_eq!(status_of_me(&cluster, 1, &laptop.token), StatusCode::OK);
}

/// A committee made through the first process and its chat stream opened on the second, read line by
/// line on a thread: `Some(line)` for each line, then `None` when the stream ends.
fn committee_stream_on_the_second(
    cluster: &Cluster,
    admin: &Session,
) -> (i64, mpsc::Receiver<Option<String>>) {
    let created = json_of(
        cluster.post(0, "/api/committees").auth(admin).json(&json!({"name": "Finance"})).send().unwrap(),
        StatusCode::CREATED,
    );
    let id = created["id"].as_i64().expect("committee id");

    // 503 until the second process's change feed listens: the client polls meanwhile.
    let path = format!("/api/committees/{id}/messages/stream");
    let mut stream = None;
    assert!(
        eventually(Duration::from_secs(10), || {
            let response = cluster.get(1, &path).auth(admin).send().unwrap();
            if response.status() == StatusCode::OK {
                stream = Some(response);
                return true;
            }
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
            false
        }),
        "the second process opens the chat stream"
    );
    let response = stream.expect("the stream");
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(response).lines() {
            let Ok(line) = line else { break };
            if lines.send(Some(line)).is_err() {
                return;
            }
        }
        let _ = lines.send(None);
    });
    (id, received)
}

#[test]
fn a_chat_message_posted_on_one_server_reaches_a_stream_on_the_other() {
    let cluster = Cluster::start(2);
    let admin = cluster.admin_on(0);
    let (id, received) = committee_stream_on_the_second(&cluster, &admin);

    let posted = json_of(
        cluster
            .post(0, &format!("/api/committees/{id}/messages"))
            .auth(&admin)
            .json(&json!({"message": "Posted on the first process"}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let posted_at = Instant::now();
    let posted_id = posted["id"].as_i64().expect("message id");
    let deadline = posted_at + Duration::from_secs(5);
    let mut seen = Vec::new();
    while !seen.iter().any(|l: &String| l.contains("Posted on the first process")) {
        let left = deadline.saturating_duration_since(Instant::now());
        match received.recv_timeout(left) {
            Ok(Some(line)) => seen.push(line),
            _ => panic!("the message must reach the other process's stream; seen {seen:?}"),
        }
    }
    println!("delivered to the other process's stream {} ms after the post", posted_at.elapsed().as_millis());
    assert!(seen.contains(&format!("id: {posted_id}")), "{seen:?}");
    // Delivered once: nothing more arrives for it.
    std::thread::sleep(Duration::from_millis(300));
    let more: Vec<String> = received.try_iter().flatten().collect();
    assert!(!more.iter().any(|l| l.contains("Posted on the first process")), "doubled: {more:?}");
}

#[test]
fn a_sign_out_on_one_server_ends_the_chat_stream_on_the_other_within_a_second() {
    let cluster = Cluster::start(2);
    let admin = cluster.admin_on(0);
    let (_, received) = committee_stream_on_the_second(&cluster, &admin);

    json_of(cluster.post(0, "/api/auth/logout").auth(&admin).send().unwrap(), StatusCode::OK);
    let signed_out = Instant::now();
    // Two seconds for a loaded test machine: the stream must have ended, where before it stayed open
    // until its 15-second check.
    let deadline = signed_out + Duration::from_secs(2);
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match received.recv_timeout(left) {
            Ok(Some(line)) => seen.push(line),
            Ok(None) => break,
            Err(_) => panic!("the stream on the other process is still open; seen {seen:?}"),
        }
    }
    println!("the other process's stream ended {} ms after the sign-out", signed_out.elapsed().as_millis());
    assert!(seen.contains(&"event: closed".to_string()), "{seen:?}");
}

#[test]
fn a_file_uploaded_through_one_server_downloads_through_the_other() {
    let cluster = Cluster::start(2);
    let admin = cluster.admin_on(0);
    let upload = form(
        &[("title", "Safeguarding policy"), ("category", "safeguarding")],
        Some(file_part(pdf(), "Safeguarding policy.pdf", PDF_MIME)),
    );
    let created = json_of(
        cluster.post(0, "/api/documents").auth(&admin).multipart(upload).send().unwrap(),
        StatusCode::CREATED,
    );
    let id = created["id"].as_i64().expect("document id");

    // Downloaded through the other process, byte for byte: the file is in the shared bucket.
    let download = cluster.get(1, &format!("/api/documents/{id}/download")).auth(&admin).send().unwrap();
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.bytes().unwrap().to_vec(), pdf());

    // A view ticket issued by one process is honoured by the other.
    let ticket = json_of(
        cluster.post(1, &format!("/api/documents/{id}/view-ticket")).auth(&admin).send().unwrap(),
        StatusCode::OK,
    );
    let view_url = ticket["url"].as_str().expect("a view url");
    let viewed = cluster.client.get(cluster.servers[0].url(view_url)).send().unwrap();
    assert_eq!(viewed.status(), StatusCode::OK);
    assert_eq!(viewed.bytes().unwrap().to_vec(), pdf());

    // The bucket holds exactly that one object, and deleting through the other process removes it.
    let bucket = bucket_of(&cluster);
    assert_eq!(bucket.keys().unwrap().len(), 1);
    json_of(cluster.delete(1, &format!("/api/documents/{id}")).auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(
        cluster.get(0, &format!("/api/documents/{id}/download")).auth(&admin).send().unwrap().status(),
        StatusCode::NOT_FOUND
    );
    assert!(bucket.keys().unwrap().is_empty());
}

#[test]
fn sign_in_failures_on_both_servers_count_together() {
    let cluster = Cluster::start(2);
    let admin = cluster.admin_on(0);
    for attempt in 0..5 {
        let response = cluster
            .post(attempt % 2, "/api/auth/login")
            .json(&json!({"email": admin.email, "password": "not-the-password"}))
            .send()
            .unwrap();
        error_of(response, StatusCode::UNAUTHORIZED);
    }
    // Five failures spread over two processes throttle the account on both, even with the right password.
    for server in [0, 1] {
        let response = cluster
            .post(server, "/api/auth/login")
            .json(&json!({"email": admin.email, "password": admin.password}))
            .send()
            .unwrap();
        error_of(response, StatusCode::TOO_MANY_REQUESTS);
    }
}

#[test]
fn a_server_whose_bucket_cannot_be_reached_stops_at_start_with_the_reason() {
    let db = test_support::TestDatabase::empty();
    let s3 = test_support::s3::server();
    let mut server = Cluster::spawn(&db, "s3://no-such-bucket-anywhere/files", &s3.options());
    assert_eq!(server.wait_for_exit(), Some(false), "the server must stop:\n{}", server.log());
    let log = server.log();
    assert!(log.contains("the object store s3://no-such-bucket-anywhere/files cannot be reached"), "{log}");
}

/// The cluster's bucket prefix, to look at what it holds.
fn bucket_of(cluster: &Cluster) -> s3_store::S3FileStore {
    let spool = tempfile::tempdir().unwrap();
    s3_store::S3FileStore::new(
        s3_store::S3Location::parse(&cluster.file_store_url).unwrap(),
        &test_support::s3::server().options(),
        spool.path(),
    )
    .unwrap()
}
