//! The entities of spec §3 and the enums that carry their rules.

#[macro_use]
mod string_enum;

pub mod action;
pub mod agenda;
pub mod attendance;
pub mod audit;
pub mod committee;
pub mod conflict;
pub mod dashboard;
pub mod declaration;
pub mod directory;
pub mod document;
pub mod governance_settings;
pub mod interest;
pub mod mail;
pub mod meeting;
pub mod minutes;
pub mod notice;
pub mod notification;
pub mod reset_request;
pub mod resolution;
pub mod role;
pub mod security_settings;
pub mod session;
pub mod term;
pub mod user;
pub mod written_minutes;

pub use string_enum::UnknownValue;
