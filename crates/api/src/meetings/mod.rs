//! Meetings: the board calendar, agenda and papers, attendance and calendar feeds,
//! board packs, written minutes and the decisions register.

pub mod agenda;
pub mod board_pack;
pub mod calendar_feed;
pub mod decisions;
pub mod meeting_attendance;
pub mod meeting_chair;
#[allow(clippy::module_inception)] // the route table names operations `<module>_<handler>`: `meetings_list`
pub mod meetings;
pub mod minutes_workflow;
