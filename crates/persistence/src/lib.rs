#![doc = include_str!("../README.md")]

mod error;
mod local_file_store;
mod pool;
mod readiness;
mod reset_requests;
#[rustfmt::skip]
mod schema;
mod users;

pub use local_file_store::LocalFileStore;
pub use pool::{connect, run_migrations, PgPool};
pub use readiness::PgReadiness;
pub use reset_requests::PgResetRequestRepository;
pub use users::PgUserRepository;
