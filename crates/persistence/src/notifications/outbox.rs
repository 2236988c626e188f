//! The mail outbox table: enqueue (also used inside other repositories' transactions), claims for the
//! worker, and the delivery log.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text, Timestamptz};

use domain::notifications::mail::{Attachment, MailKind, MailStatus, OutgoingMail, QueuedMail};
use domain::notifications::notification::NotificationKind;
use domain::notifications::OutboxRepository;
use domain::{RepoError, UserId};

use crate::schema::{mail_attachments, mail_outbox};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

pub struct PgOutboxRepository {
    pool: PgPool,
}

impl PgOutboxRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(Queryable, QueryableByName, Selectable)]
#[diesel(table_name = mail_outbox)]
struct OutboxRow {
    id: i64,
    kind: String,
    recipient: String,
    user_id: Option<i32>,
    subject: String,
    text_body: String,
    html_body: String,
    list_unsubscribe: Option<String>,
    status: String,
    attempts: i32,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
}

impl TryFrom<OutboxRow> for QueuedMail {
    type Error = RepoError;

    fn try_from(row: OutboxRow) -> Result<Self, RepoError> {
        Ok(QueuedMail {
            id: row.id,
            mail: OutgoingMail {
                kind: row.kind.parse().map_err(|_| bad_value("mail_outbox.kind", &row.kind))?,
                to: row.recipient,
                user_id: row.user_id.map(UserId),
                subject: row.subject,
                text: row.text_body,
                html: row.html_body,
                list_unsubscribe: row.list_unsubscribe,
                attachments: Vec::new(),
            },
            status: row
                .status
                .parse::<MailStatus>()
                .map_err(|_| bad_value("mail_outbox.status", &row.status))?,
            attempts: row.attempts,
            last_error: row.last_error,
            created_at: row.created_at,
            sent_at: row.sent_at,
        })
    }
}

/// Inserts a queued message (and its attachments) on `conn`, so callers can make it part of their own
/// transaction; with attachments, call it inside a transaction.
pub(crate) fn enqueue_on(conn: &mut PgConnection, mail: &OutgoingMail) -> QueryResult<i64> {
    let id = insert_message(conn, mail)?;
    for file in &mail.attachments {
        diesel::insert_into(mail_attachments::table)
            .values((
                mail_attachments::outbox_id.eq(id),
                mail_attachments::filename.eq(&file.filename),
                mail_attachments::content_type.eq(&file.content_type),
                mail_attachments::content.eq(&file.content),
            ))
            .execute(conn)?;
    }
    Ok(id)
}

/// The attachments of the claimed messages, in the order they were added.
fn attach(conn: &mut PgConnection, queued: &mut [QueuedMail]) -> QueryResult<()> {
    let ids: Vec<i64> = queued.iter().map(|q| q.id).collect();
    let files: Vec<(i64, String, String, Vec<u8>)> = mail_attachments::table
        .filter(mail_attachments::outbox_id.eq_any(&ids))
        .order(mail_attachments::id)
        .select((
            mail_attachments::outbox_id,
            mail_attachments::filename,
            mail_attachments::content_type,
            mail_attachments::content,
        ))
        .load(conn)?;
    for (outbox_id, filename, content_type, content) in files {
        if let Some(q) = queued.iter_mut().find(|q| q.id == outbox_id) {
            q.mail.attachments.push(Attachment { filename, content_type, content });
        }
    }
    Ok(())
}

fn insert_message(conn: &mut PgConnection, mail: &OutgoingMail) -> QueryResult<i64> {
    diesel::insert_into(mail_outbox::table)
        .values((
            mail_outbox::kind.eq(mail.kind.as_str()),
            mail_outbox::recipient.eq(&mail.to),
            mail_outbox::user_id.eq(mail.user_id.map(|id| id.0)),
            mail_outbox::subject.eq(&mail.subject),
            mail_outbox::text_body.eq(&mail.text),
            mail_outbox::html_body.eq(&mail.html),
            mail_outbox::list_unsubscribe.eq(&mail.list_unsubscribe),
        ))
        .returning(mail_outbox::id)
        .get_result(conn)
}

impl OutboxRepository for PgOutboxRepository {
    fn enqueue(&self, mail: &OutgoingMail) -> Result<i64, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| enqueue_on(conn, mail)).map_err(repo_error)
    }

    fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<QueuedMail>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // One statement: the rows are locked (skipping those another process holds), leased and returned
        // together, so two workers never claim the same message. A password link or a test message goes
        // before the notifications queued ahead of it: one document can queue a mail to every member.
        let rows: Vec<OutboxRow> = diesel::sql_query(
            "UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = $2 \
             WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= $1 \
                          ORDER BY kind NOT IN ('password-reset', 'invitation', 'test'), next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) \
             RETURNING id, kind, recipient, user_id, subject, text_body, html_body, list_unsubscribe, status, \
                       attempts, last_error, created_at, sent_at",
        )
        .bind::<Timestamptz, _>(now)
        .bind::<Timestamptz, _>(lease_until)
        .bind::<BigInt, _>(limit)
        .load(&mut conn)
        .map_err(repo_error)?;
        let mut claimed = rows.into_iter().map(QueuedMail::try_from).collect::<Result<Vec<_>, _>>()?;
        if !claimed.is_empty() {
            attach(&mut conn, &mut claimed).map_err(repo_error)?;
        }
        Ok(claimed)
    }

    fn cancel_undeliverable(&self, now: DateTime<Utc>) -> Result<usize, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut cancel = |condition: &str, reason: &str| {
            // Only due rows: a row another process has claimed has its lease as next attempt.
            diesel::sql_query(format!(
                "UPDATE mail_outbox SET status = 'cancelled', last_error = $2 \
                 WHERE status = 'queued' AND next_attempt_at <= $1 AND user_id IS NOT NULL AND {condition}"
            ))
            .bind::<Timestamptz, _>(now)
            .bind::<Text, _>(reason)
            .execute(&mut conn)
        };
        let deactivated = cancel(
            "user_id IN (SELECT id FROM users WHERE NOT active)",
            "Not sent: the recipient's account is deactivated.",
        );
        // A notification whose kind the recipient switched off (a digest: every kind) in their settings.
        let (mail_kinds, switched_off): (Vec<&str>, Vec<String>) = MailKind::ALL
            .iter()
            .map(|&mail| (mail, NotificationKind::switched_off_by(mail)))
            .filter(|(_, kinds)| !kinds.is_empty())
            .map(|(mail, kinds)| {
                (mail.as_str(), kinds.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(","))
            })
            .unzip();
        let opted_out = diesel::sql_query(
            "UPDATE mail_outbox SET status = 'cancelled', last_error = $2 \
             WHERE status = 'queued' AND next_attempt_at <= $1 AND user_id IS NOT NULL AND EXISTS ( \
                 SELECT 1 FROM notification_settings s \
                 JOIN unnest($3::text[], $4::text[]) AS m(mail_kind, kinds) ON m.mail_kind = mail_outbox.kind \
                 WHERE s.user_id = mail_outbox.user_id \
                   AND s.disabled_kinds @> string_to_array(m.kinds, ','))",
        )
        .bind::<Timestamptz, _>(now)
        .bind::<Text, _>("Not sent: the recipient switched this kind of e-mail off in their notification settings.")
        .bind::<Array<Text>, _>(&mail_kinds)
        .bind::<Array<Text>, _>(&switched_off)
        .execute(&mut conn);
        Ok(deactivated.map_err(repo_error)? + opted_out.map_err(repo_error)?)
    }

    fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::update(mail_outbox::table.find(id))
            .set((mail_outbox::status.eq(MailStatus::Sent.as_str()), mail_outbox::sent_at.eq(at)))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn mark_failed(&self, id: i64, error: &str, retry_at: Option<DateTime<Utc>>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let error: String = error.chars().take(1000).collect();
        let target = diesel::update(mail_outbox::table.find(id));
        match retry_at {
            Some(at) => target
                .set((mail_outbox::last_error.eq(error), mail_outbox::next_attempt_at.eq(at)))
                .execute(&mut conn),
            None => target
                .set((mail_outbox::last_error.eq(error), mail_outbox::status.eq(MailStatus::Failed.as_str())))
                .execute(&mut conn),
        }
        .map_err(repo_error)?;
        Ok(())
    }

    fn recent(&self, limit: i64) -> Result<Vec<QueuedMail>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows = mail_outbox::table
            .order(mail_outbox::id.desc())
            .limit(limit)
            .select(OutboxRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(QueuedMail::try_from).collect()
    }
}
