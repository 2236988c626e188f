#![doc = include_str!("../README.md")]
// Each area's folder names the module of its main records after the area (`meetings/meetings.rs`); the
// modules are private and re-exported here, so no public path repeats the name.
#![allow(clippy::module_inception)]

mod actions;
mod audit;
mod committees;
mod dashboard;
mod governance;
mod identity;
mod library;
mod meetings;
mod notices;
mod notifications;
mod reading;
mod search;
mod signing;
#[rustfmt::skip]
mod schema;
mod shared;

pub use shared::change_feed::PgChangeFeed;
pub use shared::pool::{connect, run_migrations, PgPool, CONNECTION_WAIT};
pub use shared::readiness::PgReadiness;
pub use shared::wakeups::PgWakeups;

pub use actions::PgActionRepository;
pub use audit::PgAuditTrail;
pub use committees::{PgCommitteeDocumentRepository, PgCommitteeRepository};
pub use dashboard::{PgDashboardRepository, PgTasksRepository};
pub use governance::PgEvaluationRepository;
pub use governance::{
    PgConflictRepository, PgDeclarationRepository, PgGovernanceSettingsRepository, PgInterestRepository,
    PgResolutionRepository, PgSkillRepository, PgTermRepository,
};
pub use identity::{
    PgDirectoryRepository, PgGuestRepository, PgInvitationRepository, PgLoginThrottle,
    PgPasswordTokenRepository, PgResetRequestRepository, PgSecuritySettingsRepository, PgSessionRepository,
    PgSsoRepository, PgTwoFactorRepository, PgUserRepository,
};
pub use library::{LocalFileStore, PgDocumentRepository, PgMinutesRepository, PgPageCountCache};
pub use meetings::{
    PgAttendanceRepository, PgBoardPackCache, PgCalendarFeedRepository, PgMeetingChairs, PgMeetingRepository,
    PgWrittenMinutesRepository,
};
pub use notices::PgNoticeRepository;
pub use notifications::{PgNotificationRepository, PgOutboxRepository};
pub use reading::{PgAgendaPaperMeetings, PgNoteRepository, PgReadingRecordRepository};
pub use search::{PgFileTextQueue, PgSearchRepository};
pub use signing::{PgMinutesSigners, PgSignatureRepository, PgSigningKeys, StoredSigningKey};
