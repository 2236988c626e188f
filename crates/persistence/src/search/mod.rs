//! Search (docs/spec.md "Search").

mod file_texts;

pub use file_texts::PgFileTextQueue;
