pub mod auth;
pub mod health;
pub mod users;
