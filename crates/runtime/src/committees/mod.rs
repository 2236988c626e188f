//! Live committee chat: the open streams of this process.

pub mod chat_hub;
