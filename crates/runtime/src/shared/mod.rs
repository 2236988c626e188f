//! What belongs to no area: the read caches the change feed clears.

pub mod read_cache;
