//! The `file_texts` queue (docs/spec.md "Text from files") against a real PostgreSQL database: the
//! migration's backfill, the triggers, and claims that two workers never share.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use domain::search::file_text::{FileTextKind, FileTextOutcome, FileTextQueue, NoTextReason};
use persistence::PgFileTextQueue;
use test_support::TestDatabase;

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");
const FILE_TEXTS: &str = "2026-11-30-000100000000_file_texts";
const LEASE: Duration = Duration::from_secs(120);

#[derive(QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    storage_key: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Text)]
    text: String,
    #[diesel(sql_type = Nullable<Text>)]
    reason: Option<String>,
    #[diesel(sql_type = Integer)]
    attempts: i32,
}

fn rows(conn: &mut PgConnection) -> Vec<Row> {
    diesel::sql_query(
        "SELECT kind, storage_key, status, text, reason, attempts FROM file_texts ORDER BY kind, record_id",
    )
    .load(conn)
    .unwrap()
}

fn run(conn: &mut PgConnection, sql: &str) {
    diesel::sql_query(sql).execute(conn).unwrap();
}

fn add_document(conn: &mut PgConnection, key: &str) {
    run(
        conn,
        &format!(
            "INSERT INTO documents (title, category, file_name, mime_type, file_size, storage_key) \
             VALUES ('Doc {key}', 'policies', '{key}.pdf', 'application/pdf', 10, '{key}')"
        ),
    );
}

#[test]
fn files_that_existed_before_the_upgrade_are_queued_by_the_migration() {
    let db = TestDatabase::empty();
    let mut conn = PgConnection::establish(db.url()).unwrap();
    // The schema as it was before this migration, with a file of each kind in it.
    while conn.pending_migrations(MIGRATIONS).unwrap()[0].name().to_string() != FILE_TEXTS {
        conn.run_next_migration(MIGRATIONS).unwrap();
    }
    add_document(&mut conn, "aa01");
    run(&mut conn, "INSERT INTO committees (name) VALUES ('Finance')");
    run(
        &mut conn,
        "INSERT INTO committee_documents (committee_id, title, file_name, mime_type, file_size, storage_key) \
         SELECT id, 'Accounts', 'accounts.xlsx', 'application/vnd.ms-excel', 10, 'bb02' FROM committees",
    );
    run(
        &mut conn,
        "INSERT INTO minutes (title, meeting_date, file_name, file_size, storage_key) \
         VALUES ('March', now(), 'march.pdf', 10, 'cc03')",
    );
    // Minutes kept as a link have no file, so nothing to read.
    run(
        &mut conn,
        "INSERT INTO minutes (title, meeting_date, external_link) VALUES ('April', now(), 'https://example.org/m')",
    );

    conn.run_pending_migrations(MIGRATIONS).unwrap();

    let queued: Vec<(String, String, String, i32)> =
        rows(&mut conn).into_iter().map(|r| (r.kind, r.storage_key, r.status, r.attempts)).collect();
    assert_eq!(
        queued,
        vec![
            ("committee_document".into(), "bb02".into(), "pending".into(), 0),
            ("document".into(), "aa01".into(), "pending".into(), 0),
            ("uploaded_minutes".into(), "cc03".into(), "pending".into(), 0),
        ]
    );
}

fn migrated() -> (TestDatabase, PgFileTextQueue, PgFileTextQueue, PgConnection) {
    let db = TestDatabase::migrated();
    let one = PgFileTextQueue::new(persistence::connect(db.url(), 2).unwrap());
    let other = PgFileTextQueue::new(persistence::connect(db.url(), 2).unwrap());
    let conn = PgConnection::establish(db.url()).unwrap();
    (db, one, other, conn)
}

#[test]
fn two_workers_never_claim_the_same_file_and_a_claim_is_leased() {
    let (_db, one, other, mut conn) = migrated();
    add_document(&mut conn, "aa01");
    add_document(&mut conn, "aa02");
    let first = one.claim(1, LEASE, 5).unwrap();
    let second = other.claim(1, LEASE, 5).unwrap();
    assert_eq!((first.len(), second.len()), (1, 1));
    assert_ne!(first[0].record_id, second[0].record_id);
    // Newest first; the claim knows the record's file name and type.
    assert_eq!(first[0].storage_key.as_str(), "aa02");
    assert_eq!(first[0].file_name, "aa02.pdf");
    assert_eq!(first[0].mime_type.as_deref(), Some("application/pdf"));
    assert_eq!((first[0].kind, first[0].attempts), (FileTextKind::Document, 1));
    // Both are leased: nothing is left to claim.
    assert!(one.claim(5, LEASE, 5).unwrap().is_empty());

    assert!(one.record(&first[0], &FileTextOutcome::Indexed("Lease renewal".into())).unwrap());
    assert!(other.record(&second[0], &FileTextOutcome::NoText(NoTextReason::Encrypted)).unwrap());
    let rows = rows(&mut conn);
    assert_eq!((rows[1].status.as_str(), rows[1].text.as_str()), ("indexed", "Lease renewal"));
    assert_eq!((rows[0].status.as_str(), rows[0].reason.as_deref()), ("no_text", Some("encrypted")));
    // A recorded outcome is not recorded twice.
    assert!(!one.record(&first[0], &FileTextOutcome::Indexed("again".into())).unwrap());
}

#[test]
fn a_file_replaced_while_it_is_read_keeps_none_of_the_old_text_and_is_read_again() {
    let (_db, one, _, mut conn) = migrated();
    add_document(&mut conn, "aa01");
    let claimed = one.claim(1, LEASE, 5).unwrap().remove(0);
    run(
        &mut conn,
        "UPDATE documents SET storage_key = 'aa99', file_name = 'new.docx' WHERE storage_key = 'aa01'",
    );
    assert!(!one.record(&claimed, &FileTextOutcome::Indexed("old words".into())).unwrap());
    let row = rows(&mut conn).remove(0);
    assert_eq!(
        (row.status.as_str(), row.text.as_str(), row.storage_key.as_str(), row.attempts),
        ("pending", "", "aa99", 0)
    );
    // The new file is due at once, whatever the old claim's lease.
    let again = one.claim(1, LEASE, 5).unwrap().remove(0);
    assert_eq!((again.storage_key.as_str(), again.file_name.as_str()), ("aa99", "new.docx"));

    // An indexed file replaced later goes back to pending, without its text.
    assert!(one.record(&again, &FileTextOutcome::Indexed("new words".into())).unwrap());
    run(&mut conn, "UPDATE documents SET storage_key = 'aa98' WHERE storage_key = 'aa99'");
    let row = rows(&mut conn).remove(0);
    assert_eq!((row.status.as_str(), row.text.as_str()), ("pending", ""));
    // Other changes to the record leave the text alone.
    let claimed = one.claim(1, LEASE, 5).unwrap().remove(0);
    assert!(one.record(&claimed, &FileTextOutcome::Indexed("newest words".into())).unwrap());
    run(&mut conn, "UPDATE documents SET title = 'Renamed'");
    assert_eq!(rows(&mut conn)[0].status, "indexed");

    // Deleting the record deletes its row.
    run(&mut conn, "DELETE FROM documents");
    assert!(rows(&mut conn).is_empty());
}

#[test]
fn failures_wait_then_retry_and_a_file_that_never_finishes_is_given_up() {
    let (_db, one, _, mut conn) = migrated();
    add_document(&mut conn, "aa01");
    let claimed = one.claim(1, LEASE, 3).unwrap().remove(0);
    assert!(one.record(&claimed, &FileTextOutcome::RetryAfter(Duration::from_secs(600))).unwrap());
    assert!(one.claim(1, LEASE, 3).unwrap().is_empty(), "waits out its delay");
    run(&mut conn, "UPDATE file_texts SET not_before = now()");
    assert_eq!(one.claim(1, LEASE, 3).unwrap()[0].attempts, 2);
    // A worker that died holding its claim: the file comes back once the lease ends...
    run(&mut conn, "UPDATE file_texts SET not_before = now()");
    assert_eq!(one.claim(1, LEASE, 3).unwrap()[0].attempts, 3);
    // ...and after the last attempt it is given up rather than claimed for ever.
    run(&mut conn, "UPDATE file_texts SET not_before = now()");
    assert!(one.claim(1, LEASE, 3).unwrap().is_empty());
    let row = rows(&mut conn).remove(0);
    assert_eq!((row.status.as_str(), row.reason.as_deref()), ("no_text", Some("too many attempts")));
}

#[test]
fn papers_and_minutes_without_a_file_of_their_own_have_no_row() {
    let (_db, _, _, mut conn) = migrated();
    run(
        &mut conn,
        "INSERT INTO minutes (title, meeting_date, external_link) VALUES ('Link', now(), 'https://example.org/m')",
    );
    run(
        &mut conn,
        "INSERT INTO minutes (title, meeting_date, file_name, file_size, storage_key) VALUES ('File', now(), 'f.pdf', 1, 'dd04')",
    );
    let queued: Vec<(String, String)> =
        rows(&mut conn).into_iter().map(|r| (r.kind, r.storage_key)).collect();
    assert_eq!(queued, vec![("uploaded_minutes".to_string(), "dd04".to_string())]);
}

#[test]
fn a_row_another_transaction_holds_is_skipped_not_waited_for() {
    let (_db, one, _, mut conn) = migrated();
    add_document(&mut conn, "aa01");
    add_document(&mut conn, "aa02");
    conn.transaction::<_, diesel::result::Error, _>(|conn| {
        // Another process in the middle of its claim of the newer file.
        diesel::sql_query("SELECT 1 FROM file_texts WHERE storage_key = 'aa02' FOR UPDATE").execute(conn)?;
        let claimed = one.claim(5, LEASE, 5).unwrap();
        let keys: Vec<&str> = claimed.iter().map(|job| job.storage_key.as_str()).collect();
        assert_eq!(keys, vec!["aa01"]);
        Ok(())
    })
    .unwrap();
}
