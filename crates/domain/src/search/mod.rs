//! Search across the board's records (docs/spec.md "Search").

pub mod file_text;
