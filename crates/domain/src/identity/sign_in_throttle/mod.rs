pub mod login_throttle;
pub mod service;
