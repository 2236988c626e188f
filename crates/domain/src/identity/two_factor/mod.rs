//! Settings only admins change (spec §13 Account security), one row in `security_settings`.

pub mod repository;
pub mod second_factor;
pub mod service;

/// Settings only admins change.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct SecuritySettings {
    /// Admins and chairs must use two-factor sign-in; without it they enrol at their next request.
    pub require_mfa_for_officers: bool,
}
