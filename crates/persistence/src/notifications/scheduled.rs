//! What a scheduled run finds due: actions due soon or overdue, meeting reminders and unread committee
//! chat.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text, Timestamptz};

use domain::notifications::notification::{CommitteeItem, Due, Notification, Notified, ScheduleWindow};
use domain::CommitteeId;

use super::audience::{action_item, audience, meeting_item, Audience};
use crate::schema::{actions, meetings};

#[derive(QueryableByName)]
struct UnreadRow {
    #[diesel(sql_type = Integer)]
    committee_id: i32,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Integer)]
    user_id: i32,
    #[diesel(sql_type = BigInt)]
    unread: i64,
    #[diesel(sql_type = BigInt)]
    up_to: i64,
}

/// Members with messages from others that they have not fetched, the oldest sent before `before`, that no
/// earlier mail covered (messages from before they joined do not count).
fn unread_committees(conn: &mut PgConnection, before: DateTime<Utc>) -> QueryResult<Vec<UnreadRow>> {
    diesel::sql_query(
        "SELECT c.id AS committee_id, c.name, cm.user_id, count(msg.id) AS unread, max(msg.id) AS up_to \
         FROM committee_members cm \
         JOIN committees c ON c.id = cm.committee_id AND NOT c.archived \
         LEFT JOIN committee_read_markers r ON r.committee_id = cm.committee_id AND r.user_id = cm.user_id \
         JOIN committee_messages msg ON msg.committee_id = cm.committee_id \
              AND msg.id > GREATEST(coalesce(r.last_read_id, 0), coalesce(r.last_notified_id, 0)) \
              AND msg.user_id IS DISTINCT FROM cm.user_id \
              AND msg.sent_at >= cm.joined_at \
         GROUP BY c.id, c.name, cm.user_id \
         HAVING min(msg.sent_at) <= $1 \
         ORDER BY c.id, cm.user_id",
    )
    .bind::<Timestamptz, _>(before)
    .load(conn)
}

/// Everything `window` makes due, with its recipients.
pub(super) fn due(conn: &mut PgConnection, window: &ScheduleWindow) -> QueryResult<Vec<Due>> {
    let mut found = Vec::new();
    let mut push = |notification: Notification, recipients: Vec<Notified>| {
        for recipient in recipients {
            found.push(Due { notification: notification.clone(), recipient });
        }
    };
    let open_actions_due = |conn: &mut PgConnection, on: NaiveDate| {
        actions::table
            .filter(actions::due_date.eq(on))
            .filter(actions::status.ne("complete"))
            .filter(actions::assigned_to.is_not_null())
            .select(actions::id)
            .order(actions::id)
            .load::<i32>(conn)
    };
    for (on, overdue) in [(window.due_soon_on, false), (window.overdue_on, true)] {
        let Some(on) = on else { continue };
        for id in open_actions_due(conn, on)? {
            let Some((action, Some(assignee))) = action_item(conn, id)? else { continue };
            let recipients = audience(conn, Audience::One(assignee), None)?;
            push(
                if overdue {
                    Notification::ActionOverdue(action)
                } else {
                    Notification::ActionDueSoon(action)
                },
                recipients,
            );
        }
    }
    for range in &window.meeting_reminders {
        let ids = meetings::table
            .filter(meetings::meeting_date.ge(range.from))
            .filter(meetings::meeting_date.lt(range.until))
            .order(meetings::id)
            .select(meetings::id)
            .load::<i32>(conn)?;
        for id in ids {
            let Some((meeting, who)) = meeting_item(conn, id)? else { continue };
            let recipients = audience(conn, who, None)?;
            push(Notification::MeetingReminder { meeting, days_before: range.days_before }, recipients);
        }
    }
    for row in unread_committees(conn, window.unread_before)? {
        let recipients = audience(conn, Audience::One(row.user_id), None)?;
        push(
            Notification::CommitteeUnread(CommitteeItem {
                id: CommitteeId(row.committee_id),
                name: row.name,
                unread: row.unread,
                up_to_message: row.up_to,
            }),
            recipients,
        );
    }
    Ok(found)
}
