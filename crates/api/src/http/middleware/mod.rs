//! Middleware: entity tags and `304`, fresh caches after a write, and the request log.

pub(crate) mod etag;
pub mod request_log;
pub(crate) mod sessions;
