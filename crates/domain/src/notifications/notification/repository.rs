use crate::notifications::NotificationsRefusal;
use chrono::{DateTime, Utc};

use crate::notifications::mail::OutgoingMail;
use crate::notifications::notification::{
    Delivery, DigestEntry, DocumentItem, Due, NotificationKind, NotificationSettings, Notified, PendingEvent,
    ScheduleWindow,
};
use crate::{RepoError, UserId};

/// Decides what one event becomes for each of its audience (the rules and the rendering are the domain's).
pub type PlanEvent<'a> = dyn FnMut(&PendingEvent) -> anyhow::Result<Vec<Delivery>> + 'a;
/// Decides what one due scheduled notification becomes (`None`: the recipient switched the kind off).
pub type PlanDue<'a> = dyn FnMut(&Due) -> anyhow::Result<Option<Delivery>> + 'a;
/// Renders one user's hourly mail of the new documents gathered for them (`None`: nothing left to tell,
/// e.g. the kind is switched off now).
pub type PlanGathered<'a> =
    dyn FnMut(&Notified, &[DocumentItem]) -> anyhow::Result<Option<OutgoingMail>> + 'a;
/// Renders one user's weekly digest.
/// Plans one person's digest from their unsent entries (maybe none); `None` when there is nothing to tell
/// them (no entries and no tasks: spec §11).
pub type PlanDigest<'a> = dyn FnMut(&Notified, &[DigestEntry]) -> anyhow::Result<Option<OutgoingMail>> + 'a;

/// Notification settings, the events the database records in the transactions that cause them, and the
/// scheduled notifications' ledger (spec §11 Notifications and reminders).
pub trait NotificationRepository: Send + Sync {
    /// The stored settings, or the defaults.
    fn settings(&self, user: UserId) -> Result<NotificationSettings, RepoError>;
    fn save_settings(
        &self,
        user: UserId,
        settings: &NotificationSettings,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Adds `kinds` to the user's switched-off kinds (creating their settings with the defaults otherwise),
    /// in one statement, keeping the canonical order: a one-click unsubscribe.
    /// `NotificationsRefusal::UnsubscribeInvalid` when the user does not exist (any more).
    fn switch_off(
        &self,
        user: UserId,
        kinds: &[NotificationKind],
        at: DateTime<Utc>,
    ) -> Result<(), NotificationsRefusal>;
    /// In one transaction: claims up to `limit` pending events (`FOR UPDATE SKIP LOCKED`, so two processes
    /// never expand one twice), loads each one's subject and audience, writes what `plan` answers (outbox
    /// messages, digest entries) and marks the events processed. An event whose subject is gone is marked
    /// processed with nothing sent. Answers how many events were claimed.
    fn expand_events(
        &self,
        limit: i64,
        at: DateTime<Utc>,
        plan: &mut PlanEvent<'_>,
    ) -> Result<usize, RepoError>;
    /// In one transaction under an advisory lock: finds what `window` makes due, and for each notification
    /// and recipient not yet in the ledger records it there and writes what `plan` answers. Answers how
    /// many were recorded.
    fn run_scheduled(&self, window: &ScheduleWindow, plan: &mut PlanDue<'_>) -> Result<usize, RepoError>;
    /// In one transaction under the same lock: each active user with unsent digest entries, or with the
    /// weekly digest on, and no digest for `week` yet gets the message `plan` answers (none when it answers
    /// `None`), and their entries are stamped sent. Answers how many were sent.
    fn send_digests(
        &self,
        week: &str,
        at: DateTime<Utc>,
        plan: &mut PlanDigest<'_>,
    ) -> Result<usize, RepoError>;
    /// In one transaction under the same lock: each active user whose oldest waiting gathered document
    /// was gathered at or before `waited_since` gets one message (`plan`) listing every document waiting for
    /// them (deleted ones drop out), recorded in the ledger, and those are stamped sent at `at`. Answers
    /// how many messages were queued.
    fn send_gathered_documents(
        &self,
        waited_since: DateTime<Utc>,
        at: DateTime<Utc>,
        plan: &mut PlanGathered<'_>,
    ) -> Result<usize, RepoError>;
}
