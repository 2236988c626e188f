//! Guests' passes (spec §6 Guests): the account, its pass and its invitation, written in one transaction.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

use domain::identity::guests::{GuestListing, GuestPass, GuestScope, NamedDocument, NamedMeeting};
use domain::identity::invitations::service::NO_PASSWORD;
use domain::identity::role::Role;
use domain::identity::user::User;
use domain::identity::{AuditPeriod, GuestRepository, NewGuest};
use domain::{DocumentId, MeetingId, RepoError, UserId};

use super::invitations::store_link;
use super::users::UserRow;
use crate::notifications::enqueue_on;
use crate::schema::{documents, guest_documents, guest_meetings, guest_passes, meetings, users};
use crate::shared::error::repo_error;
use crate::shared::pool::conn;
use crate::PgPool;

pub struct PgGuestRepository {
    pool: PgPool,
}

impl PgGuestRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(Queryable)]
struct PassRow {
    user_id: i32,
    purpose: String,
    audit_from: Option<NaiveDate>,
    audit_to: Option<NaiveDate>,
    invited_by: Option<i32>,
    created_at: DateTime<Utc>,
    ends_at: Option<DateTime<Utc>>,
}

fn period(from: Option<NaiveDate>, to: Option<NaiveDate>) -> Option<AuditPeriod> {
    Some(AuditPeriod { from: from?, to: to? })
}

fn write_scope(conn: &mut PgConnection, user_id: i32, scope: &GuestScope) -> QueryResult<()> {
    diesel::delete(guest_meetings::table.filter(guest_meetings::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(guest_documents::table.filter(guest_documents::user_id.eq(user_id))).execute(conn)?;
    let meeting_rows: Vec<_> = scope
        .meetings
        .iter()
        .map(|m| (guest_meetings::user_id.eq(user_id), guest_meetings::meeting_id.eq(m.0)))
        .collect();
    diesel::insert_into(guest_meetings::table).values(meeting_rows).execute(conn)?;
    let document_rows: Vec<_> = scope
        .documents
        .iter()
        .map(|d| (guest_documents::user_id.eq(user_id), guest_documents::document_id.eq(d.0)))
        .collect();
    diesel::insert_into(guest_documents::table).values(document_rows).execute(conn)?;
    Ok(())
}

/// The passes of `user_ids` (every guest when `None`), newest first.
fn listings(conn: &mut PgConnection, user_ids: Option<&[i32]>) -> QueryResult<Vec<GuestListing>> {
    let mut query = guest_passes::table
        .inner_join(users::table.on(users::id.eq(guest_passes::user_id)))
        .select((
            guest_passes::user_id,
            users::name,
            users::email,
            users::active,
            users::password_hash,
            users::access_ends_at,
            guest_passes::purpose,
            guest_passes::audit_from,
            guest_passes::audit_to,
            guest_passes::invited_by,
        ))
        .order((guest_passes::created_at.desc(), guest_passes::user_id.desc()))
        .into_boxed();
    if let Some(ids) = user_ids {
        query = query.filter(guest_passes::user_id.eq_any(ids.to_vec()));
    }
    #[allow(clippy::type_complexity)]
    let rows: Vec<(
        i32,
        String,
        String,
        bool,
        String,
        Option<DateTime<Utc>>,
        String,
        Option<NaiveDate>,
        Option<NaiveDate>,
        Option<i32>,
    )> = query.load(conn)?;
    let ids: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let mut named_meetings: HashMap<i32, Vec<NamedMeeting>> = HashMap::new();
    for (user_id, id, title, meeting_date) in guest_meetings::table
        .inner_join(meetings::table)
        .filter(guest_meetings::user_id.eq_any(&ids))
        .order((meetings::meeting_date.asc(), meetings::id.asc()))
        .select((guest_meetings::user_id, meetings::id, meetings::title, meetings::meeting_date))
        .load::<(i32, i32, String, DateTime<Utc>)>(conn)?
    {
        named_meetings.entry(user_id).or_default().push(NamedMeeting {
            id: MeetingId(id),
            title,
            meeting_date,
        });
    }
    let mut named_documents: HashMap<i32, Vec<NamedDocument>> = HashMap::new();
    for (user_id, id, title) in guest_documents::table
        .inner_join(documents::table)
        .filter(guest_documents::user_id.eq_any(&ids))
        .order((documents::title.asc(), documents::id.asc()))
        .select((guest_documents::user_id, documents::id, documents::title))
        .load::<(i32, i32, String)>(conn)?
    {
        named_documents.entry(user_id).or_default().push(NamedDocument { id: DocumentId(id), title });
    }
    let inviters: Vec<i32> = rows.iter().filter_map(|r| r.9).collect();
    let inviter_names: HashMap<i32, String> = users::table
        .filter(users::id.eq_any(&inviters))
        .select((users::id, users::name))
        .load::<(i32, String)>(conn)?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .map(|(id, name, email, active, hash, ends_at, purpose, from, to, invited_by)| GuestListing {
            user_id: UserId(id),
            name,
            email,
            active,
            purpose,
            // The CHECK on users makes a guest's end present; the epoch would read as ended.
            ends_at: ends_at.unwrap_or_default(),
            meetings: named_meetings.remove(&id).unwrap_or_default(),
            documents: named_documents.remove(&id).unwrap_or_default(),
            audit_period: period(from, to),
            invited_by: invited_by.and_then(|by| inviter_names.get(&by).cloned()),
            invitation_pending: hash == NO_PASSWORD,
            ended: false,
            last_day: NaiveDate::default(),
        })
        .collect())
}

impl GuestRepository for PgGuestRepository {
    fn create(&self, guest: NewGuest, now: DateTime<Utc>) -> Result<User, RepoError> {
        let mut conn = conn(&self.pool)?;
        let NewGuest {
            user,
            ends_at,
            purpose,
            scope,
            invited_by,
            invitation_hash,
            invitation_expires_at,
            mut invitation,
        } = guest;
        let row = conn
            .transaction::<UserRow, diesel::result::Error, _>(|conn| {
                let row: UserRow = diesel::insert_into(users::table)
                    .values((
                        users::name.eq(user.name),
                        users::email.eq(user.email),
                        users::role.eq(Role::Guest.as_str()),
                        users::phone.eq(user.phone),
                        users::password_hash.eq(user.password_hash),
                        users::require_password_change.eq(false),
                        users::access_ends_at.eq(Some(ends_at)),
                    ))
                    .returning(UserRow::as_returning())
                    .get_result(conn)?;
                diesel::insert_into(guest_passes::table)
                    .values((
                        guest_passes::user_id.eq(row.id),
                        guest_passes::purpose.eq(&purpose),
                        guest_passes::audit_from.eq(scope.audit_period.map(|p| p.from)),
                        guest_passes::audit_to.eq(scope.audit_period.map(|p| p.to)),
                        guest_passes::invited_by.eq(invited_by.0),
                        guest_passes::created_at.eq(now),
                    ))
                    .execute(conn)?;
                write_scope(conn, row.id, &scope)?;
                store_link(conn, row.id, &invitation_hash, invitation_expires_at)?;
                invitation.user_id = Some(UserId(row.id));
                enqueue_on(conn, &invitation)?;
                Ok(row)
            })
            .map_err(repo_error)?;
        User::try_from(row)
    }

    fn pass(&self, user_id: UserId) -> Result<Option<GuestPass>, RepoError> {
        let mut conn = conn(&self.pool)?;
        let row: Option<PassRow> = guest_passes::table
            .inner_join(users::table.on(users::id.eq(guest_passes::user_id)))
            .filter(guest_passes::user_id.eq(user_id.0))
            .select((
                guest_passes::user_id,
                guest_passes::purpose,
                guest_passes::audit_from,
                guest_passes::audit_to,
                guest_passes::invited_by,
                guest_passes::created_at,
                users::access_ends_at,
            ))
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?;
        let Some(row) = row else { return Ok(None) };
        let meetings = guest_meetings::table
            .filter(guest_meetings::user_id.eq(row.user_id))
            .select(guest_meetings::meeting_id)
            .order(guest_meetings::meeting_id)
            .load::<i32>(&mut conn)
            .map_err(repo_error)?;
        let documents = guest_documents::table
            .filter(guest_documents::user_id.eq(row.user_id))
            .select(guest_documents::document_id)
            .order(guest_documents::document_id)
            .load::<i32>(&mut conn)
            .map_err(repo_error)?;
        Ok(Some(GuestPass {
            user_id: UserId(row.user_id),
            purpose: row.purpose,
            ends_at: row.ends_at.unwrap_or_default(),
            scope: GuestScope {
                meetings: meetings.into_iter().map(MeetingId).collect(),
                documents: documents.into_iter().map(DocumentId).collect(),
                audit_period: period(row.audit_from, row.audit_to),
            },
            invited_by: row.invited_by.map(UserId),
            created_at: row.created_at,
        }))
    }

    fn list(&self) -> Result<Vec<GuestListing>, RepoError> {
        let mut conn = conn(&self.pool)?;
        listings(&mut conn, None).map_err(repo_error)
    }

    fn listing(&self, user_id: UserId) -> Result<Option<GuestListing>, RepoError> {
        let mut conn = conn(&self.pool)?;
        Ok(listings(&mut conn, Some(&[user_id.0])).map_err(repo_error)?.pop())
    }

    fn change(
        &self,
        user_id: UserId,
        ends_at: DateTime<Utc>,
        purpose: &str,
        scope: &GuestScope,
        end_sessions: bool,
    ) -> Result<bool, RepoError> {
        let mut conn = conn(&self.pool)?;
        conn.transaction::<bool, diesel::result::Error, _>(|conn| {
            let updated =
                diesel::update(users::table.find(user_id.0).filter(users::role.eq(Role::Guest.as_str())))
                    .set((users::access_ends_at.eq(Some(ends_at)), users::updated_at.eq(diesel::dsl::now)))
                    .execute(conn)?;
            if updated == 0 {
                return Ok(false);
            }
            if end_sessions {
                super::sessions::end_sessions(conn, user_id, None)?;
            }
            diesel::update(guest_passes::table.find(user_id.0))
                .set((
                    guest_passes::purpose.eq(purpose),
                    guest_passes::audit_from.eq(scope.audit_period.map(|p| p.from)),
                    guest_passes::audit_to.eq(scope.audit_period.map(|p| p.to)),
                ))
                .execute(conn)?;
            write_scope(conn, user_id.0, scope)?;
            Ok(true)
        })
        .map_err(repo_error)
    }

    fn existing_meetings(&self, ids: &[MeetingId]) -> Result<Vec<MeetingId>, RepoError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut conn = conn(&self.pool)?;
        let raw: Vec<i32> = ids.iter().map(|id| id.0).collect();
        Ok(meetings::table
            .filter(meetings::id.eq_any(raw))
            .select(meetings::id)
            .load::<i32>(&mut conn)
            .map_err(repo_error)?
            .into_iter()
            .map(MeetingId)
            .collect())
    }

    fn existing_documents(&self, ids: &[DocumentId]) -> Result<Vec<DocumentId>, RepoError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut conn = conn(&self.pool)?;
        let raw: Vec<i32> = ids.iter().map(|id| id.0).collect();
        Ok(documents::table
            .filter(documents::id.eq_any(raw))
            .select(documents::id)
            .load::<i32>(&mut conn)
            .map_err(repo_error)?
            .into_iter()
            .map(DocumentId)
            .collect())
    }
}
