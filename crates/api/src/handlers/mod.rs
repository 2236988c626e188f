pub mod actions;
pub mod auth;
pub mod health;
pub mod notices;
pub mod users;
