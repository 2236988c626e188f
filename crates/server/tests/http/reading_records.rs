//! Reading records (docs/spec.md "Reading records"): `POST /api/reading/pages`, one's own record of a
//! paper and of a meeting, the officers' summary, the board's off switch, the minutes' first entry and
//! the For-you read-papers task.

use chrono::{Duration, Utc};
use domain::identity::role::Role;
use domain::meetings::{PrintBlock, PrintDocument, Typesetter};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{error_of, item, json_of, Authed, Session, TestApp};

/// A PDF typeset by the portal, and its page count.
fn typeset_pdf(title: &str, paragraphs: usize) -> (Vec<u8>, i64) {
    let blocks = (0..paragraphs).map(|n| PrintBlock::Paragraph(format!("{title} line {n}"))).collect();
    let bytes = typesetting::PdfTypesetter.typeset(&PrintDocument { title: title.into(), blocks }).unwrap();
    let pages = lopdf::Document::load_mem(&bytes).unwrap().get_pages().len() as i64;
    (bytes, pages)
}

fn meeting(app: &TestApp, chair: &Session, body: Value) -> i64 {
    app.schedule_meeting(chair, &body)
}

fn board_meeting(app: &TestApp, chair: &Session, title: &str) -> i64 {
    let date = (Utc::now() + Duration::days(5)).to_rfc3339();
    meeting(app, chair, json!({"title": title, "meetingDate": date}))
}

fn send(app: &TestApp, who: &Session, pages: Value) -> reqwest::blocking::Response {
    app.post("/api/reading/pages").auth(who).json(&json!({"pages": pages})).send().unwrap()
}

fn shown(kind: &str, id: i64, page: i64, at: &str) -> Value {
    json!({"paper": {"kind": kind, "id": id}, "page": page, "shownAt": at})
}

fn paper_reading(app: &TestApp, who: &Session, id: i64) -> reqwest::blocking::Response {
    app.get(&format!("/api/papers/agenda-paper/{id}/reading")).auth(who).send().unwrap()
}

fn summary(app: &TestApp, who: &Session, meeting: i64) -> reqwest::blocking::Response {
    app.get(&format!("/api/meetings/{meeting}/reading-summary")).auth(who).send().unwrap()
}

fn rows(app: &TestApp, user: i32) -> i64 {
    app.scalar_i64(&format!("SELECT count(*) AS value FROM reading_records WHERE user_id = {user}"))
}

/// The texts of the caller's read-papers tasks.
fn read_papers_tasks(app: &TestApp, who: &Session) -> Vec<String> {
    let tasks = json_of(app.get("/api/me/tasks").auth(who).send().unwrap(), StatusCode::OK);
    let papers = tasks.as_array().unwrap().iter().filter(|t| t["kind"] == "read-papers");
    papers.map(|t| t["text"].as_str().unwrap().to_string()).collect()
}

/// A committee's "Audit meeting" in three days with a published agenda holding one PDF paper typeset from
/// `paragraphs` paragraphs; answers the meeting's and the paper's ids.
fn audit_meeting(app: &TestApp, chair: &Session, committee: i64, paragraphs: usize) -> (i64, i64) {
    let date = (Utc::now() + Duration::days(3)).to_rfc3339();
    let meeting = meeting(
        app,
        chair,
        json!({"title": "Audit meeting", "meetingDate": date, "kind": "committee", "committeeId": committee}),
    );
    let audit_item = app.add_agenda_item(chair, meeting, &item("Audit report"));
    let (audit_pdf, _) = typeset_pdf("Audit", paragraphs);
    let paper = app.upload_agenda_pdf(chair, meeting, audit_item, "audit.pdf", audit_pdf);
    app.publish_agenda(chair, meeting);
    (meeting, paper)
}

#[test]
fn pages_shown_are_kept_once_per_page_with_first_and_last_and_only_readable_pages_count() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let board = board_meeting(&app, &chair, "Board meeting");
    let finance = app.add_agenda_item(&chair, board, &item("Finance"));
    let (budget_pdf, budget_pages) = typeset_pdf("Budget", 150);
    assert!(budget_pages >= 3, "{budget_pages}");
    let budget = app.upload_agenda_pdf(&chair, board, finance, "budget.pdf", budget_pdf);
    let broken =
        app.upload_agenda_pdf(&chair, board, finance, "broken.pdf", b"%PDF-1.7\nnot really a PDF".to_vec());
    // A committee paper Tina may not read.
    let audit = app.committee_with(&chair, "Audit", &[&olly]);
    let (committee, audit_paper) = audit_meeting(&app, &chair, audit, 5);
    app.publish_agenda(&chair, board);
    assert_eq!(read_papers_tasks(&app, &tina), ["Read 2 papers for Board meeting"]);

    let batch = json!([
        shown("agendaPaper", budget, 1, "2026-11-20T10:05:00Z"),
        shown("agendaPaper", budget, 1, "2026-11-20T10:00:00Z"),
        shown("agendaPaper", budget, 2, "2026-11-20T10:06:00Z"),
        shown("agendaPaper", budget, 1, "2026-11-20T10:09:00Z"),
        shown("agendaPaper", budget, 3, "2999-01-01T00:00:00Z"),
        shown("agendaPaper", budget, budget_pages + 1, "2026-11-20T10:07:00Z"),
        shown("agendaPaper", broken, 1, "2026-11-20T10:07:00Z"),
        shown("boardPack", board, 1, "2026-11-20T10:07:00Z"),
        shown("agendaPaper", audit_paper, 1, "2026-11-20T10:07:00Z"),
        shown("document", 999_999, 1, "2026-11-20T10:07:00Z"),
    ]);
    assert_eq!(send(&app, &tina, batch.clone()).status(), StatusCode::NO_CONTENT);
    // Sent twice (an offline queue retrying): nothing changes.
    assert_eq!(send(&app, &tina, batch).status(), StatusCode::NO_CONTENT);
    assert_eq!(rows(&app, tina.id), 3);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM reading_records"), 3);
    let first_last = app.scalar_text(&format!(
        "SELECT first_shown_at::text || ' ' || last_shown_at::text AS value FROM reading_records \
         WHERE user_id = {} AND paper_id = {budget} AND page = 1",
        tina.id
    ));
    assert_eq!(first_last.as_deref(), Some("2026-11-20 10:00:00+00 2026-11-20 10:09:00+00"));
    // A time in the future is taken as now.
    let future = app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM reading_records WHERE user_id = {} AND page = 3 AND last_shown_at <= now()",
        tina.id
    ));
    assert_eq!(future, 1);

    // One's own record only.
    let mine = json_of(paper_reading(&app, &tina, budget), StatusCode::OK);
    assert_eq!(mine["enabled"], true);
    assert_eq!(mine["pageCount"], budget_pages);
    assert_eq!(mine["pagesRead"], 3);
    assert_eq!(mine["pages"], json!([1, 2, 3]));
    assert!(mine["lastReadAt"].is_string());
    let olly_record = json_of(paper_reading(&app, &olly, budget), StatusCode::OK);
    assert_eq!(olly_record["pages"], json!([]));
    assert_eq!(olly_record["pagesRead"], 0);
    assert_eq!(olly_record["lastReadAt"], Value::Null);
    assert_eq!(json_of(paper_reading(&app, &tina, broken), StatusCode::OK)["pageCount"], Value::Null);
    error_of(paper_reading(&app, &tina, audit_paper), StatusCode::NOT_FOUND);
    let pack = app.get(&format!("/api/papers/board-pack/{board}/reading")).auth(&tina).send().unwrap();
    error_of(pack, StatusCode::NOT_FOUND);
    error_of(app.get("/api/papers/nonsense/1/reading").auth(&tina).send().unwrap(), StatusCode::NOT_FOUND);

    // The meeting's record lists its readable PDF papers only.
    let record = json_of(
        app.get(&format!("/api/meetings/{board}/reading")).auth(&tina).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(record["pageCount"], budget_pages);
    assert_eq!(record["pagesRead"], 3);
    assert_eq!(record["papers"].as_array().unwrap().len(), 1);
    assert_eq!(record["papers"][0]["paper"], json!({"kind": "agendaPaper", "id": budget}));
    assert_eq!(record["papers"][0]["title"], "budget.pdf");
    let elsewhere = app.get(&format!("/api/meetings/{committee}/reading")).auth(&tina).send().unwrap();
    error_of(elsewhere, StatusCode::NOT_FOUND);

    // The For-you task: the budget has a page shown, so it counts as opened; the broken paper does not.
    assert_eq!(read_papers_tasks(&app, &tina), ["Read 1 paper for Board meeting"]);
    assert_eq!(read_papers_tasks(&app, &olly), ["Read 1 paper for Audit meeting"]);
}

#[test]
fn a_batch_holds_one_to_five_hundred_entries_with_good_pages() {
    let app = TestApp::spawn();
    let tina = app.signed_in_as(Role::Trustee);
    let at = "2026-11-20T10:00:00Z";
    let errors = json_of(send(&app, &tina, json!([])), StatusCode::BAD_REQUEST);
    assert_eq!(errors["errors"]["pages"], "Send from 1 to 500 pages at a time");
    let many: Vec<Value> = (0..501).map(|_| shown("document", 1, 1, at)).collect();
    let errors = json_of(send(&app, &tina, json!(many)), StatusCode::BAD_REQUEST);
    assert_eq!(errors["errors"]["pages"], "Send from 1 to 500 pages at a time");
    let bad = json!([shown("document", 1, 1, at), shown("document", 1, 0, at)]);
    let errors = json_of(send(&app, &tina, bad), StatusCode::BAD_REQUEST);
    assert_eq!(errors["errors"]["pages[1].page"], "Page must be a whole number from 1 to 100000");
    let unreadable = json!([{"paper": {"kind": "video", "id": 1}, "page": 1, "shownAt": at}]);
    error_of(send(&app, &tina, unreadable), StatusCode::BAD_REQUEST);
    error_of(
        app.post("/api/reading/pages").json(&json!({"pages": []})).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM reading_records"), 0);
}

#[test]
fn officers_see_who_has_read_what_and_the_minutes_start_with_the_line() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let admin = app.signed_in_as(Role::Admin);
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let board = board_meeting(&app, &chair, "Board meeting");
    let finance = app.add_agenda_item(&chair, board, &item("Finance"));
    let (budget_pdf, budget_pages) = typeset_pdf("Budget", 100);
    let (policy_pdf, policy_pages) = typeset_pdf("Policy", 3);
    let budget = app.upload_agenda_pdf(&chair, board, finance, "budget.pdf", budget_pdf);
    let policy = app.upload_agenda_pdf(&chair, board, finance, "policy.pdf", policy_pdf);
    app.publish_agenda(&chair, board);
    let at = "2026-11-20T10:00:00Z";
    let mut all: Vec<Value> = (1..=budget_pages).map(|p| shown("agendaPaper", budget, p, at)).collect();
    all.extend((1..=policy_pages).map(|p| shown("agendaPaper", policy, p, at)));
    assert_eq!(send(&app, &tina, json!(all)).status(), StatusCode::NO_CONTENT);
    assert_eq!(
        send(&app, &olly, json!([shown("agendaPaper", budget, 1, at)])).status(),
        StatusCode::NO_CONTENT
    );

    let people = app.scalar_i64("SELECT count(*) AS value FROM users WHERE active");
    for officer in [&chair, &admin] {
        let body = json_of(summary(&app, officer, board), StatusCode::OK);
        assert_eq!(body["enabled"], true);
        let papers: Vec<&Value> = body["papers"].as_array().unwrap().iter().collect();
        assert_eq!(papers.len(), 2);
        assert_eq!(papers[0]["paper"], json!({"kind": "agendaPaper", "id": budget}));
        assert_eq!(papers[0]["pageCount"], budget_pages);
        let listed = body["people"].as_array().unwrap();
        assert_eq!(listed.len() as i64, people);
        let person = |name: &str| listed.iter().find(|p| p["user"]["name"] == name).unwrap().clone();
        let tina_line = person("Tina Trustee");
        assert_eq!(tina_line["user"]["id"], tina.id);
        assert_eq!(tina_line["readAll"], true);
        assert_eq!(tina_line["papers"][0]["state"], "read");
        assert_eq!(tina_line["papers"][1]["pagesRead"], policy_pages);
        let olly_line = person("Olly Other");
        assert_eq!(olly_line["readAll"], false);
        assert_eq!(olly_line["papers"][0]["state"], "started");
        assert_eq!(olly_line["papers"][0]["pagesRead"], 1);
        assert_eq!(olly_line["papers"][1]["state"], "notOpened");
        assert_eq!(person("Chris Chair")["papers"][0]["state"], "notOpened");
        assert_eq!(
            body["line"],
            format!("The papers were taken as read (1 of {people} trustees had read all papers).")
        );
    }
    let refused = error_of(summary(&app, &tina, board), StatusCode::FORBIDDEN);
    assert_eq!(refused, "Only admins and chairs see who has read the papers.");

    // A committee meeting: hidden from those outside the committee; its line counts members.
    let audit = app.committee_with(&chair, "Audit", &[&olly]);
    let (committee, _) = audit_meeting(&app, &chair, audit, 3);
    error_of(summary(&app, &tina, committee), StatusCode::NOT_FOUND);
    error_of(summary(&app, &olly, committee), StatusCode::FORBIDDEN);
    let members = app
        .scalar_i64(&format!("SELECT count(*) AS value FROM committee_members WHERE committee_id = {audit}"));
    let body = json_of(summary(&app, &chair, committee), StatusCode::OK);
    assert_eq!(body["people"].as_array().unwrap().len() as i64, members);
    let noun = if members == 1 { "member" } else { "members" };
    assert_eq!(
        body["line"],
        format!("The papers were taken as read (0 of {members} {noun} had read all papers).")
    );

    // Starting the written minutes: the line is the draft's first entry, a General note.
    let minutes = app.post(&format!("/api/meetings/{board}/written-minutes")).auth(&chair).send().unwrap();
    let minutes = json_of(minutes, StatusCode::CREATED);
    let first = &minutes["entries"][0];
    assert_eq!(first["kind"], "note");
    assert_eq!(first["agendaItemId"], Value::Null);
    assert_eq!(
        first["text"],
        format!("The papers were taken as read (1 of {people} trustees had read all papers).")
    );
}

#[test]
fn switching_records_off_deletes_them_and_keeps_nothing_while_off() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let tina = app.signed_in_as(Role::Trustee);
    let board = board_meeting(&app, &chair, "Board meeting");
    let finance = app.add_agenda_item(&chair, board, &item("Finance"));
    let (budget_pdf, _) = typeset_pdf("Budget", 3);
    let budget = app.upload_agenda_pdf(&chair, board, finance, "budget.pdf", budget_pdf);
    app.publish_agenda(&chair, board);
    let at = "2026-11-20T10:00:00Z";
    let settings = json_of(app.get("/api/governance/settings").auth(&tina).send().unwrap(), StatusCode::OK);
    assert_eq!(settings["readingRecords"], true);
    send(&app, &tina, json!([shown("agendaPaper", budget, 1, at)]));
    assert_eq!(rows(&app, tina.id), 1);

    let off = json!({"readingRecords": false});
    let put = |who: &Session, body: &Value| {
        app.put("/api/governance/settings").auth(who).json(body).send().unwrap()
    };
    error_of(put(&tina, &off), StatusCode::FORBIDDEN);
    assert_eq!(rows(&app, tina.id), 1);
    error_of(put(&chair, &json!({"readingRecords": "no"})), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(put(&chair, &off), StatusCode::OK)["readingRecords"], false);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM reading_records"), 0);
    let audited = app.scalar_text(
        "SELECT details AS value FROM audit_events WHERE kind = 'settings_changed' ORDER BY id DESC LIMIT 1",
    );
    assert!(audited.as_deref().is_some_and(|d| d.contains("readingRecords: off")), "{audited:?}");

    assert_eq!(
        send(&app, &tina, json!([shown("agendaPaper", budget, 2, at)])).status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM reading_records"), 0);
    let mine = json_of(paper_reading(&app, &tina, budget), StatusCode::OK);
    assert_eq!(mine["enabled"], false);
    assert_eq!(mine["pages"], json!([]));
    let body = json_of(summary(&app, &chair, board), StatusCode::OK);
    assert_eq!(body, json!({"enabled": false, "papers": [], "people": [], "line": null}));
    // The task counts opened papers as before: by the audit log only.
    assert_eq!(read_papers_tasks(&app, &tina), ["Read 1 paper for Board meeting"]);
    // No line in the minutes while records are off.
    let minutes = app.post(&format!("/api/meetings/{board}/written-minutes")).auth(&chair).send().unwrap();
    assert_eq!(json_of(minutes, StatusCode::CREATED)["entries"], json!([]));

    let on = json_of(put(&chair, &json!({"readingRecords": true})), StatusCode::OK);
    assert_eq!(on["readingRecords"], true);
    assert_eq!(
        send(&app, &tina, json!([shown("agendaPaper", budget, 1, at)])).status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(rows(&app, tina.id), 1);
}
