//! The audit trail.

mod audit;

pub use audit::PgAuditTrail;
