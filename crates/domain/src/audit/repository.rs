use chrono::{DateTime, Utc};

use crate::audit::{AuditEvent, AuditFilter, NewAuditEvent};
use crate::RepoError;

/// The append-only store of audit events. There is no method to change or delete one event: the only
/// removal is `prune`, past the retention period (and the database refuses anything else).
pub trait AuditTrail: Send + Sync {
    /// Appends an event at `at`, copying the actor's current name and e-mail.
    fn record(&self, event: NewAuditEvent, at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Newest first (then highest id), `limit` events after skipping `offset`, and the number matching.
    fn list(
        &self,
        filter: &AuditFilter,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<AuditEvent>, i64), RepoError>;
    /// Deletes the events that occurred before `before`; answers how many. Safe to run from two
    /// processes at once.
    fn prune(&self, before: DateTime<Utc>) -> Result<usize, RepoError>;
}
