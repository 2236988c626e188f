//! The dashboard's summary figures (spec §2 Dashboard).
//!
//! Its one refusal of its own (`DashboardRefusal`) is a role that may not read board content.

pub mod refusal;
pub mod repository;
pub mod service;
pub mod tasks;

pub use refusal::DashboardRefusal;
pub use repository::DashboardRepository;
pub use service::DashboardService;

use chrono::{DateTime, Utc};

/// The dashboard's four figures (spec §2 Dashboard).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DashboardStats {
    /// Pending and not overdue.
    pub pending_actions: i64,
    pub documents: i64,
    /// The soonest meeting that has not started yet.
    pub next_meeting: Option<DateTime<Utc>>,
    /// That meeting, to link to its page.
    pub next_meeting_id: Option<crate::MeetingId>,
    /// Active accounts.
    pub trustees: i64,
}
