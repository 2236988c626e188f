//! Search: one search over the board's records (docs/spec.md "Search").

#[allow(clippy::module_inception)] // the route table names operations `<module>_<handler>`: `search_search`
pub mod search;
