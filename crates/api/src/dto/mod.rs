//! Wire shapes (camelCase JSON) and their conversions from domain entities.

pub mod document;
pub mod meeting;
pub mod message;
pub mod minutes;
pub mod time;
pub mod user;
