//! Meetings: meetings and their agenda and papers, attendance and calendar feeds,
//! board packs, written minutes and the decisions register.

mod agenda;
mod attendance;
mod board_packs;
mod calendar_feed;
mod chairs;
mod meetings;
pub(crate) mod written_minutes;

pub use attendance::PgAttendanceRepository;
pub use board_packs::PgBoardPackCache;
pub use calendar_feed::PgCalendarFeedRepository;
pub use chairs::PgMeetingChairs;
pub use meetings::PgMeetingRepository;
pub use written_minutes::PgWrittenMinutesRepository;

pub(crate) use attendance::invited;
pub(crate) use meetings::visible_to;
