#![doc = include_str!("../README.md")]

pub mod committees;
pub mod identity;
pub mod notifications;
pub mod shared;

pub use committees::chat_hub::ChatHub;
pub use identity::session_cache::ProcessSessionCache;
pub use notifications::outbox_worker::OutboxWorker;
pub use shared::read_cache::ProcessReadCache;
