//! Search (docs/spec.md "Search"): the index `search_entries` (kept by the database's triggers) and its
//! one query, and the queue of files whose text is to be extracted (`file_texts`).

mod file_texts;
mod search;
mod snippet;

pub use file_texts::PgFileTextQueue;
pub use search::PgSearchRepository;
