//! Wire shapes (camelCase JSON) and their conversions from domain entities.

pub mod action;
pub mod attendance;
pub mod audit;
pub mod committee;
pub mod conflict;
pub mod dashboard;
pub mod declaration;
pub mod directory;
pub mod document;
pub mod input;
pub mod interest;
pub mod meeting;
pub mod message;
pub mod minutes;
pub mod notice;
pub mod resolution;
pub mod term;
pub mod time;
pub mod user;
