//! Notices.

mod notices;

pub use notices::PgNoticeRepository;
