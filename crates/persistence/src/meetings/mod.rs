//! Meetings: meetings and their agenda and papers, attendance and calendar feeds, conflicts declared on
//! agenda items, board packs, written minutes and the decisions register.

mod agenda;
mod attendance;
mod board_packs;
mod calendar_feed;
mod conflicts;
mod meetings;
mod written_minutes;

pub use attendance::PgAttendanceRepository;
pub use board_packs::PgBoardPackCache;
pub use calendar_feed::PgCalendarFeedRepository;
pub use conflicts::PgConflictRepository;
pub use meetings::PgMeetingRepository;
pub use written_minutes::PgWrittenMinutesRepository;

pub(crate) use meetings::visible_to;
