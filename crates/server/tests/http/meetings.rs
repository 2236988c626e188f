//! `/api/meetings`: the board calendar, its upcoming/past split, and the minutes linked to each meeting.

use crate::common::files::{file_part, form, pdf, PDF_MIME};
use crate::common::{at, error_of, json_of, titles, Authed, Session, TestApp};
use chrono::Duration;
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn create(app: &TestApp, who: &Session, body: &Value) -> reqwest::blocking::Response {
    app.post("/api/meetings").auth(who).json(body).send().unwrap()
}

fn schedule(app: &TestApp, who: &Session, title: &str, offset: Duration) -> Value {
    json_of(create(app, who, &json!({"title": title, "meetingDate": at(offset)})), StatusCode::CREATED)
}

fn listed_titles(app: &TestApp, who: &Session, query: &str) -> Vec<String> {
    titles(&json_of(app.get(&format!("/api/meetings{query}")).auth(who).send().unwrap(), StatusCode::OK))
}

#[test]
fn admins_and_chairs_schedule_and_the_answer_follows_the_contract() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let body = json!({
        "title": " Board Meeting ",
        "description": "Quarterly review",
        "meetingDate": "2030-03-05T19:30:00+01:00",
        "location": "Community Hall",
        "meetingLink": "https://meet.example.org/board",
        "agendaLink": "https://example.org/agenda.pdf",
    });
    let created = json_of(create(&app, &admin, &body), StatusCode::CREATED);
    assert!(created["id"].as_i64().unwrap() > 0);
    assert_eq!(created["title"], "Board Meeting");
    assert_eq!(created["description"], "Quarterly review");
    assert_eq!(created["meetingDate"], "2030-03-05T18:30:00Z", "stored and answered in UTC");
    assert_eq!(created["location"], "Community Hall");
    assert_eq!(created["meetingLink"], "https://meet.example.org/board");
    assert_eq!(created["agendaLink"], "https://example.org/agenda.pdf");
    assert_eq!(created["minutesId"], Value::Null);
    assert_eq!(created["minutesLink"], Value::Null);
    assert!(created["createdAt"].as_str().unwrap().ends_with('Z'));

    // Optional fields may be "", null or absent; fractional seconds are fine (Date.toISOString()).
    let minimal = json!({"title": "Chair's meeting", "meetingDate": "2030-04-01T09:00:00.000Z",
        "description": null, "location": "", "meetingLink": "", "agendaLink": null});
    let created = json_of(create(&app, &chair, &minimal), StatusCode::CREATED);
    assert_eq!(created["description"], "");
    assert_eq!(created["location"], Value::Null);
    assert_eq!(created["meetingLink"], Value::Null);
    assert_eq!(created["agendaLink"], Value::Null);

    let message = error_of(create(&app, &trustee, &minimal), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can schedule meetings.");
    error_of(app.post("/api/meetings").json(&minimal).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.rows("meetings"), 2);

    for who in [&admin, &chair, &trustee] {
        assert_eq!(listed_titles(&app, who, "").len(), 2);
    }
    error_of(app.get("/api/meetings").send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn each_field_is_validated_with_a_message() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let date = "2030-03-05T18:30:00Z";
    let cases = [
        (json!({"meetingDate": date}), "title", "Title is required"),
        (json!({"title": "  ", "meetingDate": date}), "title", "Title is required"),
        (
            json!({"title": "x".repeat(201), "meetingDate": date}),
            "title",
            "Title must be at most 200 characters",
        ),
        (json!({"title": "T"}), "meetingDate", "Meeting date is required"),
        (json!({"title": "T", "meetingDate": ""}), "meetingDate", "Meeting date is required"),
        (
            json!({"title": "T", "meetingDate": "next tuesday"}),
            "meetingDate",
            "Meeting date must be a date and time (for example 2026-03-05T18:30:00Z)",
        ),
        (
            json!({"title": "T", "meetingDate": "2030-03-05T18:30"}),
            "meetingDate",
            "Meeting date must include a time zone (for example 2026-03-05T18:30:00Z)",
        ),
        (
            json!({"title": "T", "meetingDate": date, "meetingLink": "javascript:alert(1)"}),
            "meetingLink",
            "Meeting link must be a valid http or https URL",
        ),
        (
            json!({"title": "T", "meetingDate": date, "agendaLink": "ftp://example.org/agenda"}),
            "agendaLink",
            "Agenda link must be a valid http or https URL",
        ),
        (
            json!({"title": "T", "meetingDate": date, "location": "x".repeat(201)}),
            "location",
            "Location must be at most 200 characters",
        ),
        (
            json!({"title": "T", "meetingDate": date, "description": "x".repeat(5001)}),
            "description",
            "Description must be at most 5000 characters",
        ),
    ];
    for (body, field, message) in cases {
        let answer = json_of(create(&app, &admin, &body), StatusCode::BAD_REQUEST);
        assert_eq!(answer["errors"][field], message, "{body}");
    }
    let answer = json_of(create(&app, &admin, &json!({})), StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["title"], "Title is required");
    assert_eq!(answer["errors"]["meetingDate"], "Meeting date is required");
    error_of(create(&app, &admin, &json!({"title": 5, "meetingDate": date})), StatusCode::BAD_REQUEST);
    assert_eq!(app.rows("meetings"), 0);
}

#[test]
fn upcoming_and_past_are_split_at_now_and_ordered() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    schedule(&app, &chair, "In two days", Duration::days(2));
    schedule(&app, &chair, "Three days ago", Duration::days(-3));
    schedule(&app, &chair, "Tomorrow", Duration::days(1));
    schedule(&app, &chair, "Yesterday", Duration::days(-1));
    schedule(&app, &chair, "Next year", Duration::days(365));

    assert_eq!(listed_titles(&app, &trustee, "?upcoming=true"), ["Tomorrow", "In two days", "Next year"]);
    assert_eq!(listed_titles(&app, &trustee, "?upcoming=false"), ["Yesterday", "Three days ago"]);
    let all = ["Three days ago", "Yesterday", "Tomorrow", "In two days", "Next year"];
    assert_eq!(listed_titles(&app, &trustee, ""), all);
    assert_eq!(listed_titles(&app, &trustee, "?upcoming="), all);

    let answer = json_of(
        app.get("/api/meetings?upcoming=soon").auth(&trustee).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(answer["errors"]["upcoming"], "upcoming must be true or false");
}

#[test]
fn meetings_at_the_same_time_are_ordered_by_id() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let future = at(Duration::days(3));
    let past = at(Duration::days(-3));
    for (title, date) in [("Future A", &future), ("Future B", &future), ("Past A", &past), ("Past B", &past)]
    {
        json_of(create(&app, &admin, &json!({"title": title, "meetingDate": date})), StatusCode::CREATED);
    }
    assert_eq!(listed_titles(&app, &admin, "?upcoming=true"), ["Future A", "Future B"]);
    assert_eq!(listed_titles(&app, &admin, "?upcoming=false"), ["Past B", "Past A"]);
}

#[test]
fn the_latest_linked_minutes_fill_minutes_id_and_link() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let meeting = schedule(&app, &admin, "Last board", Duration::days(-7));
    let other = schedule(&app, &admin, "Without minutes", Duration::days(-14));
    let meeting_id = meeting["id"].to_string();
    let date = meeting["meetingDate"].as_str().unwrap();

    let fields = [
        ("title", "Minutes (draft)"),
        ("meetingDate", date),
        ("meetingId", meeting_id.as_str()),
        ("externalLink", "https://docs.example.org/minutes-draft"),
    ];
    let linked = json_of(
        app.post("/api/minutes").auth(&admin).multipart(form(&fields, None)).send().unwrap(),
        StatusCode::CREATED,
    );
    let past =
        json_of(app.get("/api/meetings?upcoming=false").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(past[0]["id"], meeting["id"]);
    assert_eq!(past[0]["minutesId"], linked["id"]);
    assert_eq!(past[0]["minutesLink"], "https://docs.example.org/minutes-draft");
    assert_eq!(past[1]["id"], other["id"]);
    assert_eq!(past[1]["minutesId"], Value::Null);
    assert_eq!(past[1]["minutesLink"], Value::Null);

    // Newer minutes for the same meeting win; a PDF has no link (it opens through a view ticket).
    let fields = [("title", "Minutes (approved)"), ("meetingDate", date), ("meetingId", meeting_id.as_str())];
    let approved = json_of(
        app.post("/api/minutes")
            .auth(&admin)
            .multipart(form(&fields, Some(file_part(pdf(), "approved.pdf", PDF_MIME))))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let past =
        json_of(app.get("/api/meetings?upcoming=false").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(past[0]["minutesId"], approved["id"]);
    assert_eq!(past[0]["minutesLink"], Value::Null);
}

#[test]
fn each_meeting_has_a_kind_and_a_committee_meeting_names_its_committee() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let committee = json_of(
        app.post("/api/committees").auth(&chair).json(&json!({"name": "Finance Committee"})).send().unwrap(),
        StatusCode::CREATED,
    );
    let committee_id = committee["id"].as_i64().unwrap();
    let date = at(Duration::days(10));

    // Without a kind it is a board meeting (as every meeting recorded before kinds existed).
    let board =
        json_of(create(&app, &chair, &json!({"title": "Board", "meetingDate": date})), StatusCode::CREATED);
    assert_eq!(
        (&board["kind"], &board["committeeId"], &board["committeeName"]),
        (&json!("board"), &Value::Null, &Value::Null)
    );

    let agm = json!({"title": "AGM", "meetingDate": date, "kind": "agm"});
    assert_eq!(json_of(create(&app, &chair, &agm), StatusCode::CREATED)["kind"], "agm");

    let meets =
        json!({"title": "Finance", "meetingDate": date, "kind": "committee", "committeeId": committee_id});
    let created = json_of(create(&app, &chair, &meets), StatusCode::CREATED);
    assert_eq!(created["kind"], "committee");
    assert_eq!(created["committeeId"], committee_id);
    assert_eq!(created["committeeName"], "Finance Committee");
    let listed = json_of(app.get("/api/meetings").auth(&chair).send().unwrap(), StatusCode::OK);
    let finance = listed.as_array().unwrap().iter().find(|m| m["title"] == "Finance").unwrap();
    assert_eq!(finance["committeeName"], "Finance Committee");

    for (body, field) in [
        (json!({"title": "X", "meetingDate": date, "kind": "party"}), "kind"),
        (json!({"title": "X", "meetingDate": date, "kind": "committee"}), "committeeId"),
        (
            json!({"title": "X", "meetingDate": date, "kind": "board", "committeeId": committee_id}),
            "committeeId",
        ),
        (
            json!({"title": "X", "meetingDate": date, "kind": "committee", "committeeId": 999_999}),
            "committeeId",
        ),
    ] {
        let refused = json_of(create(&app, &chair, &body), StatusCode::BAD_REQUEST);
        assert!(refused["errors"][field].is_string(), "{body}: {refused}");
    }
}
