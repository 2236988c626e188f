pub mod password_hasher;
pub mod service;
pub mod token_service;
