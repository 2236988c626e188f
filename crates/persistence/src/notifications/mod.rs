//! Notifications: notification settings, events, scheduled notifications and digests, and the mail
//! outbox.

mod audience;
mod notifications;
mod outbox;
mod scheduled;

pub use notifications::PgNotificationRepository;
pub use outbox::PgOutboxRepository;

pub(crate) use outbox::enqueue_on;
