//! Why the audit log says no (spec §12 Audit log, §6 Roles and permissions).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const ADMINS_ONLY: &str = "Only admins can read the audit log.";

/// The audit log's refusals: its own is a reader who is not an admin; filters that break a field's rule
/// are of the shared vocabulary.
#[derive(Debug, thiserror::Error)]
pub enum AuditRefusal {
    /// The log (its pages and its export) is for admins only.
    #[error("{ADMINS_ONLY}")]
    AdminsOnly,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(AuditRefusal);

impl Refusal for AuditRefusal {
    fn answer(self) -> Answer {
        match self {
            AuditRefusal::AdminsOnly => Answer::own(&self, RefusalKind::Forbidden),
            AuditRefusal::Common(error) => Answer::Common(error),
        }
    }
}
