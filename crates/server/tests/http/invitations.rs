//! Invitations and polite bulk mail (spec §11 Invitations, Bulk mail is polite), read back from the real SMTP
//! server (MailDev): the invitation link sets a first password once, expires, is replaced by a new one; the
//! temporary-password path still works; a deactivated user gets nothing; one-click unsubscribe switches the
//! kind off in the user's Notification settings.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use domain::identity::invitations::service::INVITATION_ACCEPTED;
use domain::identity::refusal::{
    ALREADY_HAS_PASSWORD, INVITATION_EXPIRED, INVITATION_UNKNOWN, INVITATION_USED,
};
use domain::identity::role::Role;
use domain::notifications::mail::MailKind;
use domain::notifications::notification::NotificationKind;
use domain::notifications::unsubscribe::service::{unsubscribed_message, UNSUBSCRIBE_INVALID};
use domain::notifications::unsubscribe::UnsubscribeKey;
use domain::UserId;

use crate::common::mail::{self, token_in, unique_name};
use crate::common::{error_of, json_of, Authed, Session, TestApp, PASSWORD, QUIET};

const CHOSEN: &str = "lantern harbour quietly";

fn fresh_email(prefix: &str) -> String {
    format!("{}@example.org", unique_name(prefix).to_lowercase().replace(' ', "."))
}

/// Creates a user by invitation through the API; answers the new user as the API shows it.
fn invite(app: &TestApp, admin: &Session, email: &str) -> Value {
    let body = json!({ "name": "Nia Newcomer", "email": email, "role": "trustee", "invite": true });
    json_of(app.post("/api/users").auth(admin).json(&body).send().unwrap(), StatusCode::CREATED)
}

fn accept(app: &TestApp, token: &str, password: &str) -> reqwest::blocking::Response {
    app.post("/api/auth/accept-invitation")
        .json(&json!({ "token": token, "newPassword": password }))
        .send()
        .unwrap()
}

fn resend(app: &TestApp, who: &Session, id: i64) -> reqwest::blocking::Response {
    app.post(&format!("/api/users/{id}/invitation")).auth(who).send().unwrap()
}

fn listed(app: &TestApp, admin: &Session, id: i64) -> Value {
    let list = json_of(app.get("/api/users").auth(admin).send().unwrap(), StatusCode::OK);
    list.as_array().unwrap().iter().find(|u| u["id"] == id).cloned().expect("user in the list")
}

fn audited(app: &TestApp, kind: &str, object_id: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM audit_events WHERE kind = '{kind}' AND object_id = '{object_id}'"
    ))
}

/// The raw message as the SMTP server received it.
fn source_of(message: &Value) -> String {
    let id = message["id"].as_str().unwrap();
    reqwest::blocking::get(format!("{}/api/email/{id}/source", mail::server().web_url))
        .and_then(|r| r.text())
        .unwrap()
}

#[test]
fn an_invited_user_sets_a_password_once_through_the_mailed_link_and_signs_in_with_it() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_named(Role::Admin, "Alice Admin");
    let email = fresh_email("Invited");
    let created = invite(&app, &admin, &email);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["invitation"]["expired"], false);
    assert!(created["invitation"]["expiresAt"].is_string());
    assert_eq!(listed(&app, &admin, id)["invitation"]["expired"], false);

    // No password signs in before the invitation is accepted, not even the stored marker.
    for password in [PASSWORD, "!invited", CHOSEN] {
        error_of(app.login(&email, password), StatusCode::UNAUTHORIZED);
    }

    let messages = mail::wait_for(&email, 1);
    assert_eq!(messages.len(), 1, "exactly one message");
    let message = &messages[0];
    assert_eq!(message["subject"], "You are invited to Test Charity");
    assert_eq!(message["to"].as_array().unwrap().len(), 1, "one recipient only");
    assert_eq!(message["envelope"]["to"].as_array().unwrap().len(), 1);
    assert_eq!(message["calculatedBcc"].as_array().unwrap().len(), 0);
    let source = source_of(message);
    assert!(!source.contains("List-Unsubscribe"), "an invitation is not bulk mail");
    assert!(source.contains(&format!("\nTo: {email}\r\n")), "{source}");
    assert!(!source.contains("\nCc:") && !source.contains("\nBcc:"));
    let text = message["text"].as_str().unwrap();
    assert!(text.contains("Alice Admin has invited you"), "{text}");
    assert!(text.contains("https://portal.test/accept-invitation?token="), "{text}");
    assert!(message["html"].as_str().unwrap().contains("Accept the invitation"));
    let token = token_in(text);
    assert_eq!(token.len(), 64);
    // Only a hash is stored.
    let stored = format!("SELECT count(*) AS value FROM password_tokens WHERE token_hash = '{token}'");
    assert_eq!(app.scalar_i64(&stored), 0);

    // The password policy applies (the user's own name is refused).
    let refused = json_of(accept(&app, &token, "newcomer-2026"), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["newPassword"].is_string(), "{refused}");

    let done = json_of(accept(&app, &token, CHOSEN), StatusCode::OK);
    assert_eq!(done["message"], INVITATION_ACCEPTED);
    json_of(app.login(&email, CHOSEN), StatusCode::OK);
    assert_eq!(listed(&app, &admin, id)["invitation"], Value::Null);
    assert_eq!(audited(&app, "invitation_sent", id), 1);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS value FROM audit_events WHERE kind = 'invitation_accepted'"),
        1
    );

    // The link works once.
    assert_eq!(
        error_of(accept(&app, &token, "another fine passphrase"), StatusCode::BAD_REQUEST),
        INVITATION_USED
    );
    json_of(app.login(&email, CHOSEN), StatusCode::OK);
    // Nothing to re-send once they have a password.
    assert_eq!(error_of(resend(&app, &admin, id), StatusCode::CONFLICT), ALREADY_HAS_PASSWORD);
}

#[test]
fn a_resent_invitation_replaces_the_old_link_and_an_expired_link_is_refused() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_as(Role::Admin);
    let email = fresh_email("Resent");
    let id = invite(&app, &admin, &email)["id"].as_i64().unwrap();
    let first = token_in(mail::wait_for(&email, 1)[0]["text"].as_str().unwrap());

    // Only admins re-send; unknown users are 404; a user with a password is 409.
    for role in [Role::Chair, Role::Trustee] {
        let other = app.signed_in_as(role);
        error_of(resend(&app, &other, id), StatusCode::FORBIDDEN);
    }
    error_of(app.post(&format!("/api/users/{id}/invitation")).send().unwrap(), StatusCode::UNAUTHORIZED);
    error_of(resend(&app, &admin, 999_999), StatusCode::NOT_FOUND);
    assert_eq!(error_of(resend(&app, &admin, admin.id.into()), StatusCode::CONFLICT), ALREADY_HAS_PASSWORD);

    let queued = json_of(resend(&app, &admin, id), StatusCode::ACCEPTED);
    assert_eq!(queued["message"], format!("A new invitation to {email} is queued."));
    let messages = mail::wait_for(&email, 2);
    assert_eq!(messages.len(), 2);
    let second =
        messages.iter().map(|m| token_in(m["text"].as_str().unwrap())).find(|t| *t != first).unwrap();
    assert_eq!(audited(&app, "invitation_sent", id), 2);

    // The old link no longer works; an unknown one neither.
    assert_eq!(error_of(accept(&app, &first, CHOSEN), StatusCode::BAD_REQUEST), INVITATION_EXPIRED);
    assert_eq!(error_of(accept(&app, &"0".repeat(64), CHOSEN), StatusCode::BAD_REQUEST), INVITATION_UNKNOWN);

    // Seven days later the newest link has expired too, and the Users page says so.
    app.execute(&format!(
        "UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE user_id = {id}"
    ));
    assert_eq!(listed(&app, &admin, id)["invitation"]["expired"], true);
    assert_eq!(error_of(accept(&app, &second, CHOSEN), StatusCode::BAD_REQUEST), INVITATION_EXPIRED);
    error_of(app.login(&email, CHOSEN), StatusCode::UNAUTHORIZED);

    // A new invitation makes the account usable again.
    json_of(resend(&app, &admin, id), StatusCode::ACCEPTED);
    let messages = mail::wait_for(&email, 3);
    let third = messages
        .iter()
        .map(|m| token_in(m["text"].as_str().unwrap()))
        .find(|t| *t != first && *t != second)
        .unwrap();
    assert_eq!(listed(&app, &admin, id)["invitation"]["expired"], false);
    json_of(accept(&app, &third, CHOSEN), StatusCode::OK);
    json_of(app.login(&email, CHOSEN), StatusCode::OK);
}

#[test]
fn the_admin_can_still_set_a_password_instead_of_inviting() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_as(Role::Admin);
    let email = fresh_email("Direct");
    // The dialog's "Set a temporary password": the user must replace it at first sign-in.
    let body = json!({ "name": "Dev Direct", "email": email, "role": "trustee", "password": CHOSEN,
                       "temporaryPassword": true });
    let created =
        json_of(app.post("/api/users").auth(&admin).json(&body).send().unwrap(), StatusCode::CREATED);
    assert_eq!(created["invitation"], Value::Null);
    assert_eq!(created["requirePasswordChange"], true);
    let signed_in = json_of(app.login(&email, CHOSEN), StatusCode::OK);
    assert_eq!(signed_in["user"]["requirePasswordChange"], true);
    let token = signed_in["token"].as_str().unwrap().to_string();
    let message =
        error_of(app.get("/api/notices").bearer_auth(&token).send().unwrap(), StatusCode::FORBIDDEN);
    assert!(message.contains("new password"), "{message}");
    let changed = app
        .post("/api/auth/change-password-temp")
        .bearer_auth(&token)
        .json(&json!({"newPassword": "a quiet lighthouse keeper"}))
        .send()
        .unwrap();
    assert_eq!(json_of(changed, StatusCode::OK)["user"]["requirePasswordChange"], false);
    json_of(app.login(&email, "a quiet lighthouse keeper"), StatusCode::OK);
    let created_id = created["id"].as_i64().unwrap();
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT details AS value FROM audit_events WHERE kind = 'user_created' AND object_id = '{created_id}'"
        )),
        Some("role: trustee, temporary password".into())
    );
    // Through the API without `temporaryPassword` the password is simply theirs (scripts, demo data).
    let own = fresh_email("Own");
    let body = json!({ "name": "Owen Own", "email": own, "role": "trustee", "password": CHOSEN });
    let created =
        json_of(app.post("/api/users").auth(&admin).json(&body).send().unwrap(), StatusCode::CREATED);
    assert_eq!(created["requirePasswordChange"], false);
    assert_eq!(json_of(app.login(&own, CHOSEN), StatusCode::OK)["user"]["requirePasswordChange"], false);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM mail_outbox"), 0, "no mail for this path");

    // Without `invite` a password is required; with it, none may be given.
    let other = fresh_email("Other");
    let missing = json!({ "name": "Oli Other", "email": other, "role": "trustee" });
    let answer =
        json_of(app.post("/api/users").auth(&admin).json(&missing).send().unwrap(), StatusCode::BAD_REQUEST);
    assert!(answer["errors"]["password"].is_string(), "{answer}");
    let both =
        json!({ "name": "Oli Other", "email": other, "role": "trustee", "invite": true, "password": CHOSEN });
    let answer =
        json_of(app.post("/api/users").auth(&admin).json(&both).send().unwrap(), StatusCode::BAD_REQUEST);
    assert!(answer["errors"]["password"].is_string(), "{answer}");
    // Invitations follow the same rules as other new users: only admins, no duplicate e-mail.
    let chair = app.signed_in_as(Role::Chair);
    let invite_body = json!({ "name": "Oli Other", "email": other, "role": "trustee", "invite": true });
    error_of(app.post("/api/users").auth(&chair).json(&invite_body).send().unwrap(), StatusCode::FORBIDDEN);
    let taken = json!({ "name": "Dev Again", "email": email, "role": "trustee", "invite": true });
    error_of(app.post("/api/users").auth(&admin).json(&taken).send().unwrap(), StatusCode::CONFLICT);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM mail_outbox"), 0);

    // The front end asks whether mail is configured to choose the dialog's default.
    let status = json_of(app.get("/api/mail/status").auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(status["smtpConfigured"], true);
    error_of(app.get("/api/mail/status").auth(&chair).send().unwrap(), StatusCode::FORBIDDEN);
    let plain = TestApp::spawn();
    let admin = plain.signed_in_as(Role::Admin);
    let status = json_of(plain.get("/api/mail/status").auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(status["smtpConfigured"], false);
}

#[test]
fn a_deactivated_user_gets_nothing_queued_for_them() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_as(Role::Admin);
    let (id, email) = app.create_user(Role::Trustee, &unique_name("Leaver"));
    let body = json!({ "name": "Leaver", "email": email, "role": "trustee", "active": false });
    json_of(app.put(&format!("/api/users/{id}")).auth(&admin).json(&body).send().unwrap(), StatusCode::OK);
    // A message queued for them before (or whatever queued it): the worker cancels it at send time.
    app.execute(&format!(
        "INSERT INTO mail_outbox (kind, recipient, user_id, subject, text_body, html_body) \
         VALUES ('test', '{email}', {id}, 'For a leaver', 'text', '<p>html</p>')"
    ));
    app.wait_until("SELECT count(*) AS value FROM mail_outbox WHERE status = 'cancelled'");
    let log = json_of(app.get("/api/mail/outbox").auth(&admin).send().unwrap(), StatusCode::OK);
    let entry = &log["messages"][0];
    assert_eq!(entry["status"], "cancelled");
    assert_eq!(entry["lastError"], "Not sent: the recipient's account is deactivated.");
    assert_eq!(entry["attempts"], 0);
    // An invitation to a deactivated account is refused too.
    error_of(resend(&app, &admin, id.into()), StatusCode::CONFLICT);
    std::thread::sleep(QUIET);
    assert!(mail::messages_to(&email).is_empty());

    // An invited user deactivated before the worker ran gets no invitation either.
    let invited = fresh_email("Never");
    let stopped = TestApp::spawn_with(|c| c.mail.smtp_url = Some("smtp://127.0.0.1:9".into()));
    let stopped_admin = stopped.signed_in_as(Role::Admin);
    let new_id = invite(&stopped, &stopped_admin, &invited)["id"].as_i64().unwrap();
    let body = json!({ "name": "Nia Newcomer", "email": invited, "role": "trustee", "active": false });
    json_of(
        stopped.put(&format!("/api/users/{new_id}")).auth(&stopped_admin).json(&body).send().unwrap(),
        StatusCode::OK,
    );
    stopped.execute("UPDATE mail_outbox SET next_attempt_at = now()");
    stopped.wait_until("SELECT count(*) AS value FROM mail_outbox WHERE status = 'cancelled'");
}

fn post_high_notice(app: &TestApp, who: &Session, title: &str) {
    let body = json!({"title": title, "content": "Please read.", "priority": "high", "pinned": false,
                      "expiresAt": null});
    json_of(app.post("/api/notices").auth(who).json(&body).send().unwrap(), StatusCode::CREATED);
}

fn settings_of(app: &TestApp, who: &Session) -> Value {
    json_of(app.get("/api/notification-settings").auth(who).send().unwrap(), StatusCode::OK)
}

#[test]
fn a_notifications_one_click_unsubscribe_switches_that_kind_off_in_the_users_settings() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_as(Role::Chair);
    let reader = app.signed_in_named(Role::Trustee, &unique_name("Rita Reader"));
    post_high_notice(&app, &chair, "Roof repairs");
    let messages = mail::wait_for(&reader.email, 1);
    assert_eq!(messages.len(), 1);

    // The header (RFC 8058) and the footer's page link carry the same signed token.
    let source = source_of(&messages[0]);
    let prefix = "\nList-Unsubscribe: <https://portal.test/api/mail/unsubscribe?token=";
    let start = source.find(prefix).unwrap_or_else(|| panic!("{source}")) + prefix.len();
    let token: String = source[start..].chars().take_while(|c| *c != '>').collect();
    assert!(token.starts_with(&format!("{}.notice-high.", reader.id)), "{token}");
    assert!(source.contains("\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), "{source}");
    let text = messages[0]["text"].as_str().unwrap();
    assert!(
        text.contains(&format!("Stop e-mails like this one: https://portal.test/unsubscribe?token={token}"))
    );
    assert!(text.contains("https://portal.test/notification-settings"), "{text}");

    // The mail client's one-click POST, without a session; the same answer every time.
    let post = |token: &str| {
        app.post(&format!("/api/mail/unsubscribe?token={token}"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .unwrap()
    };
    let said = unsubscribed_message(MailKind::NoticeHigh);
    assert_eq!(json_of(post(&token), StatusCode::OK)["message"], said.as_str());
    assert_eq!(json_of(post(&token), StatusCode::OK)["message"], said.as_str(), "idempotent");
    // It is the same setting the Notification settings page shows and edits; the rest is untouched.
    let settings = settings_of(&app, &reader);
    assert_eq!(settings["disabledKinds"], json!(["notice-high"]));
    assert_eq!(settings["weeklyDigest"], false);
    assert_eq!(settings["followedCategories"].as_array().unwrap().len(), 6);

    // The next high-priority notice is not mailed to them (others still get it).
    let other = app.signed_in_named(Role::Trustee, &unique_name("Otto Other"));
    post_high_notice(&app, &chair, "Roof repairs, part 2");
    mail::wait_for(&other.email, 1);
    events_expanded(&app);
    let queued = format!("SELECT count(*) AS value FROM mail_outbox WHERE user_id = {}", reader.id);
    assert_eq!(app.scalar_i64(&queued), 1);
    // A message of that kind queued before the click is cancelled at send time, with the reason.
    app.execute(&format!(
        "INSERT INTO mail_outbox (kind, recipient, user_id, subject, text_body, html_body) \
         VALUES ('notice-high', '{}', {}, 'Queued before', 'text', '<p>html</p>')",
        reader.email, reader.id
    ));
    app.wait_until("SELECT count(*) AS value FROM mail_outbox WHERE status = 'cancelled'");
    assert_eq!(
        app.scalar_text("SELECT last_error AS value FROM mail_outbox WHERE status = 'cancelled'"),
        Some(
            "Not sent: the recipient switched this kind of e-mail off in their notification settings.".into()
        )
    );

    // Forged, altered and transactional tokens do nothing.
    let key = UnsubscribeKey::new(b"test secret that is long enough!!");
    let forged = UnsubscribeKey::new(b"another secret").token(UserId(reader.id), MailKind::NoticeHigh);
    let other_user = token.replacen(&format!("{}.", reader.id), &format!("{}.", other.id), 1);
    let gone = key.token(UserId(999_999), MailKind::NoticeHigh);
    let reset = key.token(UserId(reader.id), MailKind::PasswordReset);
    let invitation = key.token(UserId(reader.id), MailKind::Invitation);
    let test = key.token(UserId(reader.id), MailKind::Test);
    for bad in [&forged, &other_user, &gone, &reset, &invitation, &test, "nonsense"] {
        assert_eq!(error_of(post(bad), StatusCode::BAD_REQUEST), UNSUBSCRIBE_INVALID, "{bad}");
    }
    assert_eq!(settings_of(&app, &other)["disabledKinds"], json!([]));

    // Switched back on on the settings page: the kind is mailed again.
    let body = json!({"disabledKinds": [], "weeklyDigest": false, "followedCategories": settings["followedCategories"]});
    json_of(app.put("/api/notification-settings").auth(&reader).json(&body).send().unwrap(), StatusCode::OK);
    post_high_notice(&app, &chair, "Roof repairs, done");
    let messages = mail::wait_for(&reader.email, 2);
    assert!(messages.iter().any(|m| m["subject"] == "High-priority notice: Roof repairs, done"));

    // A weekly digest's link switches every notification kind off at once; reset mail still goes.
    let digest = key.token(UserId(reader.id), MailKind::NotificationDigest);
    let answer = json_of(post(&digest), StatusCode::OK);
    assert_eq!(answer["message"], unsubscribed_message(MailKind::NotificationDigest).as_str());
    let all: Vec<&str> = NotificationKind::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(settings_of(&app, &reader)["disabledKinds"], json!(all));
    json_of(
        app.post("/api/auth/forgot-password").json(&json!({"email": reader.email})).send().unwrap(),
        StatusCode::OK,
    );
    let messages = mail::wait_for(&reader.email, 3);
    assert!(messages.iter().any(|m| m["subject"].as_str().unwrap().starts_with("Reset your")));
}

fn events_expanded(app: &TestApp) {
    let start = Instant::now();
    let sql = "SELECT count(*) AS value FROM notification_events WHERE processed_at IS NULL";
    while app.scalar_i64(sql) != 0 {
        assert!(start.elapsed() < Duration::from_secs(20), "timed out waiting for the events");
        std::thread::sleep(Duration::from_millis(100));
    }
}
