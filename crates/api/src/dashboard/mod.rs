//! Dashboard: the dashboard's figures.

#[allow(clippy::module_inception)] // the route table names operations `<module>_<handler>`: `dashboard_stats`
pub mod dashboard;
