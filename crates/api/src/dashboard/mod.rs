//! Dashboard: the dashboard's figures and the "For you" list.

#[allow(clippy::module_inception)] // the route table names operations `<module>_<handler>`: `dashboard_stats`
pub mod dashboard;
pub mod tasks;
