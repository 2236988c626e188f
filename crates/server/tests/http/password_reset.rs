//! Self-service reset by e-mailed link (spec §11), read back from the real SMTP server (MailDev).

use reqwest::StatusCode;
use serde_json::json;

use domain::identity::password_reset::service::RESET_DONE;
use domain::identity::refusal::{LINK_EXPIRED, LINK_UNKNOWN, LINK_USED};
use domain::identity::role::Role;

use crate::common::mail::{self, token_in, unique_name};
use crate::common::{error_of, json_of, Authed, TestApp, PASSWORD, QUIET};

fn forgot(app: &TestApp, email: &str) {
    json_of(
        app.post("/api/auth/forgot-password").json(&json!({ "email": email })).send().unwrap(),
        StatusCode::OK,
    );
}

fn reset(app: &TestApp, token: &str, password: &str) -> reqwest::blocking::Response {
    app.post("/api/auth/reset-password")
        .json(&json!({ "token": token, "newPassword": password }))
        .send()
        .unwrap()
}

#[test]
fn the_mailed_link_resets_the_password_once_and_ends_every_session() {
    let app = TestApp::spawn_with_smtp();
    let session = app.signed_in_named(Role::Trustee, &unique_name("Reset"));
    let chair = app.signed_in_as(Role::Chair);
    forgot(&app, &session.email);

    let messages = mail::wait_for(&session.email, 1);
    assert_eq!(messages.len(), 1, "exactly one message");
    let message = &messages[0];
    assert_eq!(message["subject"], "Reset your Test Charity password");
    assert_eq!(message["to"].as_array().unwrap().len(), 1, "one recipient only");
    let text = message["text"].as_str().unwrap();
    assert!(text.contains("https://portal.test/reset-password?token="), "{text}");
    assert!(message["html"].as_str().unwrap().contains("Choose a new password"));
    let token = token_in(text);
    assert_eq!(token.len(), 64);
    // Only a hash is stored.
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM password_tokens WHERE token_hash = '{token}'"
        )),
        0
    );

    let done = json_of(reset(&app, &token, "a brand new password"), StatusCode::OK);
    assert_eq!(done["message"], RESET_DONE);
    json_of(app.login(&session.email, "a brand new password"), StatusCode::OK);
    error_of(app.login(&session.email, PASSWORD), StatusCode::UNAUTHORIZED);
    // The session from before the reset is over.
    error_of(app.get("/api/auth/me").auth(&session).send().unwrap(), StatusCode::UNAUTHORIZED);
    // Settled in the admins' reset queue, marked as done by link.
    let pending = json_of(app.get("/api/auth/reset-requests").auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(pending.as_array().unwrap().len(), 0);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT resolved_by AS value FROM password_reset_requests WHERE user_id = {}",
            session.id
        )),
        Some("link".to_string())
    );

    assert_eq!(error_of(reset(&app, &token, "yet another password"), StatusCode::BAD_REQUEST), LINK_USED);
    json_of(app.login(&session.email, "a brand new password"), StatusCode::OK);
}

#[test]
fn expired_unknown_and_superseded_links_are_refused() {
    let app = TestApp::spawn_with_smtp();
    let (_, email) = app.create_user(Role::Trustee, &unique_name("Expiry"));
    forgot(&app, &email);
    let first = token_in(mail::wait_for(&email, 1)[0]["text"].as_str().unwrap());
    forgot(&app, &email);
    let messages = mail::wait_for(&email, 2);
    assert_eq!(messages.len(), 2);
    let second =
        messages.iter().map(|m| token_in(m["text"].as_str().unwrap())).find(|t| *t != first).unwrap();

    // Asking again invalidates the earlier link.
    assert_eq!(error_of(reset(&app, &first, "a brand new password"), StatusCode::BAD_REQUEST), LINK_EXPIRED);
    // A link older than 30 minutes.
    app.execute("UPDATE password_tokens SET expires_at = now() - interval '1 second'");
    assert_eq!(error_of(reset(&app, &second, "a brand new password"), StatusCode::BAD_REQUEST), LINK_EXPIRED);
    assert_eq!(
        error_of(reset(&app, &"0".repeat(64), "a brand new password"), StatusCode::BAD_REQUEST),
        LINK_UNKNOWN
    );
    // The password rule is checked before the link.
    let body = json_of(reset(&app, &second, "short"), StatusCode::BAD_REQUEST);
    assert!(body["errors"]["newPassword"].is_string());
    json_of(app.login(&email, PASSWORD), StatusCode::OK);
}

#[test]
fn unknown_and_deactivated_addresses_get_nothing_and_an_address_gets_at_most_three_an_hour() {
    let app = TestApp::spawn_with_smtp();
    forgot(&app, "ghost@example.org");
    let (inactive_id, inactive) = app.create_user(Role::Trustee, &unique_name("Gone"));
    app.execute(&format!("UPDATE users SET active = false WHERE id = {inactive_id}"));
    forgot(&app, &inactive);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM mail_outbox"), 0);

    let (_, email) = app.create_user(Role::Trustee, &unique_name("Many"));
    for _ in 0..5 {
        forgot(&app, &email);
    }
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM mail_outbox WHERE kind = 'password-reset'"), 3);
    assert_eq!(mail::wait_for(&email, 3).len(), 3);
    std::thread::sleep(QUIET);
    assert_eq!(mail::messages_to(&email).len(), 3);
    assert!(mail::messages_to(&inactive).is_empty());
}
