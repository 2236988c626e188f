//! Text from files (docs/spec.md "Search", "Text from files"): files uploaded through the API are read
//! in the background by the file-text worker, and `file_texts` holds their words (or why there are none)
//! within seconds; uploads answer at once; replaced files are read again and deleted records leave no
//! row; two server processes share the queue without reading a file twice.

use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::json;
use text_extract::fixtures;

use crate::common::cluster::Cluster;
use crate::common::files::{file_part, form, PDF_MIME};
use crate::common::{at, item, json_of, Authed, Session, TestApp};

/// How long a file may take to be read here: seconds in service; a loaded test machine gets room.
const WITHIN: Duration = Duration::from_secs(20);

#[derive(QueryableByName, Debug)]
struct FileText {
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Text)]
    text: String,
    #[diesel(sql_type = Nullable<Text>)]
    reason: Option<String>,
    #[diesel(sql_type = Integer)]
    attempts: i32,
}

fn file_text(database_url: &str, kind: &str, id: i64) -> Option<FileText> {
    let mut conn = PgConnection::establish(database_url).expect("a connection");
    diesel::sql_query(format!(
        "SELECT status, text, reason, attempts FROM file_texts WHERE kind = '{kind}' AND record_id = {id}"
    ))
    .get_result(&mut conn)
    .optional()
    .expect("query")
}

/// The row once the worker has read the file (no longer pending), waiting up to `WITHIN`.
fn read_eventually(database_url: &str, kind: &str, id: i64) -> FileText {
    let start = Instant::now();
    loop {
        let row = file_text(database_url, kind, id);
        match row {
            Some(row) if row.status != "pending" => return row,
            _ if start.elapsed() > WITHIN => panic!("{kind} {id} was not read within {WITHIN:?}: {row:?}"),
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

fn indexed(database_url: &str, kind: &str, id: i64) -> String {
    let row = read_eventually(database_url, kind, id);
    assert_eq!((row.status.as_str(), row.reason.as_deref()), ("indexed", None), "{kind} {id}: {row:?}");
    row.text
}

fn upload_document(app: &TestApp, who: &Session, name: &str, bytes: Vec<u8>) -> i64 {
    let upload = form(
        &[("title", name), ("category", "policies")],
        Some(file_part(bytes, name, "application/octet-stream")),
    );
    json_of(app.post("/api/documents").auth(who).multipart(upload).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

#[test]
fn pdf_docx_xlsx_and_txt_documents_are_indexed_within_seconds() {
    let app = TestApp::spawn_with_file_texts();
    let admin = app.signed_in_as(Role::Admin);
    let pdf = upload_document(&app, &admin, "lease.pdf", fixtures::pdf(&["The lease renewal was approved."]));
    let docx = upload_document(&app, &admin, "policy.docx", fixtures::docx(&["Lone working policy"]));
    let xlsx = upload_document(
        &app,
        &admin,
        "budget.xlsx",
        fixtures::xlsx("Budget 2027", &[&["Line", "Amount"], &["Reserves", "41500"]]),
    );
    let txt = upload_document(&app, &admin, "notes.txt", "Safeguarding training is due.".as_bytes().to_vec());

    assert!(indexed(app.database_url(), "document", pdf).contains("The lease renewal was approved."));
    assert!(indexed(app.database_url(), "document", docx).contains("Lone working policy"));
    let sheet = indexed(app.database_url(), "document", xlsx);
    assert!(sheet.contains("Budget 2027") && sheet.contains("Reserves\t41500"), "{sheet}");
    assert_eq!(indexed(app.database_url(), "document", txt), "Safeguarding training is due.");
    // Each was read once.
    assert_eq!(app.scalar_i64("SELECT max(attempts)::bigint AS value FROM file_texts"), 1);
}

#[test]
fn an_upload_answers_at_once_and_its_file_waits_in_the_queue() {
    // No worker here: what the upload itself does is only to queue the file, in its own transaction.
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let id = upload_document(&app, &admin, "queued.pdf", fixtures::pdf(&["Queued words"]));
    let row = file_text(app.database_url(), "document", id).expect("a queued row");
    assert_eq!((row.status.as_str(), row.text.as_str(), row.attempts), ("pending", "", 0));
}

#[test]
fn the_worker_hears_of_an_upload_without_waiting_for_its_poll() {
    // A poll of an hour: only the notification of the upload (or the wake-up when the listening
    // connection is made) can start the worker in time.
    let app = TestApp::spawn_with(|c| {
        c.file_texts.worker = true;
        c.file_texts.poll = Duration::from_secs(3600);
    });
    let admin = app.signed_in_as(Role::Admin);
    let id = upload_document(&app, &admin, "heard.txt", b"Heard at once".to_vec());
    assert_eq!(indexed(app.database_url(), "document", id), "Heard at once");
}

#[test]
fn a_replaced_file_is_read_again_with_none_of_the_old_words() {
    let app = TestApp::spawn_with_file_texts();
    let admin = app.signed_in_as(Role::Admin);
    let id = upload_document(&app, &admin, "v1.pdf", fixtures::pdf(&["Old tenancy terms"]));
    assert!(indexed(app.database_url(), "document", id).contains("Old tenancy terms"));

    // A new file under the same record, as a new version replaces it (the trigger follows the storage key,
    // whichever write changes it).
    let mut pending = app.state.files.begin().unwrap();
    std::io::Write::write_all(&mut pending, &fixtures::docx(&["New tenancy terms"])).unwrap();
    let key = pending.commit().unwrap();
    app.execute(&format!(
        "UPDATE documents SET storage_key = '{key}', file_name = 'v2.docx', \
         mime_type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' WHERE id = {id}"
    ));
    let text = indexed(app.database_url(), "document", id);
    assert!(text.contains("New tenancy terms") && !text.contains("Old"), "{text}");
}

#[test]
fn agenda_papers_committee_documents_and_uploaded_minutes_are_indexed() {
    let app = TestApp::spawn_with_file_texts();
    let admin = app.signed_in_as(Role::Admin);

    let meeting = app
        .schedule_meeting(&admin, &json!({"title": "Board", "meetingDate": at(chrono::Duration::days(7))}));
    let item = app.add_agenda_item(&admin, meeting, &item("Finance"));
    let paper =
        app.upload_agenda_pdf(&admin, meeting, item, "forecast.pdf", fixtures::pdf(&["Cash-flow forecast"]));

    let committee = app.create_committee(&admin, "Audit");
    let upload = form(
        &[("title", "Terms")],
        Some(file_part(fixtures::docx(&["Audit committee terms"]), "terms.docx", "application/octet-stream")),
    );
    let response =
        app.post(&format!("/api/committees/{committee}/documents")).auth(&admin).multipart(upload).send();
    let committee_document = json_of(response.unwrap(), StatusCode::CREATED)["id"].as_i64().unwrap();

    let fields = [("title", "March"), ("meetingDate", "2026-03-05T18:30:00Z")];
    let upload = form(
        &fields,
        Some(file_part(fixtures::pdf(&["Minutes of the March meeting"]), "march.pdf", PDF_MIME)),
    );
    let minutes =
        json_of(app.post("/api/minutes").auth(&admin).multipart(upload).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();

    assert!(indexed(app.database_url(), "agenda_paper", paper).contains("Cash-flow forecast"));
    assert!(indexed(app.database_url(), "committee_document", committee_document)
        .contains("Audit committee terms"));
    assert!(indexed(app.database_url(), "uploaded_minutes", minutes).contains("Minutes of the March meeting"));

    // Removing the paper removes its row.
    let removed = app
        .delete(&format!("/api/meetings/{meeting}/agenda-items/{item}/papers/{paper}"))
        .auth(&admin)
        .send();
    assert!(removed.unwrap().status().is_success());
    assert!(file_text(app.database_url(), "agenda_paper", paper).is_none());
}

#[test]
fn encrypted_and_damaged_files_have_no_text_and_the_next_file_is_still_indexed() {
    let app = TestApp::spawn_with_file_texts();
    let admin = app.signed_in_as(Role::Admin);
    let locked = upload_document(&app, &admin, "locked.pdf", fixtures::encrypted_pdf(&["Hidden words"]));
    let damaged = upload_document(&app, &admin, "damaged.pdf", b"%PDF-1.7\nthis is no PDF at all".to_vec());
    let scan = upload_document(&app, &admin, "scan.pdf", fixtures::image_only_pdf());
    let next = upload_document(&app, &admin, "next.txt", b"Still indexed".to_vec());

    for (id, reason) in [(locked, "encrypted"), (damaged, "damaged"), (scan, "no text layer")] {
        let row = read_eventually(app.database_url(), "document", id);
        assert_eq!(
            (row.status.as_str(), row.reason.as_deref(), row.text.as_str()),
            ("no_text", Some(reason), "")
        );
    }
    assert_eq!(indexed(app.database_url(), "document", next), "Still indexed");
}

#[test]
fn deleting_a_document_deletes_its_row() {
    let app = TestApp::spawn_with_file_texts();
    let admin = app.signed_in_as(Role::Admin);
    let id = upload_document(&app, &admin, "gone.txt", b"Soon gone".to_vec());
    indexed(app.database_url(), "document", id);
    let deleted = app.delete(&format!("/api/documents/{id}")).auth(&admin).send().unwrap();
    assert!(deleted.status().is_success(), "{}", deleted.status());
    assert!(file_text(app.database_url(), "document", id).is_none());
}

/// Uploads a text document on `server` of the cluster; answers its id.
fn upload_on(cluster: &Cluster, server: usize, who: &Session, name: &str, words: &str) -> i64 {
    let upload = form(
        &[("title", name), ("category", "policies")],
        Some(file_part(fixtures::docx(&[words]), name, "application/octet-stream")),
    );
    let response = cluster.post(server, "/api/documents").auth(who).multipart(upload).send().unwrap();
    json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap()
}

#[test]
fn a_file_uploaded_on_one_server_is_read_by_the_other() {
    // Only the second process runs the worker.
    let cluster = Cluster::start_with(2, |n| if n == 0 { vec![("FILE_TEXT_WORKER", "off")] } else { vec![] });
    let admin = cluster.admin_on(0);
    let id = upload_on(&cluster, 0, &admin, "remote.docx", "Read on the other server");
    let text = indexed(cluster.database_url(), "document", id);
    assert!(text.contains("Read on the other server"), "{text}");
    // And the first server's search finds it by a word inside.
    let body = json_of(
        cluster.get(0, "/api/search").query(&[("q", "other server")]).auth(&admin).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(body["results"][0]["id"].as_i64(), Some(id), "{body}");
}

#[test]
fn with_two_workers_each_file_is_read_exactly_once() {
    let cluster = Cluster::start(2);
    let admin = cluster.admin_on(0);
    let ids: Vec<i64> = (0..8)
        .map(|n| upload_on(&cluster, n % 2, &admin, &format!("file-{n}.docx"), &format!("Words of file {n}")))
        .collect();
    for (n, id) in ids.iter().enumerate() {
        assert!(indexed(cluster.database_url(), "document", *id).contains(&format!("Words of file {n}")));
        let row = file_text(cluster.database_url(), "document", *id).unwrap();
        assert_eq!(row.attempts, 1, "file {n} was claimed {} times", row.attempts);
    }
}

/// A paper's search row rewritten (its agenda published, say) while its text is being stored keeps the text:
/// the rewrite and the extraction take their locks in the same order, so the later one sees the other's work.
#[test]
fn a_search_row_rewritten_while_its_text_is_stored_keeps_the_text() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let meeting = app
        .schedule_meeting(&chair, &json!({ "title": "Board", "meetingDate": at(chrono::Duration::days(9)) }));
    let item = app.add_agenda_item(&chair, meeting, &item("Budget"));
    let paper = app.upload_agenda_pdf(&chair, meeting, item, "budget.pdf", crate::common::files::pdf());
    // The row is rewritten in a transaction still open when the extraction stores the text.
    let mut rewrite = app.pool.get().unwrap();
    diesel::sql_query("BEGIN").execute(&mut rewrite).unwrap();
    diesel::sql_query(format!("SELECT search_put_agenda_paper({paper})")).execute(&mut rewrite).unwrap();
    let pool = app.pool.clone();
    let extraction = std::thread::spawn(move || {
        let mut conn = pool.get().unwrap();
        diesel::sql_query(format!(
            "UPDATE file_texts SET status = 'indexed', text = 'lantern harbour reserves' \
             WHERE kind = 'agenda_paper' AND record_id = {paper}"
        ))
        .execute(&mut conn)
        .unwrap();
    });
    app.wait_until(
        "SELECT count(*) AS value FROM pg_stat_activity \
         WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE file_texts%'",
    );
    diesel::sql_query("COMMIT").execute(&mut rewrite).unwrap();
    extraction.join().unwrap();
    let stored = app.scalar_text(&format!(
        "SELECT file_text AS value FROM search_entries WHERE kind = 'agenda_paper' AND record_id = {paper}"
    ));
    assert_eq!(stored.as_deref(), Some("lantern harbour reserves"));
}
