//! Sessions checked recently, kept in this process.

pub mod session_cache;
