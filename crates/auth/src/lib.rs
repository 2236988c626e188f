#![doc = include_str!("../README.md")]

mod bcrypt_hasher;
mod jwt_token_service;
mod secret_sealer;
mod totp_second_factor;

pub use bcrypt_hasher::BcryptHasher;
pub use jwt_token_service::JwtTokenService;
pub use secret_sealer::ChaChaSealer;
pub use totp_second_factor::TotpSecondFactor;
