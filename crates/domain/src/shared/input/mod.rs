//! What a request brings, before a use case decides on it: fields as received (absent, given or
//! unreadable), the limits each request states once for the API document and the checks, and the field
//! validation helpers that word the messages.

pub mod limits;
pub mod received;
pub mod validation;
