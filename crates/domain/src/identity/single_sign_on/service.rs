//! The single sign-on use cases (spec §13 Single sign-on): start, the provider's callback, the browser's
//! exchange of its one-time code for a session, and the links on Account security.

use std::sync::Arc;

use chrono::Duration;

use crate::identity::auth::service::{AuthService, Authenticated, SignInStep};
use crate::identity::invitations::service::NO_PASSWORD;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::role::Role;
use crate::identity::session::ClientInfo;
use crate::identity::single_sign_on::provider::OpenIdProvider;
use crate::identity::single_sign_on::repository::SsoRepository;
use crate::identity::single_sign_on::{
    Handoff, NewSsoLink, PendingSignIn, ProviderIdentity, SsoFailure, SsoLink, SsoSettings,
};
use crate::identity::user::{NewUser, User};
use crate::shared::error::DomainError;
use crate::shared::input::validation;
use crate::shared::secret_token;
use crate::{RepoError, UserId};

/// How long the provider has to send the browser back (its login page may take a while).
const PENDING_FOR: Duration = Duration::minutes(15);
/// How long the sign-in page has to exchange its one-time code: it does so at once.
const HANDOFF_FOR: Duration = Duration::minutes(2);

/// What the provider's callback carries (query parameters).
#[derive(Debug, Clone, Default)]
pub struct Callback {
    pub state: Option<String>,
    pub code: Option<String>,
    /// The provider's `error` (for example `access_denied`).
    pub error: Option<String>,
}

/// A callback that identified an active account: the one-time code for the sign-in page.
#[derive(Debug, Clone)]
pub struct Identified {
    pub handoff_code: String,
    pub user: User,
    /// The link made by this sign-in, if it is the identity's first.
    pub new_link: Option<SsoLink>,
    /// The account was made by this sign-in (unknown people allowed).
    pub created: bool,
    pub issuer: String,
}

/// A callback that signed nobody in: why, and who it was about as far as known (for the audit log).
#[derive(Debug)]
pub struct Refused {
    pub failure: SsoFailure,
    pub email: Option<String>,
    pub user: Option<UserId>,
    /// Set when storage failed: logged, the person sees `Unavailable`.
    pub unexpected: Option<DomainError>,
}

impl From<SsoFailure> for Refused {
    fn from(failure: SsoFailure) -> Self {
        Self { failure, email: None, user: None, unexpected: None }
    }
}

impl From<RepoError> for Refused {
    fn from(error: RepoError) -> Self {
        Self::from(DomainError::from(error))
    }
}

impl From<DomainError> for Refused {
    fn from(error: DomainError) -> Self {
        Self { failure: SsoFailure::Unavailable, email: None, user: None, unexpected: Some(error) }
    }
}

#[derive(Clone)]
pub struct SsoService {
    pub auth: AuthService,
    /// `None`: single sign-on is not configured.
    pub provider: Option<Arc<dyn OpenIdProvider>>,
    pub repo: Arc<dyn SsoRepository>,
    pub settings: SsoSettings,
}

impl SsoService {
    pub fn configured(&self) -> bool {
        self.provider.is_some()
    }

    /// Starts a sign-in: the address to send the browser to. State, nonce and PKCE verifier stay in the
    /// database, single use, so a forged or replayed callback finds nothing (and any server process can
    /// take the callback).
    pub fn begin(&self) -> Result<String, Refused> {
        let provider = self.provider.as_ref().ok_or(SsoFailure::NotConfigured)?;
        let request = provider.authorization_request()?;
        let now = self.auth.clock.now();
        let pending = PendingSignIn { nonce: request.nonce, pkce_verifier: request.pkce_verifier };
        self.repo.save_pending(&request.state, &pending, now, now + PENDING_FOR)?;
        Ok(request.url)
    }

    /// The provider sent the browser back. Every failure signs nobody in; the state is used up either way.
    pub fn complete(&self, callback: Callback) -> Result<Identified, Refused> {
        let provider = self.provider.as_ref().ok_or(SsoFailure::NotConfigured)?;
        let now = self.auth.clock.now();
        let state = callback.state.filter(|s| !s.is_empty() && s.len() <= 512).ok_or(SsoFailure::Expired)?;
        let pending = self.repo.take_pending(&state, now)?.ok_or(SsoFailure::Expired)?;
        if callback.error.is_some() {
            return Err(SsoFailure::ProviderRefused.into());
        }
        let code = callback.code.filter(|c| !c.is_empty() && c.len() <= 2048).ok_or(SsoFailure::Rejected)?;
        let identity = provider.identify(&code, &pending.pkce_verifier, &pending.nonce)?;
        let email = identity.email.as_deref().and_then(|e| validation::normalize_email(e).ok());
        let refuse = |failure: SsoFailure, user: Option<UserId>| Refused {
            failure,
            email: email.clone(),
            user,
            unexpected: None,
        };
        if let Some(email) = &email {
            if !self.settings.allows(email) {
                return Err(refuse(SsoFailure::DomainNotAllowed, None));
            }
        }
        let (user, new_link, created) = match self.repo.find_link(&identity.issuer, &identity.subject)? {
            Some(link) => {
                let user =
                    self.auth.users.find(link.user_id)?.ok_or_else(|| refuse(SsoFailure::NoAccount, None))?;
                (user, None, false)
            }
            None => {
                // The first sign-in of this identity: only a verified e-mail names an account.
                let verified = identity.email_verified.unwrap_or(self.settings.unstated_email_verified);
                let email = match (&email, verified) {
                    (Some(email), true) => email.clone(),
                    _ => return Err(refuse(SsoFailure::UnverifiedEmail, None)),
                };
                let (user, created) = match self.auth.users.find_with_password_by_email(&email)? {
                    Some((user, _)) => (user, false),
                    None if self.settings.create_unknown => (self.create_trustee(&identity, &email)?, true),
                    None => return Err(refuse(SsoFailure::NoAccount, None)),
                };
                if !user.active {
                    return Err(refuse(SsoFailure::Deactivated, Some(user.id)));
                }
                let link = self.repo.create_link(NewSsoLink {
                    user_id: user.id,
                    issuer: identity.issuer.clone(),
                    subject: identity.subject.clone(),
                    email,
                    linked_at: now,
                })?;
                (user, Some(link), created)
            }
        };
        if !user.active {
            return Err(refuse(SsoFailure::Deactivated, Some(user.id)));
        }
        let handoff_code = secret_token::generate();
        let handoff = Handoff { user_id: user.id, provider_second_factor: identity.used_second_factor() };
        self.repo.save_handoff(&secret_token::hash(&handoff_code), &handoff, now, now + HANDOFF_FOR)?;
        Ok(Identified { handoff_code, user, new_link, created, issuer: identity.issuer })
    }

    /// The sign-in page exchanges its one-time code for a session, as after a password (or for the code
    /// step, when the account has the portal's second factor and the provider's does not count).
    pub fn exchange(&self, code: &str, client: &ClientInfo) -> Result<SignInStep, IdentityRefusal> {
        if !self.configured() {
            return Err(IdentityRefusal::SingleSignOn(SsoFailure::NotConfigured));
        }
        let now = self.auth.clock.now();
        let handoff = self
            .repo
            .take_handoff(&secret_token::hash(code.trim()), now)?
            .ok_or(IdentityRefusal::SignInExpired)?;
        let user = self.auth.users.find(handoff.user_id)?.ok_or(IdentityRefusal::SignInExpired)?;
        if !user.active {
            return Err(IdentityRefusal::SingleSignOn(SsoFailure::Deactivated));
        }
        // Before any code step: a guest whose access has ended is told so at once (spec §6 Guests).
        if user.access_ended(now) {
            return Err(IdentityRefusal::GuestAccessEnded);
        }
        // The admins' setting decides whether the provider's second factor counts as the portal's own
        // (spec §13 Single sign-on > Two-factor).
        let vouched = handoff.provider_second_factor && self.auth.security_settings.get()?.trust_provider_mfa;
        if user.mfa_enabled && !vouched {
            return self.auth.code_step(&user).map(|challenge| SignInStep::CodeRequired { challenge });
        }
        self.auth.open_session_with(user, client, vouched).map(SignInStep::SignedIn)
    }

    /// The caller's links, oldest first.
    pub fn links(&self, caller: &Authenticated) -> Result<Vec<SsoLink>, IdentityRefusal> {
        Ok(self.repo.links_of(caller.user.id)?)
    }

    /// Removes one of the caller's links: the identity must match by e-mail again to sign in.
    pub fn unlink(&self, caller: &Authenticated, id: i32) -> Result<SsoLink, IdentityRefusal> {
        self.repo.delete_link(caller.user.id, id)?.ok_or(IdentityRefusal::SsoLinkNotFound)
    }

    /// An unknown person, allowed in by the operator: a trustee with no password (nothing but single
    /// sign-on opens the account until someone gives it one).
    fn create_trustee(&self, identity: &ProviderIdentity, email: &str) -> Result<User, Refused> {
        let given = identity.name.as_deref().map(str::trim).filter(|n| !n.is_empty() && !n.contains('\n'));
        let name: String =
            given.unwrap_or_else(|| email.split('@').next().unwrap_or(email)).chars().take(100).collect();
        let user = self.auth.users.create(NewUser {
            name,
            email: email.to_string(),
            role: Role::Trustee,
            phone: None,
            password_hash: NO_PASSWORD.to_string(),
            require_password_change: false,
            temp_password_expires_at: None,
        });
        match user {
            Ok(user) => Ok(user),
            Err(error) => Err(error.into()),
        }
    }
}
