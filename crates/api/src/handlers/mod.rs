pub mod actions;
pub mod auth;
pub mod committee_members;
pub mod committee_messages;
pub mod committees;
pub mod health;
pub mod notices;
pub mod users;
