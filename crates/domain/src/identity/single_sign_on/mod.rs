//! Single sign-on with OpenID Connect (spec §13 Single sign-on): the authorization-code flow with PKCE,
//! state and nonce against the operator's provider. A person signs in when the provider vouches for them
//! and their link or verified e-mail matches an active account; the portal's own rules (deactivation,
//! sessions, idle time-out, two-factor, the audit log) still hold.

pub mod provider;
pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::UserId;

/// The operator's settings (environment: docs/operations.md "Single sign-on").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SsoSettings {
    /// The button's words: 'Sign in with {label}'.
    pub label: String,
    /// E-mail domains (lower case) a person may come from; empty allows any.
    pub allowed_domains: Vec<String>,
    /// Someone with a verified e-mail and no account is made a trustee (default no: refused).
    pub create_unknown: bool,
    /// An e-mail the provider sends without `email_verified` counts as verified: for providers that send
    /// only addresses of their own directory and never the claim (Microsoft Entra ID), with
    /// `allowed_domains` set to the directory's verified domains. An explicit `false` is never verified.
    pub unstated_email_verified: bool,
}

impl SsoSettings {
    /// Whether an e-mail's domain is one the operator allows.
    pub fn allows(&self, email: &str) -> bool {
        let domain = email.rsplit_once('@').map(|(_, d)| d.to_lowercase()).unwrap_or_default();
        self.allowed_domains.is_empty() || self.allowed_domains.contains(&domain)
    }
}

/// Where to send the browser, and what to keep server-side until it comes back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthorizationRequest {
    pub url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// What the provider vouched for, from an ID token whose signature, issuer, audience, expiry and nonce
/// were checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderIdentity {
    pub issuer: String,
    pub subject: String,
    pub email: Option<String>,
    /// The `email_verified` claim; `None` when the provider does not send it.
    pub email_verified: Option<bool>,
    /// The person's name, for an account made at their first sign-in.
    pub name: Option<String>,
    /// The `amr` claim: how the person authenticated at the provider (`mfa`, `otp`, `hwk` ... mean a
    /// second factor).
    pub amr: Vec<String>,
}

impl ProviderIdentity {
    /// The provider says a second factor was used (RFC 8176 method references).
    pub fn used_second_factor(&self) -> bool {
        const SECOND_FACTORS: [&str; 7] = ["mfa", "otp", "hwk", "swk", "sms", "fido", "mca"];
        self.amr.iter().any(|m| SECOND_FACTORS.contains(&m.to_ascii_lowercase().as_str()))
    }
}

/// A sign-in started with `begin`, kept until the provider sends the browser back (single use).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingSignIn {
    pub nonce: String,
    pub pkce_verifier: String,
}

/// An account's link to an identity at a provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SsoLink {
    pub id: i32,
    pub user_id: UserId,
    pub issuer: String,
    pub subject: String,
    pub email: String,
    pub linked_at: DateTime<Utc>,
}

/// A link to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSsoLink {
    pub user_id: UserId,
    pub issuer: String,
    pub subject: String,
    pub email: String,
    pub linked_at: DateTime<Utc>,
}

/// The one-time code the browser brings back to the sign-in page, for a session (never a token in a URL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handoff {
    pub user_id: UserId,
    /// The provider asserted a second factor (`amr`); it counts only when the admins' setting says so.
    pub provider_second_factor: bool,
}

/// Why a single sign-on did not sign anyone in. Each has a stable key (the sign-in page's
/// `?sso_error=` and the front end's message) and a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SsoFailure {
    NotConfigured,
    /// The state is unknown, forged, used already or expired: a replayed or forged callback.
    Expired,
    /// The provider answered with an error (the person cancelled, or it refused).
    ProviderRefused,
    /// The provider could not be reached or answered nonsense.
    Unavailable,
    /// The code was refused by the provider's token endpoint (replayed, or for another client), or the ID
    /// token failed a check (signature, issuer, audience, expiry, nonce).
    Rejected,
    UnverifiedEmail,
    DomainNotAllowed,
    NoAccount,
    Deactivated,
}

impl SsoFailure {
    pub fn key(self) -> &'static str {
        match self {
            Self::NotConfigured => "not_configured",
            Self::Expired => "expired",
            Self::ProviderRefused => "provider_refused",
            Self::Unavailable => "unavailable",
            Self::Rejected => "rejected",
            Self::UnverifiedEmail => "unverified_email",
            Self::DomainNotAllowed => "domain_not_allowed",
            Self::NoAccount => "no_account",
            Self::Deactivated => "deactivated",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Self::NotConfigured => "Single sign-on is not set up on this portal.",
            Self::Expired => "That sign-in link has expired or was already used. Please try again.",
            Self::ProviderRefused => "The identity provider did not sign you in.",
            Self::Unavailable => "The identity provider could not be reached. Please try again later.",
            Self::Rejected => {
                "The identity provider's answer could not be verified. Nothing was signed in; please try again."
            }
            Self::UnverifiedEmail => "Your identity provider has not verified your e-mail address.",
            Self::DomainNotAllowed => "Accounts from your e-mail domain cannot sign in to this portal.",
            Self::NoAccount => {
                "There is no portal account for your e-mail address. Ask an admin of the portal to add you."
            }
            Self::Deactivated => "Your account is deactivated. Ask an admin of the portal to activate it.",
        }
    }

    pub const ALL: [SsoFailure; 9] = [
        Self::NotConfigured,
        Self::Expired,
        Self::ProviderRefused,
        Self::Unavailable,
        Self::Rejected,
        Self::UnverifiedEmail,
        Self::DomainNotAllowed,
        Self::NoAccount,
        Self::Deactivated,
    ];
}

impl std::fmt::Display for SsoFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains_and_second_factors_are_read_as_the_spec_says() {
        let settings = SsoSettings { allowed_domains: vec!["example.org".into()], ..Default::default() };
        assert!(settings.allows("Ann@Example.ORG"));
        assert!(!settings.allows("ann@example.org.evil.test"));
        assert!(SsoSettings::default().allows("anyone@anywhere.test"));
        let identity = |amr: &[&str]| ProviderIdentity {
            issuer: "https://id.test".into(),
            subject: "s".into(),
            email: None,
            email_verified: Some(true),
            name: None,
            amr: amr.iter().map(|s| s.to_string()).collect(),
        };
        assert!(identity(&["pwd", "mfa"]).used_second_factor());
        assert!(!identity(&["pwd"]).used_second_factor());
        let keys: std::collections::HashSet<_> = SsoFailure::ALL.iter().map(|f| f.key()).collect();
        assert_eq!(keys.len(), SsoFailure::ALL.len(), "keys are unique");
    }
}
