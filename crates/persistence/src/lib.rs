#![doc = include_str!("../README.md")]

mod actions;
mod committee_documents;
mod committees;
mod dashboard;
mod declarations;
mod directory;
mod documents;
mod error;
mod governance_settings;
mod interests;
mod local_file_store;
mod meetings;
mod minutes;
mod notices;
mod outbox;
mod password_tokens;
mod pool;
mod readiness;
mod reset_requests;
mod resolutions;
#[rustfmt::skip]
mod schema;
mod terms;
mod users;

pub use actions::PgActionRepository;
pub use committee_documents::PgCommitteeDocumentRepository;
pub use committees::PgCommitteeRepository;
pub use dashboard::PgDashboardRepository;
pub use declarations::PgDeclarationRepository;
pub use directory::PgDirectoryRepository;
pub use documents::PgDocumentRepository;
pub use governance_settings::PgGovernanceSettingsRepository;
pub use interests::PgInterestRepository;
pub use local_file_store::LocalFileStore;
pub use meetings::PgMeetingRepository;
pub use minutes::PgMinutesRepository;
pub use notices::PgNoticeRepository;
pub use outbox::PgOutboxRepository;
pub use password_tokens::PgPasswordTokenRepository;
pub use pool::{connect, run_migrations, PgPool};
pub use readiness::PgReadiness;
pub use reset_requests::PgResetRequestRepository;
pub use resolutions::PgResolutionRepository;
pub use terms::PgTermRepository;
pub use users::PgUserRepository;
