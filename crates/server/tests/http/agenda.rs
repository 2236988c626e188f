//! The meeting page (spec §2 Meeting page: `GET/PUT/DELETE /api/meetings/{id}`, cancel), committee visibility
//! everywhere, the agenda builder (items, standard items, reorder), papers (upload with the library's
//! checks, link, remove, download) and the draft/published agenda.

use crate::common::files::{file_part, form, pdf, PDF_MIME};
use crate::common::{at, error_of, item, json_of, titles, Authed, Session, TestApp};
use chrono::Duration;
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn board_meeting(app: &TestApp, who: &Session) -> i64 {
    app.schedule_meeting(who, &json!({"title": "Board meeting", "meetingDate": at(Duration::days(10))}))
}

fn show(app: &TestApp, who: &Session, id: i64) -> Response {
    app.get(&format!("/api/meetings/{id}")).auth(who).send().unwrap()
}

fn add_item(app: &TestApp, who: &Session, id: i64, body: Value) -> Response {
    app.post(&format!("/api/meetings/{id}/agenda-items")).auth(who).json(&body).send().unwrap()
}

/// An item for discussion, of so many minutes (the agenda's times add them up).
fn discussion(title: &str, minutes: i64) -> Value {
    let mut body = item(title);
    body["purpose"] = json!("discussion");
    body["durationMinutes"] = json!(minutes);
    body
}

fn upload_paper(app: &TestApp, who: &Session, id: i64, item: i64, name: &str, bytes: Vec<u8>) -> Response {
    let form = form(&[], Some(file_part(bytes, name, "application/octet-stream")));
    app.post(&format!("/api/meetings/{id}/agenda-items/{item}/papers"))
        .auth(who)
        .multipart(form)
        .send()
        .unwrap()
}

fn download(app: &TestApp, who: &Session, id: i64, item: i64, paper: i64) -> Response {
    app.get(&format!("/api/meetings/{id}/agenda-items/{item}/papers/{paper}/download"))
        .auth(who)
        .send()
        .unwrap()
}

fn reorder(app: &TestApp, who: &Session, id: i64, ids: &[i64]) -> Response {
    app.put(&format!("/api/meetings/{id}/agenda-items/order"))
        .auth(who)
        .json(&json!({"itemIds": ids}))
        .send()
        .unwrap()
}

fn numbers(agenda: &Value) -> Vec<i64> {
    agenda.as_array().unwrap().iter().map(|i| i["number"].as_i64().unwrap()).collect()
}

fn listed(app: &TestApp, who: &Session) -> Vec<Value> {
    let body = json_of(app.get("/api/meetings").auth(who).send().unwrap(), StatusCode::OK);
    body.as_array().unwrap().clone()
}

#[test]
fn the_meeting_page_and_who_edits_cancels_and_deletes() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let id = app.schedule_meeting(
        &admin,
        &json!({"title": "Board", "meetingDate": "2030-03-05T18:30:00Z", "durationMinutes": 90}),
    );

    let page = json_of(show(&app, &trustee, id), StatusCode::OK);
    assert_eq!(page["meeting"]["title"], "Board");
    assert_eq!(page["meeting"]["status"], "scheduled");
    assert_eq!(page["meeting"]["durationMinutes"], 90);
    assert_eq!(page["meeting"]["plannedEnd"], "2030-03-05T20:00:00Z");
    assert_eq!(page["meeting"]["agendaStatus"], "draft");
    assert_eq!(page["meeting"]["revision"], 0);
    assert_eq!(page["canManage"], false);
    assert_eq!(json_of(show(&app, &chair, id), StatusCode::OK)["canManage"], true);
    error_of(show(&app, &trustee, id + 100), StatusCode::NOT_FOUND);
    error_of(app.get(&format!("/api/meetings/{id}")).send().unwrap(), StatusCode::UNAUTHORIZED);

    // Edit: admins and chairs; the same validation as scheduling.
    let edit = json!({"title": "Board (moved)", "meetingDate": "2030-03-06T18:30:00Z", "durationMinutes": 150,
        "location": "Hall B"});
    let put = |who: &Session, body: &Value| {
        app.put(&format!("/api/meetings/{id}")).auth(who).json(body).send().unwrap()
    };
    assert_eq!(
        error_of(put(&trustee, &edit), StatusCode::FORBIDDEN),
        "Only admins and chairs can edit, cancel or delete meetings."
    );
    let edited = json_of(put(&chair, &edit), StatusCode::OK);
    assert_eq!(edited["title"], "Board (moved)");
    assert_eq!(edited["location"], "Hall B");
    assert_eq!(edited["durationMinutes"], 150);
    assert_eq!(edited["revision"], 1);
    let bad = json_of(
        put(&admin, &json!({"title": "", "meetingDate": "x", "durationMinutes": 0})),
        StatusCode::BAD_REQUEST,
    );
    assert!(bad["errors"]["title"].is_string());
    assert!(bad["errors"]["meetingDate"].is_string());
    assert_eq!(
        bad["errors"]["durationMinutes"],
        "Planned length must be a whole number of minutes from 1 to 1440"
    );
    assert_eq!(
        app.scalar_text(&format!("SELECT title AS value FROM meetings WHERE id = {id}")).unwrap(),
        "Board (moved)"
    );

    // Cancel: kept, shown as cancelled; no further edits.
    let cancel = |who: &Session| app.post(&format!("/api/meetings/{id}/cancel")).auth(who).send().unwrap();
    error_of(cancel(&trustee), StatusCode::FORBIDDEN);
    let cancelled = json_of(cancel(&chair), StatusCode::OK);
    assert_eq!(cancelled["status"], "cancelled");
    assert!(cancelled["cancelledAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(cancelled["revision"], 2);
    assert_eq!(error_of(cancel(&admin), StatusCode::CONFLICT), "This meeting is already cancelled.");
    error_of(put(&admin, &edit), StatusCode::CONFLICT);
    let in_list = listed(&app, &trustee);
    assert_eq!(in_list.len(), 1);
    assert_eq!(in_list[0]["status"], "cancelled");

    // Delete (for mistakes): admins and chairs.
    let delete = |who: &Session| app.delete(&format!("/api/meetings/{id}")).auth(who).send().unwrap();
    error_of(delete(&trustee), StatusCode::FORBIDDEN);
    json_of(delete(&admin), StatusCode::OK);
    error_of(show(&app, &admin, id), StatusCode::NOT_FOUND);
    error_of(delete(&admin), StatusCode::NOT_FOUND);
    assert_eq!(app.rows("meetings"), 0);
}

#[test]
fn the_dashboard_skips_cancelled_meetings() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let soon = app.schedule_meeting(&admin, &json!({"title": "Soon", "meetingDate": at(Duration::days(2))}));
    let later_date = at(Duration::days(20));
    let later = app.schedule_meeting(&admin, &json!({"title": "Later", "meetingDate": later_date}));
    json_of(app.post(&format!("/api/meetings/{soon}/cancel")).auth(&admin).send().unwrap(), StatusCode::OK);
    let stats = json_of(app.get("/api/dashboard/stats").auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(stats["nextMeeting"], later_date.as_str());
    assert_eq!(stats["nextMeetingId"], later, "the dashboard links to the meeting's page");
}

#[test]
fn a_committee_meeting_is_seen_only_by_its_members_admins_and_chairs_everywhere() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mona Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let response = app.post("/api/committees").auth(&admin).json(&json!({"name": "Finance"})).send().unwrap();
    let committee = json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap();
    let response = app
        .post(&format!("/api/committees/{committee}/members"))
        .auth(&admin)
        .json(&json!({"userId": member.id}))
        .send()
        .unwrap();
    json_of(response, StatusCode::CREATED);
    let date = at(Duration::days(3));
    let id = app.schedule_meeting(
        &admin,
        &json!({"title": "Finance committee", "meetingDate": date, "kind": "committee", "committeeId": committee}),
    );
    let agenda_item = app.add_agenda_item(&admin, id, &discussion("Budget", 30));
    let paper =
        json_of(upload_paper(&app, &admin, id, agenda_item, "budget.pdf", pdf()), StatusCode::CREATED);
    let paper = paper["id"].as_i64().unwrap();
    json_of(app.post(&format!("/api/meetings/{id}/publish")).auth(&admin).send().unwrap(), StatusCode::OK);
    let minutes_form = form(
        &[("title", "Finance minutes"), ("meetingDate", &date), ("meetingId", &id.to_string())],
        Some(file_part(pdf(), "minutes.pdf", PDF_MIME)),
    );
    let minutes = json_of(
        app.post("/api/minutes").auth(&admin).multipart(minutes_form).send().unwrap(),
        StatusCode::CREATED,
    );
    let minutes = minutes["id"].as_i64().unwrap();

    for who in [&admin, &chair, &member] {
        assert_eq!(listed(&app, who).len(), 1, "{}", who.email);
        json_of(show(&app, who, id), StatusCode::OK);
        assert_eq!(download(&app, who, id, agenda_item, paper).status(), StatusCode::OK);
        let stats = json_of(app.get("/api/dashboard/stats").auth(who).send().unwrap(), StatusCode::OK);
        assert_eq!(stats["nextMeeting"], date.as_str());
        let archive = json_of(app.get("/api/minutes").auth(who).send().unwrap(), StatusCode::OK);
        assert_eq!(archive.as_array().unwrap().len(), 1);
    }

    // To the outsider the meeting does not exist: list, calendar, dashboard, minutes, page, papers.
    assert!(listed(&app, &outsider).is_empty());
    let upcoming =
        json_of(app.get("/api/meetings?upcoming=true").auth(&outsider).send().unwrap(), StatusCode::OK);
    assert_eq!(upcoming, json!([]));
    let stats = json_of(app.get("/api/dashboard/stats").auth(&outsider).send().unwrap(), StatusCode::OK);
    assert_eq!(stats["nextMeeting"], Value::Null);
    let archive = json_of(app.get("/api/minutes").auth(&outsider).send().unwrap(), StatusCode::OK);
    assert_eq!(archive, json!([]));
    error_of(
        app.get(&format!("/api/minutes/{minutes}/download")).auth(&outsider).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    assert_eq!(error_of(show(&app, &outsider, id), StatusCode::NOT_FOUND), "Meeting not found");
    error_of(download(&app, &outsider, id, agenda_item, paper), StatusCode::NOT_FOUND);
    error_of(add_item(&app, &outsider, id, json!({"title": "x"})), StatusCode::NOT_FOUND);
    error_of(
        app.post(&format!("/api/meetings/{id}/cancel")).auth(&outsider).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
}

#[test]
fn a_draft_agenda_and_its_papers_are_hidden_from_trustees_until_published() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let id = board_meeting(&app, &admin);
    let first = app.add_agenda_item(&chair, id, &discussion("Welcome", 5));
    let second = app.add_agenda_item(&chair, id, &discussion("Budget", 30));
    let paper =
        json_of(upload_paper(&app, &chair, id, second, "Budget 2027.pdf", pdf()), StatusCode::CREATED);
    let paper = paper["id"].as_i64().unwrap();

    let seen = json_of(show(&app, &trustee, id), StatusCode::OK);
    assert_eq!(seen["agendaVisible"], false);
    assert_eq!(seen["agenda"], json!([]));
    assert_eq!(seen["meeting"]["agendaStatus"], "draft");
    assert_eq!(
        error_of(download(&app, &trustee, id, second, paper), StatusCode::NOT_FOUND),
        "Paper not found"
    );
    let drafted = json_of(show(&app, &chair, id), StatusCode::OK);
    assert_eq!(drafted["agendaVisible"], true);
    assert_eq!(titles(&drafted["agenda"]), ["Welcome", "Budget"]);
    assert_eq!(drafted["agenda"][1]["changedSincePublication"], false);

    error_of(
        app.post(&format!("/api/meetings/{id}/publish")).auth(&trustee).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    let published = json_of(
        app.post(&format!("/api/meetings/{id}/publish")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(published["agendaStatus"], "published");
    assert!(published["agendaPublishedAt"].is_string());
    assert_eq!(published["agendaChangedSincePublication"], false);

    let seen = json_of(show(&app, &trustee, id), StatusCode::OK);
    assert_eq!(seen["agendaVisible"], true);
    assert_eq!(titles(&seen["agenda"]), ["Welcome", "Budget"]);
    let papers = &seen["agenda"][1]["papers"];
    assert_eq!(papers[0]["title"], "Budget 2027.pdf");
    assert_eq!(papers[0]["mimeType"], PDF_MIME);
    assert_eq!(papers[0]["libraryDocumentId"], Value::Null);
    let response = download(&app, &trustee, id, second, paper);
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], PDF_MIME);
    assert_eq!(response.bytes().unwrap().to_vec(), pdf());
    for item in seen["agenda"].as_array().unwrap() {
        assert_eq!(item["changedSincePublication"], false);
    }

    // A change after publication marks the item and the agenda.
    std::thread::sleep(std::time::Duration::from_millis(5));
    let change = json!({"title": "Budget 2027", "purpose": "decision", "durationMinutes": 40});
    let changed = app
        .put(&format!("/api/meetings/{id}/agenda-items/{second}"))
        .auth(&chair)
        .json(&change)
        .send()
        .unwrap();
    assert_eq!(json_of(changed, StatusCode::OK)["changedSincePublication"], true);
    let seen = json_of(show(&app, &trustee, id), StatusCode::OK);
    assert_eq!(seen["meeting"]["agendaChangedSincePublication"], true);
    assert_eq!(seen["agenda"][0]["id"], first);
    assert_eq!(seen["agenda"][0]["changedSincePublication"], false);
    assert_eq!(seen["agenda"][1]["changedSincePublication"], true);
    assert_eq!(seen["agenda"][1]["purpose"], "decision");
    // Removing a paper marks its item too; a new item is marked.
    std::thread::sleep(std::time::Duration::from_millis(5));
    json_of(app.post(&format!("/api/meetings/{id}/publish")).auth(&admin).send().unwrap(), StatusCode::OK);
    let seen = json_of(show(&app, &trustee, id), StatusCode::OK);
    assert_eq!(seen["agenda"][1]["changedSincePublication"], false, "republishing clears the marks");
    std::thread::sleep(std::time::Duration::from_millis(5));
    let removed = app
        .delete(&format!("/api/meetings/{id}/agenda-items/{second}/papers/{paper}"))
        .auth(&admin)
        .send()
        .unwrap();
    json_of(removed, StatusCode::OK);
    app.add_agenda_item(&admin, id, &discussion("Any other business", 10));
    let seen = json_of(show(&app, &trustee, id), StatusCode::OK);
    let marks: Vec<bool> = seen["agenda"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["changedSincePublication"].as_bool().unwrap())
        .collect();
    assert_eq!(marks, [false, true, true]);
    assert_eq!(seen["agenda"][1]["papers"], json!([]));
    assert_eq!(app.stored_files(), 0, "the removed paper's file is gone");
}

#[test]
fn the_builder_adds_edits_deletes_and_reorders_items() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let id = board_meeting(&app, &admin);
    let standard = |who: &Session| {
        app.post(&format!("/api/meetings/{id}/agenda-items/standard")).auth(who).send().unwrap()
    };
    error_of(standard(&trustee), StatusCode::FORBIDDEN);
    let items = json_of(standard(&admin), StatusCode::CREATED);
    assert_eq!(
        titles(&items),
        [
            "Welcome and apologies",
            "Declarations of interest",
            "Minutes of the last meeting",
            "Matters arising and action log",
            "Any other business",
            "Date of next meeting"
        ]
    );
    assert_eq!(numbers(&items), [1, 2, 3, 4, 5, 6]);
    assert_eq!(
        error_of(standard(&admin), StatusCode::CONFLICT),
        "The standard items can only start an empty agenda."
    );

    // Add: validation, presenters.
    let refused = json_of(
        add_item(&app, &admin, id, json!({"title": " ", "purpose": "vote", "durationMinutes": 601})),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(refused["errors"]["title"], "Title is required");
    assert_eq!(refused["errors"]["purpose"], "Purpose must be decision, discussion, information or noting");
    assert_eq!(
        refused["errors"]["durationMinutes"],
        "Duration must be a whole number of minutes from 0 to 600"
    );
    let both = json!({"title": "Audit", "purpose": "noting", "durationMinutes": 5, "presenterUserId": admin.id,
        "presenterName": "Guest"});
    let refused = json_of(add_item(&app, &admin, id, both), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["presenterName"].is_string());
    let nobody =
        json!({"title": "Audit", "purpose": "noting", "durationMinutes": 5, "presenterUserId": 999999});
    let refused = json_of(add_item(&app, &admin, id, nobody), StatusCode::BAD_REQUEST);
    assert_eq!(refused["errors"]["presenterUserId"], "There is no user with this ID");
    error_of(
        add_item(&app, &trustee, id, json!({"title": "x", "purpose": "noting", "durationMinutes": 5})),
        StatusCode::FORBIDDEN,
    );
    let by_user = json!({"title": "Treasurer's report", "purpose": "information", "durationMinutes": 15,
        "presenterUserId": trustee.id, "description": "Q3 figures"});
    let added = json_of(add_item(&app, &admin, id, by_user), StatusCode::CREATED);
    assert_eq!(added["number"], 7);
    assert_eq!(added["presenterUserId"], trustee.id);
    assert_eq!(added["presenterName"], "Tina Trustee");
    assert_eq!(added["description"], "Q3 figures");
    let guest = json!({"title": "Auditor's letter", "purpose": "noting", "durationMinutes": 10, "presenterName": "J. Auditor"});
    let guest = json_of(add_item(&app, &admin, id, guest), StatusCode::CREATED);
    assert_eq!(guest["presenterUserId"], Value::Null);
    assert_eq!(guest["presenterName"], "J. Auditor");
    assert_eq!(app.rows("agenda_items"), 8);

    // Reorder: the full list, else 409.
    let agenda = json_of(show(&app, &admin, id), StatusCode::OK)["agenda"].clone();
    let mut ids: Vec<i64> = agenda.as_array().unwrap().iter().map(|i| i["id"].as_i64().unwrap()).collect();
    ids.reverse();
    error_of(reorder(&app, &trustee, id, &ids), StatusCode::FORBIDDEN);
    let reordered = json_of(reorder(&app, &admin, id, &ids), StatusCode::OK);
    assert_eq!(titles(&reordered)[0], "Auditor's letter");
    assert_eq!(titles(&reordered)[7], "Welcome and apologies");
    assert_eq!(numbers(&reordered), [1, 2, 3, 4, 5, 6, 7, 8]);
    let stale = &ids[1..];
    assert_eq!(
        error_of(reorder(&app, &admin, id, stale), StatusCode::CONFLICT),
        "The agenda has changed since you loaded it. Reload the page and reorder again."
    );
    let missing = app
        .put(&format!("/api/meetings/{id}/agenda-items/order"))
        .auth(&admin)
        .json(&json!({}))
        .send()
        .unwrap();
    assert_eq!(
        json_of(missing, StatusCode::BAD_REQUEST)["errors"]["itemIds"],
        "Give every item id of the agenda in the new order"
    );
    let mut duplicated = ids.clone();
    duplicated[0] = duplicated[1];
    error_of(reorder(&app, &admin, id, &duplicated), StatusCode::CONFLICT);
    let other = board_meeting(&app, &admin);
    let foreign = app.add_agenda_item(&admin, other, &discussion("Elsewhere", 5));
    let mut with_foreign = ids.clone();
    with_foreign[0] = foreign;
    error_of(reorder(&app, &admin, id, &with_foreign), StatusCode::CONFLICT);
    let order = json_of(show(&app, &admin, id), StatusCode::OK)["agenda"].clone();
    assert_eq!(titles(&order)[0], "Auditor's letter", "a refused reorder changes nothing");

    // Edit and delete: the items after a deleted one move up; another meeting's item is not found.
    let put = |item: i64, body: Value| {
        app.put(&format!("/api/meetings/{id}/agenda-items/{item}")).auth(&admin).json(&body).send().unwrap()
    };
    let edited = json_of(
        put(ids[0], json!({"title": "Retitled", "purpose": "decision", "durationMinutes": 25})),
        StatusCode::OK,
    );
    assert_eq!(edited["title"], "Retitled");
    assert_eq!(edited["presenterName"], Value::Null, "the presenter is replaced too");
    error_of(
        put(foreign, json!({"title": "x", "purpose": "decision", "durationMinutes": 1})),
        StatusCode::NOT_FOUND,
    );
    let delete = |item: i64| {
        app.delete(&format!("/api/meetings/{id}/agenda-items/{item}")).auth(&admin).send().unwrap()
    };
    json_of(delete(ids[1]), StatusCode::OK);
    error_of(delete(ids[1]), StatusCode::NOT_FOUND);
    let after = json_of(show(&app, &admin, id), StatusCode::OK)["agenda"].clone();
    assert_eq!(numbers(&after), [1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(titles(&after)[0], "Retitled");
    assert_eq!(titles(&after)[1], "Date of next meeting");
}

#[test]
fn papers_pass_the_library_checks_or_link_library_documents() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let id = board_meeting(&app, &admin);
    let agenda_item = app.add_agenda_item(&admin, id, &discussion("Budget", 30));

    // The library's content checks: type by extension and content, a file required, officers only.
    let disguised = json_of(
        upload_paper(&app, &admin, id, agenda_item, "paper.pdf", b"<html><script>alert(1)</script>".to_vec()),
        StatusCode::BAD_REQUEST,
    );
    assert!(disguised["errors"]["file"].is_string());
    let program = json_of(
        upload_paper(&app, &admin, id, agenda_item, "setup.exe", b"MZ...".to_vec()),
        StatusCode::BAD_REQUEST,
    );
    assert!(program["errors"]["file"].as_str().unwrap().contains("not accepted"));
    let empty = app
        .post(&format!("/api/meetings/{id}/agenda-items/{agenda_item}/papers"))
        .auth(&admin)
        .multipart(form(&[("title", "x")], None))
        .send()
        .unwrap();
    assert_eq!(json_of(empty, StatusCode::BAD_REQUEST)["errors"]["file"], "Please choose a file to upload.");
    error_of(upload_paper(&app, &trustee, id, agenda_item, "a.pdf", pdf()), StatusCode::FORBIDDEN);
    error_of(upload_paper(&app, &admin, id, agenda_item + 100, "a.pdf", pdf()), StatusCode::NOT_FOUND);
    assert_eq!(app.rows("agenda_papers"), 0);
    assert_eq!(app.stored_files(), 0, "refused uploads leave no file");

    let titled = app
        .post(&format!("/api/meetings/{id}/agenda-items/{agenda_item}/papers"))
        .auth(&admin)
        .multipart(form(&[("title", "Budget paper")], Some(file_part(pdf(), "b.pdf", PDF_MIME))))
        .send()
        .unwrap();
    let uploaded = json_of(titled, StatusCode::CREATED);
    assert_eq!(uploaded["title"], "Budget paper");
    assert_eq!(uploaded["fileName"], "b.pdf");
    assert_eq!(uploaded["fileSize"], pdf().len());
    assert_eq!(app.stored_files(), 1);

    // A link to a library document: its file stays the library's.
    let document_form = form(
        &[("title", "Reserves policy"), ("category", "policies")],
        Some(file_part(pdf(), "reserves.pdf", PDF_MIME)),
    );
    let document = json_of(
        app.post("/api/documents").auth(&admin).multipart(document_form).send().unwrap(),
        StatusCode::CREATED,
    );
    let document = document["id"].as_i64().unwrap();
    let link = |body: Value| {
        app.post(&format!("/api/meetings/{id}/agenda-items/{agenda_item}/papers/link"))
            .auth(&admin)
            .json(&body)
            .send()
            .unwrap()
    };
    let linked = json_of(link(json!({"documentId": document})), StatusCode::CREATED);
    assert_eq!(linked["title"], "Reserves policy");
    assert_eq!(linked["libraryDocumentId"], document);
    assert_eq!(linked["fileName"], "reserves.pdf");
    assert_eq!(
        error_of(link(json!({"documentId": document})), StatusCode::CONFLICT),
        "This library document is already attached to this item."
    );
    let missing = json_of(link(json!({"documentId": 999999})), StatusCode::BAD_REQUEST);
    assert_eq!(missing["errors"]["documentId"], "There is no library document with this ID");
    json_of(link(json!({})), StatusCode::BAD_REQUEST);
    let bytes = download(&app, &admin, id, agenda_item, linked["id"].as_i64().unwrap()).bytes().unwrap();
    assert_eq!(bytes.to_vec(), pdf());
    assert_eq!(app.stored_files(), 2);

    // Removing the link keeps the library's file; deleting the item removes its uploaded papers' files.
    let remove = app
        .delete(&format!("/api/meetings/{id}/agenda-items/{agenda_item}/papers/{}", linked["id"]))
        .auth(&admin)
        .send()
        .unwrap();
    json_of(remove, StatusCode::OK);
    assert_eq!(app.stored_files(), 2);
    json_of(
        app.delete(&format!("/api/meetings/{id}/agenda-items/{agenda_item}")).auth(&admin).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(app.rows("agenda_papers"), 0);
    assert_eq!(app.stored_files(), 1, "only the library document's file is left");
    assert_eq!(app.rows("documents"), 1);
}

#[test]
fn deleting_a_meeting_removes_its_uploaded_papers() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = board_meeting(&app, &admin);
    let agenda_item = app.add_agenda_item(&admin, id, &discussion("Budget", 30));
    json_of(upload_paper(&app, &admin, id, agenda_item, "a.pdf", pdf()), StatusCode::CREATED);
    assert_eq!(app.stored_files(), 1);
    json_of(app.delete(&format!("/api/meetings/{id}")).auth(&admin).send().unwrap(), StatusCode::OK);
    assert_eq!(app.rows("agenda_items"), 0);
    assert_eq!(app.stored_files(), 0);
}
