//! The dashboard's figures and the "For you" list.

mod dashboard;
mod tasks;

pub use dashboard::PgDashboardRepository;
pub use tasks::PgTasksRepository;
