//! Actions: the action tracker.

#[allow(clippy::module_inception)] // the route table names operations `<module>_<handler>`: `actions_list`
pub mod actions;
