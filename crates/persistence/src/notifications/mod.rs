//! Notifications: notification settings, events, scheduled notifications and digests, and the mail
//! outbox.

mod notifications;
mod outbox;

pub use notifications::PgNotificationRepository;
pub use outbox::PgOutboxRepository;

pub(crate) use outbox::enqueue_on;
