//! What belongs to no area: ids, the error vocabulary and how areas refuse, what a request brings
//! (`input/`: fields as received, their limits, their validation), date-times, single-use tokens, and the
//! ports of the machinery every area leans on (`ports/`: the clock, the change feed, the read caches,
//! readiness).

#[macro_use]
mod string_enum;
pub mod error;
pub mod ids;
pub mod input;
pub mod ports;
pub mod refusal;
pub mod secret_token;
pub mod timestamps;

pub use input::limits::{FieldLimits, Limit};
pub use input::received::{IsoDate, Received};
pub use ports::change_feed::{Change, ChangeFeed, ChangeSink, ChangeSinks};
pub use ports::clock::Clock;
pub use ports::read_cache::{CacheTicket, CacheTopic, ReadCache};
pub use ports::readiness::Readiness;
pub use refusal::{Answer, Refusal, RefusalKind};
pub use string_enum::{string_schema, UnknownValue};
pub use timestamps::ReceivedTime;
