//! Guests (spec §6 Guests): admins and chairs invite someone from outside the board until an end date for
//! named meetings and documents; the guest opens exactly those, nothing else (one refused request per
//! area), every request they make is in the audit log, and at the end date their sessions end and sign-in
//! is refused.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use domain::identity::refusal::{GUESTS_SEE_THEIR_PASS_ONLY, GUEST_ACCESS_ENDED};
use domain::identity::role::Role;

use crate::common::files::{file_part, form, pdf};
use crate::common::mail::{self, token_in, unique_name};
use crate::common::{error_of, item, json_of, Authed, Session, TestApp, PASSWORD};

fn day(offset_days: i64) -> String {
    (Utc::now() + Duration::days(offset_days)).format("%Y-%m-%d").to_string()
}

fn fresh_email(prefix: &str) -> String {
    format!("{}@example.org", unique_name(prefix).to_lowercase().replace(' ', "."))
}

fn upload_document(app: &TestApp, who: &Session, title: &str) -> i64 {
    let upload = form(
        &[("title", title), ("category", "policies")],
        Some(file_part(pdf(), "p.pdf", "application/pdf")),
    );
    json_of(app.post("/api/documents").auth(who).multipart(upload).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

/// Invites a guest through the API; answers the guest as the API shows them.
fn invite(app: &TestApp, who: &Session, body: Value) -> Value {
    json_of(app.post("/api/guests").auth(who).json(&body).send().unwrap(), StatusCode::CREATED)
}

/// The guest with `PASSWORD` (as if they had accepted the invitation), signed in.
fn signed_in_guest(app: &TestApp, guest: &Value) -> Session {
    let id = guest["id"].as_i64().unwrap();
    let admin_hash = app
        .scalar_text("SELECT password_hash AS value FROM users WHERE password_hash LIKE '$2%' LIMIT 1")
        .expect("a user with a password");
    app.execute(&format!("UPDATE users SET password_hash = '{admin_hash}' WHERE id = {id}"));
    app.sign_in(guest["email"].as_str().unwrap(), PASSWORD)
}

struct Board {
    admin: Session,
    meeting: i64,
    other_meeting: i64,
    paper: (i64, i64),
    other_paper: (i64, i64),
    document: i64,
    other_document: i64,
}

/// Two published meetings with a paper each, and two library documents.
fn board(app: &TestApp) -> Board {
    let admin = app.signed_in_as(Role::Admin);
    let meeting_with_paper = |title: &str| {
        let meeting = app.schedule_meeting(
            &admin,
            &json!({ "title": title, "meetingDate": crate::common::at(Duration::days(10)) }),
        );
        let item = app.add_agenda_item(&admin, meeting, &item("Budget"));
        let paper = app.upload_agenda_pdf(&admin, meeting, item, "budget.pdf", pdf());
        app.publish_agenda(&admin, meeting);
        (meeting, (item, paper))
    };
    let (meeting, paper) = meeting_with_paper("Board meeting with the examiner");
    let (other_meeting, other_paper) = meeting_with_paper("Another board meeting");
    let document = upload_document(app, &admin, "Reserves policy");
    let other_document = upload_document(app, &admin, "Safeguarding case review");
    Board { admin, meeting, other_meeting, paper, other_paper, document, other_document }
}

fn pass_for(board: &Board, email: &str) -> Value {
    json!({
        "name": "Ivy Examiner",
        "email": email,
        "purpose": "Independent examiner, 2025-26 accounts",
        "endsOn": day(30),
        "meetingIds": [board.meeting],
        "documentIds": [board.document],
    })
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|v| v["id"].as_i64().unwrap()).collect()
}

#[test]
fn an_invited_guest_chooses_a_password_from_the_mail_and_sees_their_pass() {
    let app = TestApp::spawn_with_smtp();
    let board = board(&app);
    let chair = app.signed_in_as(Role::Chair);
    let email = fresh_email("Ivy Examiner");
    let guest = invite(&app, &chair, pass_for(&board, &email));
    assert_eq!(guest["purpose"], "Independent examiner, 2025-26 accounts");
    assert_eq!(guest["invitationPending"], true);
    assert_eq!(guest["ended"], false);
    assert_eq!(guest["endsOn"], day(30).as_str());
    assert_eq!(ids(&guest["meetings"]), vec![board.meeting]);
    assert_eq!(ids(&guest["documents"]), vec![board.document]);
    assert_eq!(
        app.scalar_text(&format!("SELECT role AS value FROM users WHERE id = {}", guest["id"])).as_deref(),
        Some("guest")
    );

    let text = mail::wait_for(&email, 1)[0]["text"].as_str().unwrap().to_string();
    let accepted = app
        .post("/api/auth/accept-invitation")
        .json(&json!({ "token": token_in(&text), "newPassword": "lantern harbour quietly" }))
        .send()
        .unwrap();
    json_of(accepted, StatusCode::OK);
    let session = app.sign_in(&email, "lantern harbour quietly");
    let own = json_of(app.get("/api/me/guest-pass").auth(&session).send().unwrap(), StatusCode::OK);
    assert_eq!(own["invitationPending"], false);
    assert_eq!(own["invitedBy"], "Chris Chair");
    // The Users page lists them with their end.
    let users = json_of(app.get("/api/users").auth(&board.admin).send().unwrap(), StatusCode::OK);
    let listed = users.as_array().unwrap().iter().find(|u| u["email"] == email.as_str()).cloned().unwrap();
    assert_eq!(listed["role"], "guest");
    assert!(listed["accessEndsAt"].is_string());
    let guests = json_of(app.get("/api/guests").auth(&board.admin).send().unwrap(), StatusCode::OK);
    assert_eq!(guests[0]["email"], email.as_str());
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM audit_events WHERE kind = 'guest_invited' AND object_id = '{}'",
            guest["id"]
        )),
        1
    );
}

#[test]
fn inviting_is_for_admins_and_chairs_and_every_field_is_checked() {
    let app = TestApp::spawn();
    let board = board(&app);
    let trustee = app.signed_in_as(Role::Trustee);
    let body = pass_for(&board, &fresh_email("Ivy"));
    assert_eq!(
        app.post("/api/guests").auth(&trustee).json(&body).send().unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.get("/api/guests").auth(&trustee).send().unwrap().status(), StatusCode::FORBIDDEN);

    let bad = json!({
        "name": "", "email": "not-an-email", "purpose": "",
        "endsOn": day(-1), "meetingIds": [999999], "documentIds": [999999],
        "auditFrom": "2025-04-01",
    });
    let response = app.post("/api/guests").auth(&board.admin).json(&bad).send().unwrap();
    let errors = json_of(response, StatusCode::BAD_REQUEST)["errors"].clone();
    for field in ["name", "email", "purpose", "endsOn", "meetingIds", "documentIds", "auditTo"] {
        assert!(errors[field].is_string(), "{field} in {errors}");
    }
    let too_far = json!({ "name": "A", "email": fresh_email("A"), "purpose": "p", "endsOn": day(400), "meetingIds": [board.meeting] });
    let errors = json_of(
        app.post("/api/guests").auth(&board.admin).json(&too_far).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(errors["errors"]["endsOn"].is_string());
    let nothing = json!({ "name": "A", "email": fresh_email("A"), "purpose": "p", "endsOn": day(3) });
    let errors = json_of(
        app.post("/api/guests").auth(&board.admin).json(&nothing).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert!(errors["errors"]["scope"].is_string());
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS value FROM users WHERE role = 'guest'"),
        0,
        "nothing half-written"
    );

    let email = fresh_email("Ivy");
    invite(&app, &board.admin, pass_for(&board, &email));
    let again = app.post("/api/guests").auth(&board.admin).json(&pass_for(&board, &email)).send().unwrap();
    assert_eq!(again.status(), StatusCode::CONFLICT);
}

#[test]
fn a_guest_opens_their_meeting_its_papers_and_pack_and_their_document_and_nothing_else() {
    let app = TestApp::spawn();
    let board = board(&app);
    let guest = invite(&app, &board.admin, pass_for(&board, &fresh_email("Ivy")));
    let me = signed_in_guest(&app, &guest);
    let get = |path: &str| app.get(path).auth(&me).send().unwrap();

    // Their meeting, its paper and pack.
    let meetings = json_of(get("/api/meetings"), StatusCode::OK);
    assert_eq!(ids(&meetings), vec![board.meeting]);
    let shown = json_of(get(&format!("/api/meetings/{}", board.meeting)), StatusCode::OK);
    assert_eq!(shown["agenda"][0]["title"], "Budget");
    let (item, paper) = board.paper;
    let download =
        get(&format!("/api/meetings/{}/agenda-items/{item}/papers/{paper}/download", board.meeting));
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.bytes().unwrap().to_vec(), pdf());
    let pack = get(&format!("/api/meetings/{}/board-pack", board.meeting));
    assert_eq!(pack.status(), StatusCode::OK);
    assert!(pack.bytes().unwrap().starts_with(b"%PDF"));

    assert_eq!(get(&format!("/api/meetings/{}/ics", board.meeting)).status(), StatusCode::OK);

    // Another meeting, its paper and pack: as if they did not exist.
    let (other_item, other_paper) = board.other_paper;
    for path in [
        format!("/api/meetings/{}", board.other_meeting),
        format!(
            "/api/meetings/{}/agenda-items/{other_item}/papers/{other_paper}/download",
            board.other_meeting
        ),
        format!("/api/meetings/{}/board-pack", board.other_meeting),
        format!("/api/meetings/{}/attendance", board.other_meeting),
        format!("/api/meetings/{}/ics", board.other_meeting),
    ] {
        assert_eq!(get(&path).status(), StatusCode::NOT_FOUND, "{path}");
    }

    // Their document; the other one neither listed nor opened.
    let documents = json_of(get("/api/documents"), StatusCode::OK);
    assert_eq!(ids(&documents), vec![board.document]);
    let opened = get(&format!("/api/documents/{}/download", board.document));
    assert_eq!(opened.status(), StatusCode::OK);
    assert_eq!(opened.bytes().unwrap().to_vec(), pdf());
    assert_eq!(
        get(&format!("/api/documents/{}/download", board.other_document)).status(),
        StatusCode::NOT_FOUND
    );
    let ticket =
        app.post(&format!("/api/documents/{}/view-ticket", board.other_document)).auth(&me).send().unwrap();
    assert_eq!(ticket.status(), StatusCode::NOT_FOUND);

    // One request per area the board keeps to itself.
    for path in [
        "/api/dashboard/stats",
        "/api/me/tasks",
        "/api/actions",
        "/api/notices",
        "/api/committees",
        "/api/trustees/active",
        "/api/terms",
        "/api/resolutions",
        "/api/declaration-rounds",
        "/api/evaluation-rounds",
        "/api/skills",
        "/api/governance/settings",
        "/api/search?q=budget",
        "/api/users",
        "/api/guests",
        "/api/notification-settings",
    ] {
        let response = get(path);
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{path}");
        assert_eq!(error_of(response, StatusCode::FORBIDDEN), GUESTS_SEE_THEIR_PASS_ONLY, "{path}");
    }
    // The board's records are an auditor's only (spec §6 Guests).
    for path in
        ["/api/minutes", "/api/written-minutes", "/api/decisions", "/api/decisions.csv", "/api/interests"]
    {
        assert_eq!(get(path).status(), StatusCode::FORBIDDEN, "{path}");
    }
    // Nor do they write anything of the board's.
    let notice =
        app.post("/api/notices").auth(&me).json(&json!({ "title": "Hello", "content": "x" })).send().unwrap();
    assert_eq!(notice.status(), StatusCode::FORBIDDEN);

    // Every request they made is on the record, with what they asked for.
    let viewed = app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM audit_events WHERE kind = 'guest_viewed' AND actor_id = {}",
        me.id
    ));
    assert!(viewed >= 9, "{viewed} guest views recorded");
    let paper_view = app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM audit_events WHERE kind = 'guest_viewed' AND actor_id = {} \
         AND details = 'GET /api/meetings/{}/agenda-items/{item}/papers/{paper}/download'",
        me.id, board.meeting
    ));
    assert_eq!(paper_view, 1);
}

#[test]
fn a_paper_reaches_the_guest_through_its_meeting_but_the_library_only_if_named() {
    let app = TestApp::spawn();
    let board = board(&app);
    // A library document linked as a paper of the guest's meeting.
    let (item, _) = board.paper;
    let linked = app
        .post(&format!("/api/meetings/{}/agenda-items/{item}/papers/link", board.meeting))
        .auth(&board.admin)
        .json(&json!({ "documentId": board.other_document }))
        .send()
        .unwrap();
    let linked = json_of(linked, StatusCode::CREATED);
    let guest = invite(&app, &board.admin, pass_for(&board, &fresh_email("Ivy")));
    let me = signed_in_guest(&app, &guest);
    let through_meeting = app
        .get(&format!("/api/meetings/{}/agenda-items/{item}/papers/{}/download", board.meeting, linked["id"]))
        .auth(&me)
        .send()
        .unwrap();
    assert_eq!(through_meeting.status(), StatusCode::OK);
    let through_library =
        app.get(&format!("/api/documents/{}/download", board.other_document)).auth(&me).send().unwrap();
    assert_eq!(through_library.status(), StatusCode::NOT_FOUND);
}

#[test]
fn a_draft_agenda_stays_hidden_from_a_guest_named_for_its_meeting() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let meeting = app.schedule_meeting(
        &admin,
        &json!({ "title": "Draft", "meetingDate": crate::common::at(Duration::days(5)) }),
    );
    let email = fresh_email("Ivy");
    let guest = invite(
        &app,
        &admin,
        json!({ "name": "Ivy", "email": email, "purpose": "Observer", "endsOn": day(10), "meetingIds": [meeting] }),
    );
    let me = signed_in_guest(&app, &guest);
    assert_eq!(json_of(app.get("/api/meetings").auth(&me).send().unwrap(), StatusCode::OK), json!([]));
    assert_eq!(
        app.get(&format!("/api/meetings/{meeting}")).auth(&me).send().unwrap().status(),
        StatusCode::NOT_FOUND
    );
    app.publish_agenda(&admin, meeting);
    assert_eq!(
        ids(&json_of(app.get("/api/meetings").auth(&me).send().unwrap(), StatusCode::OK)),
        vec![meeting]
    );
}

#[test]
fn a_guest_answers_for_themselves_is_recorded_as_a_guest_and_never_counts_towards_quorum() {
    let app = TestApp::spawn();
    let board = board(&app);
    let guest = invite(&app, &board.admin, pass_for(&board, &fresh_email("Ivy")));
    let me = signed_in_guest(&app, &guest);
    let path = format!("/api/meetings/{}/attendance", board.meeting);
    let before = json_of(app.get(&path).auth(&board.admin).send().unwrap(), StatusCode::OK);
    let serving = before["summary"]["serving"].clone();

    let answered =
        app.put(&format!("{path}/me")).auth(&me).json(&json!({ "response": "attending" })).send().unwrap();
    let mine = json_of(answered, StatusCode::OK);
    assert_eq!(mine["mine"]["response"], "attending");
    assert_eq!(mine["members"].as_array().unwrap().len(), 1, "a guest sees only their own line");
    assert_eq!(mine["guests"], json!([]));

    let sheet = json_of(app.get(&path).auth(&board.admin).send().unwrap(), StatusCode::OK);
    assert_eq!(sheet["summary"]["serving"], serving, "a guest is not one of the serving trustees");
    assert_eq!(sheet["summary"]["expectedAttending"], before["summary"]["expectedAttending"]);
    let line = sheet["members"].as_array().unwrap().iter().find(|m| m["userId"] == me.id).cloned().unwrap();
    assert_eq!(line["role"], "guest");
    assert_eq!(line["response"], "attending");

    // Recorded at the meeting as a guest.
    let recorded = app
        .put(&format!("{path}/{}", me.id))
        .auth(&board.admin)
        .json(&json!({ "status": "guest" }))
        .send()
        .unwrap();
    let sheet = json_of(recorded, StatusCode::OK);
    let line = sheet["members"].as_array().unwrap().iter().find(|m| m["userId"] == me.id).cloned().unwrap();
    assert_eq!(line["recorded"], "guest");
    assert_eq!(sheet["summary"]["recordedPresent"], 0);
    // A trustee's sheet does not show the guest.
    let trustee = app.signed_in_as(Role::Trustee);
    let theirs = json_of(app.get(&path).auth(&trustee).send().unwrap(), StatusCode::OK);
    assert!(theirs["members"].as_array().unwrap().iter().all(|m| m["userId"] != me.id));
}

#[test]
fn guests_are_not_board_members_anywhere() {
    let app = TestApp::spawn();
    let board = board(&app);
    let guest = invite(&app, &board.admin, pass_for(&board, &fresh_email("Ivy")));
    let id = guest["id"].as_i64().unwrap();
    let trustee = app.signed_in_as(Role::Trustee);
    let directory = json_of(app.get("/api/trustees/active").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert!(directory.as_array().unwrap().iter().all(|p| p["id"] != id));
    let committee = app.create_committee(&board.admin, "Finance");
    let added = app
        .post(&format!("/api/committees/{committee}/members"))
        .auth(&board.admin)
        .json(&json!({ "userId": id }))
        .send()
        .unwrap();
    assert!(added.status().is_client_error(), "a guest is no committee member: {}", added.status());
    let action = app
        .post("/api/actions")
        .auth(&board.admin)
        .json(&json!({ "title": "Send the figures", "assignedTo": id, "dueDate": day(5) }))
        .send()
        .unwrap();
    assert!(action.status().is_client_error(), "a guest takes no actions: {}", action.status());
    // Nobody can make a guest a trustee by editing them, nor give anyone the guest role.
    let user = json_of(app.get("/api/users").auth(&board.admin).send().unwrap(), StatusCode::OK);
    let me = user.as_array().unwrap().iter().find(|u| u["id"] == id).cloned().unwrap();
    let promote = json!({ "name": me["name"], "email": me["email"], "role": "trustee", "active": true });
    let promoted = app.put(&format!("/api/users/{id}")).auth(&board.admin).json(&promote).send().unwrap();
    assert!(promoted.status().is_client_error(), "{}", promoted.status());
    assert_eq!(
        app.scalar_text(&format!("SELECT role AS value FROM users WHERE id = {id}")).as_deref(),
        Some("guest")
    );
    let demote = json!({ "name": "Tina", "email": trustee.email, "role": "guest", "active": true });
    let demoted =
        app.put(&format!("/api/users/{}", trustee.id)).auth(&board.admin).json(&demote).send().unwrap();
    assert_eq!(demoted.status(), StatusCode::FORBIDDEN);
}

#[test]
fn at_the_end_the_sessions_end_and_sign_in_is_refused_until_extended() {
    let app = TestApp::spawn();
    let board = board(&app);
    let guest = invite(&app, &board.admin, pass_for(&board, &fresh_email("Ivy")));
    let id = guest["id"].as_i64().unwrap();
    let me = signed_in_guest(&app, &guest);
    assert_eq!(app.get("/api/meetings").auth(&me).send().unwrap().status(), StatusCode::OK);

    // The end date passes (as if time went by).
    app.execute(&format!("UPDATE users SET access_ends_at = now() - interval '1 minute' WHERE id = {id}"));
    let after = app.get("/api/meetings").auth(&me).send().unwrap();
    assert_eq!(error_of(after, StatusCode::UNAUTHORIZED), GUEST_ACCESS_ENDED);
    assert_eq!(error_of(app.login(&me.email, PASSWORD), StatusCode::UNAUTHORIZED), GUEST_ACCESS_ENDED);
    let listed = json_of(app.get("/api/guests").auth(&board.admin).send().unwrap(), StatusCode::OK);
    assert_eq!(listed[0]["ended"], true);

    // Extended: they sign in again.
    let extended = app
        .put(&format!("/api/guests/{id}"))
        .auth(&board.admin)
        .json(&json!({ "endsOn": day(60), "meetingIds": [board.meeting], "documentIds": [] }))
        .send()
        .unwrap();
    let extended = json_of(extended, StatusCode::OK);
    assert_eq!(extended["ended"], false);
    assert_eq!(ids(&extended["documents"]), Vec::<i64>::new(), "the scope is narrowed too");
    let again = app.sign_in(&me.email, PASSWORD);
    assert_eq!(json_of(app.get("/api/documents").auth(&again).send().unwrap(), StatusCode::OK), json!([]));

    // Ended early by a chair: the open session stops at once.
    let chair = app.signed_in_as(Role::Chair);
    let ended =
        json_of(app.post(&format!("/api/guests/{id}/end")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(ended["ended"], true);
    assert_eq!(app.get("/api/meetings").auth(&again).send().unwrap().status(), StatusCode::UNAUTHORIZED);
    let changes = app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM audit_events WHERE kind = 'guest_access_changed' AND object_id = '{id}'"
    ));
    assert_eq!(changes, 2);
    // Trustees do not end anyone's access; an unknown guest is a 404.
    let trustee = app.signed_in_as(Role::Trustee);
    assert_eq!(
        app.post(&format!("/api/guests/{id}/end")).auth(&trustee).send().unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post("/api/guests/999999/end").auth(&chair).send().unwrap().status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.post(&format!("/api/guests/{}/end", trustee.id)).auth(&chair).send().unwrap().status(),
        StatusCode::NOT_FOUND,
        "a trustee is not a guest"
    );
}

/// A board meeting on `date` with written minutes holding one decision, circulated (so not a draft).
fn minuted_meeting(app: &TestApp, chair: &Session, title: &str, date: &str, decision: &str) -> i64 {
    let meeting = app.schedule_meeting(chair, &json!({ "title": title, "meetingDate": date }));
    let item = app.add_agenda_item(chair, meeting, &item("Business"));
    let minutes = format!("/api/meetings/{meeting}/written-minutes");
    json_of(app.post(&minutes).auth(chair).json(&json!({})).send().unwrap(), StatusCode::CREATED);
    let entry = json!({ "agendaItemId": item, "kind": "decision", "text": decision });
    json_of(
        app.post(&format!("{minutes}/entries")).auth(chair).json(&entry).send().unwrap(),
        StatusCode::CREATED,
    );
    json_of(app.post(&format!("{minutes}/circulate")).auth(chair).send().unwrap(), StatusCode::OK);
    meeting
}

fn upload_minutes(app: &TestApp, who: &Session, title: &str, date: &str) -> i64 {
    let upload =
        form(&[("title", title), ("meetingDate", date)], Some(file_part(pdf(), "m.pdf", "application/pdf")));
    json_of(app.post("/api/minutes").auth(who).multipart(upload).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

#[test]
fn an_auditor_reads_the_records_of_their_period_and_nothing_outside_it() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let inside = minuted_meeting(
        &app,
        &chair,
        "June board",
        "2025-06-12T18:00:00Z",
        "The reserves policy was adopted.",
    );
    let outside =
        minuted_meeting(&app, &chair, "February board", "2025-02-13T18:00:00Z", "The lease was renewed.");
    let committee = app.create_committee(&chair, "Finance committee");
    let committee_meeting = app.schedule_meeting(
        &chair,
        &json!({ "title": "Finance committee", "meetingDate": "2025-07-01T18:00:00Z", "kind": "committee", "committeeId": committee }),
    );
    let old_minutes = upload_minutes(&app, &chair, "Minutes of June", "2025-06-12T18:00:00Z");
    let new_minutes = upload_minutes(&app, &chair, "Minutes of February", "2025-02-13T18:00:00Z");
    let document = upload_document(&app, &chair, "Annual accounts");
    let old_document = upload_document(&app, &chair, "Old policy");
    app.execute(&format!(
        "UPDATE documents SET created_at = '2024-01-10T10:00:00Z' WHERE id = {old_document}"
    ));
    let declared = |organisation: &str, started: &str, ended: Option<&str>| {
        let body = json!({ "kind": "directorship", "organisation": organisation, "nature": "Director",
                           "startedOn": started, "endedOn": ended });
        json_of(app.post("/api/interests").auth(&trustee).json(&body).send().unwrap(), StatusCode::CREATED);
    };
    declared("Harbour Housing", "2023-04-01", None);
    declared("Lantern Trust", "2020-01-01", Some("2024-12-31"));

    let today = Utc::now().format("%Y-%m-%d").to_string();
    let guest = invite(
        &app,
        &chair,
        json!({ "name": "Ada Auditor", "email": fresh_email("Ada Auditor"), "purpose": "Independent examiner",
                "endsOn": day(30), "auditFrom": "2025-04-01", "auditTo": today }),
    );
    assert_eq!(guest["auditFrom"], "2025-04-01");
    let me = signed_in_guest(&app, &guest);
    let get = |path: &str| app.get(path).auth(&me).send().unwrap();

    // Written minutes: the archive and the PDF of the meeting in the period only; never a committee's.
    let archive = json_of(get("/api/written-minutes"), StatusCode::OK);
    let meetings: Vec<i64> =
        archive.as_array().unwrap().iter().map(|m| m["meetingId"].as_i64().unwrap()).collect();
    assert_eq!(meetings, vec![inside]);
    let pdf_inside = get(&format!("/api/meetings/{inside}/written-minutes/pdf"));
    assert_eq!(pdf_inside.status(), StatusCode::OK);
    assert!(pdf_inside.bytes().unwrap().starts_with(b"%PDF"));
    assert_eq!(get(&format!("/api/meetings/{outside}/written-minutes/pdf")).status(), StatusCode::NOT_FOUND);
    assert_eq!(
        get(&format!("/api/meetings/{committee_meeting}/written-minutes")).status(),
        StatusCode::NOT_FOUND
    );
    // Not the meeting itself: an auditor reads records, not agendas.
    assert_eq!(get(&format!("/api/meetings/{inside}")).status(), StatusCode::NOT_FOUND);

    // The decisions register and its CSV.
    let decisions = json_of(get("/api/decisions"), StatusCode::OK);
    let texts: Vec<&str> =
        decisions.as_array().unwrap().iter().map(|d| d["text"].as_str().unwrap()).collect();
    assert_eq!(texts, vec!["The reserves policy was adopted."]);
    let csv = get("/api/decisions.csv").text().unwrap();
    assert!(
        csv.contains("The reserves policy was adopted.") && !csv.contains("The lease was renewed."),
        "{csv}"
    );

    // Uploaded minutes.
    assert_eq!(ids(&json_of(get("/api/minutes"), StatusCode::OK)), vec![old_minutes]);
    assert_eq!(get(&format!("/api/minutes/{old_minutes}/download")).status(), StatusCode::OK);
    assert_eq!(get(&format!("/api/minutes/{new_minutes}/download")).status(), StatusCode::NOT_FOUND);

    // Library documents added in the period.
    assert_eq!(ids(&json_of(get("/api/documents"), StatusCode::OK)), vec![document]);
    assert_eq!(get(&format!("/api/documents/{old_document}/download")).status(), StatusCode::NOT_FOUND);

    // The register of interests: entries in force during the period.
    let register = json_of(get("/api/interests"), StatusCode::OK);
    let organisations: Vec<&str> =
        register.as_array().unwrap().iter().map(|e| e["organisation"].as_str().unwrap()).collect();
    assert_eq!(organisations, vec!["Harbour Housing"]);
    assert_eq!(get("/api/interests/export/csv").status(), StatusCode::OK);

    // Still nothing else.
    for path in ["/api/actions", "/api/committees", "/api/search?q=reserves", "/api/meetings/1/attendance"] {
        assert!(get(path).status().is_client_error(), "{path}");
    }
    assert_eq!(json_of(get("/api/meetings"), StatusCode::OK), json!([]));
}

#[test]
fn a_guest_signs_nothing_reads_no_signed_record_and_is_never_named_for_the_board() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let meeting =
        minuted_meeting(&app, &chair, "June board", "2025-06-12T18:00:00Z", "The accounts were approved.");
    let email = fresh_email("Ivy");
    let guest = invite(
        &app,
        &chair,
        json!({ "name": "Ivy", "email": email, "purpose": "Auditor", "endsOn": day(10), "meetingIds": [meeting],
                "auditFrom": "2025-04-01", "auditTo": "2026-03-31" }),
    );
    let id = guest["id"].as_i64().unwrap();
    let me = signed_in_guest(&app, &guest);

    // Signed records and signing: refused whatever the record (an unknown one included).
    for path in [
        "/api/resolutions/1/signature",
        "/api/resolutions/1/signed-pdf",
        &format!("/api/meetings/{meeting}/written-minutes/signature"),
        &format!("/api/meetings/{meeting}/written-minutes/signatures"),
        &format!("/api/meetings/{meeting}/written-minutes/signed-pdf"),
    ] {
        assert_eq!(app.get(path).auth(&me).send().unwrap().status(), StatusCode::FORBIDDEN, "{path}");
    }
    let sign = app
        .post(&format!("/api/meetings/{meeting}/written-minutes/sign"))
        .auth(&me)
        .json(&json!({ "password": PASSWORD }))
        .send()
        .unwrap();
    assert_eq!(sign.status(), StatusCode::FORBIDDEN);
    let certify = app
        .post("/api/resolutions/1/certify")
        .auth(&me)
        .json(&json!({ "password": PASSWORD }))
        .send()
        .unwrap();
    assert_eq!(certify.status(), StatusCode::FORBIDDEN);

    // Nobody names a guest to chair, sign, take an action or be the secretary.
    let named = |path: String, body: Value| app.put(&path).auth(&chair).json(&body).send().unwrap().status();
    assert_eq!(
        named(format!("/api/meetings/{meeting}/chair"), json!({ "userId": id })),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        named(format!("/api/meetings/{meeting}/written-minutes/signer"), json!({ "userId": id })),
        StatusCode::BAD_REQUEST
    );
    let admin = app.signed_in_as(Role::Admin);
    let secretary =
        app.put("/api/governance/settings").auth(&admin).json(&json!({ "secretaryId": id })).send().unwrap();
    assert_eq!(error_of(secretary, StatusCode::BAD_REQUEST), "Choose an active user");
    let later = app
        .schedule_meeting(&chair, &json!({ "title": "July board", "meetingDate": "2025-07-10T18:00:00Z" }));
    let item = app.add_agenda_item(&chair, later, &item("Accounts"));
    let minutes = format!("/api/meetings/{later}/written-minutes");
    json_of(app.post(&minutes).auth(&chair).json(&json!({})).send().unwrap(), StatusCode::CREATED);
    let action = json!({ "agendaItemId": item, "kind": "action", "text": "Send the figures", "assignedTo": id, "dueDate": day(5) });
    let refused = app.post(&format!("{minutes}/entries")).auth(&chair).json(&action).send().unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.scalar_i64(&format!("SELECT count(*) AS value FROM actions WHERE assigned_to = {id}")), 0);
}

#[test]
fn a_guest_sees_no_quorum_and_gets_their_committee_meetings_calendar_file() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let committee = app.create_committee(&chair, "Finance committee");
    let meeting = app.schedule_meeting(
        &chair,
        &json!({ "title": "Finance committee", "meetingDate": crate::common::at(Duration::days(7)), "kind": "committee", "committeeId": committee }),
    );
    app.add_agenda_item(&chair, meeting, &item("Budget"));
    app.publish_agenda(&chair, meeting);
    let guest = invite(
        &app,
        &chair,
        json!({ "name": "Ivy", "email": fresh_email("Ivy"), "purpose": "Adviser", "endsOn": day(10), "meetingIds": [meeting] }),
    );
    let me = signed_in_guest(&app, &guest);
    let sheet = json_of(
        app.get(&format!("/api/meetings/{meeting}/attendance")).auth(&me).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(sheet["summary"], Value::Null);
    assert_eq!(sheet["canRespond"], true);
    let officers = json_of(
        app.get(&format!("/api/meetings/{meeting}/attendance")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    assert!(officers["summary"]["serving"].is_number());
    let ics = app.get(&format!("/api/meetings/{meeting}/ics")).auth(&me).send().unwrap();
    assert_eq!(ics.status(), StatusCode::OK);
    assert!(ics.text().unwrap().contains("BEGIN:VEVENT"));
}

#[test]
fn access_ended_now_stays_ended_for_the_old_sessions_when_extended_again() {
    let app = TestApp::spawn();
    let board = board(&app);
    let guest = invite(&app, &board.admin, pass_for(&board, &fresh_email("Ivy")));
    let id = guest["id"].as_i64().unwrap();
    let me = signed_in_guest(&app, &guest);
    json_of(app.post(&format!("/api/guests/{id}/end")).auth(&board.admin).send().unwrap(), StatusCode::OK);
    let extended = app
        .put(&format!("/api/guests/{id}"))
        .auth(&board.admin)
        .json(&json!({ "endsOn": day(20), "meetingIds": [board.meeting], "documentIds": [] }))
        .send()
        .unwrap();
    json_of(extended, StatusCode::OK);
    // The session open when access was ended does not come back; a new sign-in works.
    assert_eq!(app.get("/api/meetings").auth(&me).send().unwrap().status(), StatusCode::UNAUTHORIZED);
    let again = app.sign_in(&me.email, PASSWORD);
    assert_eq!(app.get("/api/meetings").auth(&again).send().unwrap().status(), StatusCode::OK);
}

#[test]
fn a_chair_resends_a_guests_invitation_but_no_one_elses() {
    let app = TestApp::spawn_with_smtp();
    let board = board(&app);
    let chair = app.signed_in_as(Role::Chair);
    let email = fresh_email("Ivy");
    let guest = invite(&app, &chair, pass_for(&board, &email));
    let first = token_in(mail::wait_for(&email, 1)[0]["text"].as_str().unwrap());
    let resent = app.post(&format!("/api/users/{}/invitation", guest["id"])).auth(&chair).send().unwrap();
    assert_eq!(resent.status(), StatusCode::ACCEPTED);
    let messages = mail::wait_for(&email, 2);
    let tokens: Vec<String> = messages.iter().map(|m| token_in(m["text"].as_str().unwrap())).collect();
    assert!(tokens.iter().any(|t| *t != first), "a new link was sent");
    // A trustee invited without a password is the admins' to resend.
    let trustee_email = fresh_email("Tom");
    let invited = json_of(
        app.post("/api/users")
            .auth(&board.admin)
            .json(&json!({ "name": "Tom", "email": trustee_email, "role": "trustee", "invite": true }))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let refused = app.post(&format!("/api/users/{}/invitation", invited["id"])).auth(&chair).send().unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let trustee = app.signed_in_as(Role::Trustee);
    let refused = app.post(&format!("/api/users/{}/invitation", guest["id"])).auth(&trustee).send().unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
}
