//! The scheduled work on evaluation rounds (docs/spec.md §17, Scheduling): one reminder to those who have
//! not answered from three days before the closing date, however often and from however many processes
//! the scheduler runs; the round closed once its closing date has passed, by `run-scheduled` too.

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use domain::governance::evaluation::schedule::ScheduledEvaluations;
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::mail::{unique_name, wait_for};
use crate::common::{error_of, json_of, Authed, Session, TestApp, TEST_SECRETS_KEY};

/// `hour`:30 on `day` in the board's time zone.
fn board_time(zone: Tz, day: NaiveDate, hour: u32) -> DateTime<Utc> {
    zone.from_local_datetime(&day.and_hms_opt(hour, 30, 0).unwrap()).earliest().unwrap().with_timezone(&Utc)
}

fn round(app: &TestApp, who: &Session, id: i64) -> Value {
    json_of(app.get(&format!("/api/evaluation-rounds/{id}")).auth(who).send().unwrap(), StatusCode::OK)
}

/// Reminders queued for `who` (the announcement of the opened round is not one).
fn reminders_to(app: &TestApp, who: &Session) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM mail_outbox WHERE user_id = {} AND kind = 'evaluation-reminder' \
         AND subject LIKE 'Reminder: %'",
        who.id
    ))
}

#[test]
fn the_scheduler_reminds_once_before_the_closing_date_and_closes_the_round_after_it() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Scheduling Chair"));
    let done = app.signed_in_named(Role::Trustee, &unique_name("Prompt Trustee"));
    let late = app.signed_in_named(Role::Trustee, &unique_name("Late Trustee"));
    let closes_on = Utc::now().date_naive() + Duration::days(10);

    // A short round, opened until `closes_on`; one trustee answers at once.
    let draft = json_of(
        app.post("/api/evaluation-rounds")
            .auth(&chair)
            .json(&json!({"title": "Board evaluation"}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let id = draft["id"].as_i64().unwrap();
    let questions = json!({"title": "Board evaluation", "questions": [
        {"principle": "Leadership", "kind": "scale", "text": "The chair leads the board well."}
    ]});
    json_of(
        app.put(&format!("/api/evaluation-rounds/{id}")).auth(&chair).json(&questions).send().unwrap(),
        StatusCode::OK,
    );
    let opened = json_of(
        app.post(&format!("/api/evaluation-rounds/{id}/open"))
            .auth(&chair)
            .json(&json!({"closesOn": closes_on.to_string()}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    let answer = json!({"answers": [{"questionId": opened["questions"][0]["id"], "score": 4}]});
    let response =
        app.post(&format!("/api/evaluation-rounds/{id}/answers")).auth(&done).json(&answer).send().unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);

    let zone = app.state.notifications.time_zone;
    let evaluations = app.state.evaluations.clone();
    let run = |at: DateTime<Utc>| evaluations.run_scheduled(at, zone).unwrap();
    let nothing = ScheduledEvaluations::default();

    // Four days before: nothing yet; three days before, not before the send hour either.
    assert_eq!(run(board_time(zone, closes_on - Duration::days(4), 12)), nothing);
    assert_eq!(run(board_time(zone, closes_on - Duration::days(3), 6)), nothing);

    // Three days before at 09:30, from two racing callers (two servers' schedulers): the chair and the
    // late trustee are reminded once each; the trustee who answered is not.
    let at = board_time(zone, closes_on - Duration::days(3), 9);
    let runs: Vec<ScheduledEvaluations> = std::thread::scope(|scope| {
        let racing: Vec<_> = (0..2).map(|_| scope.spawn(|| run(at))).collect();
        racing.into_iter().map(|r| r.join().unwrap()).collect()
    });
    assert_eq!(runs.iter().map(|r| r.reminded).sum::<usize>(), 2, "{runs:?}");
    assert_eq!((reminders_to(&app, &late), reminders_to(&app, &chair), reminders_to(&app, &done)), (1, 1, 0));

    // Later runs, the same day and on the closing day itself, send nothing more and leave the round open.
    assert_eq!(run(at + Duration::hours(5)), nothing);
    assert_eq!(run(board_time(zone, closes_on, 22)), nothing);
    assert_eq!(round(&app, &chair, id)["status"], "open");
    // The late trustee has the announcement of the opened round and one reminder; who answered only the
    // announcement.
    let mail = wait_for(&late.email, 2);
    let mut subjects: Vec<&str> = mail.iter().filter_map(|m| m["subject"].as_str()).collect();
    subjects.sort_unstable();
    assert_eq!(subjects, ["Board evaluation", "Reminder: Board evaluation"], "{mail:?}");
    let to_done = wait_for(&done.email, 1);
    assert_eq!(to_done.len(), 1, "no reminder to who answered: {to_done:?}");
    assert_eq!(to_done[0]["subject"], "Board evaluation");

    // The day after the closing date, `run-scheduled` (another process) closes the round.
    let data = tempfile::tempdir().unwrap();
    let after = board_time(zone, closes_on + Duration::days(1), 0);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_trustee-portal"))
        .args(["run-scheduled", "--at", &after.to_rfc3339()])
        .env("DATABASE_URL", app.database_url())
        .env("JWT_SECRET", "a test secret that is long enough to use")
        .env("SECRETS_KEY", TEST_SECRETS_KEY)
        .env("DATA_DIR", data.path())
        .env("PUBLIC_URL", "https://portal.test")
        .env("BOARD_TIME_ZONE", zone.name())
        .env("LOG_LEVEL", "warn")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("0 evaluation reminder(s) queued, 1 evaluation(s) closed"), "{stdout}");
    let closed = round(&app, &chair, id);
    assert_eq!(closed["status"], "closed", "{closed}");
    let refused =
        app.post(&format!("/api/evaluation-rounds/{id}/answers")).auth(&late).json(&answer).send().unwrap();
    error_of(refused, StatusCode::CONFLICT);
    assert_eq!(run(after + Duration::hours(1)), nothing, "closed once");
    assert_eq!(reminders_to(&app, &late), 1);
}
