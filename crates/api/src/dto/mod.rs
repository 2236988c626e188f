//! Wire shapes (camelCase JSON) and their conversions from domain entities.

pub mod message;
pub mod time;
pub mod user;
