//! Calendar feeds and .ics downloads (spec §2 Calendar feed): a private URL per user, regenerated on demand;
//! meetings the user may see, with stable UIDs, SEQUENCE bumped by every change, STATUS:CANCELLED and the
//! board's VTIMEZONE; checked by Python's `icalendar` too.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::json;

fn feed_url(app: &TestApp, who: &Session) -> String {
    let body = json_of(app.get("/api/calendar/feed-url").auth(who).send().unwrap(), StatusCode::OK);
    body["url"].as_str().unwrap().to_string()
}

/// Fetches a feed URL (minted for https://portal.test) from the test server, without signing in.
fn fetch(app: &TestApp, url: &str) -> reqwest::blocking::Response {
    let path = url.strip_prefix("https://portal.test").unwrap_or_else(|| panic!("unexpected URL {url}"));
    app.get(path).send().unwrap()
}

fn feed(app: &TestApp, url: &str) -> String {
    let response = fetch(app, url);
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
    response.text().unwrap()
}

/// The unfolded lines of the VEVENT with this UID.
fn event(text: &str, uid: &str) -> Option<String> {
    let unfolded = text.replace("\r\n ", "");
    unfolded
        .split("BEGIN:VEVENT")
        .skip(1)
        .find(|e| e.contains(&format!("\r\nUID:{uid}\r\n")))
        .map(str::to_string)
}

fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs scripts/check-ical.py (Python `icalendar`, warnings as errors) on the text; answers its output.
pub fn python_check(text: &str) -> String {
    let root = repository_root();
    let venv =
        Command::new(root.join("scripts/ensure-python-tools.sh")).output().expect("ensure-python-tools.sh");
    assert!(venv.status.success(), "{}", String::from_utf8_lossy(&venv.stderr));
    let venv = String::from_utf8(venv.stdout).unwrap().trim().to_string();
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), text).unwrap();
    let run = Command::new(Path::new(&venv).join("bin/python"))
        .arg(root.join("scripts/check-ical.py"))
        .arg(file.path())
        .output()
        .expect("python");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success() && stderr.trim().is_empty(), "icalendar refused the feed: {stderr}\n{text}");
    String::from_utf8(run.stdout).unwrap()
}

#[test]
fn each_user_has_one_private_feed_url_and_regenerating_retires_the_old_one() {
    let app = TestApp::spawn();
    let tina = app.signed_in_as(Role::Trustee);
    error_of(app.get("/api/calendar/feed-url").send().unwrap(), StatusCode::UNAUTHORIZED);

    let url = feed_url(&app, &tina);
    assert!(url.starts_with("https://portal.test/api/calendar/feed/") && url.ends_with(".ics"), "{url}");
    assert_eq!(feed_url(&app, &tina), url, "the same URL every time");
    let token = url.trim_start_matches("https://portal.test/api/calendar/feed/").trim_end_matches(".ics");
    assert_eq!(token.len(), 64);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM calendar_feed_tokens"), 1);
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM calendar_feed_tokens WHERE token_hash = '{token}' OR nonce = '{token}'")),
        0,
        "the token itself is not stored"
    );
    assert!(feed(&app, &url).starts_with("BEGIN:VCALENDAR\r\n"));

    let other = app.signed_in_named(Role::Trustee, "Tom Treasurer");
    assert_ne!(feed_url(&app, &other), url, "each user has their own");

    let body =
        json_of(app.post("/api/calendar/feed-url/regenerate").auth(&tina).send().unwrap(), StatusCode::OK);
    let fresh = body["url"].as_str().unwrap().to_string();
    assert_ne!(fresh, url);
    error_of(fetch(&app, &url), StatusCode::NOT_FOUND);
    feed(&app, &fresh);
    assert_eq!(feed_url(&app, &tina), fresh);

    // Malformed and unknown tokens are 404 too.
    error_of(app.get("/api/calendar/feed/not-a-token.ics").send().unwrap(), StatusCode::NOT_FOUND);
    error_of(
        app.get(&format!("/api/calendar/feed/{}.ics", "0".repeat(64))).send().unwrap(),
        StatusCode::NOT_FOUND,
    );

    // A deactivated user's feed is gone.
    app.execute(&format!("UPDATE users SET active = false WHERE id = {}", tina.id));
    error_of(fetch(&app, &fresh), StatusCode::NOT_FOUND);
}

#[test]
fn the_feed_holds_the_meetings_the_user_may_see_in_the_boards_time_zone() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let tina = app.signed_in_as(Role::Trustee);
    let tom = app.signed_in_named(Role::Trustee, "Tom Treasurer");
    let summer = app.schedule_meeting(
        &admin,
        &json!({"title": "Board meeting", "description": "Quarterly review", "meetingDate": "2030-06-05T17:30:00Z",
               "location": "Community Hall", "meetingLink": "https://meet.example.org/board"}),
    );
    let winter = app.schedule_meeting(
        &admin,
        &json!({"title": "AGM", "kind": "agm", "meetingDate": "2030-12-04T18:00:00Z"}),
    );
    let response = app.post("/api/committees").auth(&admin).json(&json!({"name": "Finance"})).send().unwrap();
    let committee = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();
    let added = app
        .post(&format!("/api/committees/{committee}/members"))
        .auth(&admin)
        .json(&json!({"userId": tom.id}));
    json_of(added.send().unwrap(), StatusCode::CREATED);
    let finance = app.schedule_meeting(
        &admin,
        &json!({"title": "Finance committee", "kind": "committee", "committeeId": committee,
               "meetingDate": "2030-06-12T17:30:00Z"}),
    );

    let tina_feed = feed(&app, &feed_url(&app, &tina));
    let tom_feed = feed(&app, &feed_url(&app, &tom));
    let (summer_uid, winter_uid, finance_uid) = (
        format!("meeting-{summer}@portal.test"),
        format!("meeting-{winter}@portal.test"),
        format!("meeting-{finance}@portal.test"),
    );
    assert!(event(&tina_feed, &summer_uid).is_some() && event(&tina_feed, &winter_uid).is_some());
    assert!(event(&tina_feed, &finance_uid).is_none(), "not a member of the committee: {tina_feed}");
    assert!(event(&tom_feed, &finance_uid).is_some(), "a member sees the committee's meeting");
    assert!(event(&feed(&app, &feed_url(&app, &admin)), &finance_uid).is_some());

    // The board's zone: a VTIMEZONE, and local times with TZID (BST in June, GMT in December).
    assert!(tina_feed.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n"));
    assert!(tina_feed.contains("TZNAME:BST") && tina_feed.contains("TZNAME:GMT"));
    let summer_event = event(&tina_feed, &summer_uid).unwrap();
    assert!(summer_event.contains("DTSTART;TZID=Europe/London:20300605T183000\r\n"), "{summer_event}");
    assert!(summer_event.contains("DTEND;TZID=Europe/London:20300605T203000\r\n"));
    assert!(summer_event.contains("SUMMARY:Board meeting\r\n"));
    assert!(summer_event.contains("LOCATION:Community Hall\r\n"));
    assert!(summer_event.contains("Join online: https://meet.example.org/board"));
    assert!(summer_event.contains(&format!("URL:https://portal.test/meetings/{summer}\r\n")));
    assert!(summer_event.contains("SEQUENCE:0\r\n"));
    assert!(summer_event.contains("STATUS:CONFIRMED\r\n"));
    assert!(event(&tina_feed, &winter_uid)
        .unwrap()
        .contains("DTSTART;TZID=Europe/London:20301204T180000\r\n"));

    // Every change a calendar shows bumps SEQUENCE, whoever makes it (here plain SQL); others do not.
    app.execute(&format!("UPDATE meetings SET title = 'Board meeting (moved)', meeting_date = meeting_date + interval '1 hour' WHERE id = {summer}"));
    let url = feed_url(&app, &tina);
    let changed = event(&feed(&app, &url), &summer_uid).unwrap();
    assert!(
        changed.contains("SEQUENCE:1\r\n") && changed.contains("DTSTART;TZID=Europe/London:20300605T193000"),
        "{changed}"
    );
    app.execute(&format!("UPDATE meetings SET title = 'Board meeting (moved)', agenda_link = 'https://example.org/a' WHERE id = {summer}"));
    assert!(
        event(&feed(&app, &url), &summer_uid).unwrap().contains("SEQUENCE:1\r\n"),
        "nothing shown changed"
    );
    crate::attendance::cancel(&app, &admin, summer);
    let cancelled = event(&feed(&app, &url), &summer_uid).unwrap();
    assert!(
        cancelled.contains("STATUS:CANCELLED\r\n") && cancelled.contains("SEQUENCE:2\r\n"),
        "{cancelled}"
    );
    assert!(cancelled.contains(&format!("UID:{summer_uid}\r\n")), "the UID is stable");

    // A real iCalendar parser reads it without a warning.
    let checked = python_check(&feed(&app, &feed_url(&app, &tom)));
    assert!(
        checked.contains("VTIMEZONE\tEurope/London") || checked.contains("VTIMEZONE Europe/London"),
        "{checked}"
    );
    assert!(checked.contains(&format!("{summer_uid}\t2\tCANCELLED\t2030-06-05T19:30:00+01:00")), "{checked}");
    assert!(checked.contains(&format!("{finance_uid}\t0\tCONFIRMED")), "{checked}");
}

#[test]
fn one_meeting_downloads_as_an_ics_file_for_those_who_may_see_it() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let tina = app.signed_in_as(Role::Trustee);
    let board = app
        .schedule_meeting(&admin, &json!({"title": "Board meeting", "meetingDate": "2030-03-05T18:30:00Z"}));
    let response = app.post("/api/committees").auth(&admin).json(&json!({"name": "Finance"})).send().unwrap();
    let committee = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();
    let finance = app.schedule_meeting(
        &admin,
        &json!({"title": "Finance", "kind": "committee", "committeeId": committee, "meetingDate": "2030-03-12T18:30:00Z"}),
    );

    let response = app.get(&format!("/api/meetings/{board}/ics")).auth(&tina).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(
        disposition.starts_with("attachment") && disposition.contains(&format!("meeting-{board}.ics")),
        "{disposition}"
    );
    let text = response.text().unwrap();
    assert_eq!(text.matches("BEGIN:VEVENT").count(), 1);
    assert!(text.contains(&format!("UID:meeting-{board}@portal.test\r\n")));
    assert!(text.contains("DTSTART;TZID=Europe/London:20300305T183000\r\n"), "GMT in March: {text}");
    python_check(&text);

    error_of(
        app.get(&format!("/api/meetings/{finance}/ics")).auth(&tina).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    let ok = app.get(&format!("/api/meetings/{finance}/ics")).auth(&admin).send().unwrap();
    assert_eq!(ok.status(), StatusCode::OK);
    error_of(app.get("/api/meetings/99999/ics").auth(&tina).send().unwrap(), StatusCode::NOT_FOUND);
    error_of(app.get(&format!("/api/meetings/{board}/ics")).send().unwrap(), StatusCode::UNAUTHORIZED);
}
