//! Notification settings, the expansion of `notification_events` (written by triggers in the transaction
//! of each change) and the scheduled notifications' ledger (spec §11 Notifications and reminders).

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text, Timestamptz};

use domain::notifications::notification::{
    Delivery, DigestEntry, DocumentItem, MeetingPapers, NoticeItem, Notification, NotificationKind,
    NotificationSettings, PendingEvent, ScheduleWindow,
};
use domain::notifications::{
    NotificationRepository, NotificationsRefusal, PlanDigest, PlanDue, PlanEvent, PlanGathered,
};
use domain::{DocumentId, NoticeId, RepoError, UserId};

use super::audience::{action_item, audience, meeting_item, to_settings, Audience};
use super::outbox::enqueue_on;
use super::scheduled::due;
use crate::schema::{
    documents, notices, notification_digest_items, notification_events, notification_gathered_documents,
    notification_ledger, notification_settings,
};
use crate::shared::error::{bad_value, pool_error, repo_error, TxError};
use crate::PgPool;

/// Serialises scheduled runs and digests across server processes (transaction-scoped).
const SCHEDULER_LOCK: &str = "SELECT pg_advisory_xact_lock(hashtext('notification-scheduler'))";

pub struct PgNotificationRepository {
    pool: PgPool,
}

impl PgNotificationRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// The titles of the papers that the agenda publication recorded as event `event` announced, in agenda
/// order, and whether that publication was the agenda's first (decided by the trigger from the meeting's
/// previous publication state, spec §11).
fn announced_papers(conn: &mut PgConnection, meeting: i32, event: i64) -> QueryResult<(Vec<String>, bool)> {
    #[derive(QueryableByName)]
    struct Paper {
        #[diesel(sql_type = Text)]
        title: String,
    }
    let papers: Vec<Paper> = diesel::sql_query(
        "SELECT coalesce(p.title, d.title) AS title FROM agenda_papers p \
         JOIN agenda_items i ON i.id = p.agenda_item_id \
         LEFT JOIN documents d ON d.id = p.document_id \
         WHERE i.meeting_id = $1 AND p.announced_in = $2 ORDER BY i.position, p.id",
    )
    .bind::<Integer, _>(meeting)
    .bind::<BigInt, _>(event)
    .load(conn)?;
    let first = notification_events::table
        .find(event)
        .select(notification_events::first_publication)
        .first::<bool>(conn)?;
    Ok((papers.into_iter().map(|p| p.title).collect(), first))
}

/// What a stored event is about and whom it concerns; `None` when its subject is gone (or, for a meeting,
/// already past).
fn load_event(
    conn: &mut PgConnection,
    event: i64,
    kind: &str,
    subject: i32,
    recipient: Option<i32>,
    actor: Option<i32>,
    at: DateTime<Utc>,
) -> Result<Option<PendingEvent>, TxError> {
    let (notification, who) = match kind {
        "action-assigned" => {
            let Some((action, assignee)) = action_item(conn, subject)? else { return Ok(None) };
            // Reassigned again before this ran: the current assignee's event is the one to send.
            let Some(to) = recipient.filter(|r| Some(*r) == assignee) else { return Ok(None) };
            (Notification::ActionAssigned(action), Audience::One(to))
        }
        "meeting-scheduled" | "meeting-changed" | "meeting-papers" => {
            let Some((meeting, who)) = meeting_item(conn, subject)? else { return Ok(None) };
            if meeting.starts_at < at {
                return Ok(None);
            }
            if kind == "meeting-papers" {
                // Papers removed before this ran are not announced; none left, no mail.
                let (papers, first) = announced_papers(conn, subject, event)?;
                if papers.is_empty() || meeting.cancelled {
                    return Ok(None);
                }
                (Notification::MeetingPapers(MeetingPapers { meeting, papers, first }), who)
            } else if kind == "meeting-scheduled" {
                (Notification::MeetingScheduled(meeting), who)
            } else {
                (Notification::MeetingChanged(meeting), who)
            }
        }
        "notice-high" => {
            let Some((id, title, content)) = notices::table
                .find(subject)
                .select((notices::id, notices::title, notices::content))
                .first::<(i32, String, String)>(conn)
                .optional()?
            else {
                return Ok(None);
            };
            (Notification::NoticeHigh(NoticeItem { id: NoticeId(id), title, content }), Audience::Everyone)
        }
        "document-new" => {
            let Some((id, title, category)) = documents::table
                .find(subject)
                .select((documents::id, documents::title, documents::category))
                .first::<(i32, String, String)>(conn)
                .optional()?
            else {
                return Ok(None);
            };
            let category =
                category.parse().map_err(|_| TxError::Repo(bad_value("documents.category", &category)))?;
            (
                Notification::DocumentNew(DocumentItem { id: DocumentId(id), title, category }),
                Audience::Everyone,
            )
        }
        other => return Err(TxError::Repo(bad_value("notification_events.kind", other))),
    };
    let audience = audience(conn, who, actor)?;
    Ok(Some(PendingEvent { notification, audience }))
}

/// The meeting a notification is about, if any: its digest line names it (see `send_digests`).
fn meeting_of(notification: &Notification) -> Option<i32> {
    match notification {
        Notification::MeetingScheduled(meeting)
        | Notification::MeetingChanged(meeting)
        | Notification::MeetingReminder { meeting, .. }
        | Notification::MeetingPapers(MeetingPapers { meeting, .. }) => Some(meeting.id.0),
        _ => None,
    }
}

fn write(
    conn: &mut PgConnection,
    delivery: &Delivery,
    meeting: Option<i32>,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    match delivery {
        Delivery::Gathered { user_id, document } => diesel::sql_query(
            "INSERT INTO notification_gathered_documents (user_id, document_id, gathered_at) \
             VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind::<Integer, _>(user_id.0)
        .bind::<Integer, _>(document.0)
        .bind::<Timestamptz, _>(at)
        .execute(conn)
        .map(|_| ()),
        Delivery::Mail(mail) => enqueue_on(conn, mail).map(|_| ()),
        Delivery::Digest { user_id, entry } => diesel::insert_into(notification_digest_items::table)
            .values((
                notification_digest_items::user_id.eq(user_id.0),
                notification_digest_items::kind.eq(entry.kind.as_str()),
                notification_digest_items::summary.eq(&entry.summary),
                notification_digest_items::link.eq(&entry.link),
                notification_digest_items::meeting_id.eq(meeting),
            ))
            .execute(conn)
            .map(|_| ()),
    }
}

/// Of these digest lines of `user`, the ones about a meeting `user` no longer sees (spec §6 Committee
/// meetings: a member who has left the committee since the line was written; admins and chairs see all).
fn lines_about_hidden_meetings(conn: &mut PgConnection, user: i32, lines: &[i64]) -> QueryResult<Vec<i64>> {
    #[derive(QueryableByName)]
    struct Line {
        #[diesel(sql_type = BigInt)]
        id: i64,
    }
    let hidden: Vec<Line> = diesel::sql_query(
        "SELECT d.id FROM notification_digest_items d \
         JOIN meetings m ON m.id = d.meeting_id \
         JOIN users u ON u.id = d.user_id \
         WHERE d.id = ANY($1) AND d.user_id = $2 AND u.role NOT IN ('admin', 'chair') \
           AND m.kind = 'committee' \
           AND (m.committee_id IS NULL OR m.committee_id NOT IN \
                (SELECT cm.committee_id FROM committee_members cm WHERE cm.user_id = $2))",
    )
    .bind::<diesel::sql_types::Array<BigInt>, _>(lines)
    .bind::<Integer, _>(user)
    .load(conn)?;
    Ok(hidden.into_iter().map(|line| line.id).collect())
}

fn planning_failed(error: anyhow::Error) -> TxError {
    TxError::Repo(RepoError::Unexpected(error.context("cannot prepare a notification")))
}

/// Records `key` for `recipient` unless it is already there; true when this call recorded it.
fn first_time(conn: &mut PgConnection, kind: &str, key: &(i64, String), recipient: i32) -> QueryResult<bool> {
    let inserted = diesel::sql_query(
        "INSERT INTO notification_ledger (kind, subject_id, recipient_id, occasion) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING",
    )
    .bind::<Text, _>(kind)
    .bind::<BigInt, _>(key.0)
    .bind::<Integer, _>(recipient)
    .bind::<Text, _>(&key.1)
    .execute(conn)?;
    Ok(inserted == 1)
}

impl NotificationRepository for PgNotificationRepository {
    fn settings(&self, user: UserId) -> Result<NotificationSettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let stored = notification_settings::table
            .find(user.0)
            .select((
                notification_settings::disabled_kinds,
                notification_settings::weekly_digest,
                notification_settings::followed_categories,
            ))
            .first::<(Vec<String>, bool, Vec<String>)>(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Ok(stored
            .map_or_else(NotificationSettings::default, |(k, d, c)| to_settings((Some(k), Some(d), Some(c)))))
    }

    fn save_settings(
        &self,
        user: UserId,
        settings: &NotificationSettings,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let kinds: Vec<&str> = settings.disabled_kinds.iter().map(|k| k.as_str()).collect();
        let categories: Vec<&str> = settings.followed_categories.iter().map(|c| c.as_str()).collect();
        let values = (
            notification_settings::user_id.eq(user.0),
            notification_settings::disabled_kinds.eq(&kinds),
            notification_settings::weekly_digest.eq(settings.weekly_digest),
            notification_settings::followed_categories.eq(&categories),
            notification_settings::updated_at.eq(at),
        );
        diesel::insert_into(notification_settings::table)
            .values(values)
            .on_conflict(notification_settings::user_id)
            .do_update()
            .set((
                notification_settings::disabled_kinds.eq(&kinds),
                notification_settings::weekly_digest.eq(settings.weekly_digest),
                notification_settings::followed_categories.eq(&categories),
                notification_settings::updated_at.eq(at),
            ))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn switch_off(
        &self,
        user: UserId,
        kinds: &[NotificationKind],
        at: DateTime<Utc>,
    ) -> Result<(), NotificationsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let kinds: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
        let canonical: Vec<&str> = NotificationKind::ALL.iter().map(|k| k.as_str()).collect();
        // The union with what is switched off already, in the canonical order, in one statement (a
        // settings page saved at the same moment is not overwritten with stale kinds).
        let written = diesel::sql_query(
            "INSERT INTO notification_settings (user_id, disabled_kinds, updated_at) \
             VALUES ($1, ARRAY(SELECT k FROM unnest($3::text[]) WITH ORDINALITY AS a(k, i) \
                               WHERE k = ANY($2::text[]) ORDER BY i), $4) \
             ON CONFLICT (user_id) DO UPDATE SET updated_at = EXCLUDED.updated_at, \
                 disabled_kinds = ARRAY(SELECT k FROM unnest($3::text[]) WITH ORDINALITY AS a(k, i) \
                                        WHERE k = ANY(notification_settings.disabled_kinds || $2::text[]) \
                                        ORDER BY i)",
        )
        .bind::<Integer, _>(user.0)
        .bind::<diesel::sql_types::Array<Text>, _>(&kinds)
        .bind::<diesel::sql_types::Array<Text>, _>(&canonical)
        .bind::<Timestamptz, _>(at)
        .execute(&mut conn);
        match written {
            Ok(_) => Ok(()),
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                _,
            )) => Err(NotificationsRefusal::UnsubscribeInvalid),
            Err(e) => Err(repo_error(e).into()),
        }
    }

    fn expand_events(
        &self,
        limit: i64,
        at: DateTime<Utc>,
        plan: &mut PlanEvent<'_>,
    ) -> Result<usize, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let claimed = conn.transaction(|conn| -> Result<usize, TxError> {
            let events = notification_events::table
                .filter(notification_events::processed_at.is_null())
                .order(notification_events::id)
                .limit(limit)
                .select((
                    notification_events::id,
                    notification_events::kind,
                    notification_events::subject_id,
                    notification_events::recipient_id,
                    notification_events::actor_id,
                ))
                .for_update()
                .skip_locked()
                .load::<(i64, String, i32, Option<i32>, Option<i32>)>(conn)?;
            for (id, kind, subject, recipient, actor) in &events {
                if let Some(event) = load_event(conn, *id, kind, *subject, *recipient, *actor, at)? {
                    for delivery in plan(&event).map_err(planning_failed)? {
                        write(conn, &delivery, meeting_of(&event.notification), at)?;
                    }
                }
                diesel::update(notification_events::table.find(id))
                    .set(notification_events::processed_at.eq(at))
                    .execute(conn)?;
            }
            Ok(events.len())
        })?;
        Ok(claimed)
    }

    fn run_scheduled(&self, window: &ScheduleWindow, plan: &mut PlanDue<'_>) -> Result<usize, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let recorded = conn.transaction(|conn| -> Result<usize, TxError> {
            diesel::sql_query(SCHEDULER_LOCK).execute(conn)?;
            let mut recorded = 0;
            for item in due(conn, window)? {
                let key = item.notification.ledger_key();
                if !first_time(conn, item.notification.kind().as_str(), &key, item.recipient.id.0)? {
                    continue;
                }
                recorded += 1;
                if let Notification::CommitteeUnread(c) = &item.notification {
                    diesel::sql_query(
                        "INSERT INTO committee_read_markers (committee_id, user_id, last_notified_id) \
                         VALUES ($1, $2, $3) ON CONFLICT (committee_id, user_id) DO UPDATE \
                         SET last_notified_id = GREATEST(committee_read_markers.last_notified_id, \
                                                         EXCLUDED.last_notified_id)",
                    )
                    .bind::<Integer, _>(c.id.0)
                    .bind::<Integer, _>(item.recipient.id.0)
                    .bind::<BigInt, _>(c.up_to_message)
                    .execute(conn)?;
                }
                if let Some(delivery) = plan(&item).map_err(planning_failed)? {
                    write(conn, &delivery, meeting_of(&item.notification), window.now)?;
                }
            }
            Ok(recorded)
        })?;
        Ok(recorded)
    }

    fn send_digests(
        &self,
        week: &str,
        at: DateTime<Utc>,
        plan: &mut PlanDigest<'_>,
    ) -> Result<usize, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let sent = conn.transaction(|conn| -> Result<usize, TxError> {
            diesel::sql_query(SCHEDULER_LOCK).execute(conn)?;
            let mut waiting = notification_digest_items::table
                .filter(notification_digest_items::sent_at.is_null())
                .select(notification_digest_items::user_id)
                .distinct()
                .load::<i32>(conn)?;
            // Subscribers without entries too: the digest also lists their tasks (spec §11).
            let subscribed = notification_settings::table
                .filter(notification_settings::weekly_digest.eq(true))
                .select(notification_settings::user_id)
                .load::<i32>(conn)?;
            // Whoever had this week's digest is left out before any planning (their entries wait).
            let had = notification_ledger::table
                .filter(notification_ledger::kind.eq("notification-digest"))
                .filter(notification_ledger::subject_id.eq(0_i64))
                .filter(notification_ledger::occasion.eq(week))
                .select(notification_ledger::recipient_id)
                .load::<i32>(conn)?;
            waiting.extend(subscribed);
            waiting.sort_unstable();
            waiting.dedup();
            waiting.retain(|user| !had.contains(user));
            let mut sent = 0;
            for user_id in waiting {
                // Deactivated users get nothing: their entries wait (and go if they are reactivated).
                let Some(user) = audience(conn, Audience::One(user_id), None)?.pop() else { continue };
                let rows = notification_digest_items::table
                    .filter(notification_digest_items::user_id.eq(user_id))
                    .filter(notification_digest_items::sent_at.is_null())
                    .order(notification_digest_items::id)
                    .select((
                        notification_digest_items::id,
                        notification_digest_items::kind,
                        notification_digest_items::summary,
                        notification_digest_items::link,
                    ))
                    .load::<(i64, String, String, String)>(conn)?;
                let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
                let hidden = lines_about_hidden_meetings(conn, user_id, &ids)?;
                let entries: Vec<DigestEntry> = rows
                    .iter()
                    .filter(|(id, ..)| !hidden.contains(id))
                    .filter_map(|(_, kind, summary, link)| {
                        Some(DigestEntry {
                            kind: kind.parse().ok()?,
                            summary: summary.clone(),
                            link: link.clone(),
                        })
                    })
                    .collect();
                let done = |conn: &mut PgConnection, ids: &[i64]| {
                    diesel::update(
                        notification_digest_items::table.filter(notification_digest_items::id.eq_any(ids)),
                    )
                    .set(notification_digest_items::sent_at.eq(at))
                    .execute(conn)
                };
                // Nothing left to tell (no lines but about meetings they no longer see, and no tasks): the
                // lines are done with, and no mail goes.
                let Some(mail) = plan(&user, &entries).map_err(planning_failed)? else {
                    done(conn, &ids)?;
                    continue;
                };
                if !first_time(conn, "notification-digest", &(0, week.to_string()), user_id)? {
                    continue;
                }
                enqueue_on(conn, &mail)?;
                done(conn, &ids)?;
                sent += 1;
            }
            Ok(sent)
        })?;
        Ok(sent)
    }

    fn send_gathered_documents(
        &self,
        waited_since: DateTime<Utc>,
        at: DateTime<Utc>,
        plan: &mut PlanGathered<'_>,
    ) -> Result<usize, RepoError> {
        #[derive(QueryableByName)]
        struct Waiting {
            #[diesel(sql_type = BigInt)]
            id: i64,
            #[diesel(sql_type = Integer)]
            document_id: i32,
            #[diesel(sql_type = Text)]
            title: String,
            #[diesel(sql_type = Text)]
            category: String,
        }
        let mut conn = self.pool.get().map_err(pool_error)?;
        let sent = conn.transaction(|conn| -> Result<usize, TxError> {
            diesel::sql_query(SCHEDULER_LOCK).execute(conn)?;
            // Whose oldest waiting document has waited long enough (deleted documents are gone with their
            // rows, by the foreign key).
            let due: Vec<i32> = notification_gathered_documents::table
                .filter(notification_gathered_documents::sent_at.is_null())
                .group_by(notification_gathered_documents::user_id)
                .having(diesel::dsl::min(notification_gathered_documents::gathered_at).le(waited_since))
                .select(notification_gathered_documents::user_id)
                .order(notification_gathered_documents::user_id)
                .load(conn)?;
            let mut sent = 0;
            for user_id in due {
                // Deactivated users get nothing: their documents wait (and go if they are reactivated).
                let Some(user) = audience(conn, Audience::One(user_id), None)?.pop() else { continue };
                let rows: Vec<Waiting> = diesel::sql_query(
                    "SELECT g.id, g.document_id, d.title, d.category \
                     FROM notification_gathered_documents g JOIN documents d ON d.id = g.document_id \
                     WHERE g.user_id = $1 AND g.sent_at IS NULL ORDER BY g.id FOR UPDATE OF g SKIP LOCKED",
                )
                .bind::<Integer, _>(user_id)
                .load(conn)?;
                let Some(newest) = rows.iter().map(|r| r.id).max() else { continue };
                let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
                diesel::update(
                    notification_gathered_documents::table
                        .filter(notification_gathered_documents::id.eq_any(&ids)),
                )
                .set(notification_gathered_documents::sent_at.eq(at))
                .execute(conn)?;
                // The ledger keys the mail by the newest row it covers: those rows are never mailed twice.
                if !first_time(conn, "documents-gathered", &(newest, String::new()), user_id)? {
                    continue;
                }
                let mut documents = Vec::with_capacity(rows.len());
                for row in rows {
                    let category = row
                        .category
                        .parse()
                        .map_err(|_| TxError::Repo(bad_value("documents.category", &row.category)))?;
                    documents.push(DocumentItem {
                        id: DocumentId(row.document_id),
                        title: row.title,
                        category,
                    });
                }
                if let Some(mail) = plan(&user, &documents).map_err(planning_failed)? {
                    enqueue_on(conn, &mail)?;
                    sent += 1;
                }
            }
            Ok(sent)
        })?;
        Ok(sent)
    }
}
