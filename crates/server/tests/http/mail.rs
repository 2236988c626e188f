//! The outbox and the admins' Mail page (spec §11): delivery through the real SMTP server, the log, the
//! fallback to files, and nothing lost while the mail server is down.

use reqwest::StatusCode;

use domain::identity::role::Role;

use crate::common::mail::{self, unique_name};
use crate::common::{error_of, free_port, json_of, Authed, TestApp, QUIET};

#[test]
fn an_admin_sends_a_test_mail_and_sees_it_delivered_in_the_log() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_named(Role::Admin, &unique_name("Mail Admin"));
    let queued = json_of(app.post("/api/mail/test").auth(&admin).send().unwrap(), StatusCode::ACCEPTED);
    assert_eq!(queued["message"], format!("A test e-mail to {} is queued.", admin.email));

    let messages = mail::wait_for(&admin.email, 1);
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["subject"], "Test message from Test Charity");
    app.wait_until("SELECT count(*) AS value FROM mail_outbox WHERE status = 'sent'");
    let log = json_of(app.get("/api/mail/outbox").auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(log["smtpConfigured"], true);
    let entry = &log["messages"][0];
    assert_eq!(entry["status"], "sent");
    assert_eq!(entry["kind"], "test");
    assert_eq!(entry["recipient"], admin.email);
    assert_eq!(entry["attempts"], 1);
    assert!(entry["sentAt"].is_string());

    for role in [Role::Chair, Role::Trustee] {
        let other = app.signed_in_as(role);
        error_of(app.get("/api/mail/outbox").auth(&other).send().unwrap(), StatusCode::FORBIDDEN);
        error_of(app.post("/api/mail/test").auth(&other).send().unwrap(), StatusCode::FORBIDDEN);
    }
    error_of(app.get("/api/mail/outbox").send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn while_the_mail_server_is_down_messages_wait_and_go_out_once_when_it_is_back() {
    let smtp_port = free_port();
    let app = TestApp::spawn_with(move |c| c.mail.smtp_url = Some(format!("smtp://127.0.0.1:{smtp_port}")));
    let admin = app.signed_in_named(Role::Admin, &unique_name("Outage Admin"));
    json_of(app.post("/api/mail/test").auth(&admin).send().unwrap(), StatusCode::ACCEPTED);

    // Nothing listens: the attempt fails, the error is kept, the message stays queued for a retry.
    app.wait_until(
        "SELECT count(*) AS value FROM mail_outbox WHERE attempts >= 1 AND last_error IS NOT NULL",
    );
    assert_eq!(app.scalar_text("SELECT status AS value FROM mail_outbox"), Some("queued".into()));
    let log = json_of(app.get("/api/mail/outbox").auth(&admin).send().unwrap(), StatusCode::OK);
    assert!(log["messages"][0]["lastError"].as_str().unwrap().starts_with("SMTP"));

    // The mail server comes back on that port.
    let _back = mail::SmtpRelay::start(smtp_port);
    let delivered = mail::wait_for(&admin.email, 1);
    app.wait_until("SELECT count(*) AS value FROM mail_outbox WHERE status = 'sent'");
    std::thread::sleep(QUIET);
    let again = mail::messages_to(&admin.email);
    assert_eq!(delivered.len(), 1);
    assert_eq!(again.len(), 1, "delivered exactly once");
}

#[test]
fn without_smtp_the_message_is_written_as_an_eml_file() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    json_of(app.post("/api/mail/test").auth(&admin).send().unwrap(), StatusCode::ACCEPTED);
    app.wait_until("SELECT count(*) AS value FROM mail_outbox WHERE status = 'sent'");
    let dir = app.data_dir.path().join("outbox-files");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1);
    let eml = std::fs::read_to_string(&files[0]).unwrap();
    assert!(eml.contains(&format!("To: {}", admin.email)));
    assert!(eml.contains("Subject: Test message from Test Charity"));
    let log = json_of(app.get("/api/mail/outbox").auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(log["smtpConfigured"], false);
}
