//! Every PDF the portal typesets keeps names in any script (spec: Printed documents > Fonts and scripts):
//! the board pack, the written minutes and the register of interests, read back with a real PDF reader
//! (poppler's `pdftotext`), not the library that wrote them.

use std::io::Write;
use std::process::Command;

use chrono::Utc;
use domain::identity::role::Role;
use domain::meetings::agenda::NewAgendaPaper;
use domain::meetings::{MeetingRepository, PrintBlock, PrintDocument, Typesetter};
use domain::{MeetingId, UserId};
use lopdf::Document;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{item, json_of, Authed, Session, TestApp};

const WELSH: &str = "Gŵyl Dewi";
const POLISH: &str = "Łukasz Wójcik";
const GREEK: &str = "Ελένη";
const RUSSIAN: &str = "Пётр";
const CHINESE: &str = "李明";

/// The strings that must come back. Chinese needs an installed CJK font (the bundled one covers Latin,
/// Greek and Cyrillic): without one the test says so and checks the others.
fn expected() -> Vec<&'static str> {
    let mut names = vec![WELSH, POLISH, GREEK, RUSSIAN];
    if typesetting::installed_font_covers('李') && typesetting::installed_font_covers('明') {
        names.push(CHINESE);
    } else {
        eprintln!(
            "skipping {CHINESE}: no installed font covers Chinese (install fonts-noto-cjk to check it)"
        );
    }
    names
}

/// The text of the PDF as poppler reads it.
fn pdftotext(bytes: &[u8]) -> String {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(bytes).unwrap();
    let output = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(file.path())
        .arg("-")
        .output()
        .expect("pdftotext (Debian's poppler-utils, installed by scripts/install-system-deps.sh)");
    assert!(output.status.success(), "pdftotext: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// Every name comes back as text; and when Chinese is expected, an installed font is embedded for it. A
/// character no font has is drawn as a placeholder that still carries its text, so the text alone would
/// not show that the fallback to installed fonts works. Answers the text.
fn assert_keeps_every_name(bytes: &[u8], names: &[&str], what: &str) -> String {
    let text = pdftotext(bytes);
    for name in names {
        assert!(text.contains(name), "{what} lost {name}:\n{text}");
    }
    if names.contains(&CHINESE) {
        let fonts = pdffonts(bytes);
        let others: Vec<&str> = fonts
            .lines()
            .skip(2)
            .filter_map(|line| line.split_whitespace().next())
            .filter(|name| !name.ends_with("+NotoSans-Regular") && !name.ends_with("+NotoSans-Bold"))
            .collect();
        assert!(!others.is_empty(), "{what} embeds no installed font for {CHINESE}:\n{fonts}");
    }
    text
}

/// The fonts of the PDF as poppler lists them (a header of two lines, then one font a line).
fn pdffonts(bytes: &[u8]) -> String {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(bytes).unwrap();
    let output = Command::new("pdffonts").arg(file.path()).output().expect("pdffonts (poppler-utils)");
    assert!(output.status.success(), "pdffonts: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// The Welsh board meeting every PDF here is about.
fn schedule(app: &TestApp, who: &Session) -> MeetingId {
    let body = json!({"title": format!("{WELSH} board meeting"), "meetingDate": "2031-03-01T17:30:00Z",
                      "location": format!("Neuadd {WELSH}")});
    app.schedule_meeting_id(who, &body)
}

/// An agenda item whose description names people in the other scripts.
fn item_in_every_script(title: &str) -> Value {
    let mut body = item(title);
    body["description"] = json!(format!("{POLISH} introduces; {GREEK}, {RUSSIAN} and {CHINESE} comment."));
    body
}

#[test]
fn the_board_pack_keeps_every_script_its_pages_and_its_bookmarks() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let names = expected();
    let meeting = schedule(&app, &chair);
    let items = app.add_agenda_items(
        &chair,
        meeting,
        &[
            item_in_every_script(&format!("Welcome from {POLISH}")),
            item_in_every_script(&format!("Report by {GREEK}, {RUSSIAN}, {CHINESE}")),
        ],
    );
    // A paper of several pages, itself typeset by the portal, with the names in its text.
    let blocks = (0..90).map(|n| PrintBlock::Paragraph(format!("Line {n}: {}", names.join(", ")))).collect();
    let paper = typesetting::PdfTypesetter
        .typeset(&PrintDocument { title: format!("Report {RUSSIAN}"), blocks })
        .unwrap();
    let paper_pages = Document::load_mem(&paper).unwrap().get_pages().len();
    assert!(paper_pages >= 2, "{paper_pages}");
    let mut pending = app.state.files.begin().unwrap();
    pending.write_all(&paper).unwrap();
    let storage_key = pending.commit().unwrap();
    let upload = NewAgendaPaper::Upload {
        title: format!("Report {RUSSIAN}"),
        file_name: "report.pdf".into(),
        mime_type: "application/pdf".into(),
        file_size: paper.len() as i64,
        storage_key,
    };
    let repo = persistence::PgMeetingRepository::new(app.pool.clone());
    repo.add_paper(meeting, items[1], upload, UserId(1), Utc::now()).unwrap();

    let response = app.get(&format!("/api/meetings/{}/board-pack", meeting.0)).auth(&chair).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let pack = response.bytes().unwrap().to_vec();
    let text = assert_keeps_every_name(&pack, &names, "the board pack");
    assert!(text.contains(&format!("{WELSH} board meeting")), "{text}");
    assert!(text.contains(&format!("Paper: Report {RUSSIAN} - page 3 ({paper_pages} pages)")), "{text}");

    // Cover, agenda, then the paper's pages; one bookmark, on the paper's first page, named in full.
    let document = Document::load_mem(&pack).unwrap();
    assert_eq!(document.get_pages().len(), 2 + paper_pages);
    let toc = document.get_toc().unwrap();
    let bookmarks: Vec<(String, usize)> =
        toc.toc.iter().map(|entry| (entry.title.clone(), entry.page)).collect();
    assert_eq!(bookmarks, vec![(format!("2. Report by {GREEK}, {RUSSIAN}, {CHINESE}"), 3)]);
}

#[test]
fn the_written_minutes_keep_every_script() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let polish = app.signed_in_named(Role::Trustee, POLISH);
    let names = expected();
    let meeting = schedule(&app, &chair);
    let items = app.add_agenda_items(&chair, meeting, &[item_in_every_script(&format!("Report by {GREEK}"))]);
    let path = |rest: &str| format!("/api/meetings/{}{rest}", meeting.0);

    // Attendance: a member by name, and a guest.
    let present = json!({"status": "present"});
    let recorded =
        app.put(&path(&format!("/attendance/{}", polish.id))).auth(&chair).json(&present).send().unwrap();
    assert_eq!(recorded.status(), StatusCode::OK);
    let guest = json!({"name": format!("{RUSSIAN} {CHINESE}")});
    let added = app.post(&path("/attendance/guests")).auth(&chair).json(&guest).send().unwrap();
    assert!(added.status().is_success(), "{}", added.status());

    json_of(
        app.post(&path("/written-minutes")).auth(&chair).json(&json!({})).send().unwrap(),
        StatusCode::CREATED,
    );
    let entry = json!({"agendaItemId": items[0].0, "kind": "decision",
                       "text": format!("{GREEK} and {CHINESE} to report on {WELSH}.")});
    let added = app.post(&path("/written-minutes/entries")).auth(&chair).json(&entry).send().unwrap();
    assert!(added.status().is_success(), "{}", added.status());

    let response = app.get(&path("/written-minutes/pdf")).auth(&chair).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let text = assert_keeps_every_name(&response.bytes().unwrap(), &names, "the minutes");
    assert!(text.contains(&format!("Minutes: {WELSH} board meeting")), "{text}");
    assert!(text.contains(POLISH) && text.contains(&format!("1. Report by {GREEK}")), "{text}");
}

#[test]
fn the_register_of_interests_keeps_every_script() {
    let app = TestApp::spawn();
    let names = expected();
    let trustee = app.signed_in_named(Role::Trustee, &format!("{GREEK} {RUSSIAN}"));
    let interest: Value = json!({
        "kind": "directorship",
        "organisation": format!("{WELSH} Trust"),
        "nature": format!("Director with {POLISH} and {CHINESE}"),
        "startedOn": "2023-04-01"
    });
    json_of(app.post("/api/interests").auth(&trustee).json(&interest).send().unwrap(), StatusCode::CREATED);

    let response = app.get("/api/interests/export/pdf").auth(&trustee).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let text = assert_keeps_every_name(&response.bytes().unwrap(), &names, "the register");
    assert!(text.contains(&format!("{GREEK} {RUSSIAN}: Directorship - {WELSH} Trust")), "{text}");
}
