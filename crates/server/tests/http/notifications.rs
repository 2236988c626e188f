//! E-mail notifications and reminders (spec §11 Notifications and reminders): the settings API, each kind
//! delivered once through the real SMTP server and read back from MailDev, settings off, the weekly digest,
//! the scheduler run from two racing callers (threads, and two `trustee-portal run-scheduled` processes), and
//! the board's time zone across the clocks going forward.

use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use domain::identity::role::Role;
use domain::notifications::ScheduledRun;

use crate::common::files::{file_part, form, pdf};
use crate::common::mail::{self, unique_name};
use crate::common::{error_of, json_of, utc, Authed, Session, TestApp, QUIET, TEST_SECRETS_KEY};

/// Every event the database recorded has been expanded into messages.
fn events_expanded(app: &TestApp) {
    app.wait_for_zero("SELECT count(*) AS value FROM notification_events WHERE processed_at IS NULL");
}

/// Every queued message has been handed to the mail server.
fn outbox_sent(app: &TestApp) {
    app.wait_for_zero("SELECT count(*) AS value FROM mail_outbox WHERE status = 'queued'");
}

fn queued_for(app: &TestApp, user: i32, kind: &str) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM mail_outbox WHERE user_id = {user} AND kind = '{kind}'"
    ))
}

fn subjects(messages: &[Value]) -> Vec<String> {
    let mut subjects: Vec<String> =
        messages.iter().map(|m| m["subject"].as_str().unwrap().to_string()).collect();
    subjects.sort();
    subjects
}

fn with_subject<'a>(messages: &'a [Value], prefix: &str) -> Vec<&'a Value> {
    messages.iter().filter(|m| m["subject"].as_str().unwrap().starts_with(prefix)).collect()
}

fn create_action(app: &TestApp, who: &Session, title: &str, assignee: i32, due: Option<&str>) -> i64 {
    let body = json!({"title": title, "description": "", "assignedTo": assignee, "dueDate": due});
    json_of(app.post("/api/actions").auth(who).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

fn post_notice(app: &TestApp, who: &Session, title: &str, priority: &str) {
    let body = json!({"title": title, "content": "Please read before Thursday.", "priority": priority,
                      "pinned": false, "expiresAt": null});
    json_of(app.post("/api/notices").auth(who).json(&body).send().unwrap(), StatusCode::CREATED);
}

fn schedule_meeting(app: &TestApp, who: &Session, title: &str, at: &str) -> i64 {
    let body = json!({"title": title, "meetingDate": at, "location": "Community Hall"});
    json_of(app.post("/api/meetings").auth(who).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

fn upload_document(app: &TestApp, who: &Session, title: &str, category: &str) {
    let body = form(
        &[("title", title), ("category", category)],
        Some(file_part(pdf(), "paper.pdf", "application/pdf")),
    );
    json_of(app.post("/api/documents").multipart(body).auth(who).send().unwrap(), StatusCode::CREATED);
}

/// Two callers (two server processes, say) run the scheduler at the same moment.
fn run_racing(app: &TestApp, at: DateTime<Utc>) -> ScheduledRun {
    let (a, b) = (app.state.notifications.clone(), app.state.notifications.clone());
    let first = std::thread::spawn(move || a.run_scheduled(at).unwrap());
    let second = std::thread::spawn(move || b.run_scheduled(at).unwrap());
    let (x, y) = (first.join().unwrap(), second.join().unwrap());
    ScheduledRun {
        notifications: x.notifications + y.notifications,
        digests: x.digests + y.digests,
        documents: x.documents + y.documents,
    }
}

#[test]
fn each_user_reads_and_replaces_their_own_notification_settings() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let other = app.signed_in_as(Role::Chair);
    let defaults = json!({
        "disabledKinds": [], "weeklyDigest": false,
        "followedCategories": ["governance", "finance", "safeguarding", "risk-register", "policies", "misc"],
    });
    let got = json_of(app.get("/api/notification-settings").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(got, defaults);

    let body = json!({"disabledKinds": ["notice-high", "action-assigned", "notice-high"], "weeklyDigest": true,
                      "followedCategories": ["finance"]});
    let saved = json_of(
        app.put("/api/notification-settings").auth(&trustee).json(&body).send().unwrap(),
        StatusCode::OK,
    );
    let expected = json!({"disabledKinds": ["action-assigned", "notice-high"], "weeklyDigest": true,
                          "followedCategories": ["finance"]});
    assert_eq!(saved, expected);
    let again = json_of(app.get("/api/notification-settings").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(again, expected);
    // Someone else's stay as they were.
    let theirs = json_of(app.get("/api/notification-settings").auth(&other).send().unwrap(), StatusCode::OK);
    assert_eq!(theirs, defaults);

    let unknown = json!({"disabledKinds": ["sms"], "weeklyDigest": false, "followedCategories": ["poetry"]});
    let response = app.put("/api/notification-settings").auth(&trustee).json(&unknown).send().unwrap();
    let refused = json_of(response, StatusCode::BAD_REQUEST);
    assert_eq!(refused["errors"]["disabledKinds"], "Unknown notification kind 'sms'");
    assert_eq!(refused["errors"]["followedCategories"], "Unknown document category 'poetry'");
    let partial = json!({"weeklyDigest": false});
    error_of(
        app.put("/api/notification-settings").auth(&trustee).json(&partial).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    let kept = json_of(app.get("/api/notification-settings").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(kept, expected);
    error_of(app.get("/api/notification-settings").send().unwrap(), StatusCode::UNAUTHORIZED);
    error_of(app.put("/api/notification-settings").json(&body).send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn each_event_kind_is_mailed_once_to_each_concerned_active_user_with_links() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cora Chair"));
    let trustee = app.signed_in_named(Role::Trustee, &unique_name("Tess Member"));
    let (gone, _) = app.create_user(Role::Trustee, &unique_name("Gail Left"));
    app.execute(&format!("UPDATE users SET active = false WHERE id = {gone}"));

    create_action(&app, &chair, "Book the venue", trustee.id, Some("2027-01-15"));
    post_notice(&app, &chair, "Safeguarding alert", "high");
    post_notice(&app, &chair, "Tea rota", "normal");
    schedule_meeting(&app, &chair, "Board meeting", &(Utc::now() + chrono::Duration::days(10)).to_rfc3339());
    upload_document(&app, &chair, "Budget 2027", "finance");

    // The new document waits for the hourly mail of new documents.
    assert_eq!(mail::wait_for(&trustee.email, 3).len(), 3);
    events_expanded(&app);
    app.state.notifications.run_scheduled(Utc::now() + chrono::Duration::minutes(61)).unwrap();
    let messages = mail::wait_for(&trustee.email, 4);
    let got = subjects(&messages);
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[0], "1 new document");
    assert_eq!(got[1], "Action assigned to you: Book the venue");
    assert_eq!(got[2], "High-priority notice: Safeguarding alert");
    assert!(got[3].starts_with("Meeting scheduled: Board meeting on "), "{}", got[3]);
    for message in &messages {
        let subject = message["subject"].as_str().unwrap();
        let link = match subject {
            s if s.starts_with("Action") => "https://portal.test/actions",
            s if s.starts_with("High") => "https://portal.test/notices",
            s if s.starts_with("Meeting") => "https://portal.test/calendar",
            _ => "https://portal.test/documents",
        };
        let text = message["text"].as_str().unwrap();
        let html = message["html"].as_str().unwrap();
        assert!(text.contains(link), "{subject}: {text}");
        assert!(text.contains("https://portal.test/notification-settings"), "{text}");
        // minijinja escapes `/` in HTML as `&#x2f;` (a browser reads the same address).
        assert!(html.contains(&link.replace('/', "&#x2f;")), "{subject}: {html}");
        assert!(html.contains("Notification settings"), "{html}");
        // One recipient per message: nobody sees another trustee's address.
        assert_eq!(message["to"].as_array().unwrap().len(), 1);
        assert!(message["cc"].as_array().is_none_or(Vec::is_empty));
    }
    let meeting = with_subject(&messages, "Meeting scheduled")[0]["text"].as_str().unwrap().to_string();
    assert!(meeting.contains("Where: Community Hall"), "{meeting}");
    let documents = with_subject(&messages, "1 new document")[0]["text"].as_str().unwrap().to_string();
    assert!(documents.contains("- Budget 2027 (Finance)"), "{documents}");
    let action = with_subject(&messages, "Action assigned")[0]["text"].as_str().unwrap().to_string();
    assert!(action.contains("Due: Friday 15 January 2027"), "{action}");

    // Whoever caused an event is not told about it; a deactivated user gets nothing.
    events_expanded(&app);
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM mail_outbox WHERE user_id = {}", chair.id)),
        0
    );
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM mail_outbox WHERE user_id = {gone}")),
        0
    );

    // Reassigning an action (any write that changes the assignee) tells the new assignee.
    let other = app.signed_in_named(Role::Trustee, &unique_name("Owen Other"));
    app.execute(&format!("UPDATE actions SET assigned_to = {} WHERE title = 'Book the venue'", other.id));
    let theirs = mail::wait_for(&other.email, 1);
    assert_eq!(subjects(&theirs), vec!["Action assigned to you: Book the venue"]);

    // Delivered once: nothing more arrives.
    outbox_sent(&app);
    std::thread::sleep(QUIET);
    assert_eq!(mail::messages_to(&trustee.email).len(), 4);
    assert_eq!(mail::messages_to(&other.email).len(), 1);
}

#[test]
fn a_kind_switched_off_or_a_category_not_followed_sends_nothing() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let quiet = app.signed_in_named(Role::Trustee, "Quinn Quiet");
    let keen = app.signed_in_named(Role::Trustee, "Kim Keen");
    let body = json!({"disabledKinds": ["notice-high"], "weeklyDigest": false, "followedCategories": ["governance"]});
    json_of(app.put("/api/notification-settings").auth(&quiet).json(&body).send().unwrap(), StatusCode::OK);

    post_notice(&app, &chair, "Urgent: insurance", "high");
    upload_document(&app, &chair, "Accounts", "finance");
    upload_document(&app, &chair, "Articles", "governance");
    events_expanded(&app);
    app.state.notifications.run_scheduled(Utc::now() + chrono::Duration::minutes(61)).unwrap();

    assert_eq!(queued_for(&app, quiet.id, "notice-high"), 0);
    assert_eq!(queued_for(&app, quiet.id, "document-new"), 1, "one hourly mail");
    assert_eq!(queued_for(&app, keen.id, "notice-high"), 1);
    assert_eq!(queued_for(&app, keen.id, "document-new"), 1, "one hourly mail");
    let text_to = |user: i32| {
        app.scalar_text(&format!(
            "SELECT subject || E'\\n' || text_body AS value FROM mail_outbox \
             WHERE user_id = {user} AND kind = 'document-new'"
        ))
        .unwrap()
    };
    let quiets = text_to(quiet.id);
    assert!(quiets.starts_with("1 new document\n"), "{quiets}");
    assert!(
        quiets.contains("- Articles (Governance)") && !quiets.contains("Accounts"),
        "only the governance one"
    );
    let keens = text_to(keen.id);
    assert!(keens.starts_with("2 new documents\n"), "{keens}");
    assert!(keens.contains("- Accounts (Finance)") && keens.contains("- Articles (Governance)"), "{keens}");
}

#[test]
fn scheduled_reminders_go_once_even_when_two_runs_race() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cleo Chair"));
    let trustee = app.signed_in_named(Role::Trustee, &unique_name("Tara Member"));
    let (gone, _) = app.create_user(Role::Trustee, &unique_name("Gus Left"));
    app.execute(&format!("UPDATE users SET active = false WHERE id = {gone}"));
    create_action(&app, &chair, "File the return", trustee.id, Some("2027-06-10"));
    create_action(&app, &chair, "Done already", trustee.id, Some("2027-06-10"));
    app.execute("UPDATE actions SET status = 'complete', completed_at = now() WHERE title = 'Done already'");
    schedule_meeting(&app, &chair, "Summer board", "2027-06-20T18:00:00Z");
    events_expanded(&app);

    // Before 08:00 board time nothing daily goes; at 08:30 BST (07:30 UTC), three days before: once.
    assert_eq!(run_racing(&app, utc("2027-06-07T06:30:00Z")).notifications, 0);
    let due_soon_at = utc("2027-06-07T07:30:00Z");
    let run = run_racing(&app, due_soon_at);
    // The action due in 3 days, to the trustee only (the chair's action list is empty).
    assert_eq!(run.notifications, 1);
    assert_eq!(run_racing(&app, due_soon_at + chrono::Duration::hours(3)).notifications, 0);
    // The day after the due date: overdue, once.
    assert_eq!(run_racing(&app, utc("2027-06-11T09:00:00Z")).notifications, 1);
    assert_eq!(run_racing(&app, utc("2027-06-11T15:00:00Z")).notifications, 0);
    assert_eq!(run_racing(&app, utc("2027-06-12T09:00:00Z")).notifications, 0, "only the day after");
    // Meeting reminders 7 days and 1 day before, to every active user (chair and trustee), once each.
    assert_eq!(run_racing(&app, utc("2027-06-13T09:00:00Z")).notifications, 2);
    assert_eq!(run_racing(&app, utc("2027-06-13T10:00:00Z")).notifications, 0);
    assert_eq!(run_racing(&app, utc("2027-06-19T09:00:00Z")).notifications, 2);
    assert_eq!(queued_for(&app, gone, "meeting-reminder"), 0);

    // Two "assigned" mails, the "scheduled" mail, and the four reminders.
    let messages = mail::wait_for(&trustee.email, 7);
    let subjects = subjects(&messages);
    assert_eq!(
        subjects
            .iter()
            .filter(|s| !s.starts_with("Action assigned") && !s.starts_with("Meeting scheduled"))
            .collect::<Vec<_>>(),
        vec![
            "Action due in 3 days: File the return",
            "Action overdue: File the return",
            "Reminder: Summer board in 7 days",
            "Reminder: Summer board tomorrow",
        ]
    );
    let reminder = with_subject(&messages, "Reminder: Summer board tomorrow")[0];
    let text = reminder["text"].as_str().unwrap();
    assert!(text.contains("When: Sunday 20 June 2027, 19:00 (BST)"), "{text}");
    assert!(text.contains("https://portal.test/calendar"), "{text}");
    outbox_sent(&app);
    std::thread::sleep(QUIET);
    assert_eq!(mail::messages_to(&trustee.email).len(), 7, "each delivered once");
}

#[test]
fn unread_committee_messages_are_mailed_once_per_committee_after_an_hour() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_named(Role::Admin, &unique_name("Ada Admin"));
    let reader = app.signed_in_named(Role::Trustee, &unique_name("Rita Reader"));
    let away = app.signed_in_named(Role::Trustee, &unique_name("Abe Away"));
    let committee = json_of(
        app.post("/api/committees").auth(&admin).json(&json!({"name": "Finance committee"})).send().unwrap(),
        StatusCode::CREATED,
    )["id"]
        .as_i64()
        .unwrap();
    for member in [&reader, &away] {
        let body = json!({"userId": member.id, "role": "member"});
        let response =
            app.post(&format!("/api/committees/{committee}/members")).auth(&admin).json(&body).send();
        json_of(response.unwrap(), StatusCode::CREATED);
    }
    app.execute("UPDATE committee_members SET joined_at = now() - interval '1 day'");
    let say = |text: &str| {
        let body = json!({ "message": text });
        let response =
            app.post(&format!("/api/committees/{committee}/messages")).auth(&admin).json(&body).send();
        json_of(response.unwrap(), StatusCode::CREATED);
    };
    say("The bank mandate needs two signatures.");
    say("Can everyone sign by Friday?");
    // The reader has the chat open: the messages endpoint marks them read.
    json_of(
        app.get(&format!("/api/committees/{committee}/messages")).auth(&reader).send().unwrap(),
        StatusCode::OK,
    );
    let now = Utc::now();
    assert_eq!(run_racing(&app, now).notifications, 0, "not an hour old yet");
    app.execute("UPDATE committee_messages SET sent_at = sent_at - interval '61 minutes'");
    assert_eq!(run_racing(&app, now).notifications, 1, "one mail for the two messages, to the one away");
    assert_eq!(run_racing(&app, now).notifications, 0);
    say("Reminder: Friday.");
    app.execute("UPDATE committee_messages SET sent_at = now() - interval '61 minutes' WHERE message = 'Reminder: Friday.'");
    assert_eq!(run_racing(&app, now).notifications, 2, "a new unread message: one more mail each");

    let messages = mail::wait_for(&away.email, 2);
    assert_eq!(
        subjects(&messages),
        vec!["1 new message in Finance committee", "2 new messages in Finance committee"]
    );
    assert!(messages[0]["text"].as_str().unwrap().contains("https://portal.test/committees"));
    assert_eq!(mail::wait_for(&reader.email, 1).len(), 1);
    assert_eq!(queued_for(&app, admin.id, "committee-unread"), 0, "the author's own messages are read");
}

#[test]
fn the_weekly_digest_lists_what_would_have_been_sent_singly_in_one_mail() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cid Chair"));
    let trustee = app.signed_in_named(Role::Trustee, &unique_name("Dora Digest"));
    let body = json!({"disabledKinds": [], "weeklyDigest": true,
                      "followedCategories": ["governance", "finance", "safeguarding", "risk-register", "policies", "misc"]});
    json_of(app.put("/api/notification-settings").auth(&trustee).json(&body).send().unwrap(), StatusCode::OK);

    let lease = create_action(&app, &chair, "Renew the lease", trustee.id, Some("2027-06-10"));
    post_notice(&app, &chair, "Office closed", "high");
    events_expanded(&app);
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM mail_outbox WHERE user_id = {}", trustee.id)),
        0
    );
    // Due in 3 days lands in the digest too (Monday 7 June 2027, 08:30 BST).
    let monday = utc("2027-06-07T07:30:00Z");
    let run = run_racing(&app, monday);
    assert_eq!(run, ScheduledRun { notifications: 1, digests: 1, documents: 0 });
    assert_eq!(run_racing(&app, monday + chrono::Duration::hours(2)), ScheduledRun::default());

    let messages = mail::wait_for(&trustee.email, 1);
    assert_eq!(subjects(&messages), vec!["Your weekly Test Charity digest"]);
    let text = messages[0]["text"].as_str().unwrap();
    for line in [
        "Action assigned to you: Renew the lease",
        "High-priority notice: Office closed",
        "Action due in 3 days: Renew the lease",
        "https://portal.test/notification-settings",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    assert!(messages[0]["html"].as_str().unwrap().contains("Office closed"));
    // The next Monday there is nothing new and nothing to do (the action is done): no empty digest.
    let done = json!({"status": "complete"});
    json_of(
        app.patch(&format!("/api/actions/{lease}")).auth(&trustee).json(&done).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(run_racing(&app, utc("2027-06-14T08:00:00Z")).digests, 0);
    outbox_sent(&app);
    std::thread::sleep(QUIET);
    assert_eq!(mail::messages_to(&trustee.email).len(), 1);
}

#[test]
fn reminders_follow_the_board_time_zone_across_the_clocks_going_forward() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    // Monday 29 March 2027, 00:30 BST: still Sunday 28 March in UTC. British Summer Time starts on the 28th.
    schedule_meeting(&app, &chair, "Spring board", "2027-03-28T23:30:00Z");
    events_expanded(&app);
    let reminders = || queued_for(&app, trustee.id, "meeting-reminder");

    // Saturday noon: a day before the meeting by UTC, but two days by the board's calendar.
    app.state.notifications.run_scheduled(utc("2027-03-27T12:00:00Z")).unwrap();
    assert_eq!(reminders(), 0);
    // Sunday 07:30 UTC is 08:30 BST: the board's day before, past the send hour.
    app.state.notifications.run_scheduled(utc("2027-03-28T07:30:00Z")).unwrap();
    assert_eq!(reminders(), 1);
    let text = app
        .scalar_text(&format!(
            "SELECT text_body AS value FROM mail_outbox WHERE user_id = {} AND kind = 'meeting-reminder'",
            trustee.id
        ))
        .unwrap();
    assert!(text.contains("When: Monday 29 March 2027, 00:30 (BST)"), "{text}");
}

#[test]
fn the_run_scheduled_command_sends_once_from_two_processes() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    create_action(&app, &chair, "Sign the accounts", trustee.id, Some("2027-06-10"));
    let data = tempfile::tempdir().unwrap();
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_trustee-portal"))
            .args(["run-scheduled", "--at", "2027-06-07T09:00:00+01:00"])
            .env("DATABASE_URL", app.database_url())
            .env("JWT_SECRET", "a test secret that is long enough to use")
            .env("SECRETS_KEY", TEST_SECRETS_KEY)
            .env("DATA_DIR", data.path())
            .env("PUBLIC_URL", "https://portal.test")
            .env("BOARD_TIME_ZONE", "Europe/London")
            .env("LOG_LEVEL", "warn")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (run(), run());
    let outputs = [first.wait_with_output().unwrap(), second.wait_with_output().unwrap()];
    for output in &outputs {
        assert!(output.status.success());
        assert!(
            String::from_utf8_lossy(&output.stdout).starts_with("Scheduled run at 2027-06-07T08:00:00+00:00")
        );
    }
    assert_eq!(queued_for(&app, trustee.id, "action-due-soon"), 1);
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_trustee-portal"))
        .args(["run-scheduled", "--at", "next monday"])
        .env("DATABASE_URL", app.database_url())
        .env("JWT_SECRET", "a test secret that is long enough to use")
        .env("SECRETS_KEY", TEST_SECRETS_KEY)
        .env("DATA_DIR", data.path())
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--at must be an RFC 3339 time"));
}

#[test]
fn a_changed_meeting_is_announced_again_but_a_past_one_never() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let id = schedule_meeting(&app, &chair, "Autumn board", "2027-10-05T17:30:00Z");
    events_expanded(&app);
    assert_eq!(queued_for(&app, trustee.id, "meeting-scheduled"), 1);

    // Any write that moves it (the meeting page's `PUT /api/meetings/{id}`, or SQL) is caught by the trigger.
    app.execute(&format!("UPDATE meetings SET meeting_date = '2027-10-12T17:30:00Z' WHERE id = {id}"));
    events_expanded(&app);
    let subject = app.scalar_text(&format!(
        "SELECT subject AS value FROM mail_outbox WHERE user_id = {} ORDER BY id DESC LIMIT 1",
        trustee.id
    ));
    assert_eq!(subject.as_deref(), Some("Meeting changed: Autumn board on 12 October 2027, 18:30"));
    // A write that changes nothing the trustees see sends nothing.
    app.execute(&format!("UPDATE meetings SET description = 'Agenda to follow' WHERE id = {id}"));
    // A meeting recorded after it took place is not announced.
    schedule_meeting(&app, &chair, "Last year's AGM", "2025-06-01T10:00:00Z");
    events_expanded(&app);
    assert_eq!(queued_for(&app, trustee.id, "meeting-scheduled"), 2);
}

/// The one `.ics` attached to a meeting mail, checked by Python's `icalendar`: its text and the checker's
/// VEVENT line (UID, SEQUENCE, STATUS, start, summary).
fn mailed_ics(message: &Value) -> (String, String) {
    let files = mail::attachments(message);
    assert_eq!(files.len(), 1, "one attachment: {message}");
    let (name, content_type, bytes) = &files[0];
    assert!(name.starts_with("meeting-") && name.ends_with(".ics"), "{name}");
    assert!(content_type.starts_with("text/calendar"), "{content_type}");
    let text = String::from_utf8(bytes.clone()).expect("utf-8");
    let checked = crate::calendar_feed::python_check(&text);
    let event = checked.lines().find(|l| l.starts_with("VEVENT")).expect("one VEVENT").to_string();
    (text, event)
}

#[test]
fn meeting_mails_carry_an_ics_with_the_feeds_uid_and_a_rising_sequence() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cass Chair"));
    let trustee = app.signed_in_named(Role::Trustee, &unique_name("Ivy Invite"));
    let id = schedule_meeting(&app, &chair, "Spring board", "2030-04-10T17:30:00Z");
    let uid = format!("meeting-{id}@portal.test");

    let scheduled = mail::wait_for(&trustee.email, 1);
    assert_eq!(scheduled.len(), 1);
    let (text, event) = mailed_ics(&scheduled[0]);
    assert!(text.contains("METHOD:PUBLISH\r\n"), "{text}");
    let source = mail::source(&scheduled[0]);
    assert!(source.contains("Content-Type: text/calendar; charset=utf-8; method=PUBLISH"), "{source}");
    assert!(source.contains(&format!("filename=\"meeting-{id}.ics\"")), "{source}");
    assert!(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n"), "{text}");
    assert!(text.contains(&format!("URL:https://portal.test/meetings/{id}\r\n")), "{text}");
    assert_eq!(event, format!("VEVENT\t{uid}\t0\tCONFIRMED\t2030-04-10T18:30:00+01:00\tSpring board"));
    // The same event as the meeting's .ics download (and so the feed): calendars see one meeting.
    let download = app.get(&format!("/api/meetings/{id}/ics")).auth(&trustee).send().unwrap().text().unwrap();
    assert!(crate::calendar_feed::python_check(&download).contains(&event), "{download}");

    // Moved: a "changed" mail whose .ics has the same UID and the next SEQUENCE.
    let edit = json!({"title": "Spring board", "meetingDate": "2030-04-10T18:00:00Z", "durationMinutes": 90,
                      "location": "Community Hall"});
    json_of(app.put(&format!("/api/meetings/{id}")).auth(&chair).json(&edit).send().unwrap(), StatusCode::OK);
    let messages = mail::wait_for(&trustee.email, 2);
    let changed = with_subject(&messages, "Meeting changed: Spring board");
    assert_eq!(changed.len(), 1, "{:?}", subjects(&messages));
    let (text, event) = mailed_ics(changed[0]);
    assert_eq!(event, format!("VEVENT\t{uid}\t1\tCONFIRMED\t2030-04-10T19:00:00+01:00\tSpring board"));
    assert!(text.contains("DTEND;TZID=Europe/London:20300410T203000\r\n"), "90 minutes: {text}");

    // Cancelled: the mail says so and its .ics marks the event cancelled (next SEQUENCE again).
    crate::attendance::cancel(&app, &chair, id);
    let messages = mail::wait_for(&trustee.email, 3);
    let cancelled = with_subject(&messages, "Meeting cancelled: Spring board");
    assert_eq!(cancelled.len(), 1, "{:?}", subjects(&messages));
    let (_, event) = mailed_ics(cancelled[0]);
    assert_eq!(event, format!("VEVENT\t{uid}\t2\tCANCELLED\t2030-04-10T19:00:00+01:00\tSpring board"));
    let text = cancelled[0]["text"].as_str().unwrap();
    assert!(text.contains(&format!("https://portal.test/meetings/{id}")), "{text}");

    // Other mails go without attachments.
    create_action(&app, &chair, "Send the papers", trustee.id, None);
    let messages = mail::wait_for(&trustee.email, 4);
    assert!(mail::attachments(with_subject(&messages, "Action assigned")[0]).is_empty());
}

fn agenda_paper(app: &TestApp, who: &Session, meeting: i64, item: i64, title: &str) {
    let body = form(&[("title", title)], Some(file_part(pdf(), "paper.pdf", "application/pdf")));
    let response = app
        .post(&format!("/api/meetings/{meeting}/agenda-items/{item}/papers"))
        .auth(who)
        .multipart(body)
        .send()
        .unwrap();
    json_of(response, StatusCode::CREATED);
}

fn switch_off_new_documents(app: &TestApp, who: &Session) {
    let body = json!({"disabledKinds": ["document-new"], "weeklyDigest": false,
                      "followedCategories": ["governance", "finance", "safeguarding", "risk-register", "policies", "misc"]});
    json_of(app.put("/api/notification-settings").auth(who).json(&body).send().unwrap(), StatusCode::OK);
}

#[test]
fn a_meetings_papers_are_announced_in_one_mail_when_its_agenda_or_its_changes_are_published() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_named(Role::Admin, &unique_name("Ada Admin"));
    let member = app.signed_in_named(Role::Trustee, &unique_name("Mia Member"));
    let outsider = app.signed_in_named(Role::Trustee, &unique_name("Otto Outsider"));
    let switched_off = app.signed_in_named(Role::Trustee, &unique_name("Sol Switched"));
    switch_off_new_documents(&app, &switched_off);
    let committee = app.committee_with(&admin, &unique_name("Finance"), &[&member, &switched_off]);
    let when = (Utc::now() + chrono::Duration::days(10)).to_rfc3339();
    let meeting = app.schedule_meeting(
        &admin,
        &json!({"title": "Finance committee", "meetingDate": when, "kind": "committee", "committeeId": committee}),
    );
    let budget = app.add_agenda_item(&admin, meeting, &crate::common::item("Budget"));
    let risks = app.add_agenda_item(&admin, meeting, &crate::common::item("Risks"));
    for title in ["Budget 2027", "Forecast", "Reserves policy"] {
        agenda_paper(&app, &admin, meeting, budget, title);
    }
    for title in ["Risk register", "Insurance"] {
        agenda_paper(&app, &admin, meeting, risks, title);
    }
    // Papers on a draft agenda send nothing.
    events_expanded(&app);
    assert_eq!(queued_for(&app, member.id, "document-new"), 0);

    app.publish_agenda(&admin, meeting);
    events_expanded(&app);
    assert_eq!(queued_for(&app, member.id, "document-new"), 1, "one mail for five papers");
    let messages = mail::wait_for(&member.email, 2);
    let announced = with_subject(&messages, "Agenda published: Finance committee on ");
    assert_eq!(announced.len(), 1, "{:?}", subjects(&messages));
    assert!(announced[0]["subject"].as_str().unwrap().ends_with("(5 papers)"));
    let text = announced[0]["text"].as_str().unwrap();
    for title in ["Budget 2027", "Forecast", "Reserves policy", "Risk register", "Insurance"] {
        assert!(text.contains(&format!("- {title}")), "{title} in {text}");
    }
    assert!(text.contains(&format!("https://portal.test/meetings/{meeting}")), "{text}");
    // Nobody outside the committee hears of it; a member who switched new documents off neither.
    assert_eq!(queued_for(&app, outsider.id, "document-new"), 0);
    assert_eq!(queued_for(&app, switched_off.id, "document-new"), 0);

    // Publishing again with no new paper announces nothing; a paper added to the published agenda waits
    // for its changes to be published, then only it is named.
    app.publish_agenda(&admin, meeting);
    agenda_paper(&app, &admin, meeting, risks, "Audit letter");
    events_expanded(&app);
    assert_eq!(queued_for(&app, member.id, "document-new"), 1);
    app.publish_agenda(&admin, meeting);
    events_expanded(&app);
    assert_eq!(queued_for(&app, member.id, "document-new"), 2);
    let messages = mail::wait_for(&member.email, 3);
    let added = with_subject(&messages, "1 paper added: Finance committee on ");
    assert_eq!(added.len(), 1, "{:?}", subjects(&messages));
    let text = added[0]["text"].as_str().unwrap();
    assert!(text.contains("- Audit letter"), "{text}");
    assert!(!text.contains("Forecast"), "only the new paper: {text}");
    assert_eq!(queued_for(&app, outsider.id, "document-new"), 0);
    outbox_sent(&app);
    std::thread::sleep(QUIET);
    assert_eq!(mail::messages_to(&member.email).len(), 3);
    assert!(mail::messages_to(&outsider.email).is_empty());
}

#[test]
fn a_paper_added_after_an_agenda_was_first_published_without_papers_is_announced_as_added() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_named(Role::Admin, &unique_name("Ada Admin"));
    let member = app.signed_in_named(Role::Trustee, &unique_name("Mo Member"));
    let committee = app.committee_with(&admin, &unique_name("Audit"), &[&member]);
    let when = (Utc::now() + chrono::Duration::days(10)).to_rfc3339();
    let meeting = app.schedule_meeting(
        &admin,
        &json!({"title": "Audit committee", "meetingDate": when, "kind": "committee", "committeeId": committee}),
    );
    let item = app.add_agenda_item(&admin, meeting, &crate::common::item("Accounts"));
    // The agenda's first publication has no paper: nothing to announce.
    app.publish_agenda(&admin, meeting);
    events_expanded(&app);
    assert_eq!(queued_for(&app, member.id, "document-new"), 0);

    // A later publication adding one paper is not the agenda's first: "1 paper added", not "Agenda published".
    agenda_paper(&app, &admin, meeting, item, "Draft accounts");
    app.publish_agenda(&admin, meeting);
    events_expanded(&app);
    assert_eq!(queued_for(&app, member.id, "document-new"), 1);
    let messages = mail::wait_for(&member.email, 2);
    let added = with_subject(&messages, "1 paper added: Audit committee on ");
    assert_eq!(added.len(), 1, "{:?}", subjects(&messages));
    assert!(added[0]["text"].as_str().unwrap().contains("- Draft accounts"));
    assert!(with_subject(&messages, "Agenda published").is_empty(), "{:?}", subjects(&messages));
}

#[test]
fn new_library_documents_reach_a_follower_in_one_mail_an_hour() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cy Chair"));
    let follower = app.signed_in_named(Role::Trustee, &unique_name("Fay Follower"));
    let switched_off = app.signed_in_named(Role::Trustee, &unique_name("Sid Switched"));
    switch_off_new_documents(&app, &switched_off);
    let titles = ["Budget 2027", "Articles", "Safeguarding policy", "Risk register", "Minutes of March"];
    let categories = ["finance", "governance", "safeguarding", "risk-register", "misc"];
    for (title, category) in titles.iter().zip(categories) {
        upload_document(&app, &chair, title, category);
    }
    events_expanded(&app);
    let now = Utc::now();
    // Gathered, not sent: within the hour after the first, nothing goes.
    assert_eq!(run_racing(&app, now + chrono::Duration::minutes(30)).documents, 0);
    assert_eq!(queued_for(&app, follower.id, "document-new"), 0);
    // An hour on, two racing runs (two server processes) queue one mail per follower.
    let run = run_racing(&app, now + chrono::Duration::minutes(61));
    assert_eq!(queued_for(&app, follower.id, "document-new"), 1);
    assert_eq!(queued_for(&app, switched_off.id, "document-new"), 0, "the kind is off");
    assert_eq!(run.documents, 1, "the follower's only (the uploader is not told)");
    assert_eq!(run_racing(&app, now + chrono::Duration::minutes(125)).documents, 0, "nothing new");

    let messages = mail::wait_for(&follower.email, 1);
    assert_eq!(subjects(&messages), vec!["5 new documents"]);
    let text = messages[0]["text"].as_str().unwrap();
    for line in [
        "- Budget 2027 (Finance)",
        "- Articles (Governance)",
        "- Safeguarding policy (Safeguarding)",
        "- Risk register (Risk Register)",
        "- Minutes of March (Misc)",
        "https://portal.test/documents",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    // The next document waits for a mail of its own.
    upload_document(&app, &chair, "Annual report", "governance");
    events_expanded(&app);
    assert_eq!(run_racing(&app, Utc::now() + chrono::Duration::minutes(61)).documents, 1);
    let messages = mail::wait_for(&follower.email, 2);
    let next = with_subject(&messages, "1 new document");
    assert_eq!(next.len(), 1, "{:?}", subjects(&messages));
    assert!(next[0]["text"].as_str().unwrap().contains("- Annual report (Governance)"));
    outbox_sent(&app);
    std::thread::sleep(QUIET);
    assert!(mail::messages_to(&switched_off.email).is_empty());
}
