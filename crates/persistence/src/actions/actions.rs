use chrono::{DateTime, NaiveDate, Utc};
use diesel::dsl::now;
use diesel::expression::{AsExpression, SqlLiteral, UncheckedBind};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Integer, Nullable};

use domain::actions::{Action, ActionRepository, ActionStatus, ActionsRefusal, NewAction};
use domain::meetings::meeting::MeetingScope;
use domain::{ActionId, MeetingId, RepoError, UserId};

use crate::schema::{actions, users};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = actions)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ActionRow {
    id: i32,
    title: String,
    description: String,
    assigned_to: Option<i32>,
    due_date: Option<NaiveDate>,
    priority: String,
    status: String,
    completed_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    meeting_id: Option<i32>,
}

fn to_action(row: ActionRow, assigned_to_name: Option<String>) -> Result<Action, RepoError> {
    Ok(Action {
        id: ActionId(row.id),
        title: row.title,
        description: row.description,
        assigned_to: row.assigned_to.map(UserId),
        assigned_to_name,
        due_date: row.due_date,
        priority: row.priority.parse().map_err(|_| bad_value("actions.priority", &row.priority))?,
        status: row.status.parse().map_err(|_| bad_value("actions.status", &row.status))?,
        completed_at: row.completed_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        meeting_id: row.meeting_id.map(MeetingId),
    })
}

type Listed = (ActionRow, Option<String>);

pub struct PgActionRepository {
    pool: PgPool,
}

impl PgActionRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// The actions `scope` may see, the one rule for every read of actions (spec §6 Committee
/// meetings): an action that comes from no meeting, an action whose meeting `scope` sees (so one recorded
/// in a committee meeting's minutes only for that committee's members, admins and chairs), and always
/// the reader's own actions. When that committee meeting is deleted, the action keeps its committee
/// (`committee_only`, `committee_id`, set by the migration's trigger) and stays with its members.
pub(crate) fn action_visible_to(scope: MeetingScope) -> ActionVisibleTo {
    let reader = match scope {
        MeetingScope::Everything => None,
        MeetingScope::VisibleTo(user) => Some(user.0),
        // A guest sees no actions (spec §6 Guests).
        MeetingScope::GuestOf(_) => {
            return diesel::dsl::sql::<Bool>("EXISTS (SELECT 1 FROM (SELECT ")
                .bind::<Nullable<Integer>, _>(None::<i32>)
                .sql("::int4 AS id) reader WHERE FALSE)")
        }
    };
    // Plain SQL, so the same predicate filters any query over `actions` (joined or not).
    diesel::dsl::sql::<Bool>("EXISTS (SELECT 1 FROM (SELECT ")
        .bind::<Nullable<Integer>, _>(reader)
        .sql(&format!("::int4 AS id) reader WHERE {ACTION_VISIBLE_SQL})"))
}

/// The rule of `action_visible_to` as SQL over the row `actions` and `reader.id` (the reader, null for
/// admins and chairs, who see every action); the search (`crate::search`) applies the same text. The
/// meeting part is the rule of `meetings::visible_to` and of the decisions register.
pub(crate) const ACTION_VISIBLE_SQL: &str = "reader.id IS NULL \
     OR (actions.meeting_id IS NULL AND NOT actions.committee_only) \
     OR actions.assigned_to = reader.id \
     OR actions.meeting_id IN (SELECT m.id FROM meetings m WHERE m.kind <> 'committee' \
         OR m.committee_id IN (SELECT cm.committee_id FROM committee_members cm WHERE cm.user_id = reader.id)) \
     OR (actions.meeting_id IS NULL AND actions.committee_id IN \
         (SELECT cm.committee_id FROM committee_members cm WHERE cm.user_id = reader.id))";

/// The predicate of `action_visible_to`.
pub(crate) type ActionVisibleTo = SqlLiteral<
    Bool,
    UncheckedBind<SqlLiteral<Bool>, <Option<i32> as AsExpression<Nullable<Integer>>>::Expression>,
>;

/// One action with its assignee's name (two references to users, so the join is spelled out), when
/// `scope` sees it.
fn load_one(conn: &mut PgConnection, id: i32, scope: MeetingScope) -> QueryResult<Option<Listed>> {
    actions::table
        .left_join(users::table.on(actions::assigned_to.eq(users::id.nullable())))
        .filter(actions::id.eq(id))
        .filter(action_visible_to(scope))
        .select((ActionRow::as_select(), users::name.nullable()))
        .first::<Listed>(conn)
        .optional()
}

impl ActionRepository for PgActionRepository {
    fn list(
        &self,
        status: Option<ActionStatus>,
        today: NaiveDate,
        scope: MeetingScope,
    ) -> Result<Vec<Action>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = actions::table
            .left_join(users::table.on(actions::assigned_to.eq(users::id.nullable())))
            .filter(action_visible_to(scope))
            .select((ActionRow::as_select(), users::name.nullable()))
            .into_boxed();
        // The reported status (ActionStatus::reported) as SQL, so the filter runs in the database.
        let complete = ActionStatus::Complete.as_str();
        let not_due = actions::due_date.is_null().or(actions::due_date.ge(today));
        query = match status {
            None => query,
            Some(ActionStatus::Overdue) => {
                query.filter(actions::status.ne(complete)).filter(actions::due_date.lt(today))
            }
            Some(ActionStatus::Complete) => query.filter(actions::status.eq(complete)),
            Some(open) => query.filter(actions::status.eq(open.as_str())).filter(not_due),
        };
        let rows = query
            .order((actions::created_at.desc(), actions::id.desc()))
            .load::<Listed>(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(|(row, name)| to_action(row, name)).collect()
    }

    fn find(&self, id: ActionId, scope: MeetingScope) -> Result<Option<Action>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        load_one(&mut conn, id.0, scope)
            .map_err(repo_error)?
            .map(|(row, name)| to_action(row, name))
            .transpose()
    }

    fn create(&self, action: NewAction) -> Result<Action, ActionsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (row, name) = conn
            .transaction(|conn| {
                // Share-locks the assignee: a concurrent deactivation or deletion waits for us.
                // Actions are the board's: a guest is never an assignee (spec §6 Guests).
                let assignee = users::table
                    .find(action.assigned_to.0)
                    .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
                    .select((users::name, users::active))
                    .for_share()
                    .first::<(String, bool)>(conn)
                    .optional()?;
                let name = match assignee {
                    Some((name, true)) => name,
                    _ => return Err(Refusal::Refused(ActionsRefusal::AssigneeNotActive)),
                };
                let row = diesel::insert_into(actions::table)
                    .values((
                        actions::title.eq(&action.title),
                        actions::description.eq(&action.description),
                        actions::assigned_to.eq(action.assigned_to.0),
                        actions::created_by.eq(action.created_by.0),
                        actions::due_date.eq(action.due_date),
                        actions::priority.eq(action.priority.as_str()),
                        actions::status.eq(ActionStatus::Pending.as_str()),
                    ))
                    .returning(ActionRow::as_returning())
                    .get_result(conn)?;
                Ok((row, Some(name)))
            })
            .map_err(Refusal::into_error)?;
        Ok(to_action(row, name)?)
    }

    fn set_status(
        &self,
        id: ActionId,
        status: ActionStatus,
        at: DateTime<Utc>,
    ) -> Result<Action, ActionsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let completed_at = (status == ActionStatus::Complete).then_some(at);
        let complete = ActionStatus::Complete.as_str();
        // One conditional statement: two concurrent changes cannot both pass a "not complete yet" check.
        let updated = diesel::update(actions::table.find(id.0).filter(actions::status.ne(complete)))
            .set((
                actions::status.eq(status.as_str()),
                actions::completed_at.eq(completed_at),
                actions::updated_at.eq(now),
            ))
            .execute(&mut conn)
            .map_err(repo_error)?;
        // The caller checked who may change it; the stored action is answered whoever reads it.
        let found = load_one(&mut conn, id.0, MeetingScope::Everything).map_err(repo_error)?;
        match (updated, found) {
            (_, None) => Err(ActionsRefusal::NotFound),
            (0, Some(_)) => Err(ActionsRefusal::AlreadyComplete),
            (_, Some((row, name))) => Ok(to_action(row, name)?),
        }
    }

    fn delete(&self, id: ActionId) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let deleted = diesel::delete(actions::table.find(id.0)).execute(&mut conn).map_err(repo_error)?;
        if deleted == 0 {
            return Err(RepoError::NotFound);
        }
        Ok(())
    }
}
