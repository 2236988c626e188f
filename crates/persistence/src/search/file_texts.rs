//! The `file_texts` queue (docs/spec.md "Search", "Text from files"): claims with `FOR UPDATE SKIP
//! LOCKED` and a lease, outcomes recorded only for the file that was read.

use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Integer, Nullable, Text};

use domain::library::files::StorageKey;
use domain::search::file_text::{FileTextJob, FileTextOutcome, FileTextQueue};
use domain::RepoError;

use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

pub struct PgFileTextQueue {
    pool: PgPool,
}

impl PgFileTextQueue {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    record_id: i64,
    #[diesel(sql_type = Text)]
    storage_key: String,
    #[diesel(sql_type = Integer)]
    attempts: i32,
    #[diesel(sql_type = Text)]
    file_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    mime_type: Option<String>,
}

impl TryFrom<ClaimedRow> for FileTextJob {
    type Error = RepoError;

    fn try_from(row: ClaimedRow) -> Result<Self, RepoError> {
        Ok(FileTextJob {
            kind: row.kind.parse().map_err(|_| bad_value("file_texts.kind", &row.kind))?,
            record_id: row.record_id,
            storage_key: StorageKey::parse(&row.storage_key)
                .ok_or_else(|| bad_value("file_texts.storage_key", &row.storage_key))?,
            file_name: row.file_name,
            mime_type: row.mime_type,
            attempts: row.attempts,
        })
    }
}

/// Files claimed this often with no outcome recorded are given up (their worker died each time).
const GIVE_UP: &str = "UPDATE file_texts SET status = 'no_text', reason = 'too many attempts', text = '', \
         updated_at = now() \
     WHERE (kind, record_id) IN (SELECT kind, record_id FROM file_texts \
         WHERE status = 'pending' AND attempts >= $1 AND not_before <= now() FOR UPDATE SKIP LOCKED)";

/// Locks, counts and leases the newest due files in one statement, and answers them with the file name
/// and type their records keep (minutes are PDFs only and keep no type).
const CLAIM: &str = "WITH claimed AS ( \
         UPDATE file_texts f SET attempts = f.attempts + 1, not_before = now() + make_interval(secs => $3) \
         FROM (SELECT kind, record_id FROM file_texts \
               WHERE status = 'pending' AND not_before <= now() AND attempts < $2 \
               ORDER BY updated_at DESC, kind, record_id LIMIT $1 FOR UPDATE SKIP LOCKED) due \
         WHERE f.kind = due.kind AND f.record_id = due.record_id \
         RETURNING f.kind, f.record_id, f.storage_key, f.attempts) \
     SELECT c.kind, c.record_id, c.storage_key, c.attempts, \
         COALESCE(d.file_name, cd.file_name, m.file_name, p.file_name, '') AS file_name, \
         COALESCE(d.mime_type, cd.mime_type, CASE WHEN m.id IS NOT NULL THEN 'application/pdf' END, \
                  p.mime_type) AS mime_type \
     FROM claimed c \
     LEFT JOIN documents d ON c.kind = 'document' AND d.id = c.record_id \
     LEFT JOIN committee_documents cd ON c.kind = 'committee_document' AND cd.id = c.record_id \
     LEFT JOIN minutes m ON c.kind = 'uploaded_minutes' AND m.id = c.record_id \
     LEFT JOIN agenda_papers p ON c.kind = 'agenda_paper' AND p.id = c.record_id";

/// The row as it was claimed: still pending, the same file, the same claim.
const SAME_CLAIM: &str =
    "kind = $1 AND record_id = $2 AND storage_key = $3 AND attempts = $4 AND status = 'pending'";

impl FileTextQueue for PgFileTextQueue {
    #[tracing::instrument(skip(self))]
    fn claim(&self, limit: i64, lease: Duration, max_attempts: i32) -> Result<Vec<FileTextJob>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<ClaimedRow> = conn
            .transaction(|conn| {
                diesel::sql_query(GIVE_UP).bind::<Integer, _>(max_attempts).execute(conn)?;
                diesel::sql_query(CLAIM)
                    .bind::<BigInt, _>(limit)
                    .bind::<Integer, _>(max_attempts)
                    .bind::<Double, _>(lease.as_secs_f64())
                    .load(conn)
            })
            .map_err(repo_error)?;
        rows.into_iter().map(FileTextJob::try_from).collect()
    }

    #[tracing::instrument(skip(self, outcome), fields(kind = %job.kind, record_id = job.record_id))]
    fn record(&self, job: &FileTextJob, outcome: &FileTextOutcome) -> Result<bool, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // The value an outcome sets is `$5`, bound after the four that name the claim.
        let (set, value): (&str, Bound) = match outcome {
            FileTextOutcome::Indexed(text) => (
                "status = 'indexed', text = $5, reason = NULL, updated_at = now()",
                Bound::Text(text.clone()),
            ),
            FileTextOutcome::NoText(reason) => (
                "status = 'no_text', text = '', reason = $5, updated_at = now()",
                Bound::Text(reason.as_str().to_string()),
            ),
            FileTextOutcome::RetryAfter(after) => {
                ("not_before = now() + make_interval(secs => $5)", Bound::Seconds(after.as_secs_f64()))
            }
        };
        let keyed = diesel::sql_query(format!("UPDATE file_texts SET {set} WHERE {SAME_CLAIM}"))
            .into_boxed()
            .bind::<Text, _>(job.kind.as_str())
            .bind::<BigInt, _>(job.record_id)
            .bind::<Text, _>(job.storage_key.as_str().to_string())
            .bind::<Integer, _>(job.attempts);
        let updated = match value {
            Bound::Text(text) => keyed.bind::<Text, _>(text).execute(&mut conn),
            Bound::Seconds(seconds) => keyed.bind::<Double, _>(seconds).execute(&mut conn),
        }
        .map_err(repo_error)?;
        Ok(updated == 1)
    }
}

/// The value an outcome sets.
enum Bound {
    Text(String),
    Seconds(f64),
}
