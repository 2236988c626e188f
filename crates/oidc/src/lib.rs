#![doc = include_str!("../README.md")]

use std::sync::Mutex;
use std::time::{Duration, Instant};

use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet, EndpointSet,
    IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, RequestTokenError, Scope,
    TokenResponse,
};

use domain::identity::single_sign_on::{AuthorizationRequest, ProviderIdentity, SsoFailure};
use domain::identity::OpenIdProvider;

/// The operator's provider and the portal's registration with it.
#[derive(Debug, Clone)]
pub struct OidcSettings {
    pub issuer_url: String,
    pub client_id: String,
    pub client_secret: String,
    /// `PUBLIC_URL` + `/api/auth/sso/callback`, registered with the provider.
    pub redirect_url: String,
}

type Client = CoreClient<
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

/// How long discovery (endpoints and signing keys) is trusted before it is read again.
const DISCOVERY_KEPT: Duration = Duration::from_secs(3600);

pub struct OidcProvider {
    settings: OidcSettings,
    issuer: IssuerUrl,
    redirect: RedirectUrl,
    http: reqwest::blocking::Client,
    discovered: Mutex<Option<(Instant, Client)>>,
}

impl OidcProvider {
    /// Checks the settings' URLs; nothing is fetched until the first sign-in.
    pub fn new(settings: OidcSettings) -> anyhow::Result<Self> {
        let issuer = IssuerUrl::new(settings.issuer_url.trim_end_matches('/').to_string())
            .map_err(|e| anyhow::anyhow!("OIDC_ISSUER_URL is not a URL: {e}"))?;
        let redirect = RedirectUrl::new(settings.redirect_url.clone())
            .map_err(|e| anyhow::anyhow!("the single sign-on callback address is not a URL: {e}"))?;
        // Redirects are never followed: a token endpoint that redirects is misconfigured or hostile (SSRF).
        let http = reqwest::blocking::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(15))
            .build()?;
        Ok(Self { settings, issuer, redirect, http, discovered: Mutex::new(None) })
    }

    /// The client, from a discovery less than an hour old or a fresh one.
    fn client(&self) -> Result<Client, SsoFailure> {
        let mut cached = self.discovered.lock().map_err(|_| SsoFailure::Unavailable)?;
        if let Some((at, client)) = cached.as_ref() {
            if at.elapsed() < DISCOVERY_KEPT {
                return Ok(client.clone());
            }
        }
        let metadata = CoreProviderMetadata::discover(&self.issuer, &self.http).map_err(|error| {
            tracing::warn!(error = %error, issuer = %self.issuer.as_str(), "OpenID discovery failed");
            SsoFailure::Unavailable
        })?;
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.settings.client_id.clone()),
            Some(ClientSecret::new(self.settings.client_secret.clone())),
        )
        .set_redirect_uri(self.redirect.clone());
        *cached = Some((Instant::now(), client.clone()));
        Ok(client)
    }
}

impl OpenIdProvider for OidcProvider {
    fn authorization_request(&self) -> Result<AuthorizationRequest, SsoFailure> {
        let client = self.client()?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge)
            .url();
        Ok(AuthorizationRequest {
            url: url.to_string(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    fn identify(&self, code: &str, pkce_verifier: &str, nonce: &str) -> Result<ProviderIdentity, SsoFailure> {
        let client = self.client()?;
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_string()))
            .map_err(|error| {
                tracing::warn!(error = %error, "the provider has no token endpoint");
                SsoFailure::Unavailable
            })?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_string()))
            .request(&self.http)
            .map_err(|error| match error {
                // The provider said no: a replayed or foreign code, or a wrong client secret.
                RequestTokenError::ServerResponse(response) => {
                    tracing::warn!(error = %response.error(), "the provider refused the code");
                    SsoFailure::Rejected
                }
                RequestTokenError::Parse(error, _) => {
                    tracing::warn!(error = %error, "the provider's token answer did not parse");
                    SsoFailure::Rejected
                }
                other => {
                    tracing::warn!(error = %other, "the provider's token endpoint failed");
                    SsoFailure::Unavailable
                }
            })?;
        let id_token = response.id_token().ok_or_else(|| {
            tracing::warn!("the provider's token answer has no ID token");
            SsoFailure::Rejected
        })?;
        // Signature (RS256 and the provider's other advertised algorithms, never `none`), issuer,
        // audience, expiry and nonce.
        let claims = id_token.claims(&client.id_token_verifier(), &Nonce::new(nonce.to_string())).map_err(
            |error| {
                tracing::warn!(error = %error, "the ID token failed a check");
                SsoFailure::Rejected
            },
        )?;
        Ok(ProviderIdentity {
            issuer: claims.issuer().as_str().to_string(),
            subject: claims.subject().as_str().to_string(),
            email: claims.email().map(|e| e.as_str().to_string()),
            email_verified: claims.email_verified(),
            name: claims.name().and_then(|n| n.get(None)).map(|n| n.as_str().to_string()),
            amr: claims
                .auth_method_refs()
                .map(|refs| refs.iter().map(|r| r.as_str().to_string()).collect())
                .unwrap_or_default(),
        })
    }
}
