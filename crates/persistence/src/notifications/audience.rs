//! Whom a notification concerns, with their notification settings, and the actions and meetings it can
//! be about.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::identity::role::Role;
use domain::library::document::DocumentCategory;
use domain::meetings::meeting::MeetingKind;
use domain::notifications::notification::{
    ActionItem, MeetingItem, NotificationKind, NotificationSettings, Notified,
};
use domain::{ActionId, MeetingId, UserId};

use crate::schema::{actions, committees, meetings, notification_settings, users};

/// Who an event or reminder concerns (always active users only).
pub(super) enum Audience {
    One(i32),
    Everyone,
    CommitteeMembers(i32),
    /// Admins and chairs: the only readers of a committee meeting whose committee was deleted.
    Officers,
}

type SettingsColumns = (Option<Vec<String>>, Option<bool>, Option<Vec<String>>);

/// Stored settings (or the defaults); values the domain no longer knows are ignored.
pub(super) fn to_settings(stored: SettingsColumns) -> NotificationSettings {
    match stored {
        (Some(kinds), Some(weekly_digest), Some(categories)) => NotificationSettings {
            disabled_kinds: kinds.iter().filter_map(|k| k.parse::<NotificationKind>().ok()).collect(),
            weekly_digest,
            followed_categories: categories
                .iter()
                .filter_map(|c| c.parse::<DocumentCategory>().ok())
                .collect(),
        },
        _ => NotificationSettings::default(),
    }
}

pub(super) fn audience(
    conn: &mut PgConnection,
    who: Audience,
    except: Option<i32>,
) -> QueryResult<Vec<Notified>> {
    let mut query = users::table
        .left_join(notification_settings::table)
        .filter(users::active.eq(true))
        .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
        .select((
            users::id,
            users::name,
            users::email,
            notification_settings::disabled_kinds.nullable(),
            notification_settings::weekly_digest.nullable(),
            notification_settings::followed_categories.nullable(),
        ))
        .order(users::id)
        .into_boxed();
    match who {
        Audience::One(id) => query = query.filter(users::id.eq(id)),
        Audience::Everyone => {}
        Audience::Officers => {
            query = query.filter(users::role.eq_any([Role::Admin.as_str(), Role::Chair.as_str()]))
        }
        Audience::CommitteeMembers(committee) => {
            use crate::schema::committee_members;
            query = query.filter(
                users::id.eq_any(
                    committee_members::table
                        .filter(committee_members::committee_id.eq(committee))
                        .select(committee_members::user_id),
                ),
            );
        }
    }
    if let Some(actor) = except {
        query = query.filter(users::id.ne(actor));
    }
    let rows =
        query.load::<(i32, String, String, Option<Vec<String>>, Option<bool>, Option<Vec<String>>)>(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, name, email, kinds, digest, categories)| Notified {
            id: UserId(id),
            name,
            email,
            settings: to_settings((kinds, digest, categories)),
        })
        .collect())
}

pub(super) fn action_item(
    conn: &mut PgConnection,
    id: i32,
) -> QueryResult<Option<(ActionItem, Option<i32>)>> {
    Ok(actions::table
        .find(id)
        .select((actions::id, actions::title, actions::due_date, actions::assigned_to))
        .first::<(i32, String, Option<NaiveDate>, Option<i32>)>(conn)
        .optional()?
        .map(|(id, title, due_date, assignee)| (ActionItem { id: ActionId(id), title, due_date }, assignee)))
}

/// A meeting and who may hear of it (see `meeting_audience`).
pub(super) fn meeting_item(conn: &mut PgConnection, id: i32) -> QueryResult<Option<(MeetingItem, Audience)>> {
    type Row = (
        (i32, String, String, DateTime<Utc>, i32, String),
        (Option<String>, Option<String>, Option<i32>, Option<String>, i32, String),
    );
    Ok(meetings::table
        .left_join(committees::table)
        .filter(meetings::id.eq(id))
        .select((
            (
                meetings::id,
                meetings::title,
                meetings::description,
                meetings::meeting_date,
                meetings::duration_minutes,
                meetings::kind,
            ),
            (
                meetings::location,
                meetings::meeting_link,
                meetings::committee_id,
                committees::name.nullable(),
                meetings::sequence,
                meetings::status,
            ),
        ))
        .first::<Row>(conn)
        .optional()?
        .map(
            |(
                (id, title, description, starts_at, duration, kind),
                (location, meeting_link, committee_id, committee, sequence, status),
            )| {
                let item = MeetingItem {
                    id: MeetingId(id),
                    title,
                    starts_at,
                    ends_at: starts_at + chrono::Duration::minutes(i64::from(duration)),
                    description,
                    location,
                    meeting_link,
                    committee,
                    sequence: u32::try_from(sequence).unwrap_or(0),
                    cancelled: status == "cancelled",
                };
                (item, meeting_audience(&kind, committee_id))
            },
        ))
}

/// Who hears of a meeting (spec §6 Committee meetings): everyone of a board meeting or AGM; only
/// its committee's members of a committee meeting, and only admins and chairs, the only ones who still
/// see it, once its committee has been deleted.
fn meeting_audience(kind: &str, committee_id: Option<i32>) -> Audience {
    match (kind == MeetingKind::Committee.as_str(), committee_id) {
        (false, _) => Audience::Everyone,
        (true, Some(committee)) => Audience::CommitteeMembers(committee),
        (true, None) => Audience::Officers,
    }
}
