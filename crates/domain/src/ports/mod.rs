//! Ports: what the use cases need from the outside world. Implemented by `persistence` and `auth`,
//! and by in-memory fakes in tests. All are synchronous; the `api` crate calls them off the async workers.

pub mod action_repository;
pub mod attendance_repository;
pub mod audit_trail;
pub mod board_pack;
pub mod calendar_feed_repository;
pub mod calendar_writer;
pub mod change_feed;
pub mod clock;
pub mod committee_document_repository;
pub mod committee_repository;
pub mod conflict_repository;
pub mod dashboard_repository;
pub mod declaration_repository;
pub mod directory_repository;
pub mod document_repository;
pub mod file_store;
pub mod interest_repository;
pub mod invitation_repository;
pub mod login_throttle;
pub mod mailer;
pub mod meeting_repository;
pub mod minutes_repository;
pub mod notice_repository;
pub mod notification_repository;
pub mod outbox_repository;
pub mod password_hasher;
pub mod password_token_repository;
pub mod readiness;
pub mod reset_request_repository;
pub mod resolution_repository;
pub mod second_factor;
pub mod session_repository;
pub mod term_repository;
pub mod token_service;
pub mod two_factor_repository;
pub mod typesetter;
pub mod user_repository;
pub mod written_minutes_repository;

pub use action_repository::{ActionRepository, ActionWriteError};
pub use attendance_repository::{AttendanceRepository, RecordChange};
pub use audit_trail::AuditTrail;
pub use board_pack::{
    BoardPackBuilder, BoardPackCache, BuiltPack, CachedPack, PackCover, PackItem, PackPaper, PackSource,
};
pub use calendar_feed_repository::{CalendarFacts, CalendarFeedRepository, FeedToken};
pub use calendar_writer::{CalendarEvent, CalendarWriter};
pub use change_feed::{Change, ChangeFeed, ChangeSink, ChangeSinks};
pub use clock::Clock;
pub use committee_document_repository::CommitteeDocumentRepository;
pub use committee_repository::{CommitteeRepository, CommitteeWriteError};
pub use conflict_repository::{ConflictRepository, ConflictWriteError, NewConflict};
pub use dashboard_repository::DashboardRepository;
pub use declaration_repository::{
    DeclarationRepository, DeclarationWriteError, GovernanceMail, NewRound, ReminderRecipient,
};
pub use directory_repository::DirectoryRepository;
pub use document_repository::DocumentRepository;
pub use file_store::{FileStore, PendingFile, ReceivedFile};
pub use interest_repository::{Editor, GovernanceSettingsRepository, InterestRepository};
pub use invitation_repository::{InvitationRefusal, InvitationRepository, PendingInvitation};
pub use login_throttle::{Admitted, LoginThrottle, ThrottleLimits, ThrottleScope};
pub use mailer::{MailError, Mailer};
pub use meeting_repository::{AgendaItemChange, MeetingRepository, MeetingWriteError};
pub use minutes_repository::MinutesRepository;
pub use notice_repository::NoticeRepository;
pub use notification_repository::{NotificationRepository, PlanDigest, PlanDue, PlanEvent};
pub use outbox_repository::OutboxRepository;
pub use password_hasher::PasswordHasher;
pub use password_token_repository::{PasswordTokenRepository, TokenRefusal};
pub use readiness::Readiness;
pub use reset_request_repository::ResetRequestRepository;
pub use resolution_repository::{NewResolution, ResolutionRepository, ResolutionWriteError};
pub use second_factor::{Opened, SecondFactor, SecretSealer};
pub use session_repository::SessionRepository;
pub use term_repository::TermRepository;
pub use token_service::{ChallengeClaims, SessionClaims, TokenError, TokenService, ViewResource};
pub use two_factor_repository::{SecuritySettingsRepository, StoredSecondFactor, TwoFactorRepository};
pub use typesetter::{PrintBlock, PrintDocument, Typesetter};
pub use user_repository::UserRepository;
pub use written_minutes_repository::{MinutesWriteError, WrittenMinutesRepository};
