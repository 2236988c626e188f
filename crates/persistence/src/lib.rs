#![doc = include_str!("../README.md")]

mod documents;
mod error;
mod local_file_store;
mod meetings;
mod minutes;
mod pool;
mod readiness;
mod reset_requests;
#[rustfmt::skip]
mod schema;
mod users;

pub use documents::PgDocumentRepository;
pub use local_file_store::LocalFileStore;
pub use meetings::PgMeetingRepository;
pub use minutes::PgMinutesRepository;
pub use pool::{connect, run_migrations, PgPool};
pub use readiness::PgReadiness;
pub use reset_requests::PgResetRequestRepository;
pub use users::PgUserRepository;
