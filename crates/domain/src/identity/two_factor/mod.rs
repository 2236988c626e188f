//! Settings only admins change (spec §13 Account security), one row in `security_settings`.

pub mod repository;
pub mod second_factor;
pub mod service;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SecuritySettings {
    /// Admins and chairs must use two-factor sign-in: without it they enrol before anything else opens.
    pub require_mfa_for_officers: bool,
}
