//! Request and response bodies: JSON in and out, lenient field readers, timestamps, uploads, file
//! downloads, CSV exports and pre-encoded answers.

pub mod cached;
pub mod csv;
pub mod download;
pub(crate) mod input;
pub(crate) mod json;
pub(crate) mod message;
pub(crate) mod time;
pub mod upload;
