//! Meetings: meetings and their agenda and papers, attendance and calendar feeds, conflicts declared on
//! agenda items, board packs, written minutes and the decisions register.

mod agenda;
mod attendance;
mod board_packs;
mod conflicts;
mod meetings;
mod written_minutes;

pub use attendance::{PgAttendanceRepository, PgCalendarFeedRepository};
pub use board_packs::PgBoardPackCache;
pub use conflicts::PgConflictRepository;
pub use meetings::PgMeetingRepository;
pub use written_minutes::PgWrittenMinutesRepository;

pub(crate) use meetings::visible_to;
