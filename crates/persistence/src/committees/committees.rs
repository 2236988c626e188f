use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::dsl::count_star;
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::sql_types::Integer;

use domain::committees::{
    Author, Committee, CommitteeMember, CommitteeMessage, CommitteeRepository, CommitteeRole, CommitteeScope,
    CommitteesRefusal, NewCommittee,
};
use domain::library::files::StorageKey;
use domain::{CommitteeId, MessageId, RepoError, UserId};

use crate::schema::{committee_documents, committee_members, committee_messages, committees, users};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = committees)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct CommitteeRow {
    id: i32,
    name: String,
    description: String,
    archived: bool,
    created_at: DateTime<Utc>,
}

fn committee_role(value: &str) -> Result<CommitteeRole, RepoError> {
    value.parse().map_err(|_| bad_value("committee_members.role", value))
}

pub(crate) type Tx<T> = Result<T, Refusal<CommitteesRefusal>>;

pub struct PgCommitteeRepository {
    pool: PgPool,
}

impl PgCommitteeRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// Committees with the viewer's role in each (`only` one id, or a listing scope), then their member
/// counts in a second query.
fn load_committees(
    conn: &mut PgConnection,
    viewer: UserId,
    only: Option<CommitteeId>,
    scope: CommitteeScope,
) -> Result<Vec<Committee>, RepoError> {
    let mut query = committees::table
        .left_join(committee_members::table.on(
            committee_members::committee_id.eq(committees::id).and(committee_members::user_id.eq(viewer.0)),
        ))
        .select((CommitteeRow::as_select(), committee_members::role.nullable()))
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(committees::id.eq(id.0));
    }
    if !scope.all {
        query = query.filter(committee_members::user_id.is_not_null());
    }
    if !scope.include_archived {
        query = query.filter(committees::archived.eq(false));
    }
    let rows = query
        .order((committees::name.asc(), committees::id.asc()))
        .load::<(CommitteeRow, Option<String>)>(conn)
        .map_err(repo_error)?;

    let ids: Vec<i32> = rows.iter().map(|(row, _)| row.id).collect();
    let counts: HashMap<i32, i64> = committee_members::table
        .filter(committee_members::committee_id.eq_any(&ids))
        .group_by(committee_members::committee_id)
        .select((committee_members::committee_id, count_star()))
        .load::<(i32, i64)>(conn)
        .map_err(repo_error)?
        .into_iter()
        .collect();

    rows.into_iter()
        .map(|(row, role)| {
            Ok(Committee {
                id: CommitteeId(row.id),
                member_count: counts.get(&row.id).copied().unwrap_or(0),
                viewer_role: role.as_deref().map(committee_role).transpose()?,
                name: row.name,
                description: row.description,
                archived: row.archived,
                created_at: row.created_at,
            })
        })
        .collect()
}

/// Share-locks the committee row for a write that an archive must not overtake; refuses archived ones.
pub(crate) fn lock_active_committee(conn: &mut PgConnection, id: CommitteeId) -> Tx<()> {
    let archived = committees::table
        .find(id.0)
        .select(committees::archived)
        .for_share()
        .first::<bool>(conn)
        .optional()?;
    match archived {
        None => Err(Refusal::Refused(CommitteesRefusal::NotFound)),
        Some(true) => Err(Refusal::Refused(CommitteesRefusal::Archived)),
        Some(false) => Ok(()),
    }
}

impl CommitteeRepository for PgCommitteeRepository {
    fn list(&self, viewer: UserId, scope: CommitteeScope) -> Result<Vec<Committee>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        load_committees(&mut conn, viewer, None, scope)
    }

    fn find(&self, id: CommitteeId, viewer: UserId) -> Result<Option<Committee>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let scope = CommitteeScope { all: true, include_archived: true };
        Ok(load_committees(&mut conn, viewer, Some(id), scope)?.into_iter().next())
    }

    fn create(&self, committee: NewCommittee) -> Result<Committee, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = conn
            .transaction(|conn| {
                let row = diesel::insert_into(committees::table)
                    .values((
                        committees::name.eq(&committee.name),
                        committees::description.eq(&committee.description),
                        committees::created_by.eq(committee.created_by.0),
                        committees::created_at.eq(committee.created_at),
                    ))
                    .returning(CommitteeRow::as_returning())
                    .get_result(conn)?;
                diesel::insert_into(committee_members::table)
                    .values((
                        committee_members::committee_id.eq(row.id),
                        committee_members::user_id.eq(committee.created_by.0),
                        committee_members::role.eq(CommitteeRole::CommitteeChair.as_str()),
                        committee_members::joined_at.eq(committee.created_at),
                    ))
                    .execute(conn)?;
                Ok::<_, diesel::result::Error>(row)
            })
            .map_err(repo_error)?;
        Ok(Committee {
            id: CommitteeId(row.id),
            name: row.name,
            description: row.description,
            archived: row.archived,
            created_at: row.created_at,
            member_count: 1,
            viewer_role: Some(CommitteeRole::CommitteeChair),
        })
    }

    fn archive(&self, id: CommitteeId, at: DateTime<Utc>) -> Result<(), CommitteesRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let updated = diesel::update(committees::table.find(id.0).filter(committees::archived.eq(false)))
            .set((committees::archived.eq(true), committees::archived_at.eq(Some(at))))
            .execute(&mut conn)
            .map_err(repo_error)?;
        if updated == 1 {
            return Ok(());
        }
        let exists = committees::table
            .find(id.0)
            .select(committees::id)
            .first::<i32>(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Err(if exists.is_some() { CommitteesRefusal::AlreadyArchived } else { CommitteesRefusal::NotFound })
    }

    fn delete_archived(&self, id: CommitteeId) -> Result<Vec<StorageKey>, CommitteesRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| -> Tx<Vec<StorageKey>> {
            let archived = committees::table
                .find(id.0)
                .select(committees::archived)
                .for_update()
                .first::<bool>(conn)
                .optional()?;
            match archived {
                None => return Err(Refusal::Refused(CommitteesRefusal::NotFound)),
                Some(false) => return Err(Refusal::Refused(CommitteesRefusal::NotArchived)),
                Some(true) => {}
            }
            let keys = committee_documents::table
                .filter(committee_documents::committee_id.eq(id.0))
                .select(committee_documents::storage_key)
                .load::<String>(conn)?;
            let keys = keys
                .iter()
                .map(|raw| {
                    StorageKey::parse(raw).ok_or_else(|| bad_value("committee_documents.storage_key", raw))
                })
                .collect::<Result<Vec<_>, RepoError>>()
                .map_err(|e| Refusal::Refused(e.into()))?;
            // Members, messages and document rows go with it (ON DELETE CASCADE).
            diesel::delete(committees::table.find(id.0)).execute(conn)?;
            Ok(keys)
        })
        .map_err(Refusal::into_error)
    }

    fn members(&self, id: CommitteeId) -> Result<Vec<CommitteeMember>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let chair = CommitteeRole::CommitteeChair.as_str();
        let rows = committee_members::table
            .inner_join(users::table)
            .filter(committee_members::committee_id.eq(id.0))
            .order((committee_members::role.eq(chair).desc(), users::name.asc(), users::id.asc()))
            .select((
                users::id,
                users::name,
                users::email,
                committee_members::role,
                committee_members::joined_at,
            ))
            .load::<(i32, String, String, String, DateTime<Utc>)>(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|(user_id, name, email, role, joined_at)| {
                Ok(CommitteeMember {
                    user_id: UserId(user_id),
                    name,
                    email,
                    role: committee_role(&role)?,
                    joined_at,
                })
            })
            .collect()
    }

    fn add_member(
        &self,
        id: CommitteeId,
        user: UserId,
        role: CommitteeRole,
        at: DateTime<Utc>,
    ) -> Result<CommitteeMember, CommitteesRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| -> Tx<CommitteeMember> {
            lock_active_committee(conn, id)?;
            // Share-locks the user: a concurrent deactivation or deletion waits for us.
            // A guest is never a committee member (spec §6 Guests): they read as not active here.
            let found = users::table
                .find(user.0)
                .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
                .select((users::name, users::email, users::active))
                .for_share()
                .first::<(String, String, bool)>(conn)
                .optional()?;
            let (name, email) = match found {
                Some((name, email, true)) => (name, email),
                _ => return Err(Refusal::Refused(CommitteesRefusal::UserNotActive)),
            };
            let inserted = diesel::insert_into(committee_members::table)
                .values((
                    committee_members::committee_id.eq(id.0),
                    committee_members::user_id.eq(user.0),
                    committee_members::role.eq(role.as_str()),
                    committee_members::joined_at.eq(at),
                ))
                .on_conflict_do_nothing()
                .execute(conn)?;
            if inserted == 0 {
                return Err(Refusal::Refused(CommitteesRefusal::AlreadyMember));
            }
            Ok(CommitteeMember { user_id: user, name, email, role, joined_at: at })
        })
        .map_err(Refusal::into_error)
    }

    fn remove_member(&self, id: CommitteeId, user: UserId) -> Result<(), CommitteesRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| -> Tx<()> {
            lock_active_committee(conn, id)?;
            let deleted = diesel::delete(
                committee_members::table
                    .filter(committee_members::committee_id.eq(id.0))
                    .filter(committee_members::user_id.eq(user.0)),
            )
            .execute(conn)?;
            if deleted == 0 {
                return Err(Refusal::Refused(CommitteesRefusal::NotMember));
            }
            Ok(())
        })
        .map_err(Refusal::into_error)
    }

    fn messages(
        &self,
        id: CommitteeId,
        after: Option<MessageId>,
        before: Option<MessageId>,
        limit: i64,
    ) -> Result<Vec<CommitteeMessage>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = message_query(id);
        if let Some(after) = after {
            query = query.filter(committee_messages::id.gt(after.0));
        }
        if let Some(before) = before {
            query = query.filter(committee_messages::id.lt(before.0));
        }
        // The latest `limit`, read newest first and handed out oldest first.
        let mut rows =
            query.order(committee_messages::id.desc()).limit(limit).load(&mut conn).map_err(repo_error)?;
        rows.reverse();
        Ok(rows.into_iter().map(|row| message_from_row(id, row)).collect())
    }

    fn messages_since(
        &self,
        id: CommitteeId,
        after: MessageId,
        limit: i64,
    ) -> Result<Vec<CommitteeMessage>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows = message_query(id)
            .filter(committee_messages::id.gt(after.0))
            .order(committee_messages::id.asc())
            .limit(limit)
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok(rows.into_iter().map(|row| message_from_row(id, row)).collect())
    }

    fn post_message(
        &self,
        id: CommitteeId,
        author: UserId,
        message: &str,
        at: DateTime<Utc>,
    ) -> Result<CommitteeMessage, CommitteesRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| -> Tx<CommitteeMessage> {
            lock_active_committee(conn, id)?;
            // One poster at a time per committee, so its messages commit in id order and a chat stream
            // that forwards only ids above its last never skips one committed late (see `ChatHub`).
            diesel::sql_query("SELECT pg_advisory_xact_lock($1, $2)")
                .bind::<Integer, _>(CHAT_LOCK_SPACE)
                .bind::<Integer, _>(id.0)
                .execute(conn)?;
            let (message_id, text, sent_at) = diesel::insert_into(committee_messages::table)
                .values((
                    committee_messages::committee_id.eq(id.0),
                    committee_messages::user_id.eq(author.0),
                    committee_messages::message.eq(message),
                    committee_messages::sent_at.eq(at),
                ))
                .returning((committee_messages::id, committee_messages::message, committee_messages::sent_at))
                .get_result::<(i64, String, DateTime<Utc>)>(conn)?;
            let name = users::table.find(author.0).select(users::name).first::<String>(conn).optional()?;
            Ok(CommitteeMessage {
                id: MessageId(message_id),
                committee_id: id,
                message: text,
                sent_at,
                user: name.map(|name| Author { id: author, name }),
            })
        })
        .map_err(Refusal::into_error)
    }

    fn mark_read(&self, id: CommitteeId, user: UserId, up_to: MessageId) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::sql_query(
            "INSERT INTO committee_read_markers (committee_id, user_id, last_read_id) VALUES ($1, $2, $3) \
             ON CONFLICT (committee_id, user_id) DO UPDATE \
             SET last_read_id = GREATEST(committee_read_markers.last_read_id, EXCLUDED.last_read_id)",
        )
        .bind::<diesel::sql_types::Integer, _>(id.0)
        .bind::<diesel::sql_types::Integer, _>(user.0)
        .bind::<diesel::sql_types::BigInt, _>(up_to.0)
        .execute(&mut conn)
        .map_err(repo_error)?;
        Ok(())
    }
}

/// The advisory-lock key space of chat posts (the second key is the committee id).
const CHAT_LOCK_SPACE: i32 = 15_001;

type MessageRow = (i64, String, DateTime<Utc>, Option<i32>, Option<String>);

/// The columns of a chat message with its author's name.
type MessageColumns = (
    committee_messages::id,
    committee_messages::message,
    committee_messages::sent_at,
    committee_messages::user_id,
    diesel::dsl::Nullable<users::name>,
);
type CommitteeMessages = diesel::dsl::Filter<
    diesel::dsl::LeftJoin<committee_messages::table, users::table>,
    diesel::dsl::Eq<committee_messages::committee_id, i32>,
>;
type MessageQuery =
    diesel::dsl::IntoBoxed<'static, diesel::dsl::Select<CommitteeMessages, MessageColumns>, Pg>;

fn message_query(id: CommitteeId) -> MessageQuery {
    committee_messages::table
        .left_join(users::table)
        .filter(committee_messages::committee_id.eq(id.0))
        .select((
            committee_messages::id,
            committee_messages::message,
            committee_messages::sent_at,
            committee_messages::user_id,
            users::name.nullable(),
        ))
        .into_boxed()
}

fn message_from_row(
    id: CommitteeId,
    (message_id, message, sent_at, user_id, name): MessageRow,
) -> CommitteeMessage {
    CommitteeMessage {
        id: MessageId(message_id),
        committee_id: id,
        message,
        sent_at,
        user: user_id.zip(name).map(|(user_id, name)| Author { id: UserId(user_id), name }),
    }
}
