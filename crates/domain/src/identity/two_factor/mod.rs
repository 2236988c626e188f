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
    /// A single sign-on whose identity provider says it used a second factor (`amr`) counts as the
    /// portal's own second factor (spec §13 Single sign-on).
    #[serde(default)]
    pub trust_provider_mfa: bool,
    /// Password sign-in is off for everyone but the break-glass admin (single sign-on only).
    #[serde(default)]
    pub password_sign_in_off: bool,
    /// The one admin who may still sign in with a password when it is off.
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub break_glass_admin_id: Option<crate::UserId>,
}
