//! HTTPS pinning (spec: §14 Security > HTTPS), a deactivated owner's calendar feed (spec: §2 Calendar
//! feed), and "not found" messages said once (spec: §14 Security > Messages).

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{error_of, json_of, Authed, TestApp};
use domain::identity::role::Role;

const HSTS: &str = "max-age=31536000; includeSubDomains";

#[test]
fn hsts_is_sent_when_the_public_address_is_https_and_only_then() {
    let app = TestApp::spawn_with(|c| c.mail.public_url = "https://portal.test".into());
    for path in ["/healthz", "/api/auth/me", "/api/no-such-thing"] {
        let response = app.get(path).send().unwrap();
        assert_eq!(response.headers()["strict-transport-security"], HSTS, "{path}");
    }
    let plain = TestApp::spawn_with(|c| c.mail.public_url = "http://localhost:8080".into());
    let response = plain.get("/healthz").send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get("strict-transport-security").is_none());
}

#[test]
fn a_deactivated_owners_feed_stops_and_stays_stopped() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let tina = app.signed_in_as(Role::Trustee);
    let url = json_of(app.get("/api/calendar/feed-url").auth(&tina).send().unwrap(), StatusCode::OK)["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("https://portal.test")
        .to_string();
    assert_eq!(app.get(&url).send().unwrap().status(), StatusCode::OK);

    let edit = |active: bool| {
        let body = json!({"name": "Tina Trustee", "email": tina.email, "role": "trustee", "active": active});
        json_of(
            app.put(&format!("/api/users/{}", tina.id)).auth(&admin).json(&body).send().unwrap(),
            StatusCode::OK,
        );
    };
    edit(false);
    assert_eq!(error_of(app.get(&url).send().unwrap(), StatusCode::NOT_FOUND), "Calendar feed not found");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM calendar_feed_tokens WHERE user_id = {}",
            tina.id
        )),
        0
    );
    // Activated again, the old URL still answers nothing; the user is shown a new one.
    edit(true);
    assert_eq!(error_of(app.get(&url).send().unwrap(), StatusCode::NOT_FOUND), "Calendar feed not found");
    let tina = app.another_session(&tina);
    let fresh = json_of(app.get("/api/calendar/feed-url").auth(&tina).send().unwrap(), StatusCode::OK)["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("https://portal.test")
        .to_string();
    assert_ne!(fresh, url);
    assert_eq!(app.get(&fresh).send().unwrap().status(), StatusCode::OK);
}

#[test]
fn not_found_is_said_once() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let message = |path: &str| error_of(app.get(path).auth(&admin).send().unwrap(), StatusCode::NOT_FOUND);
    assert_eq!(message("/api/meetings/9999/ics"), "Meeting not found");
    assert_eq!(message("/api/meetings/9999/attendance"), "Meeting not found");
    assert_eq!(message(&format!("/api/calendar/feed/{}.ics", "0".repeat(64))), "Calendar feed not found");
    assert_eq!(message("/api/calendar/feed/not-a-token.ics"), "Calendar feed not found");
    let body = json!({"title": "Board", "meetingDate": "2030-05-12T17:30:00Z"});
    let id = json_of(app.post("/api/meetings").auth(&admin).json(&body).send().unwrap(), StatusCode::CREATED)
        ["id"]
        .as_i64()
        .unwrap();
    let gone = error_of(
        app.delete(&format!("/api/meetings/{id}/attendance/guests/9999")).auth(&admin).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    assert_eq!(gone, "Guest not found");
}
