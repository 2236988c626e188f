//! `GET /api/meetings/{id}/board-pack` (spec §2 Board pack): one PDF of cover, agenda and the PDF papers,
//! bookmarked per item; the same visibility as the papers; cached until something in it changes.
//!
//! The agenda is built through the meetings repository (the agenda endpoints are another branch's).

use std::io::Write;

use chrono::{Duration, Utc};
use domain::identity::role::Role;
use domain::meetings::agenda::{AgendaPurpose, NewAgendaPaper};
use domain::meetings::{AgendaItemChange, MeetingRepository, PrintBlock, PrintDocument, Typesetter};
use domain::{AgendaItemId, MeetingId, UserId};
use lopdf::{dictionary, Document, Object};
use reqwest::StatusCode;
use serde_json::json;

use crate::common::files::pdf;
use crate::common::{at, error_of, item, json_of, Authed, Session, TestApp};

fn repo(app: &TestApp) -> persistence::PgMeetingRepository {
    persistence::PgMeetingRepository::new(app.pool.clone())
}

/// Stores the bytes in the app's file store and attaches them to the item.
fn attach(app: &TestApp, meeting: MeetingId, item: AgendaItemId, file_name: &str, mime: &str, bytes: &[u8]) {
    let mut pending = app.state.files.begin().unwrap();
    pending.write_all(bytes).unwrap();
    let storage_key = pending.commit().unwrap();
    let paper = NewAgendaPaper::Upload {
        title: file_name.split('.').next().unwrap().to_string(),
        file_name: file_name.into(),
        mime_type: mime.into(),
        file_size: bytes.len() as i64,
        storage_key,
    };
    repo(app).add_paper(meeting, item, paper, UserId(1), Utc::now()).unwrap();
}

/// A PDF of several pages, typeset by the portal itself.
fn long_pdf(title: &str, paragraphs: usize) -> Vec<u8> {
    let blocks = (0..paragraphs).map(|n| PrintBlock::Paragraph(format!("{title} line {n}"))).collect();
    typesetting::PdfTypesetter.typeset(&PrintDocument { title: title.into(), blocks }).unwrap()
}

/// A PDF whose trailer names an encryption dictionary (a password-protected paper).
fn encrypted_pdf() -> Vec<u8> {
    let mut doc = Document::load_mem(&long_pdf("Secret", 3)).unwrap();
    let encrypt = doc.add_object(dictionary! {
        "Filter" => "Standard", "V" => 1, "R" => 2, "P" => -44,
        "O" => Object::string_literal(vec![7u8; 32]), "U" => Object::string_literal(vec![9u8; 32]),
    });
    doc.trailer.set("Encrypt", encrypt);
    doc.trailer.set("ID", vec![Object::string_literal(vec![1u8; 16]), Object::string_literal(vec![1u8; 16])]);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

fn pages_of(bytes: &[u8]) -> usize {
    Document::load_mem(bytes).unwrap().get_pages().len()
}

fn download(app: &TestApp, who: &Session, meeting: MeetingId) -> reqwest::blocking::Response {
    app.get(&format!("/api/meetings/{}/board-pack", meeting.0)).auth(who).send().unwrap()
}

fn pack_of(response: reqwest::blocking::Response) -> Vec<u8> {
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.starts_with("attachment") && disposition.contains("Board pack"), "{disposition}");
    response.bytes().unwrap().to_vec()
}

#[test]
fn the_pack_is_cover_agenda_and_papers_with_one_bookmark_per_item_with_papers() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    // 18:30 in London in June is 17:30 UTC: the cover prints the board's time.
    let meeting = app.schedule_meeting_id(
        &chair,
        &json!({"title": "June board meeting", "meetingDate": "2031-06-05T17:30:00Z",
               "location": "Hope House, Room 2", "meetingLink": "https://meet.example.org/board"}),
    );
    let items = app.add_agenda_items(
        &chair,
        meeting,
        &[item("Welcome"), item("Budget 2032"), item("Safeguarding policy")],
    );
    let budget = long_pdf("Budget", 140);
    let policy = pdf();
    attach(&app, meeting, items[1], "budget.pdf", "application/pdf", &budget);
    attach(
        &app,
        meeting,
        items[1],
        "figures.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        b"PK\x03\x04 not read",
    );
    attach(&app, meeting, items[2], "policy.pdf", "application/pdf", &policy);
    attach(&app, meeting, items[2], "locked.pdf", "application/pdf", &encrypted_pdf());
    attach(&app, meeting, items[2], "broken.pdf", "application/pdf", b"%PDF-1.7\nnot really a PDF");

    // A draft agenda: the pack does not exist for a trustee; admins and chairs download it.
    error_of(download(&app, &trustee, meeting), StatusCode::NOT_FOUND);
    let bytes = pack_of(download(&app, &chair, meeting));
    let doc = Document::load_mem(&bytes).unwrap();
    let (budget_pages, policy_pages) = (pages_of(&budget), pages_of(&policy));
    assert!(budget_pages >= 2, "{budget_pages}");
    // Cover + one agenda page + the merged papers; the encrypted and the broken PDF are not merged.
    assert_eq!(doc.get_pages().len(), 1 + 1 + budget_pages + policy_pages);

    let cover = doc.extract_text(&[1]).unwrap();
    for expected in [
        "Test Charity",
        "June board meeting",
        "Thursday 5 June 2031, 18:30 to 20:30 (Europe/London)",
        "Hope House, Room 2",
        "https://meet.example.org/board",
    ] {
        assert!(cover.contains(expected), "cover lacks {expected}: {cover}");
    }
    let agenda = doc.extract_text(&[2]).unwrap();
    assert!(agenda.contains("1. Welcome") && agenda.contains("2. Budget 2032"), "{agenda}");
    assert!(agenda.contains("Paper: budget - page 3"), "{agenda}");
    assert!(agenda.contains(&format!("Paper: policy - page {}", 3 + budget_pages)), "{agenda}");
    assert!(agenda.contains("Separate download: figures (figures.docx)"), "{agenda}");
    assert!(agenda.contains("locked.pdf) - password-protected PDF, could not be included"), "{agenda}");
    assert!(agenda.contains("broken.pdf) - damaged or unreadable PDF, could not be included"), "{agenda}");

    let toc = doc.get_toc().unwrap();
    let entries: Vec<(String, usize)> = toc.toc.iter().map(|e| (e.title.clone(), e.page)).collect();
    assert_eq!(
        entries,
        vec![("2. Budget 2032".to_string(), 3), ("3. Safeguarding policy".to_string(), 3 + budget_pages)]
    );

    // Published: trustees download the same pack, from the cache.
    repo(&app).publish_agenda(meeting, Utc::now()).unwrap();
    assert_eq!(pack_of(download(&app, &trustee, meeting)), bytes);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM board_packs"), 1);
}

#[test]
fn the_pack_is_rebuilt_when_the_agenda_or_a_paper_changes_and_kept_otherwise() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let date = at(Duration::days(7));
    let meeting = app.schedule_meeting_id(&admin, &json!({"title": "Board", "meetingDate": date}));
    let items = app.add_agenda_items(&admin, meeting, &[item("Finance")]);
    attach(&app, meeting, items[0], "a.pdf", "application/pdf", &pdf());

    let first = pack_of(download(&app, &admin, meeting));
    let built_at = app.scalar_text("SELECT built_at::text AS value FROM board_packs").unwrap();
    assert_eq!(pack_of(download(&app, &admin, meeting)), first);
    assert_eq!(app.scalar_text("SELECT built_at::text AS value FROM board_packs").unwrap(), built_at);

    // An item renamed: a new pack with the new bookmark.
    let change = AgendaItemChange {
        title: "Finance and audit".into(),
        purpose: AgendaPurpose::Decision,
        presenter: None,
        duration_minutes: 20,
        description: String::new(),
    };
    repo(&app).update_item(meeting, items[0], change, Utc::now()).unwrap();
    let renamed = pack_of(download(&app, &admin, meeting));
    assert_ne!(renamed, first);
    let toc = Document::load_mem(&renamed).unwrap().get_toc().unwrap();
    assert_eq!(toc.toc[0].title, "1. Finance and audit");

    // A paper added: its pages join the pack.
    let before = pages_of(&renamed);
    attach(&app, meeting, items[0], "b.pdf", "application/pdf", &long_pdf("Annex", 10));
    assert_eq!(pages_of(&pack_of(download(&app, &admin, meeting))), before + 1);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM board_packs"), 1);

    // The meeting's details (the cover) changed.
    let before = app.scalar_text("SELECT fingerprint AS value FROM board_packs").unwrap();
    app.execute(&format!(
        "UPDATE meetings SET location = 'Elsewhere', revision = revision + 1 WHERE id = {}",
        meeting.0
    ));
    let cover =
        Document::load_mem(&pack_of(download(&app, &admin, meeting))).unwrap().extract_text(&[1]).unwrap();
    assert!(cover.contains("Elsewhere"), "{cover}");
    assert_ne!(app.scalar_text("SELECT fingerprint AS value FROM board_packs").unwrap(), before);
}

#[test]
fn a_committee_meetings_pack_is_for_its_members_and_unknown_meetings_are_404() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mo Member");
    let outsider = app.signed_in_named(Role::Trustee, "Olu Outsider");
    let committee = json_of(
        app.post("/api/committees").auth(&chair).json(&json!({"name": "Finance Committee"})).send().unwrap(),
        StatusCode::CREATED,
    );
    let committee_id = committee["id"].as_i64().unwrap();
    json_of(
        app.post(&format!("/api/committees/{committee_id}/members"))
            .auth(&chair)
            .json(&json!({"userId": member.id}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let date = at(Duration::days(7));
    let meeting = app.schedule_meeting_id(
        &chair,
        &json!({"title": "Finance", "meetingDate": date, "kind": "committee", "committeeId": committee_id}),
    );
    repo(&app).publish_agenda(meeting, Utc::now()).unwrap();

    let bytes = pack_of(download(&app, &member, meeting));
    assert_eq!(pages_of(&bytes), 2, "cover and an empty agenda");
    error_of(download(&app, &outsider, meeting), StatusCode::NOT_FOUND);
    error_of(download(&app, &chair, MeetingId(999_999)), StatusCode::NOT_FOUND);
    error_of(
        app.get(&format!("/api/meetings/{}/board-pack", meeting.0)).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
}

fn layout(app: &TestApp, who: &Session, meeting: MeetingId) -> reqwest::blocking::Response {
    app.get(&format!("/api/meetings/{}/board-pack/layout", meeting.0)).auth(who).send().unwrap()
}

/// The layout's papers as (agenda paper id, item number, first page, page count).
fn segments(layout: &serde_json::Value) -> Vec<(i64, i64, i64, i64)> {
    layout["papers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|paper| {
            assert_eq!(paper["paper"]["kind"], "agendaPaper");
            (
                paper["paper"]["id"].as_i64().unwrap(),
                paper["itemNumber"].as_i64().unwrap(),
                paper["firstPage"].as_i64().unwrap(),
                paper["pageCount"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn paper_id(app: &TestApp, file_name: &str) -> i64 {
    app.scalar_i64(&format!("SELECT id::bigint AS value FROM agenda_papers WHERE file_name = '{file_name}'"))
}

#[test]
fn the_layout_names_each_merged_papers_pages_and_follows_a_paper_inserted_before_them() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let meeting =
        app.schedule_meeting_id(&chair, &json!({"title": "Board", "meetingDate": at(Duration::days(7))}));
    let items = app.add_agenda_items(&chair, meeting, &[item("Finance"), item("Policy")]);
    let (budget, policy) = (long_pdf("Budget", 140), long_pdf("Policy", 10));
    let (budget_pages, policy_pages) = (pages_of(&budget) as i64, pages_of(&policy) as i64);
    assert!(budget_pages >= 2 && policy_pages == 1, "{budget_pages} {policy_pages}");
    attach(&app, meeting, items[0], "budget.pdf", "application/pdf", &budget);
    attach(&app, meeting, items[0], "notes.docx", "application/msword", b"not merged");
    attach(&app, meeting, items[1], "policy.pdf", "application/pdf", &policy);

    // A draft agenda: no layout for a trustee, as no pack.
    error_of(layout(&app, &trustee, meeting), StatusCode::NOT_FOUND);
    let first = json_of(layout(&app, &chair, meeting), StatusCode::OK);
    let (budget_id, policy_id) = (paper_id(&app, "budget.pdf"), paper_id(&app, "policy.pdf"));
    assert_eq!(first["frontPages"], 2);
    assert_eq!(first["pageCount"].as_i64().unwrap(), 2 + budget_pages + policy_pages);
    assert_eq!(segments(&first), vec![(budget_id, 1, 3, budget_pages), (policy_id, 2, 3 + budget_pages, 1)]);
    assert_eq!(first["papers"][0]["title"], "budget");
    assert_eq!(first["papers"][0]["fileName"], "budget.pdf");
    assert_eq!(first["papers"][0]["itemTitle"], "Finance");
    // The same pack as the download: its fingerprint is the download's ETag, and the pages add up.
    let pack = download(&app, &chair, meeting);
    assert_eq!(
        pack.headers()["etag"].to_str().unwrap(),
        format!("\"{}\"", first["fingerprint"].as_str().unwrap())
    );
    assert_eq!(pages_of(&pack_of(pack)) as i64, first["pageCount"].as_i64().unwrap());
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM board_packs"), 1);

    // An item with a paper inserted before them, then published: the papers move on, the fingerprint
    // changes, and a trustee now reads the same layout.
    let opening = app.add_agenda_items(&chair, meeting, &[item("Chair's report")])[0];
    attach(&app, meeting, opening, "report.pdf", "application/pdf", &policy);
    let order = json!({"itemIds": [opening.0, items[0].0, items[1].0]});
    let reordered = app
        .put(&format!("/api/meetings/{}/agenda-items/order", meeting.0))
        .auth(&chair)
        .json(&order)
        .send()
        .unwrap();
    assert!(reordered.status().is_success(), "{}", reordered.status());
    repo(&app).publish_agenda(meeting, Utc::now()).unwrap();
    let second = json_of(layout(&app, &trustee, meeting), StatusCode::OK);
    assert_ne!(second["fingerprint"], first["fingerprint"]);
    let report_id = paper_id(&app, "report.pdf");
    assert_eq!(
        segments(&second),
        vec![(report_id, 1, 3, 1), (budget_id, 2, 4, budget_pages), (policy_id, 3, 4 + budget_pages, 1)]
    );
    assert_eq!(second["pageCount"].as_i64().unwrap(), 2 + 1 + budget_pages + 1);
}

#[test]
fn the_layout_of_a_committee_meeting_is_for_its_members_only() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mo Member");
    let outsider = app.signed_in_named(Role::Trustee, "Olu Outsider");
    let committee = app.create_committee(&chair, "Finance Committee");
    app.add_committee_member(&chair, committee, member.id, "member");
    let meeting = app.schedule_meeting_id(
        &chair,
        &json!({"title": "Finance", "meetingDate": at(Duration::days(7)), "kind": "committee", "committeeId": committee}),
    );
    let items = app.add_agenda_items(&chair, meeting, &[item("Accounts")]);
    attach(&app, meeting, items[0], "accounts.pdf", "application/pdf", &pdf());
    repo(&app).publish_agenda(meeting, Utc::now()).unwrap();

    let seen = json_of(layout(&app, &member, meeting), StatusCode::OK);
    assert_eq!(segments(&seen), vec![(paper_id(&app, "accounts.pdf"), 1, 3, pages_of(&pdf()) as i64)]);
    error_of(layout(&app, &outsider, meeting), StatusCode::NOT_FOUND);
    error_of(layout(&app, &chair, MeetingId(999_999)), StatusCode::NOT_FOUND);
    error_of(
        app.get(&format!("/api/meetings/{}/board-pack/layout", meeting.0)).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
}
