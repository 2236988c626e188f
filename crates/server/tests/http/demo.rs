//! `trustee-portal seed-demo`: a whole board in an empty portal, seen through the API; refused (and
//! nothing changed) once the portal has content, unless forced.

use std::collections::BTreeSet;

use crate::common::{json_of, titles, Authed, Session, TestApp};
use reqwest::StatusCode;
use serde_json::Value;
use server::demo::{self, Outcome, Summary, DEMO_PASSWORD};
use server::first_admin::ensure_first_admin;
use test_support::TestDatabase;

const ADMIN: &str = "priya.shah@example.org";
const CHAIR: &str = "margaret.okafor@example.org";
const TRUSTEE: &str = "sandeep.gill@example.org";
const MUST_CHANGE: &str = "tom.barker@example.org";

fn seeded(app: &TestApp, force: bool) -> Summary {
    match demo::seed(&app.state, &app.pool, force).unwrap() {
        Outcome::Seeded(summary) => summary,
        Outcome::Refused(existing) => panic!("refused: {existing}"),
    }
}

fn list(app: &TestApp, who: &Session, path: &str) -> Vec<Value> {
    json_of(app.get(path).auth(who).send().unwrap(), StatusCode::OK).as_array().unwrap().clone()
}

fn strings(items: &[Value], field: &str) -> BTreeSet<String> {
    items.iter().filter_map(|item| item[field].as_str().map(str::to_string)).collect()
}

fn set(values: &[&str]) -> BTreeSet<String> {
    values.iter().map(|v| v.to_string()).collect()
}

/// The bytes the API serves at `path`, checked against the stored file.
fn download(app: &TestApp, who: &Session, path: &str, storage_key: &str) -> Vec<u8> {
    let response = app.get(path).auth(who).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let bytes = response.bytes().unwrap().to_vec();
    let stored = app.stored_file(storage_key).expect("the stored file");
    assert_eq!(bytes, stored, "{path} must serve the stored file byte for byte");
    bytes
}

fn assert_real_pdf(bytes: &[u8], what: &str) {
    assert!(bytes.starts_with(b"%PDF-1."), "{what} must start with %PDF");
    assert!(bytes.trim_ascii_end().ends_with(b"%%EOF"), "{what} must end with %%EOF");
    let text = String::from_utf8_lossy(bytes);
    let startxref: usize =
        text.rsplit("startxref").next().unwrap().trim().trim_end_matches("%%EOF").trim().parse().unwrap();
    assert!(bytes[startxref..].starts_with(b"xref"), "{what}: startxref must point at the xref table");
}

#[test]
fn an_empty_portal_gets_a_whole_board() {
    let app = TestApp::spawn();
    let summary = seeded(&app, false);
    assert!(summary.accounts.iter().all(|a| a.created));

    let (chair, _) = app.sign_in_with_user(CHAIR, DEMO_PASSWORD);

    // About eight people in the three roles; the new trustee must choose a password.
    let users = list(&app, &chair, "/api/users");
    assert_eq!(users.len(), 8);
    assert_eq!(strings(&users, "role"), set(&["admin", "chair", "trustee"]));
    let must_change: Vec<&str> = users
        .iter()
        .filter(|u| u["requirePasswordChange"] == true)
        .map(|u| u["email"].as_str().unwrap())
        .collect();
    assert_eq!(must_change, vec![MUST_CHANGE]);

    // Papers in every category; PDFs and text files download byte for byte.
    let documents = list(&app, &chair, "/api/documents");
    assert_eq!(
        strings(&documents, "category"),
        set(&["governance", "finance", "safeguarding", "risk-register", "policies", "misc"])
    );
    let mut pdfs = 0;
    for document in &documents {
        let id = document["id"].as_i64().unwrap();
        let key =
            app.scalar_text(&format!("SELECT storage_key AS value FROM documents WHERE id = {id}")).unwrap();
        let bytes = download(&app, &chair, &format!("/api/documents/{id}/download"), &key);
        assert_eq!(bytes.len() as i64, document["fileSize"].as_i64().unwrap());
        let name = document["fileName"].as_str().unwrap();
        match document["mimeType"].as_str().unwrap() {
            "application/pdf" => {
                assert_real_pdf(&bytes, name);
                pdfs += 1;
            }
            mime => {
                assert!(mime.starts_with("text/plain"), "{name}: {mime}");
                assert!(String::from_utf8(bytes).unwrap().trim().len() > 50, "{name} has content");
            }
        }
    }
    assert!(pdfs >= 5 && documents.len() - pdfs >= 5, "both PDFs and text files");
    // Uploaded over the past months, so the library has a history.
    assert!(strings(&documents, "updatedAt").len() == documents.len());

    // Every status, overdue included, as the API reports it.
    let actions = list(&app, &chair, "/api/actions");
    assert_eq!(strings(&actions, "status"), set(&["pending", "in-progress", "complete", "overdue"]));
    assert_eq!(list(&app, &chair, "/api/actions?status=overdue").len(), 2);
    let assignees: BTreeSet<i64> = actions.iter().filter_map(|a| a["assignedTo"].as_i64()).collect();
    assert!(assignees.len() >= 4, "actions are spread over the board");

    // Past and upcoming meetings, with https links.
    let upcoming = list(&app, &chair, "/api/meetings?upcoming=true");
    let past = list(&app, &chair, "/api/meetings?upcoming=false");
    assert!(upcoming.len() >= 2 && past.len() >= 2, "{} upcoming, {} past", upcoming.len(), past.len());
    assert!(upcoming.iter().any(|m| m["meetingLink"].is_string() && m["agendaLink"].is_string()));
    for meeting in upcoming.iter().chain(&past) {
        for link in ["meetingLink", "agendaLink", "minutesLink"] {
            if let Some(url) = meeting[link].as_str() {
                assert!(url.starts_with("https://"), "{url}");
            }
        }
    }
    assert_eq!(past.iter().filter(|m| m["minutesId"].is_number()).count(), 2, "minutes of two past meetings");

    // Minutes: one PDF and one external link, each linked to its meeting.
    let minutes = list(&app, &chair, "/api/minutes");
    assert_eq!(minutes.len(), 2);
    assert!(minutes.iter().all(|m| m["meetingId"].is_number()));
    let pdf = minutes.iter().find(|m| m["fileName"].is_string()).expect("PDF minutes");
    let link = minutes.iter().find(|m| m["externalLink"].is_string()).expect("linked minutes");
    assert!(link["externalLink"].as_str().unwrap().starts_with("https://"));
    let id = pdf["id"].as_i64().unwrap();
    let key = app.scalar_text(&format!("SELECT storage_key AS value FROM minutes WHERE id = {id}")).unwrap();
    let bytes = download(&app, &chair, &format!("/api/minutes/{id}/download"), &key);
    assert_real_pdf(&bytes, "PDF minutes");

    // Pinned, normal, high-priority and expired notices; the expired one only when asked for.
    let notices = list(&app, &chair, "/api/notices?includeExpired=true");
    assert!(notices.iter().any(|n| n["pinned"] == true));
    assert!(notices.iter().any(|n| n["pinned"] == false && n["expired"] == false));
    assert_eq!(strings(&notices, "priority"), set(&["low", "normal", "high"]));
    let expired: Vec<&Value> = notices.iter().filter(|n| n["expired"] == true).collect();
    assert_eq!(expired.len(), 1);
    let current = list(&app, &chair, "/api/notices");
    assert_eq!(current.len(), notices.len() - 1);
    assert!(current.iter().all(|n| n["expired"] == false));

    // Two committees, one archived, each with members and a chat between several of them.
    let committees = list(&app, &chair, "/api/committees?includeArchived=true");
    assert_eq!(committees.len(), 2);
    assert_eq!(committees.iter().filter(|c| c["archived"] == true).count(), 1);
    assert_eq!(list(&app, &chair, "/api/committees").len(), 1);
    for committee in &committees {
        let id = committee["id"].as_i64().unwrap();
        assert!(list(&app, &chair, &format!("/api/committees/{id}/members")).len() >= 3);
        let messages = list(&app, &chair, &format!("/api/committees/{id}/messages"));
        assert!(messages.len() >= 3);
        let senders: BTreeSet<i64> = messages.iter().filter_map(|m| m["user"]["id"].as_i64()).collect();
        assert!(senders.len() >= 2, "messages from different members");
        let sent: Vec<&str> = messages.iter().map(|m| m["sentAt"].as_str().unwrap()).collect();
        assert!(sent.windows(2).all(|w| w[0] < w[1]), "a conversation over time, oldest first: {sent:?}");
        let papers = list(&app, &chair, &format!("/api/committees/{id}/documents"));
        assert_eq!(papers.len(), 1);
        let doc = papers[0]["id"].as_i64().unwrap();
        let bytes = app
            .get(&format!("/api/committees/{id}/documents/{doc}/download"))
            .auth(&chair)
            .send()
            .unwrap()
            .bytes()
            .unwrap();
        assert!(bytes.starts_with(b"%PDF") && bytes.trim_ascii_end().ends_with(b"%%EOF"), "a real PDF");
    }

    // The other demo accounts sign in too.
    let (_, admin) = app.sign_in_with_user(ADMIN, DEMO_PASSWORD);
    assert_eq!(
        (admin["role"].as_str(), admin["requirePasswordChange"].as_bool()),
        (Some("admin"), Some(false))
    );
    let (trustee, user) = app.sign_in_with_user(TRUSTEE, DEMO_PASSWORD);
    assert_eq!(user["role"], "trustee");
    assert_eq!(
        list(&app, &trustee, "/api/committees").len(),
        1,
        "the Treasurer sits on the finance committee"
    );
    let (_, new_trustee) = app.sign_in_with_user(MUST_CHANGE, DEMO_PASSWORD);
    assert_eq!(new_trustee["requirePasswordChange"], true);
}

/// Every row and file, to see that a refused run changes nothing.
fn snapshot(app: &TestApp) -> Vec<i64> {
    let tables = [
        "users",
        "documents",
        "actions",
        "meetings",
        "minutes",
        "notices",
        "committees",
        "committee_members",
        "committee_messages",
    ];
    let mut counts: Vec<i64> = tables.iter().map(|table| app.rows(table)).collect();
    counts.push(app.stored_files() as i64);
    counts
}

#[test]
fn the_first_admin_alone_is_no_content_but_a_second_run_is_refused_unless_forced() {
    let app = TestApp::spawn();
    let config = crate::common::test_config("unused", app.data_dir.path());
    ensure_first_admin(&config, &app.state.users).unwrap().unwrap();
    seeded(&app, false);
    let after_seeding = snapshot(&app);
    assert_eq!(after_seeding[0], 9, "the first admin and the eight demo accounts");

    match demo::seed(&app.state, &app.pool, false).unwrap() {
        Outcome::Refused(existing) => {
            assert_eq!((existing.users, existing.documents, existing.committees), (9, 12, 2));
        }
        Outcome::Seeded(_) => panic!("a second run must be refused"),
    }
    assert_eq!(snapshot(&app), after_seeding, "a refused run changes nothing");

    // Forced: the board is added again on top; the accounts are the ones already there.
    let summary = seeded(&app, true);
    assert!(summary.accounts.iter().all(|a| !a.created));
    let forced = snapshot(&app);
    assert_eq!(forced[0], 9);
    for (index, (before, after)) in after_seeding.iter().zip(&forced).enumerate().skip(1) {
        assert_eq!(*after, before * 2, "count {index} doubles");
    }
}

#[test]
fn any_content_means_refusal() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(domain::identity::role::Role::Chair);
    let notice = serde_json::json!({ "title": "AGM", "content": "In March." });
    json_of(app.post("/api/notices").auth(&chair).json(&notice).send().unwrap(), StatusCode::CREATED);
    let before = snapshot(&app);
    assert!(matches!(demo::seed(&app.state, &app.pool, false).unwrap(), Outcome::Refused(_)));
    assert_eq!(snapshot(&app), before);
}

/// The command's work once connected: it migrates a blank database and makes the data folder itself.
#[test]
fn the_meeting_cycle_is_there_to_try() {
    let app = TestApp::spawn();
    seeded(&app, false);
    let (chair, _) = app.sign_in_with_user(CHAIR, DEMO_PASSWORD);
    let (treasurer, _) = app.sign_in_with_user(TRUSTEE, DEMO_PASSWORD);
    let get = |who: &Session, path: &str| json_of(app.get(path).auth(who).send().unwrap(), StatusCode::OK);
    let board = |upcoming: bool| -> Vec<Value> {
        list(&app, &treasurer, &format!("/api/meetings?upcoming={upcoming}"))
            .into_iter()
            .filter(|m| m["kind"] == "board")
            .collect()
    };

    // A past board meeting: agenda from the standard items, attendance recorded, minutes approved.
    let past = board(false);
    let held = past
        .iter()
        .find(|m| {
            let id = m["id"].as_i64().unwrap();
            app.get(&format!("/api/meetings/{id}/written-minutes")).auth(&treasurer).send().unwrap().status()
                == StatusCode::OK
        })
        .expect("a past board meeting with written minutes");
    let held_id = held["id"].as_i64().unwrap();
    let page = get(&treasurer, &format!("/api/meetings/{held_id}"));
    assert_eq!(page["agendaVisible"], true);
    assert_eq!(
        titles(&page["agenda"]),
        [
            "Welcome and apologies",
            "Declarations of interest",
            "Minutes of the last meeting",
            "Matters arising and action log",
            "Finance report and reserves policy",
            "Safeguarding report",
            "Any other business",
            "Date of next meeting",
        ]
    );
    let sheet = get(&chair, &format!("/api/meetings/{held_id}/attendance"));
    assert!(sheet["summary"]["recordedPresent"].as_i64().unwrap() >= 4, "{sheet}");
    assert_eq!(sheet["summary"]["recordedQuorate"], true, "{sheet}");
    let members = sheet["members"].as_array().unwrap();
    let apologies: Vec<&Value> = members.iter().filter(|m| m["recorded"] == "apologies").collect();
    assert_eq!(apologies.len(), 1);
    assert_eq!(apologies[0]["response"], "apologies");

    let minutes = get(&treasurer, &format!("/api/meetings/{held_id}/written-minutes"));
    assert_eq!(minutes["status"], "approved");
    let approving = minutes["approvedAtMeetingId"].as_i64().unwrap();
    assert!(past
        .iter()
        .any(|m| m["id"] == approving && m["meetingDate"].as_str() > held["meetingDate"].as_str()));
    assert!(minutes["approvalLine"].as_str().unwrap().starts_with("Approved"), "{minutes}");
    let entries = minutes["entries"].as_array().unwrap();
    let decision = entries.iter().find(|e| e["kind"] == "decision").expect("a decision");
    assert_eq!(decision["itemTitle"], "Finance report and reserves policy");
    let action = entries.iter().find(|e| e["kind"] == "action").expect("an action");
    let action_id = action["actionId"].as_i64().expect("the action is in the tracker");
    let tracked = list(&app, &treasurer, "/api/actions");
    let tracked = tracked.iter().find(|a| a["id"] == action_id).expect("the Treasurer's action");
    assert_eq!(tracked["status"], "complete");
    let register = list(&app, &treasurer, "/api/decisions");
    assert!(register.iter().any(|d| d["text"] == decision["text"] && d["meetingId"] == held_id));

    // The next board meeting: a published agenda with papers, and a board pack with their pages.
    let next = board(true).into_iter().next().expect("an upcoming board meeting");
    let next_id = next["id"].as_i64().unwrap();
    let page = get(&treasurer, &format!("/api/meetings/{next_id}"));
    assert_eq!(page["meeting"]["agendaStatus"], "published");
    assert_eq!(page["agendaVisible"], true);
    let titles = titles(&page["agenda"]);
    assert_eq!(titles.first().map(String::as_str), Some("Welcome and apologies"));
    assert_eq!(titles.last().map(String::as_str), Some("Date of next meeting"));
    assert!(titles.iter().any(|t| t == "Annual report and accounts 2025/26"));
    let papers: Vec<&Value> =
        page["agenda"].as_array().unwrap().iter().flat_map(|i| i["papers"].as_array().unwrap()).collect();
    let pdf_papers = papers.iter().filter(|p| p["mimeType"] == "application/pdf").count();
    assert_eq!(pdf_papers, 2, "{papers:?}");
    assert!(papers.iter().any(|p| p["mimeType"].as_str().unwrap().starts_with("text/plain")));

    let response = app.get(&format!("/api/meetings/{next_id}/board-pack")).auth(&treasurer).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let pack = response.bytes().unwrap().to_vec();
    let document = lopdf::Document::load_mem(&pack).expect("the board pack is a PDF");
    // A cover, the agenda (at least a page), then each one-page PDF paper.
    assert!(document.get_pages().len() >= 1 + 1 + pdf_papers, "{} pages", document.get_pages().len());
}

#[test]
fn the_command_migrates_seeds_once_then_refuses() {
    let db = TestDatabase::empty();
    let data_dir = tempfile::tempdir().unwrap();
    let config = crate::common::test_config(db.url(), &data_dir.path().join("new-folder"));
    let pool = || persistence::connect(db.url(), 2).unwrap();
    let Outcome::Seeded(summary) = demo::run(&config, pool(), false).unwrap() else {
        panic!("a blank database is seeded")
    };
    let printed = summary.to_string();
    assert!(printed.contains(CHAIR) && printed.contains(DEMO_PASSWORD), "{printed}");
    assert!(data_dir.path().join("new-folder/files").is_dir());
    let Outcome::Refused(existing) = demo::run(&config, pool(), false).unwrap() else {
        panic!("a second run is refused")
    };
    assert_eq!(
        existing.to_string(),
        "users: 8, documents: 12, actions: 10, meetings: 6, minutes: 2, notices: 6, committees: 2"
    );
}
