pub mod auth;
pub mod documents;
pub mod health;
pub mod meetings;
pub mod minutes;
pub mod user_guide;
pub mod users;
