//! The audit trail (`audit_events`): append, list, prune. The table's trigger refuses every other
//! change (see the migration `audit_events`).

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Bool;

use domain::audit::{AuditEvent, AuditFilter, AuditTrail, NewAuditEvent};
use domain::{RepoError, UserId};

use crate::schema::{audit_events, users};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

/// Longest stored text of one field: labels, details and addresses are cut, never refused.
const TEXT_MAX: usize = 1000;
/// `pg_try_advisory_xact_lock` key of the pruning step ("audit" in ASCII), so two processes do not both
/// scan for old rows at once.
const PRUNE_LOCK: i64 = 0x0061_7564_6974;

#[derive(Queryable, Selectable)]
#[diesel(table_name = audit_events)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct AuditRow {
    id: i64,
    occurred_at: DateTime<Utc>,
    actor_id: Option<i32>,
    actor_name: Option<String>,
    actor_email: Option<String>,
    kind: String,
    object_type: Option<String>,
    object_id: Option<String>,
    object_label: Option<String>,
    details: Option<String>,
    client_address: Option<String>,
}

impl TryFrom<AuditRow> for AuditEvent {
    type Error = RepoError;

    fn try_from(row: AuditRow) -> Result<Self, RepoError> {
        Ok(AuditEvent {
            id: row.id,
            occurred_at: row.occurred_at,
            actor_id: row.actor_id.map(UserId),
            actor_name: row.actor_name,
            actor_email: row.actor_email,
            kind: row.kind.parse().map_err(|_| bad_value("audit_events.kind", &row.kind))?,
            object_type: row.object_type,
            object_id: row.object_id,
            object_label: row.object_label,
            details: row.details,
            client_address: row.client_address,
        })
    }
}

/// Text PostgreSQL can store (no NUL), at most `TEXT_MAX` characters.
fn storable(text: Option<String>) -> Option<String> {
    text.map(|t| t.replace('\0', "").chars().take(TEXT_MAX).collect())
}

fn filtered(filter: &AuditFilter) -> audit_events::BoxedQuery<'static, Pg> {
    let mut query = audit_events::table.into_boxed();
    if let Some(actor) = filter.actor {
        query = query.filter(audit_events::actor_id.eq(actor.0));
    }
    if let Some(kind) = filter.kind {
        query = query.filter(audit_events::kind.eq(kind.as_str()));
    }
    if let Some(start) = filter.starts_at() {
        query = query.filter(audit_events::occurred_at.ge(start));
    }
    if let Some(end) = filter.ends_before() {
        query = query.filter(audit_events::occurred_at.lt(end));
    }
    query
}

pub struct PgAuditTrail {
    pool: PgPool,
}

impl PgAuditTrail {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl AuditTrail for PgAuditTrail {
    fn record(&self, event: NewAuditEvent, at: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (actor_name, actor_email) = match event.actor {
            Some(actor) => users::table
                .find(actor.0)
                .select((users::name, users::email))
                .first::<(String, String)>(&mut conn)
                .optional()
                .map_err(repo_error)?
                .map_or((None, None), |(name, email)| (Some(name), Some(email))),
            None => (None, None),
        };
        let mut object = event.object.unwrap_or_default();
        if object.object_type == "user" && object.label.is_none() {
            if let Some(id) = object.id.as_deref().and_then(|id| id.parse::<i32>().ok()) {
                object.label = users::table
                    .find(id)
                    .select((users::name, users::email))
                    .first::<(String, String)>(&mut conn)
                    .optional()
                    .map_err(repo_error)?
                    .map(|(name, email)| format!("{name} <{email}>"));
            }
        }
        let object_type = Some(object.object_type).filter(|t| !t.is_empty());
        diesel::insert_into(audit_events::table)
            .values((
                audit_events::occurred_at.eq(at),
                audit_events::actor_id.eq(event.actor.map(|a| a.0)),
                audit_events::actor_name.eq(actor_name),
                audit_events::actor_email.eq(actor_email),
                audit_events::kind.eq(event.kind.as_str()),
                audit_events::object_type.eq(storable(object_type)),
                audit_events::object_id.eq(storable(object.id)),
                audit_events::object_label.eq(storable(object.label)),
                audit_events::details.eq(storable(event.details)),
                audit_events::client_address.eq(storable(event.client_address)),
            ))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn list(
        &self,
        filter: &AuditFilter,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<AuditEvent>, i64), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let total: i64 =
            filtered(filter).select(diesel::dsl::count_star()).get_result(&mut conn).map_err(repo_error)?;
        let rows = filtered(filter)
            .select(AuditRow::as_select())
            .order((audit_events::occurred_at.desc(), audit_events::id.desc()))
            .offset(offset)
            .limit(limit)
            .load(&mut conn)
            .map_err(repo_error)?;
        let items = rows.into_iter().map(AuditEvent::try_from).collect::<Result<_, _>>()?;
        Ok((items, total))
    }

    fn prune(&self, before: DateTime<Utc>) -> Result<usize, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            let locked =
                diesel::select(diesel::dsl::sql::<Bool>(&format!("pg_try_advisory_xact_lock({PRUNE_LOCK})")))
                    .get_result::<bool>(conn)?;
            if !locked {
                // Another process is pruning right now; it deletes the same rows.
                return Ok(0);
            }
            // The table's trigger lets DELETE through only in a transaction that says so.
            diesel::sql_query("SET LOCAL trustee.audit_prune = 'on'").execute(conn)?;
            diesel::delete(audit_events::table.filter(audit_events::occurred_at.lt(before))).execute(conn)
        })
        .map_err(repo_error)
    }
}
