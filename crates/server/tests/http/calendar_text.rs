//! Calendar text (spec: §2 Calendar feed; §5 One-line texts): a title, place or
//! description with line breaks, commas and semicolons stays one property of one event in the meeting's
//! `.ics`, the private feed and the `.ics` attached to meeting mails, read back by Python's `icalendar`;
//! one-line fields refuse control characters at input.

use std::path::Path;
use std::process::Command;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::files::{file_part, form, pdf};
use crate::common::mail::{self, unique_name};
use crate::common::{json_of, Authed, Session, TestApp};
use domain::identity::role::Role;

/// The calendar as Python's `icalendar` reads it (after `python_check`, which fails on any warning):
/// the calendar's NAME and X-WR-CALNAME, and per event its summary, location, description and attendees.
fn read_back(text: &str) -> Value {
    crate::calendar_feed::python_check(text);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let venv = Command::new(root.join("scripts/ensure-python-tools.sh")).output().unwrap();
    let venv = String::from_utf8(venv.stdout).unwrap().trim().to_string();
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), text).unwrap();
    let script = r#"
import json, sys, icalendar
calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
text = lambda c, key: str(c[key]) if key in c else None
print(json.dumps({
    "name": text(calendar, "NAME"),
    "calname": text(calendar, "X-WR-CALNAME"),
    "events": [{"summary": text(e, "SUMMARY"), "location": text(e, "LOCATION"),
                "description": text(e, "DESCRIPTION"), "attendees": e.get("ATTENDEE"),
                "url": text(e, "URL")} for e in calendar.walk("VEVENT")],
}))
"#;
    let run = Command::new(Path::new(&venv).join("bin/python"))
        .arg("-c")
        .arg(script)
        .arg(file.path())
        .output()
        .unwrap();
    assert!(run.status.success(), "{}\n{text}", String::from_utf8_lossy(&run.stderr));
    serde_json::from_slice(&run.stdout).unwrap()
}

/// Exactly one VEVENT, with this summary, and no forged property.
fn one_event_titled<'a>(calendar: &'a Value, summary: &str, text: &str) -> &'a Value {
    let events = calendar["events"].as_array().unwrap();
    assert_eq!(events.len(), 1, "one VEVENT: {calendar}\n{text}");
    assert_eq!(events[0]["summary"], summary, "{text}");
    assert!(events[0]["attendees"].is_null(), "no ATTENDEE: {text}");
    assert!(!events[0]["url"].as_str().unwrap_or("").contains("evil"), "{text}");
    for line in text.split("\r\n") {
        assert!(!line.starts_with("ATTENDEE") && !line.starts_with("URL:https://evil"), "{line}: {text}");
    }
    assert_eq!(text.matches("\r\nBEGIN:VEVENT\r\n").count(), 1, "{text}");
    &events[0]
}

fn create_meeting(app: &TestApp, who: &Session, body: Value) -> reqwest::blocking::Response {
    app.post("/api/meetings").auth(who).json(&body).send().unwrap()
}

const DESCRIPTION: &str = "Agenda:\r\nBEGIN:VEVENT\r\nATTENDEE:mailto:x@evil.test";

#[test]
fn titles_places_and_descriptions_stay_inside_their_event_everywhere() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cal Chair"));
    let trustee = app.signed_in_named(Role::Trustee, &unique_name("Cal Trustee"));
    let title = "Board, finance; audit \\ review";
    let body = json!({"title": title, "meetingDate": "2030-05-12T17:30:00Z", "location": "Hall; Room 2, Floor 1",
                      "description": DESCRIPTION});
    let id = json_of(create_meeting(&app, &chair, body), StatusCode::CREATED)["id"].as_i64().unwrap();

    // The .ics attached to the meeting mail, read back from the mail server.
    let messages = mail::wait_for(&trustee.email, 1);
    let files = mail::attachments(&messages[0]);
    assert_eq!(files.len(), 1, "{}", messages[0]);
    let mailed = String::from_utf8(files[0].2.clone()).unwrap();
    let calendar = read_back(&mailed);
    let event = one_event_titled(&calendar, title, &mailed);
    assert_eq!(event["location"], "Hall; Room 2, Floor 1");
    let description = event["description"].as_str().unwrap();
    assert!(
        description.starts_with("Agenda:\nBEGIN:VEVENT\nATTENDEE:mailto:x@evil.test\n"),
        "{description:?}"
    );
    // NAME (RFC 7986) and X-WR-CALNAME are TEXT and escaped as such; Python's reader hands these two
    // back still escaped.
    assert_eq!(calendar["name"], "Test Charity - Board\\, finance\\; audit \\\\ review");
    assert_eq!(calendar["calname"], calendar["name"]);

    // A title that holds line breaks (kept from before one-line titles were enforced) in the meeting's
    // .ics, whose calendar is named after it, and in the feed.
    app.execute(&format!(
        "UPDATE meetings SET title = E'Board, finance;\\r\\nEND:VEVENT\\r\\nBEGIN:VEVENT\\nURL:https://evil.test\\rATTENDEE:mailto:x@evil.test' WHERE id = {id}"
    ));
    let forged =
        "Board, finance;\nEND:VEVENT\nBEGIN:VEVENT\nURL:https://evil.test\nATTENDEE:mailto:x@evil.test";
    let response = app.get(&format!("/api/meetings/{id}/ics")).auth(&trustee).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let download = response.text().unwrap();
    let calendar = read_back(&download);
    let event = one_event_titled(&calendar, forged, &download);
    let description = event["description"].as_str().unwrap();
    assert!(
        description.starts_with("Agenda:\nBEGIN:VEVENT\nATTENDEE:mailto:x@evil.test\n"),
        "{description:?}"
    );
    let escaped = forged.replace(',', "\\,").replace(';', "\\;").replace('\n', "\\n");
    assert_eq!(calendar["name"], format!("Test Charity - {escaped}"), "{download}");
    assert_eq!(calendar["calname"], calendar["name"], "{download}");
    assert!(download.split("\r\n").all(|line| line.len() <= 75 && !line.contains('\r')), "{download}");

    let url = json_of(app.get("/api/calendar/feed-url").auth(&trustee).send().unwrap(), StatusCode::OK)
        ["url"]
        .as_str()
        .unwrap()
        .to_string();
    let feed = app.get(url.trim_start_matches("https://portal.test")).send().unwrap().text().unwrap();
    one_event_titled(&read_back(&feed), forged, &feed);
}

/// The field error a one-line field gets for a control character.
fn refused(response: reqwest::blocking::Response, field: &str) {
    let body = json_of(response, StatusCode::BAD_REQUEST);
    let message = body["errors"][field].as_str().unwrap_or_else(|| panic!("{field}: {body}"));
    assert!(message.ends_with("must be one line, without line breaks, tabs or control characters"), "{body}");
}

#[test]
fn one_line_fields_refuse_control_characters() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let count = |table: &str| app.scalar_i64(&format!("SELECT count(*) AS value FROM {table}"));

    let meeting = |title: &str, location: &str| {
        create_meeting(
            &app,
            &admin,
            json!({"title": title, "meetingDate": "2030-05-12T17:30:00Z", "location": location}),
        )
    };
    refused(meeting("Board\nBEGIN:VEVENT", "Hall"), "title");
    refused(meeting("Board", "Hall\r\nURL:https://evil.test"), "location");
    refused(meeting("Board\u{7}", "Hall"), "title");
    // C1 controls (NEXT LINE among them) and the Unicode line and paragraph separators break lines too.
    refused(meeting("Bad\u{0085}next", "Hall"), "title");
    refused(meeting("Bad\u{2028}next", "Hall"), "title");
    refused(meeting("Board", "Hall\u{2029}URL:https://evil.test"), "location");
    refused(meeting("Csi\u{9b}2J", "Hall"), "title");
    assert_eq!(count("meetings"), 0);
    // A description may hold line breaks.
    let ok = json!({"title": "Board", "meetingDate": "2030-05-12T17:30:00Z", "description": "One\n\tTwo"});
    let id = json_of(create_meeting(&app, &admin, ok), StatusCode::CREATED)["id"].as_i64().unwrap();

    let items = count("agenda_items");
    refused(
        app.post(&format!("/api/meetings/{id}/agenda-items"))
            .auth(&admin)
            .json(&json!({"title": "Accounts\nATTENDEE:x", "purpose": "discussion", "durationMinutes": 10}))
            .send()
            .unwrap(),
        "title",
    );
    assert_eq!(count("agenda_items"), items);

    refused(
        app.post("/api/committees").auth(&admin).json(&json!({"name": "Finance\u{1b}[2J"})).send().unwrap(),
        "name",
    );
    assert_eq!(count("committees"), 0);

    let users = count("users");
    let user = json!({"name": "Eve\r\nBcc: all@example.org", "email": "eve@example.org", "role": "trustee"});
    refused(app.post("/api/users").auth(&admin).json(&user).send().unwrap(), "name");
    assert_eq!(count("users"), users);

    refused(
        app.post(&format!("/api/meetings/{id}/attendance/guests"))
            .auth(&admin)
            .json(&json!({"name": "Sam\tAuditor"}))
            .send()
            .unwrap(),
        "name",
    );
    refused(
        app.post(&format!("/api/meetings/{id}/attendance/guests"))
            .auth(&admin)
            .json(&json!({"name": "G\u{0085}uest"}))
            .send()
            .unwrap(),
        "name",
    );
    assert_eq!(count("meeting_attendance WHERE recorded = 'guest'"), 0);

    let action =
        json!({"title": "Sign\nthe accounts", "description": "", "assignedTo": admin.id, "dueDate": null});
    refused(app.post("/api/actions").auth(&admin).json(&action).send().unwrap(), "title");
    assert_eq!(count("actions"), 0);

    let notice = json!({"title": "Read\u{7f}me", "content": "Line one\nLine two", "priority": "normal",
                        "pinned": false, "expiresAt": null});
    refused(app.post("/api/notices").auth(&admin).json(&notice).send().unwrap(), "title");
    assert_eq!(count("notices"), 0);

    let document = form(
        &[("title", "Policy\r\nv2"), ("category", "safeguarding")],
        Some(file_part(pdf(), "p.pdf", "application/pdf")),
    );
    refused(app.post("/api/documents").multipart(document).auth(&admin).send().unwrap(), "title");
    assert_eq!(count("documents"), 0);
}
