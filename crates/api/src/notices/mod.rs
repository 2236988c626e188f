//! Notices: the noticeboard.

#[allow(clippy::module_inception)] // the route table names operations `<module>_<handler>`: `notices_list`
pub mod notices;
