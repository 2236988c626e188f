//! Notifications: the outbox and its test message, unsubscribe links, and each user's notification
//! settings.

pub mod mail;
pub mod notification_settings;
