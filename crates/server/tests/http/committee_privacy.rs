//! What comes of a committee meeting stays inside the committee (spec §6 Committee meetings):
//! the actions recorded in its minutes, their counts on the dashboard, its decisions in the register and
//! its CSV, and its mail (assigned, due, overdue, reminders, the weekly digest) reach only its committee's
//! members, admins and chairs, and an action's own assignee. Each view is read as a trustee who is not a
//! member.

use reqwest::StatusCode;
use serde_json::{json, Value};

use domain::identity::role::Role;

use crate::common::mail::{self, unique_name};
use crate::common::{error_of, json_of, titles, utc, Authed, Session, TestApp, QUIET};

fn committee_meeting(app: &TestApp, chair: &Session, title: &str, at: &str, committee: i64) -> i64 {
    let body = json!({"title": title, "meetingDate": at, "kind": "committee", "committeeId": committee});
    app.schedule_meeting(chair, &body)
}

fn minutes(meeting: i64, rest: &str) -> String {
    format!("/api/meetings/{meeting}/written-minutes{rest}")
}

/// Records an entry in the meeting's draft minutes; the id of the tracker action for an action.
fn record(app: &TestApp, chair: &Session, meeting: i64, entry: Value) -> Option<i64> {
    let sent = app.post(&minutes(meeting, "/entries")).auth(chair).json(&entry).send().unwrap();
    json_of(sent, StatusCode::CREATED)["actionId"].as_i64()
}

fn actions_seen(app: &TestApp, who: &Session, status: &str) -> Vec<String> {
    let url = format!("/api/actions?status={status}");
    let mut titles = titles(&json_of(app.get(&url).auth(who).send().unwrap(), StatusCode::OK));
    titles.sort();
    titles
}

fn pending_on_dashboard(app: &TestApp, who: &Session) -> i64 {
    let stats = json_of(app.get("/api/dashboard/stats").auth(who).send().unwrap(), StatusCode::OK);
    stats["pendingActions"].as_i64().unwrap()
}

fn register(app: &TestApp, who: &Session) -> (String, String) {
    let list = json_of(app.get("/api/decisions").auth(who).send().unwrap(), StatusCode::OK);
    let csv = app.get("/api/decisions.csv").auth(who).send().unwrap();
    assert_eq!(csv.status(), StatusCode::OK);
    (list.to_string(), csv.text().unwrap())
}

fn action_status(app: &TestApp, who: &Session, id: i64) -> StatusCode {
    app.get(&format!("/api/actions/{id}")).auth(who).send().unwrap().status()
}

#[test]
fn actions_and_decisions_of_committee_minutes_stay_inside_the_committee() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let assignee = app.signed_in_named(Role::Trustee, "Abe Assignee");
    let audit = app.committee_with(&admin, "Audit and Risk", &[&member]);
    let meeting = committee_meeting(&app, &chair, "Audit committee", "2026-10-01T17:00:00Z", audit);

    json_of(
        app.post(&minutes(meeting, "")).auth(&chair).json(&json!({})).send().unwrap(),
        StatusCode::CREATED,
    );
    record(&app, &chair, meeting, json!({"kind": "decision", "text": "Write off the Hartley debt."}));
    let chase = record(
        &app,
        &chair,
        meeting,
        json!({"kind": "action", "text": "Chase the auditors",
        "assignedTo": member.id, "dueDate": "2099-01-31"}),
    )
    .unwrap();
    let ring = record(
        &app,
        &chair,
        meeting,
        json!({"kind": "action", "text": "Ring the insurer",
        "assignedTo": member.id, "dueDate": "2026-01-31"}),
    )
    .unwrap();
    let brief = record(
        &app,
        &chair,
        meeting,
        json!({"kind": "action", "text": "Brief the bank",
        "assignedTo": assignee.id}),
    )
    .unwrap();
    json_of(app.post(&minutes(meeting, "/circulate")).auth(&chair).send().unwrap(), StatusCode::OK);
    let board_wide = json!({"title": "Renew the lease", "assignedTo": outsider.id});
    let lease =
        json_of(app.post("/api/actions").auth(&chair).json(&board_wide).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();

    // A trustee outside the committee: no trace of its actions in any list, count or lookup.
    for status in ["", "pending", "in-progress", "overdue", "complete"] {
        let seen = actions_seen(&app, &outsider, status);
        assert!(
            seen.iter().all(|t| t == "Renew the lease"),
            "?status={status} shows {seen:?} to a non-member"
        );
    }
    let all = json_of(app.get("/api/actions").auth(&outsider).send().unwrap(), StatusCode::OK);
    assert!(!all.to_string().contains("Recorded in the minutes"), "{all}");
    assert!(!all.to_string().contains(&format!("\"meetingId\":{meeting}")), "{all}");
    for id in [chase, ring, brief] {
        assert_eq!(action_status(&app, &outsider, id), StatusCode::NOT_FOUND);
        let patch =
            app.patch(&format!("/api/actions/{id}")).auth(&outsider).json(&json!({"status": "complete"}));
        assert_eq!(error_of(patch.send().unwrap(), StatusCode::NOT_FOUND), "Action not found");
    }
    assert_eq!(action_status(&app, &outsider, lease), StatusCode::OK);
    assert_eq!(pending_on_dashboard(&app, &outsider), 1);
    let (list, csv) = register(&app, &outsider);
    assert!(!list.contains("Hartley") && !list.contains("Audit committee"), "{list}");
    assert!(!csv.contains("Hartley") && !csv.contains("Audit committee"), "{csv}");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM actions WHERE id = {chase} AND status = 'pending'"
        )),
        1,
        "a refused change leaves the action as it was"
    );

    // The assignee outside the committee sees their own action, and only that one.
    assert_eq!(actions_seen(&app, &assignee, ""), vec!["Brief the bank", "Renew the lease"]);
    assert_eq!(action_status(&app, &assignee, brief), StatusCode::OK);
    assert_eq!(action_status(&app, &assignee, chase), StatusCode::NOT_FOUND);
    let started =
        app.patch(&format!("/api/actions/{brief}")).auth(&assignee).json(&json!({"status": "in-progress"}));
    assert_eq!(json_of(started.send().unwrap(), StatusCode::OK)["status"], "in-progress");
    assert_eq!(actions_seen(&app, &assignee, "in-progress"), vec!["Brief the bank"]);
    assert_eq!(pending_on_dashboard(&app, &assignee), 1);
    assert!(!register(&app, &assignee).1.contains("Hartley"));

    // Members, admins and chairs see everything the minutes recorded.
    let everything = vec!["Brief the bank", "Chase the auditors", "Renew the lease", "Ring the insurer"];
    for who in [&member, &admin, &chair] {
        assert_eq!(actions_seen(&app, who, ""), everything);
        assert_eq!(actions_seen(&app, who, "overdue"), vec!["Ring the insurer"]);
        for id in [chase, ring, brief, lease] {
            assert_eq!(action_status(&app, who, id), StatusCode::OK);
        }
        // Chase the auditors and Renew the lease are pending (Brief the bank is in progress).
        assert_eq!(pending_on_dashboard(&app, who), 2);
        let (list, csv) = register(&app, who);
        assert!(list.contains("Write off the Hartley debt."), "{list}");
        assert!(csv.contains("Write off the Hartley debt."), "{csv}");
    }
    let chased = app.get(&format!("/api/actions/{chase}")).auth(&member).send().unwrap();
    let chased = json_of(chased, StatusCode::OK);
    assert_eq!(chased["meetingId"], meeting);
    assert_eq!(
        chased["description"],
        "Recorded in the minutes of Audit committee (Thursday 1 October 2026, 18:00)."
    );
    // A member still changes only their own actions.
    let other =
        app.patch(&format!("/api/actions/{brief}")).auth(&member).json(&json!({"status": "complete"}));
    error_of(other.send().unwrap(), StatusCode::FORBIDDEN);

    // Deleting the meeting does not make its actions public; deleting the committee leaves them to
    // admins, chairs and their assignee.
    json_of(app.delete(&format!("/api/meetings/{meeting}")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(actions_seen(&app, &outsider, ""), vec!["Renew the lease"]);
    assert_eq!(action_status(&app, &outsider, chase), StatusCode::NOT_FOUND);
    assert_eq!(pending_on_dashboard(&app, &outsider), 1);
    assert_eq!(actions_seen(&app, &member, ""), everything);
    app.execute(&format!("DELETE FROM committees WHERE id = {audit}"));
    assert_eq!(actions_seen(&app, &outsider, ""), vec!["Renew the lease"]);
    assert_eq!(actions_seen(&app, &assignee, ""), vec!["Brief the bank", "Renew the lease"]);
    assert_eq!(
        actions_seen(&app, &member, ""),
        vec!["Chase the auditors", "Renew the lease", "Ring the insurer"]
    );
    assert_eq!(actions_seen(&app, &admin, ""), everything);
}

fn queued_for(app: &TestApp, user: i32) -> i64 {
    app.scalar_i64(&format!("SELECT count(*) AS value FROM mail_outbox WHERE user_id = {user}"))
}

fn subjects_to(address: &str) -> Vec<String> {
    let mut subjects: Vec<String> =
        mail::messages_to(address).iter().map(|m| m["subject"].as_str().unwrap().to_string()).collect();
    subjects.sort();
    subjects
}

#[test]
fn committee_mail_reaches_only_those_who_may_see_the_meeting() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_named(Role::Admin, &unique_name("Ada Admin"));
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cal Chair"));
    let member = app.signed_in_named(Role::Trustee, &unique_name("Mo Member"));
    let outsider = app.signed_in_named(Role::Trustee, &unique_name("Oona Outsider"));
    let reader = app.signed_in_named(Role::Trustee, &unique_name("Dan Digest"));
    // One outsider takes everything in the weekly digest, the other as single mails.
    let digest = json!({"disabledKinds": [], "weeklyDigest": true,
        "followedCategories": ["governance", "finance", "safeguarding", "risk-register", "policies", "misc"]});
    json_of(
        app.put("/api/notification-settings").auth(&reader).json(&digest).send().unwrap(),
        StatusCode::OK,
    );

    let audit = app.committee_with(&admin, "Audit and Risk", &[&member]);
    let gone = app.committee_with(&admin, "Old working party", &[]);
    let meeting = committee_meeting(&app, &chair, "Audit committee", "2027-06-20T17:00:00Z", audit);
    committee_meeting(&app, &chair, "Working party", "2027-06-20T18:00:00Z", gone);
    json_of(
        app.post(&minutes(meeting, "")).auth(&chair).json(&json!({})).send().unwrap(),
        StatusCode::CREATED,
    );
    record(
        &app,
        &chair,
        meeting,
        json!({"kind": "action", "text": "Chase the auditors",
        "assignedTo": member.id, "dueDate": "2027-06-10"}),
    );
    app.wait_for_zero("SELECT count(*) AS value FROM notification_events WHERE processed_at IS NULL");
    // The working party's committee is deleted: its meeting is now seen by admins and chairs only.
    app.execute(&format!("DELETE FROM committees WHERE id = {gone}"));

    // Due in 3 days (Monday 7 June 2027, 08:30 BST, also the digest's hour), overdue, a week before and
    // the day before the meetings.
    for at in ["2027-06-07T07:30:00Z", "2027-06-11T09:00:00Z", "2027-06-13T09:00:00Z", "2027-06-19T09:00:00Z"]
    {
        app.state.notifications.run_scheduled(utc(at)).unwrap();
    }
    for who in [&outsider, &reader] {
        assert_eq!(queued_for(&app, who.id), 0, "mail queued for a non-member");
        assert_eq!(
            app.scalar_i64(&format!(
                "SELECT count(*) AS value FROM notification_digest_items WHERE user_id = {}",
                who.id
            )),
            0
        );
    }
    app.wait_for_zero("SELECT count(*) AS value FROM mail_outbox WHERE status = 'queued'");
    let member_mail = mail::wait_for(&member.email, 6);
    let member_mail: Vec<&str> = member_mail.iter().map(|m| m["subject"].as_str().unwrap()).collect();
    for subject in [
        "Action assigned to you: Chase the auditors",
        "Action due in 3 days: Chase the auditors",
        "Action overdue: Chase the auditors",
        "Reminder: Audit committee in 7 days",
        "Reminder: Audit committee tomorrow",
    ] {
        assert!(member_mail.iter().any(|s| s.starts_with(subject)), "{subject} in {member_mail:?}");
    }
    assert!(!member_mail.iter().any(|s| s.contains("Working party")), "{member_mail:?}");
    // Admins and chairs still hear of the meeting whose committee is gone.
    let officer_mail = mail::wait_for(&admin.email, 2);
    let officer_mail: Vec<&str> = officer_mail.iter().map(|m| m["subject"].as_str().unwrap()).collect();
    assert!(officer_mail.contains(&"Reminder: Working party in 7 days"), "{officer_mail:?}");
    std::thread::sleep(QUIET);
    assert_eq!(subjects_to(&outsider.email), Vec::<String>::new());
    assert_eq!(subjects_to(&reader.email), Vec::<String>::new());
}

#[test]
fn a_member_who_has_left_gets_no_digest_line_about_the_committees_meeting() {
    let app = TestApp::spawn_with_smtp();
    let admin = app.signed_in_named(Role::Admin, &unique_name("Ada Admin"));
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cal Chair"));
    let stayer = app.signed_in_named(Role::Trustee, &unique_name("Stella Stays"));
    let leaver = app.signed_in_named(Role::Trustee, &unique_name("Lou Leaves"));
    let digest = json!({"disabledKinds": [], "weeklyDigest": true,
        "followedCategories": ["governance", "finance", "safeguarding", "risk-register", "policies", "misc"]});
    for who in [&stayer, &leaver] {
        json_of(
            app.put("/api/notification-settings").auth(who).json(&digest).send().unwrap(),
            StatusCode::OK,
        );
    }
    let audit = app.committee_with(&admin, "Audit and Risk", &[&stayer, &leaver]);
    committee_meeting(&app, &chair, "Audit committee", "2027-06-20T17:00:00Z", audit);
    app.wait_for_zero("SELECT count(*) AS value FROM notification_events WHERE processed_at IS NULL");
    let waiting = |who: &Session| {
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM notification_digest_items WHERE user_id = {} AND sent_at IS NULL",
            who.id
        ))
    };
    assert_eq!((waiting(&stayer), waiting(&leaver)), (1, 1));
    let removed = app.delete(&format!("/api/committees/{audit}/members/{}", leaver.id)).auth(&admin);
    json_of(removed.send().unwrap(), StatusCode::OK);

    // Monday 7 June 2027, 08:30 BST: the digests go.
    let run = app.state.notifications.run_scheduled(utc("2027-06-07T07:30:00Z")).unwrap();
    assert_eq!(run.digests, 1);
    assert_eq!((waiting(&stayer), waiting(&leaver)), (0, 0));
    assert_eq!(queued_for(&app, leaver.id), 0);
    let theirs = mail::wait_for(&stayer.email, 1);
    assert!(theirs[0]["text"].as_str().unwrap().contains("Audit committee"), "{}", theirs[0]["text"]);
    app.wait_for_zero("SELECT count(*) AS value FROM mail_outbox WHERE status = 'queued'");
    std::thread::sleep(QUIET);
    assert_eq!(subjects_to(&leaver.email), Vec::<String>::new());
}
