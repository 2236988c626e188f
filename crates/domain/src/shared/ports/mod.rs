//! The ports of the machinery every area leans on, implemented outside the domain: the clock, the change
//! feed between server processes, the read caches, and readiness.

pub mod change_feed;
pub mod clock;
pub mod read_cache;
pub mod readiness;
