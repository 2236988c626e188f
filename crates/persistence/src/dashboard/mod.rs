//! The dashboard's figures.

mod dashboard;

pub use dashboard::PgDashboardRepository;
