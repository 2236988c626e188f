use crate::identity::single_sign_on::{AuthorizationRequest, ProviderIdentity, SsoFailure};

/// The operator's OpenID provider (the `oidc` crate implements it with the `openidconnect` crate).
/// Blocking: call it off the async workers.
pub trait OpenIdProvider: Send + Sync {
    /// A fresh authorization request: the provider's address with state, nonce and a PKCE challenge.
    /// `Unavailable` when the provider's discovery document cannot be read.
    fn authorization_request(&self) -> Result<AuthorizationRequest, SsoFailure>;
    /// Exchanges the code (with the PKCE verifier) and checks the ID token: signature, issuer, audience,
    /// expiry and `nonce`. `Rejected` when the provider refuses the code or the token fails a check,
    /// `Unavailable` when the provider cannot be reached.
    fn identify(&self, code: &str, pkce_verifier: &str, nonce: &str) -> Result<ProviderIdentity, SsoFailure>;
}
