use chrono::{DateTime, NaiveDate, Utc};

use crate::dashboard::DashboardStats;
use crate::meetings::meeting::MeetingScope;
use crate::RepoError;

/// The dashboard's figures, counted in the database.
pub trait DashboardRepository: Send + Sync {
    /// Pending actions are those not overdue on `today`; the next meeting is the soonest at or after `now`
    /// that is not cancelled, among those `scope` may see.
    fn stats(
        &self,
        today: NaiveDate,
        now: DateTime<Utc>,
        scope: MeetingScope,
    ) -> Result<DashboardStats, RepoError>;
}
