#![doc = include_str!("../README.md")]

mod bcrypt_hasher;
mod jwt_token_service;
mod memory_login_throttle;

pub use bcrypt_hasher::BcryptHasher;
pub use jwt_token_service::JwtTokenService;
pub use memory_login_throttle::{MemoryLoginThrottle, ThrottleLimit};
