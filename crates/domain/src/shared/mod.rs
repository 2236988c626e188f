//! What belongs to no area: ids, the error vocabulary, field validation, date-times, the clock, single-use
//! tokens, request fields as received, the change feed, the read caches' port, readiness, how areas refuse, and the unit tests' in-memory fakes.

#[macro_use]
mod string_enum;
pub mod change_feed;
pub mod clock;
pub mod error;
pub mod ids;
pub mod limits;
pub mod read_cache;
pub mod readiness;
pub mod received;
pub mod refusal;
pub mod secret_token;
pub mod timestamps;
pub mod validation;

pub use change_feed::{Change, ChangeFeed, ChangeSink, ChangeSinks};
pub use clock::Clock;
pub use limits::{FieldLimits, Limit};
pub use read_cache::{CacheTicket, CacheTopic, ReadCache};
pub use readiness::Readiness;
pub use received::{IsoDate, Received};
pub use refusal::{Answer, Refusal, RefusalKind};
pub use string_enum::{string_schema, UnknownValue};
pub use timestamps::ReceivedTime;
