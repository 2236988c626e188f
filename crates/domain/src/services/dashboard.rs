//! The dashboard's summary figures (spec §2 Dashboard).

use std::sync::Arc;

use crate::entities::dashboard::DashboardStats;
use crate::entities::user::User;
use crate::error::DomainError;
use crate::permissions;
use crate::ports::{Clock, DashboardRepository};

#[derive(Clone)]
pub struct DashboardService {
    pub dashboard: Arc<dyn DashboardRepository>,
    pub clock: Arc<dyn Clock>,
}

impl DashboardService {
    /// Pending (not overdue) actions, documents, the next meeting and active trustees, as of now.
    pub fn stats(&self, actor: &User) -> Result<DashboardStats, DomainError> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(DomainError::forbidden("You cannot read the dashboard."));
        }
        let now = self.clock.now();
        Ok(self.dashboard.stats(now.date_naive(), now, crate::services::meetings::scope_of(actor))?)
    }
}
