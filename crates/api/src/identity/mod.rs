//! Identity: sign-in and sessions, two-factor, password resets and invitations, users, and the trustee
//! directory.

pub mod auth;
pub mod guests;
pub mod password_reset;
pub mod sessions;
pub mod single_sign_on;
pub mod trustees;
pub mod two_factor;
pub mod users;
