//! Notes on papers (spec §2 Pack reader, Notes): each visibility seen by the right people and capped by
//! the paper's readers, only one's own edited or deleted, each note's last edit kept, the anchor kept
//! across a rebuilt pack, the export, and no note outliving its paper.

use domain::identity::role::Role;
use lopdf::Document;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::files::pdf;
use crate::common::{at, error_of, item, json_of, Authed, Session, TestApp};

/// A meeting (`kind`: board, or a committee's) with one item and one uploaded PDF paper; answers the
/// meeting's and the agenda paper's ids.
fn meeting_with_paper(app: &TestApp, chair: &Session, committee: Option<i64>) -> (i64, i64) {
    let mut body = json!({"title": "Board meeting", "meetingDate": "2031-06-05T17:30:00Z"});
    if let Some(committee) = committee {
        body = json!({"title": "Finance committee", "meetingDate": "2031-06-05T17:30:00Z",
                      "kind": "committee", "committeeId": committee});
    }
    let meeting = app.schedule_meeting(chair, &body);
    let item = app.add_agenda_item(chair, meeting, &item("Budget"));
    let paper = app.upload_agenda_pdf(chair, meeting, item, "budget.pdf", pdf());
    (meeting, paper)
}

fn note_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn highlight(paper: Value, visibility: &str, quote: &str) -> Value {
    json!({
        "paper": paper, "page": 1, "kind": "highlight", "visibility": visibility, "body": "",
        "anchor": {"x": 0.1, "y": 0.4, "rects": [{"x": 0.1, "y": 0.39, "w": 0.5, "h": 0.02}],
                   "quote": quote, "prefix": "before ", "suffix": " after"}
    })
}

fn put(app: &TestApp, who: &Session, id: &str, body: &Value) -> reqwest::blocking::Response {
    app.put(&format!("/api/notes/{id}")).auth(who).json(body).send().unwrap()
}

fn notes(app: &TestApp, who: &Session, path: &str) -> reqwest::blocking::Response {
    app.get(path).auth(who).send().unwrap()
}

fn quotes(body: Value) -> Vec<String> {
    let mut quotes: Vec<String> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|note| note["anchor"]["quote"].as_str().unwrap().to_string())
        .collect();
    quotes.sort();
    quotes
}

fn seen(app: &TestApp, who: &Session, path: &str) -> Vec<String> {
    quotes(json_of(notes(app, who, path), StatusCode::OK))
}

/// A library PDF, "Policy", uploaded by `admin`; answers its id.
fn policy_document(app: &TestApp, admin: &Session) -> i64 {
    app.upload_pdf_to(admin, "/api/documents", &[("title", "Policy"), ("category", "policies")], "p.pdf")
}

#[test]
fn each_visibility_is_seen_by_the_right_people() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let author = app.signed_in_named(Role::Trustee, "Tess Author");
    let other = app.signed_in_named(Role::Trustee, "Otto Other");
    let document = policy_document(&app, &admin);
    let paper = json!({"kind": "document", "id": document});
    for visibility in ["private", "officers", "shared"] {
        let created = json_of(
            put(&app, &author, &note_id(), &highlight(paper.clone(), visibility, visibility)),
            StatusCode::CREATED,
        );
        assert_eq!(created["author"], json!({"id": author.id, "name": "Tess Author"}));
        assert_eq!(created["mine"], json!(true));
        assert_eq!(created["paper"], paper);
    }
    let path = format!("/api/papers/document/{document}/notes");
    assert_eq!(seen(&app, &author, &path), vec!["officers", "private", "shared"]);
    assert_eq!(seen(&app, &other, &path), vec!["shared"]);
    assert_eq!(seen(&app, &chair, &path), vec!["officers", "shared"]);
    assert_eq!(seen(&app, &admin, &path), vec!["officers", "shared"]);
    let listed = json_of(notes(&app, &other, &path), StatusCode::OK);
    assert_eq!(listed[0]["mine"], json!(false));

    error_of(notes(&app, &other, "/api/papers/poster/1/notes"), StatusCode::NOT_FOUND);
    error_of(notes(&app, &other, "/api/papers/document/999999/notes"), StatusCode::NOT_FOUND);
}

#[test]
fn a_committee_papers_notes_stay_in_the_committee_and_a_draft_agendas_are_hidden() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mo Member");
    let outsider = app.signed_in_named(Role::Trustee, "Ola Outsider");
    let committee = app.committee_with(&chair, "Finance", &[&member]);
    let (meeting, paper) = meeting_with_paper(&app, &chair, Some(committee));
    let on_paper = json!({"kind": "agendaPaper", "id": paper});
    let path = format!("/api/papers/agenda-paper/{paper}/notes");
    let pack = format!("/api/meetings/{meeting}/board-pack/notes");

    // A draft agenda: a member may not read its papers yet, so neither note nor list exists for them.
    error_of(
        put(&app, &member, &note_id(), &highlight(on_paper.clone(), "shared", "draft")),
        StatusCode::NOT_FOUND,
    );
    json_of(
        put(&app, &chair, &note_id(), &highlight(on_paper.clone(), "shared", "by chair")),
        StatusCode::CREATED,
    );
    error_of(notes(&app, &member, &path), StatusCode::NOT_FOUND);
    error_of(notes(&app, &member, &pack), StatusCode::NOT_FOUND);

    app.publish_agenda(&chair, meeting);
    json_of(put(&app, &member, &note_id(), &highlight(on_paper, "shared", "by member")), StatusCode::CREATED);
    assert_eq!(seen(&app, &member, &path), vec!["by chair", "by member"]);
    assert_eq!(seen(&app, &member, &pack), vec!["by chair", "by member"]);
    assert_eq!(seen(&app, &chair, &pack), vec!["by chair", "by member"]);
    // "Chairs and admins": the committee's own chair (a trustee) sees them, a member does not.
    let committee_chair = app.signed_in_named(Role::Trustee, "Cai Committee-Chair");
    app.add_committee_member(&chair, committee, committee_chair.id, "committee_chair");
    let for_chairs = highlight(json!({"kind": "agendaPaper", "id": paper}), "officers", "for the chairs");
    json_of(put(&app, &member, &note_id(), &for_chairs), StatusCode::CREATED);
    assert_eq!(seen(&app, &committee_chair, &path), vec!["by chair", "by member", "for the chairs"]);
    assert_eq!(seen(&app, &committee_chair, &pack), vec!["by chair", "by member", "for the chairs"]);
    assert_eq!(seen(&app, &chair, &path), vec!["by chair", "by member", "for the chairs"]);
    let other_member = app.signed_in_named(Role::Trustee, "Meg Member");
    app.add_committee_member(&chair, committee, other_member.id, "member");
    assert_eq!(seen(&app, &other_member, &path), vec!["by chair", "by member"]);
    // Outside the committee: the paper, its notes and the pack do not exist.
    error_of(notes(&app, &outsider, &path), StatusCode::NOT_FOUND);
    error_of(notes(&app, &outsider, &pack), StatusCode::NOT_FOUND);
    error_of(
        notes(&app, &outsider, &format!("/api/papers/board-pack/{meeting}/notes")),
        StatusCode::NOT_FOUND,
    );
}

#[test]
fn only_the_author_changes_a_note_and_each_note_keeps_its_last_edit() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let author = app.signed_in_named(Role::Trustee, "Tess Author");
    let other = app.signed_in_named(Role::Trustee, "Otto Other");
    let document = policy_document(&app, &admin);
    let paper = json!({"kind": "document", "id": document});
    let shared = note_id();
    let private = note_id();
    let mut body = highlight(paper.clone(), "shared", "first words");
    body["editedAt"] = json!(at(chrono::Duration::minutes(-10)));
    json_of(put(&app, &author, &shared, &body), StatusCode::CREATED);
    json_of(put(&app, &author, &private, &highlight(paper.clone(), "private", "mine")), StatusCode::CREATED);

    // Someone else's note: 403 when they see it, 404 when they do not.
    let message = error_of(put(&app, &other, &shared, &body), StatusCode::FORBIDDEN);
    assert_eq!(message, "You can only change your own notes.");
    error_of(put(&app, &other, &private, &body), StatusCode::NOT_FOUND);
    error_of(app.delete(&format!("/api/notes/{shared}")).auth(&other).send().unwrap(), StatusCode::FORBIDDEN);
    error_of(
        app.delete(&format!("/api/notes/{private}")).auth(&other).send().unwrap(),
        StatusCode::NOT_FOUND,
    );

    // A later edit changes it (200); an older one is answered with the stored note, unchanged.
    let mut later = highlight(paper.clone(), "shared", "second words");
    later["editedAt"] = json!(at(chrono::Duration::minutes(-5)));
    assert_eq!(
        json_of(put(&app, &author, &shared, &later), StatusCode::OK)["anchor"]["quote"],
        "second words"
    );
    let mut older = highlight(paper.clone(), "shared", "stale words");
    older["editedAt"] = json!(at(chrono::Duration::minutes(-8)));
    assert_eq!(
        json_of(put(&app, &author, &shared, &older), StatusCode::OK)["anchor"]["quote"],
        "second words"
    );
    // A time in the future is taken as now.
    let mut future = highlight(paper.clone(), "shared", "future words");
    future["editedAt"] = json!(at(chrono::Duration::days(2)));
    let stored = json_of(put(&app, &author, &shared, &future), StatusCode::OK);
    assert!(stored["editedAt"].as_str().unwrap() < at(chrono::Duration::minutes(1)).as_str(), "{stored}");
    assert_eq!(
        app.scalar_text(&format!("SELECT quote AS value FROM paper_notes WHERE id = '{shared}'")),
        Some("future words".into())
    );
    // Paper and kind are fixed.
    let mut pin = highlight(paper, "shared", "x");
    pin["kind"] = json!("pin");
    pin["body"] = json!("a pin now");
    error_of(put(&app, &author, &shared, &pin), StatusCode::CONFLICT);

    // Deleting is idempotent.
    for _ in 0..2 {
        let response = app.delete(&format!("/api/notes/{shared}")).auth(&author).send().unwrap();
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM paper_notes WHERE id = '{shared}'")),
        0
    );
    error_of(app.delete("/api/notes/not-a-uuid").auth(&author).send().unwrap(), StatusCode::BAD_REQUEST);
}

#[test]
fn bad_notes_are_refused_field_by_field() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let document = policy_document(&app, &admin);
    let body = json!({
        "paper": {"kind": "document", "id": document}, "page": 0, "kind": "highlight", "visibility": "all",
        "anchor": {"x": 1.5, "y": 0.5, "rects": vec![json!({"x": 0, "y": 0, "w": 0.1, "h": 0.1}); 201],
                   "quote": "", "suffix": "s".repeat(65)},
        "body": "b".repeat(5001)
    });
    let refused = json_of(put(&app, &admin, &note_id(), &body), StatusCode::BAD_REQUEST);
    let errors = refused["fieldErrors"].as_object().or(refused["errors"].as_object()).unwrap();
    let mut fields: Vec<&str> = errors.keys().map(String::as_str).collect();
    fields.sort();
    assert_eq!(
        fields,
        vec!["anchor.quote", "anchor.rects", "anchor.suffix", "anchor.x", "body", "page", "visibility"]
    );
    let pin = json!({"paper": {"kind": "document", "id": document}, "page": 1, "kind": "pin",
                     "anchor": {"x": 0.5, "y": 0.5}, "body": "   "});
    let refused = json_of(put(&app, &admin, &note_id(), &pin), StatusCode::BAD_REQUEST);
    assert!(refused.to_string().contains("A pinned note needs some text"), "{refused}");
    assert_eq!(app.rows("paper_notes"), 0);
}

#[test]
fn a_note_keeps_its_paper_and_words_when_a_paper_is_inserted_before_it() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let meeting =
        app.schedule_meeting(&chair, &json!({"title": "Board", "meetingDate": "2031-06-05T17:30:00Z"}));
    let budget_item = app.add_agenda_item(&chair, meeting, &item("Budget"));
    let budget = app.upload_agenda_pdf(&chair, meeting, budget_item, "budget.pdf", pdf());
    app.publish_agenda(&chair, meeting);
    let id = note_id();
    let mut body = highlight(json!({"kind": "agendaPaper", "id": budget}), "private", "the surplus");
    body["page"] = json!(1);
    json_of(put(&app, &trustee, &id, &body), StatusCode::CREATED);

    // Another item with a paper goes first, and the agenda is published again.
    let first_item = app.add_agenda_item(&chair, meeting, &item("Risks"));
    app.upload_agenda_pdf(&chair, meeting, first_item, "risks.pdf", pdf());
    let order = json!({"itemIds": [first_item, budget_item]});
    let reordered =
        app.put(&format!("/api/meetings/{meeting}/agenda-items/order")).auth(&chair).json(&order).send();
    assert!(reordered.unwrap().status().is_success());
    app.publish_agenda(&chair, meeting);

    let listed =
        json_of(notes(&app, &trustee, &format!("/api/meetings/{meeting}/board-pack/notes")), StatusCode::OK);
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["id"], json!(id));
    assert_eq!(listed[0]["paper"], json!({"kind": "agendaPaper", "id": budget}));
    assert_eq!(listed[0]["page"], json!(1));
    assert_eq!(listed[0]["anchor"]["quote"], json!("the surplus"));
    assert_eq!(listed[0]["anchor"]["prefix"], json!("before "));
}

#[test]
fn the_export_holds_ones_own_notes_with_their_words() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let (meeting, paper) = meeting_with_paper(&app, &chair, None);
    app.publish_agenda(&chair, meeting);
    let mut mine = highlight(json!({"kind": "agendaPaper", "id": paper}), "private", "reserves policy");
    mine["body"] = json!("Ask about the reserves");
    json_of(put(&app, &trustee, &note_id(), &mine), StatusCode::CREATED);
    let theirs = highlight(json!({"kind": "agendaPaper", "id": paper}), "shared", "chair's words");
    json_of(put(&app, &chair, &note_id(), &theirs), StatusCode::CREATED);

    let text =
        app.get(&format!("/api/meetings/{meeting}/notes/export?format=text")).auth(&trustee).send().unwrap();
    assert_eq!(text.status(), StatusCode::OK);
    assert_eq!(text.headers()["content-type"], "text/plain; charset=utf-8");
    let disposition = text.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.contains("notes-2031-06-05.txt"), "{disposition}");
    let text = text.text().unwrap();
    assert!(text.contains("\"reserves policy\"") && text.contains("Ask about the reserves"), "{text}");
    assert!(!text.contains("chair's words"), "{text}");

    let pdf =
        app.get(&format!("/api/meetings/{meeting}/notes/export?format=pdf")).auth(&trustee).send().unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().unwrap().to_vec();
    assert!(bytes.starts_with(b"%PDF"));
    let doc = Document::load_mem(&bytes).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let printed = doc.extract_text(&pages).unwrap();
    assert!(printed.contains("reserves policy") && printed.contains("Ask about the reserves"), "{printed}");

    error_of(
        app.get(&format!("/api/meetings/{meeting}/notes/export?format=doc")).auth(&trustee).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    let outsider_meeting =
        app.schedule_meeting(&chair, &json!({"title": "Draft", "meetingDate": "2031-07-05T17:30:00Z"}));
    error_of(
        app.get(&format!("/api/meetings/{outsider_meeting}/notes/export?format=text"))
            .auth(&trustee)
            .send()
            .unwrap(),
        StatusCode::NOT_FOUND,
    );
}

#[test]
fn deleting_a_paper_deletes_its_notes() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let document = policy_document(&app, &admin);
    let minutes = app.upload_pdf_to(
        &admin,
        "/api/minutes",
        &[("title", "March"), ("meetingDate", "2031-03-05T18:30:00Z")],
        "m.pdf",
    );
    let (meeting, paper) = meeting_with_paper(&app, &admin, None);
    app.publish_agenda(&admin, meeting);
    for paper in [
        json!({"kind": "document", "id": document}),
        json!({"kind": "minutes", "id": minutes}),
        json!({"kind": "agendaPaper", "id": paper}),
        json!({"kind": "boardPack", "id": meeting}),
    ] {
        json_of(put(&app, &trustee, &note_id(), &highlight(paper, "shared", "words")), StatusCode::CREATED);
    }
    assert_eq!(app.rows("paper_notes"), 4);
    let count = |kind: &str| {
        app.scalar_i64(&format!("SELECT count(*) AS value FROM paper_notes WHERE paper_kind = '{kind}'"))
    };

    assert_eq!(
        app.delete(&format!("/api/documents/{document}")).auth(&admin).send().unwrap().status(),
        StatusCode::OK
    );
    assert_eq!(count("document"), 0);
    let item = app
        .scalar_i64(&format!("SELECT agenda_item_id::bigint AS value FROM agenda_papers WHERE id = {paper}"));
    let removed = app
        .delete(&format!("/api/meetings/{meeting}/agenda-items/{item}/papers/{paper}"))
        .auth(&admin)
        .send();
    assert!(removed.unwrap().status().is_success());
    assert_eq!(count("agendaPaper"), 0);
    // Minutes have no delete call: the row's removal (as by an operator) takes its notes.
    app.execute(&format!("DELETE FROM minutes WHERE id = {minutes}"));
    assert_eq!(count("minutes"), 0);
    let deleted = app.delete(&format!("/api/meetings/{meeting}")).auth(&admin).send().unwrap();
    assert!(deleted.status().is_success());
    assert_eq!(app.rows("paper_notes"), 0);
}
