//! Sends queued mail: claims due rows (another process skips them), hands each to the mailer and records
//! the outcome. A failure is retried with exponential backoff and its reason kept; after
//! `MAX_ATTEMPTS` the message is marked failed and stays in the log. Messages to a recipient who was
//! deactivated, or turned that kind of mail off, are cancelled instead of sent.

use std::sync::Arc;

use chrono::Duration;

use domain::notifications::{Mailer, OutboxRepository};
use domain::shared::Clock;

pub const MAX_ATTEMPTS: i32 = 10;
/// How long a claimed message is reserved for the process that claimed it (longer than any SMTP send).
const LEASE_SECS: i64 = 300;
const BATCH: i64 = 20;
/// The backoff never waits longer than this between attempts.
const MAX_DELAY_SECS: i64 = 3600;

#[derive(Clone)]
pub struct OutboxWorker {
    pub outbox: Arc<dyn OutboxRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub clock: Arc<dyn Clock>,
    /// The first retry's delay; each further one doubles it (`MAIL_RETRY_SECONDS`).
    pub retry_base: Duration,
}

impl OutboxWorker {
    /// Sends one batch of due messages; returns how many were claimed.
    pub fn run_once(&self) -> anyhow::Result<usize> {
        let now = self.clock.now();
        // A deactivated user gets nothing, whenever the message was queued.
        let cancelled = self.outbox.cancel_undeliverable(now)?;
        if cancelled > 0 {
            tracing::info!(cancelled, "mail to deactivated or unsubscribed recipients cancelled");
        }
        let claimed = self.outbox.claim_due(now, now + Duration::seconds(LEASE_SECS), BATCH)?;
        for queued in &claimed {
            match self.mailer.send(&queued.mail) {
                Ok(()) => {
                    self.outbox.mark_sent(queued.id, self.clock.now())?;
                    tracing::info!(id = queued.id, kind = %queued.mail.kind, "mail sent");
                }
                Err(error) => {
                    let retry_at = (queued.attempts < MAX_ATTEMPTS)
                        .then(|| self.clock.now() + self.retry_delay(queued.attempts));
                    tracing::warn!(id = queued.id, attempts = queued.attempts, error = %error,
                        gave_up = retry_at.is_none(), "mail not sent");
                    self.outbox.mark_failed(queued.id, &error.0, retry_at)?;
                }
            }
        }
        Ok(claimed.len())
    }

    /// `retry_base * 2^(attempts - 1)`, at most an hour. Counted in milliseconds: the service's base is
    /// whole seconds, the test servers' a fraction of one so that a test of the backoff waits milliseconds.
    pub fn retry_delay(&self, attempts: i32) -> Duration {
        let factor = 1i64 << attempts.clamp(1, 20).saturating_sub(1);
        let millis = self.retry_base.num_milliseconds().max(1).saturating_mul(factor);
        Duration::milliseconds(millis.min(MAX_DELAY_SECS * 1000))
    }
}
