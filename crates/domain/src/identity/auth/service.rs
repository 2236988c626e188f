//! Signing in (password, then a second-factor code when the user has one), sessions, password changes
//! and reset requests.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::identity::invitations::service::NO_PASSWORD;
use crate::identity::password_policy::{self, PasswordOwner};
use crate::identity::password_reset::ResetRequest;
use crate::identity::permissions;
use crate::identity::refusal::{self, IdentityRefusal};
use crate::identity::session::cache::{CachedSession, SessionCache};
use crate::identity::session::{ClientInfo, NewSession, Session, SessionPolicy};
use crate::identity::sign_in_throttle::service::{self as sign_in_throttle, ThrottledAttempt};
use crate::identity::temporary_password;
use crate::identity::user::User;
use crate::identity::{
    ChallengeClaims, LoginThrottle, PasswordHasher, ResetRequestRepository, SecondFactor, SecretSealer,
    SecuritySettingsRepository, SessionClaims, SessionRepository, TokenError, TokenService,
    TwoFactorRepository, UserRepository,
};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::Clock;
use crate::{SessionId, UserId};

pub const FORGOT_PASSWORD_MESSAGE: &str =
    "If an account with this email exists, password reset instructions would be sent to that email address.";

/// Signing in with a password.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = LoginRequest)]
pub struct SignInRequest {
    pub email: String,
    pub password: String,
}

/// A session handed to a client.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: String,
    pub user: User,
    pub session_id: SessionId,
    /// The user must enrol in two-factor sign-in before anything but enrolment opens.
    pub mfa_enrolment_required: bool,
}

/// What the password step of signing in answers.
#[derive(Debug, Clone)]
pub enum SignInStep {
    SignedIn(SignedIn),
    /// The password was right and the user has two-factor sign-in: `challenge` lets them send a code.
    CodeRequired {
        challenge: String,
    },
}

/// The caller of a request with a valid session token.
#[derive(Debug, Clone)]
pub struct Authenticated {
    pub user: User,
    pub session_id: SessionId,
    pub mfa_enrolment_required: bool,
}

#[derive(Clone)]
pub struct AuthService {
    pub users: Arc<dyn UserRepository>,
    pub reset_requests: Arc<dyn ResetRequestRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenService>,
    pub clock: Arc<dyn Clock>,
    pub throttle: Arc<dyn LoginThrottle>,
    pub sessions: Arc<dyn SessionRepository>,
    pub two_factor: Arc<dyn TwoFactorRepository>,
    pub second_factor: Arc<dyn SecondFactor>,
    /// Seals TOTP secrets at rest under `SECRETS_KEY`.
    pub sealer: Arc<dyn SecretSealer>,
    pub security_settings: Arc<dyn SecuritySettingsRepository>,
    pub policy: SessionPolicy,
    /// Sessions checked recently by this process, kept exact by the change feed (spec §9, Session cache).
    pub session_cache: Arc<dyn SessionCache>,
}

impl AuthService {
    /// First half of signing in: counts the attempt (429 when this address is at its limit) and says how
    /// long to wait before checking the password when the account is under attack from many addresses.
    /// The caller waits without holding a thread, then calls `sign_in`.
    pub fn begin_sign_in(&self, email: &str, client: &str) -> Result<ThrottledAttempt, IdentityRefusal> {
        Ok(sign_in_throttle::begin_password(self.throttle.as_ref(), email, client, self.clock.now())?)
    }

    /// Second half of signing in. The same 401 answers an unknown e-mail, a wrong password and an inactive
    /// account, in about the same time.
    pub fn sign_in(
        &self,
        attempt: &ThrottledAttempt,
        email: &str,
        password: &str,
        client: &ClientInfo,
    ) -> Result<SignInStep, IdentityRefusal> {
        let mut errors = FieldErrors::new();
        let email = validation::normalize_email(email).unwrap_or_else(|message| {
            errors.add("email", message);
            String::new()
        });
        if password.is_empty() {
            errors.add("password", refusal::PASSWORD_REQUIRED);
        }
        errors.into_result()?;

        let found = self.users.find_with_password_by_email(&email)?;
        let user = match found {
            // An invited account has no password until its holder accepts the invitation: nothing
            // signs in to it, in the time a wrong password takes.
            Some((_, hash)) if hash == NO_PASSWORD => {
                self.hasher.verify_dummy(password);
                return Err(IdentityRefusal::InvalidCredentials);
            }
            Some((user, hash)) if self.hasher.verify(password, &hash) && user.active => user,
            Some(_) => return Err(IdentityRefusal::InvalidCredentials),
            None => {
                self.hasher.verify_dummy(password);
                return Err(IdentityRefusal::InvalidCredentials);
            }
        };
        attempt.succeeded(self.throttle.as_ref())?;
        // Checked after the password, so that the answer tells nothing about an account to someone who
        // does not know its password (spec §13 Single sign-on > Password sign-in).
        let settings = self.security_settings.get()?;
        if settings.password_sign_in_off && settings.break_glass_admin_id != Some(user.id) {
            return Err(IdentityRefusal::PasswordSignInOff);
        }
        let now = self.clock.now();
        if user.access_ended(now) {
            return Err(IdentityRefusal::GuestAccessEnded);
        }
        if user.require_password_change && user.temp_password_expires_at.is_some_and(|until| until <= now) {
            return Err(IdentityRefusal::TemporaryPasswordExpired);
        }
        if user.mfa_enabled {
            let challenge = self.code_step(&user)?;
            return Ok(SignInStep::CodeRequired { challenge });
        }
        self.open_session(user, client).map(SignInStep::SignedIn)
    }

    /// The token for the code step of signing in (the user has two-factor sign-in).
    pub(crate) fn code_step(&self, user: &User) -> Result<String, IdentityRefusal> {
        let claims =
            ChallengeClaims { user_id: user.id, token_version: user.token_version, id: rand::random() };
        self.tokens.issue_challenge(claims).map_err(token_failure)
    }

    /// Stores a new session for the user and hands out its token.
    pub(crate) fn open_session(&self, user: User, client: &ClientInfo) -> Result<SignedIn, IdentityRefusal> {
        self.open_session_with(user, client, false)
    }

    /// As `open_session`; `second_factor_by_provider`: the identity provider's second factor counts as the
    /// portal's own for this session (spec §13 Single sign-on > Two-factor).
    pub(crate) fn open_session_with(
        &self,
        user: User,
        client: &ClientInfo,
        second_factor_by_provider: bool,
    ) -> Result<SignedIn, IdentityRefusal> {
        let now = self.clock.now();
        // Every way in ends here (password, second factor, single sign-on): no session for a guest whose
        // access has ended (spec §6 Guests).
        if user.access_ended(now) {
            return Err(IdentityRefusal::GuestAccessEnded);
        }
        let session = self.sessions.create(NewSession {
            user_id: user.id,
            device: client.device.chars().take(200).collect(),
            client_address: client.address.chars().take(100).collect(),
            created_at: now,
            expires_at: now + self.policy.absolute,
            second_factor_by_provider,
        })?;
        self.signed_in(user, &session)
    }

    /// A token for an existing session of the user (after a password change bumps the token version).
    fn signed_in(&self, user: User, session: &Session) -> Result<SignedIn, IdentityRefusal> {
        let claims =
            SessionClaims { user_id: user.id, token_version: user.token_version, session_id: session.id };
        let token = self.tokens.issue_session(claims).map_err(token_failure)?;
        let mfa_enrolment_required = self.mfa_enrolment_required(&user, session.second_factor_by_provider)?;
        Ok(SignedIn { token, user, session_id: session.id, mfa_enrolment_required })
    }

    /// The caller behind a session token, if the token is valid, its session open and the account active.
    /// Using a session keeps it from idling out.
    pub fn authenticate(&self, token: &str) -> Result<Authenticated, IdentityRefusal> {
        self.authenticate_with(token, true)
    }

    /// As `authenticate`, but not counted as activity: an open chat stream re-checks its session with it,
    /// so an idle session still ends while a chat is open.
    pub fn authenticate_quietly(&self, token: &str) -> Result<Authenticated, IdentityRefusal> {
        self.authenticate_with(token, false)
    }

    fn authenticate_with(&self, token: &str, touch: bool) -> Result<Authenticated, IdentityRefusal> {
        if let Some(answer) = self.authenticate_from_cache(token, touch) {
            return answer;
        }
        let claims = self.tokens.verify_session(token).map_err(token_failure)?;
        let generation = self.session_cache.generation();
        let (session, user) = self.checked_session_user(claims, touch)?;
        let mfa_enrolment_required = self.mfa_enrolment_required(&user, session.second_factor_by_provider)?;
        // What was read is cached unless a change came in meanwhile; a touch just made changes the
        // session, so the next request reads it again and caches the touched row.
        let entry = CachedSession { session, user: user.clone(), mfa_enrolment_required };
        self.session_cache.store(generation, entry);
        Ok(Authenticated { user, session_id: claims.session_id, mfa_enrolment_required })
    }

    /// The answer without the database, when it can be given: a bad token is refused, a session this
    /// process checked since its last change is accepted if still open by the same rules (expiry, idle
    /// limit, token version, active account). `None`: the database must be asked (`authenticate`).
    /// Cheap enough to call on an async worker.
    pub fn authenticate_from_cache(
        &self,
        token: &str,
        touch: bool,
    ) -> Option<Result<Authenticated, IdentityRefusal>> {
        let claims = match self.tokens.verify_session(token) {
            Ok(claims) => claims,
            Err(e) => return Some(Err(token_failure(e))),
        };
        let cached = self.session_cache.get(claims.session_id)?;
        let now = self.clock.now();
        let valid = cached.session.user_id == claims.user_id
            && cached.session.is_open(now, &self.policy)
            && cached.user.id == claims.user_id
            && cached.user.active
            && !cached.user.access_ended(now)
            && cached.user.token_version == claims.token_version;
        // Anything else (closed, or due to be counted as activity) goes the full way.
        if !valid || (touch && now - cached.session.last_active_at >= SessionPolicy::TOUCH_EVERY) {
            return None;
        }
        Some(Ok(Authenticated {
            user: cached.user,
            session_id: claims.session_id,
            mfa_enrolment_required: cached.mfa_enrolment_required,
        }))
    }

    /// Checks claims against the database: ended, idle and revoked sessions and inactive accounts stop here.
    pub fn session_user(&self, claims: SessionClaims) -> Result<User, IdentityRefusal> {
        Ok(self.checked_session_user(claims, true)?.1)
    }

    /// As `session_user`, with whether the session must enrol in two-factor sign-in first.
    pub fn session_user_and_enrolment(&self, claims: SessionClaims) -> Result<(User, bool), IdentityRefusal> {
        let (session, user) = self.checked_session_user(claims, true)?;
        let required = self.mfa_enrolment_required(&user, session.second_factor_by_provider)?;
        Ok((user, required))
    }

    fn checked_session_user(
        &self,
        claims: SessionClaims,
        touch: bool,
    ) -> Result<(Session, User), IdentityRefusal> {
        let expired = || IdentityRefusal::SessionExpired;
        let now = self.clock.now();
        let session = self.sessions.find(claims.session_id)?.ok_or_else(expired)?;
        if session.user_id != claims.user_id || !session.is_open(now, &self.policy) {
            return Err(expired());
        }
        let user = match self.users.find(claims.user_id)? {
            Some(user) if user.active && user.token_version == claims.token_version => user,
            _ => return Err(expired()),
        };
        if user.access_ended(now) {
            return Err(IdentityRefusal::GuestAccessEnded);
        }
        if touch && now - session.last_active_at >= SessionPolicy::TOUCH_EVERY {
            self.sessions.touch(session.id, now)?;
        }
        Ok((session, user))
    }

    /// Admins and chairs without a second factor, when the settings require one. A session whose identity
    /// provider vouched for a second factor (and the settings let that count) has one.
    pub fn mfa_enrolment_required(
        &self,
        user: &User,
        second_factor_by_provider: bool,
    ) -> Result<bool, DomainError> {
        if user.mfa_enabled || second_factor_by_provider || !permissions::can_open_user_management(user.role)
        {
            return Ok(false);
        }
        Ok(self.security_settings.get()?.require_mfa_for_officers)
    }

    /// Refuses (403, `CONFIRM_IT_IS_YOU`) unless the caller gave their password or a second-factor code in
    /// this session within the last five minutes: a stolen session alone cannot change how its victim signs
    /// in (spec: Account security > Confirming it is you). Read from the database, never the cache.
    pub fn require_recent_authentication(&self, caller: &Authenticated) -> Result<(), IdentityRefusal> {
        let session = self.sessions.find(caller.session_id)?.ok_or(IdentityRefusal::SessionExpired)?;
        if session.recently_authenticated(self.clock.now()) {
            Ok(())
        } else {
            Err(IdentityRefusal::ConfirmItIsYou)
        }
    }

    /// Checks the caller's password again (after `begin_password_check` and its delay) and records the
    /// session as recently authenticated.
    pub fn reauthenticate_with_password(
        &self,
        caller: &Authenticated,
        attempt: &ThrottledAttempt,
        password: &str,
    ) -> Result<(), IdentityRefusal> {
        if password.is_empty() {
            return Err(IdentityRefusal::PasswordRequired);
        }
        let (_, hash) =
            self.users.find_with_password(caller.user.id)?.ok_or(IdentityRefusal::UserNotFound)?;
        if !self.hasher.verify(password, &hash) {
            return Err(IdentityRefusal::CurrentPasswordWrong { field: "password" });
        }
        attempt.succeeded(self.throttle.as_ref())?;
        self.sessions.reauthenticated(caller.session_id, self.clock.now())?;
        Ok(())
    }

    /// Counts a check of the signed-in caller's password like a sign-in attempt (per address and account,
    /// with the account-wide delay the caller must wait before the check).
    pub fn begin_password_check(
        &self,
        caller: &Authenticated,
        client: &str,
    ) -> Result<ThrottledAttempt, IdentityRefusal> {
        Ok(sign_in_throttle::begin_password(
            self.throttle.as_ref(),
            &caller.user.email,
            client,
            self.clock.now(),
        )?)
    }

    /// Ends this session only; the user's other devices stay signed in.
    pub fn logout(&self, caller: &Authenticated) -> Result<(), DomainError> {
        self.sessions.end(caller.user.id, caller.session_id, self.clock.now())?;
        Ok(())
    }

    /// Replaces a temporary password with one of the user's choosing. The other sessions end; this one
    /// continues with the returned token.
    pub fn change_temporary_password(
        &self,
        caller: &Authenticated,
        new_password: &str,
    ) -> Result<SignedIn, IdentityRefusal> {
        let user = &caller.user;
        if !user.require_password_change {
            return Err(IdentityRefusal::NotTemporary);
        }
        let (_, current_hash) =
            self.users.find_with_password(user.id)?.ok_or(IdentityRefusal::UserNotFound)?;
        let mut errors = FieldErrors::new();
        password_policy::check(&mut errors, "newPassword", new_password, owner(user));
        if errors.is_empty() && self.hasher.verify(new_password, &current_hash) {
            errors.add("newPassword", password_policy::SAME_AS_TEMPORARY);
        }
        errors.into_result()?;
        self.replace_password(caller, new_password)
    }

    /// First half of changing the caller's password: refuses a missing current password or a new one the
    /// policy rejects, then counts the attempt like a sign-in (429 at the per-address limits). The caller
    /// waits `delay`, the account-wide slow-down, without holding a thread, then calls `change_password`:
    /// checking the current password is a password check like any other (spec: Account security >
    /// Throttling), never an undelayed way to try passwords.
    pub fn begin_password_change(
        &self,
        caller: &Authenticated,
        current_password: &str,
        new_password: &str,
        client: &str,
    ) -> Result<ThrottledAttempt, IdentityRefusal> {
        let user = &caller.user;
        let mut errors = FieldErrors::new();
        if current_password.is_empty() {
            errors.add("currentPassword", "Current password is required");
        }
        password_policy::check(&mut errors, "newPassword", new_password, owner(user));
        errors.into_result()?;
        Ok(sign_in_throttle::begin_password(self.throttle.as_ref(), &user.email, client, self.clock.now())?)
    }

    /// Second half: changes the caller's password after checking the current one (the attempt counted and
    /// its delay waited by `begin_password_change`). The other sessions end; this one continues with the
    /// returned token.
    pub fn change_password(
        &self,
        caller: &Authenticated,
        attempt: &ThrottledAttempt,
        current_password: &str,
        new_password: &str,
    ) -> Result<SignedIn, IdentityRefusal> {
        let (_, current_hash) =
            self.users.find_with_password(caller.user.id)?.ok_or(IdentityRefusal::UserNotFound)?;
        if !self.hasher.verify(current_password, &current_hash) {
            return Err(IdentityRefusal::CurrentPasswordWrong { field: "currentPassword" });
        }
        attempt.succeeded(self.throttle.as_ref())?;
        if self.hasher.verify(new_password, &current_hash) {
            return Err(IdentityRefusal::SameAsCurrent);
        }
        self.replace_password(caller, new_password)
    }

    fn replace_password(
        &self,
        caller: &Authenticated,
        new_password: &str,
    ) -> Result<SignedIn, IdentityRefusal> {
        let hash = self.hasher.hash(new_password)?;
        let updated = self.users.set_password(caller.user.id, &hash, None, Some(caller.session_id))?;
        let session = self.sessions.find(caller.session_id)?.ok_or(IdentityRefusal::SessionExpired)?;
        self.signed_in(updated, &session)
    }

    /// Records the request for review whether or not the account exists; the answer never tells.
    pub fn forgot_password(&self, email: &str, client: &str) -> Result<&'static str, IdentityRefusal> {
        sign_in_throttle::begin_reset(self.throttle.as_ref(), client, self.clock.now())?;
        let email = validation::normalize_email(email).map_err(|m| DomainError::invalid("email", m))?;
        let user = self.users.find_with_password_by_email(&email)?.map(|(user, _)| user);
        self.reset_requests.record(&email, user.as_ref().map(|u| u.id), self.clock.now())?;
        Ok(FORGOT_PASSWORD_MESSAGE)
    }

    pub fn pending_reset_requests(&self, actor: &User) -> Result<Vec<ResetRequest>, IdentityRefusal> {
        if !permissions::can_open_user_management(actor.role) {
            return Err(IdentityRefusal::OnlyOfficersSeeResetRequests);
        }
        Ok(self.reset_requests.pending()?)
    }

    /// Gives the target a fresh temporary password (returned once, working `policy.temporary_password`)
    /// and ends their sessions.
    pub fn admin_reset_password(
        &self,
        actor: &User,
        target: UserId,
    ) -> Result<(User, String), IdentityRefusal> {
        // Checked before the lookup, so that a trustee cannot learn which ids exist.
        if !permissions::can_open_user_management(actor.role) {
            return Err(IdentityRefusal::CannotResetPasswords);
        }
        let user = self.users.find(target)?.ok_or(IdentityRefusal::UserNotFound)?;
        if !permissions::can_manage_user(actor.role, user.role) {
            return Err(IdentityRefusal::CannotResetThisPassword);
        }
        // Not even an admin resets their own password this way: it would hand a stolen session a password
        // without knowing the current one (spec: Account security > Confirming it is you). The same answer
        // as a chair gets on themselves; one's own password changes with the current one.
        if user.id == actor.id {
            return Err(IdentityRefusal::CannotResetThisPassword);
        }
        let temporary = temporary_password::generate();
        let hash = self.hasher.hash(&temporary)?;
        let until = self.temporary_password_expiry();
        let updated = self.users.set_password(user.id, &hash, Some(until), None)?;
        self.reset_requests.resolve_for_user(user.id, self.clock.now())?;
        Ok((updated, temporary))
    }

    /// Forgets throttle attempts older than every window, and sessions that ended or expired a day ago.
    /// Plain deletes of old rows: two server processes doing it at once do no harm.
    pub fn prune(&self) -> Result<(usize, usize), DomainError> {
        let now = self.clock.now();
        let attempts = self.throttle.prune(sign_in_throttle::prune_before(now))?;
        let sessions = self.sessions.prune(now - chrono::Duration::days(1))?;
        Ok((attempts, sessions))
    }

    pub fn temporary_password_expiry(&self) -> DateTime<Utc> {
        self.clock.now() + self.policy.temporary_password
    }
}

pub(crate) fn owner(user: &User) -> PasswordOwner<'_> {
    PasswordOwner { name: &user.name, email: &user.email }
}

/// A session token that does not verify: the session is over for its holder.
pub(crate) fn token_failure(error: TokenError) -> IdentityRefusal {
    match error {
        TokenError::Expired | TokenError::Invalid => IdentityRefusal::SessionExpired,
        TokenError::Unexpected(e) => DomainError::Unexpected(e).into(),
    }
}
