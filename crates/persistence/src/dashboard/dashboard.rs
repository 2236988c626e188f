use chrono::{DateTime, NaiveDate, Utc};
use diesel::dsl::count_star;
use diesel::prelude::*;

use domain::actions::ActionStatus;
use domain::dashboard::{DashboardRepository, DashboardStats};
use domain::meetings::meeting::{MeetingScope, MeetingStatus};
use domain::{MeetingId, RepoError};

use crate::actions::action_visible_to;
use crate::meetings::visible_to;
use crate::schema::{actions, documents, meetings, users};
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

pub struct PgDashboardRepository {
    pool: PgPool,
}

impl PgDashboardRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl DashboardRepository for PgDashboardRepository {
    fn stats(
        &self,
        today: NaiveDate,
        now: DateTime<Utc>,
        scope: MeetingScope,
    ) -> Result<DashboardStats, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // Four small reads in one snapshot, so the figures agree with each other.
        conn.build_transaction()
            .read_only()
            .repeatable_read()
            .run(|conn| {
                // Pending as reported: the same rule as the action list's `?status=pending`, over the
                // actions this reader sees (spec §6 Committee meetings).
                let pending_actions = actions::table
                    .filter(action_visible_to(scope))
                    .filter(actions::status.eq(ActionStatus::Pending.as_str()))
                    .filter(actions::due_date.is_null().or(actions::due_date.ge(today)))
                    .select(count_star())
                    .first::<i64>(conn)?;
                let documents = documents::table.select(count_star()).first::<i64>(conn)?;
                let next = meetings::table
                    .filter(meetings::meeting_date.ge(now))
                    .filter(meetings::status.eq(MeetingStatus::Scheduled.as_str()))
                    .filter(visible_to(scope))
                    .order((meetings::meeting_date.asc(), meetings::id.asc()))
                    .select((meetings::meeting_date, meetings::id))
                    .first::<(DateTime<Utc>, i32)>(conn)
                    .optional()?;
                let (next_meeting, next_meeting_id) = match next {
                    Some((at, id)) => (Some(at), Some(MeetingId(id))),
                    None => (None, None),
                };
                let trustees = users::table
                    .filter(users::active.eq(true))
                    .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
                    .select(count_star())
                    .first::<i64>(conn)?;
                Ok(DashboardStats { pending_actions, documents, next_meeting, next_meeting_id, trustees })
            })
            .map_err(repo_error)
    }
}
