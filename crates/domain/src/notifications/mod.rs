//! E-mail: the outbox, the templates, notifications and reminders with their settings, and
//! one-click unsubscribe.

pub mod mail;
pub mod notification;
pub mod refusal;
pub mod unsubscribe;

pub use mail::mailer::{MailError, Mailer};
pub use mail::renderer::MailRenderer;
pub use mail::repository::OutboxRepository;
pub use mail::service::MailService;
pub use notification::repository::{NotificationRepository, PlanDigest, PlanDue, PlanEvent, PlanGathered};
pub use notification::service::{NotificationService, NotificationSettingsRequest, ScheduledRun, Spelled};
pub use refusal::NotificationsRefusal;
pub use unsubscribe::service::UnsubscribeService;
