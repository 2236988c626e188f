//! Audit: the audit log, read-only (events are recorded by `crate::http::audit`).

pub mod audit_events;
