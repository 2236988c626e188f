use chrono::{DateTime, Utc};

use crate::notifications::mail::{OutgoingMail, QueuedMail};
use crate::RepoError;

/// The transactional outbox. Use cases that cause mail enqueue it through their own repository method
/// (same transaction as the event); this port is for the worker, the delivery log and test mail.
pub trait OutboxRepository: Send + Sync {
    fn enqueue(&self, mail: &OutgoingMail) -> Result<i64, RepoError>;
    /// Claims up to `limit` due messages with `FOR UPDATE SKIP LOCKED`, counting the attempt and pushing
    /// their next attempt to `lease_until`, so another process skips them while this one sends.
    fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<QueuedMail>, RepoError>;
    /// Marks `cancelled` (with the reason as its last error) every due queued message whose recipient
    /// user is deactivated, or whose notification kind they switched off in their Notification settings
    /// (a weekly digest: when they switched every kind off). Mail that is no notification (password
    /// resets, invitations, test messages) is only cancelled for a deactivated user. Answers how many.
    fn cancel_undeliverable(&self, now: DateTime<Utc>) -> Result<usize, RepoError>;
    fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Keeps the error; `retry_at: None` gives up (status `failed`).
    fn mark_failed(&self, id: i64, error: &str, retry_at: Option<DateTime<Utc>>) -> Result<(), RepoError>;
    /// The newest messages first.
    fn recent(&self, limit: i64) -> Result<Vec<QueuedMail>, RepoError>;
}
