//! Meetings: the calendar of meetings, agendas and papers, attendance and quorum, the board pack, calendar
//! feeds, and the minutes written in the portal with the decisions register.

pub mod agenda;
pub mod attendance;
pub mod board_pack;
pub mod calendar;
pub mod chair;
pub mod meeting;
pub mod refusal;
pub mod rules;
pub mod typesetter;
pub mod written_minutes;

pub use agenda::service::{AgendaItemRequest, LinkPaperRequest, ReorderRequest, UploadPaper};
pub use attendance::repository::{AttendanceRepository, QuorumSettings, RecordChange};
pub use attendance::service::{
    AttendanceService, GuestRequest, RecordLine, RecordManyRequest, RecordRequest, RespondRequest,
};
pub use board_pack::builder::{
    BoardPackBuilder, BoardPackCache, BuiltPack, CachedPack, PackCover, PackItem, PackLayout,
    PackLayoutPaper, PackPaper, PackSegment, PackSource,
};
pub use board_pack::service::{BoardPackFile, BoardPackService};
pub use calendar::repository::{CalendarFacts, CalendarFeedRepository, FeedToken};
pub use calendar::service::CalendarService;
pub use calendar::writer::{CalendarEvent, CalendarWriter};
pub use chair::{MeetingChair, MeetingChairRepository, MeetingChairService, RecordChairRequest};
pub use meeting::repository::{AgendaItemChange, MeetingRepository};
pub use meeting::service::{CreateMeetingRequest, MeetingService, MeetingView};
pub use refusal::MeetingsRefusal;
pub use typesetter::{PrintBlock, PrintDocument, Typesetter};
pub use written_minutes::repository::WrittenMinutesRepository;
pub use written_minutes::service::{
    ApproveRequest, CorrectionRequest, EntryRequest, EntryTextRequest, PapersReadLine, WrittenMinutesService,
};
