//! Signing in and out, sessions, forced and admin password changes, reset requests.

use std::sync::Arc;

use crate::entities::reset_request::ResetRequest;
use crate::entities::user::User;
use crate::error::DomainError;
use crate::permissions;
use crate::ports::{
    Clock, LoginThrottle, PasswordHasher, ResetRequestRepository, TokenError, TokenService, UserRepository,
};
use crate::validation::{self, FieldErrors};
use crate::{temporary_password, UserId};

pub const INVALID_CREDENTIALS: &str = "Invalid email or password";
pub const SESSION_EXPIRED: &str = "Your session has expired. Please sign in again.";
pub const PASSWORD_CHANGE_REQUIRED: &str = "You must set a new password before using the portal.";
pub const FORGOT_PASSWORD_MESSAGE: &str =
    "If an account with this email exists, password reset instructions would be sent to that email address.";

/// A session handed to a client.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: String,
    pub user: User,
}

#[derive(Clone)]
pub struct AuthService {
    pub users: Arc<dyn UserRepository>,
    pub reset_requests: Arc<dyn ResetRequestRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenService>,
    pub clock: Arc<dyn Clock>,
    pub throttle: Arc<dyn LoginThrottle>,
}

impl AuthService {
    /// Same answer and about the same time for an unknown e-mail, a wrong password and an inactive account.
    pub fn login(&self, email: &str, password: &str, client: &str) -> Result<SignedIn, DomainError> {
        let keys = [format!("email:{}", email.trim().to_lowercase()), format!("client:{client}")];
        // Counted before the password is checked, so parallel guesses are throttled too.
        self.throttle
            .begin(&keys)
            .map_err(|retry_after_secs| DomainError::RateLimited { retry_after_secs })?;

        let mut errors = FieldErrors::new();
        let email = validation::normalize_email(email).unwrap_or_else(|message| {
            errors.add("email", message);
            String::new()
        });
        if password.is_empty() {
            errors.add("password", "Password is required");
        }
        errors.into_result()?;

        let found = self.users.find_with_password_by_email(&email)?;
        let user = match found {
            Some((user, hash)) if self.hasher.verify(password, &hash) && user.active => user,
            Some(_) => return Err(DomainError::Unauthorized(INVALID_CREDENTIALS.into())),
            None => {
                self.hasher.verify_dummy(password);
                return Err(DomainError::Unauthorized(INVALID_CREDENTIALS.into()));
            }
        };
        self.throttle.succeeded(&keys);
        let token = self.tokens.issue_session(user.id, user.token_version).map_err(token_failure)?;
        Ok(SignedIn { token, user })
    }

    /// The user behind a session token, if it is valid, current and the account active.
    pub fn authenticate(&self, token: &str) -> Result<User, DomainError> {
        let claims = self.tokens.verify_session(token).map_err(token_failure)?;
        self.current_user(claims.user_id, claims.token_version)
    }

    /// Checks a token's user against the database: revoked tokens and inactive accounts stop here.
    pub fn current_user(&self, id: UserId, token_version: i32) -> Result<User, DomainError> {
        match self.users.find(id)? {
            Some(user) if user.active && user.token_version == token_version => Ok(user),
            _ => Err(DomainError::Unauthorized(SESSION_EXPIRED.into())),
        }
    }

    /// Revokes every session of the user (all devices): tokens are stateless, the version is not.
    pub fn logout(&self, user: &User) -> Result<(), DomainError> {
        self.users.revoke_sessions(user.id)?;
        Ok(())
    }

    /// Replaces a temporary password. Older tokens are revoked; the new session is returned.
    pub fn change_temporary_password(
        &self,
        user: &User,
        new_password: &str,
    ) -> Result<SignedIn, DomainError> {
        let mut errors = FieldErrors::new();
        validation::check_new_password(&mut errors, "newPassword", new_password);
        errors.into_result()?;
        let hash = self.hasher.hash(new_password)?;
        let updated = self.users.set_password(user.id, &hash, false)?;
        let token = self.tokens.issue_session(updated.id, updated.token_version).map_err(token_failure)?;
        Ok(SignedIn { token, user: updated })
    }

    /// Records the request for review whether or not the account exists; the answer never tells.
    pub fn forgot_password(&self, email: &str, client: &str) -> Result<&'static str, DomainError> {
        self.throttle
            .begin(&[format!("reset:{client}")])
            .map_err(|retry_after_secs| DomainError::RateLimited { retry_after_secs })?;
        let email = validation::normalize_email(email).map_err(|m| DomainError::invalid("email", m))?;
        let user = self.users.find_with_password_by_email(&email)?.map(|(user, _)| user);
        self.reset_requests.record(&email, user.as_ref().map(|u| u.id), self.clock.now())?;
        Ok(FORGOT_PASSWORD_MESSAGE)
    }

    pub fn pending_reset_requests(&self, actor: &User) -> Result<Vec<ResetRequest>, DomainError> {
        if !permissions::can_open_user_management(actor.role) {
            return Err(DomainError::forbidden("Only admins and chairs can see password reset requests."));
        }
        Ok(self.reset_requests.pending()?)
    }

    /// Gives the target a fresh temporary password (returned once) and revokes their sessions.
    pub fn admin_reset_password(&self, actor: &User, target: UserId) -> Result<(User, String), DomainError> {
        // Checked before the lookup, so that a trustee cannot learn which ids exist.
        if !permissions::can_open_user_management(actor.role) {
            return Err(DomainError::forbidden("You do not have permission to reset passwords."));
        }
        let user = self.users.find(target)?.ok_or(DomainError::NotFound("User"))?;
        if !permissions::can_manage_user(actor.role, user.role) {
            return Err(DomainError::forbidden("You do not have permission to reset this user's password."));
        }
        let temporary = temporary_password::generate();
        let hash = self.hasher.hash(&temporary)?;
        let updated = self.users.set_password(user.id, &hash, true)?;
        self.reset_requests.resolve_for_user(user.id, self.clock.now())?;
        Ok((updated, temporary))
    }
}

fn token_failure(error: TokenError) -> DomainError {
    match error {
        TokenError::Expired | TokenError::Invalid => DomainError::Unauthorized(SESSION_EXPIRED.into()),
        TokenError::Unexpected(e) => DomainError::Unexpected(e),
    }
}
