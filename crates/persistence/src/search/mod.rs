//! Search: the index `search_entries` (kept by the database's triggers) and its one query.

mod search;
mod snippet;

pub use search::PgSearchRepository;
