//! Self-service password reset by e-mailed link (spec §11): the request is still recorded in the admins'
//! reset queue (for accounts whose mail bounces); a known, active account also gets a single-use link.

use std::sync::Arc;

use chrono::Duration;

use crate::identity::password_policy::{self, PasswordOwner};
use crate::identity::refusal::IdentityRefusal;
use crate::identity::AuthService;
use crate::identity::{PasswordHasher, PasswordTokenRepository, UserRepository};
use crate::notifications::mail::templates::{MailTemplates, Recipient};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::secret_token;
use crate::UserId;

/// How long a reset link works.
pub const RESET_LINK_MINUTES: i64 = 30;
/// Reset mails to one address per hour, whoever asks.
pub const RESETS_PER_ADDRESS_PER_HOUR: i64 = 3;

pub const RESET_DONE: &str = "Your password has been changed. Sign in with your new password.";

#[derive(Clone)]
pub struct PasswordResetService {
    pub auth: AuthService,
    pub users: Arc<dyn UserRepository>,
    pub tokens: Arc<dyn PasswordTokenRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub templates: Arc<MailTemplates>,
}

impl PasswordResetService {
    /// Always the same neutral answer; the link goes out only to a known, active account, at most
    /// `RESETS_PER_ADDRESS_PER_HOUR` times an hour.
    pub fn forgot_password(&self, email: &str, client: &str) -> Result<&'static str, IdentityRefusal> {
        let message = self.auth.forgot_password(email, client)?;
        let email = validation::normalize_email(email).map_err(|m| DomainError::invalid("email", m))?;
        let Some((user, _)) = self.users.find_with_password_by_email(&email)? else { return Ok(message) };
        if !user.active {
            return Ok(message);
        }
        let token = secret_token::generate();
        let link = self.templates.link(&format!("/reset-password?token={token}"));
        let to = Recipient { user_id: Some(user.id), name: &user.name, email: &user.email };
        let mail = self.templates.password_reset(&to, &link)?;
        let now = self.auth.clock.now();
        let queued = self.tokens.issue_reset(
            user.id,
            &secret_token::hash(&token),
            now + Duration::minutes(RESET_LINK_MINUTES),
            &mail,
            RESETS_PER_ADDRESS_PER_HOUR,
            now,
        )?;
        if !queued {
            tracing::warn!(user = user.id.0, "reset mail not queued: hourly limit for the address reached");
        }
        Ok(message)
    }

    /// Sets the password of the link's user and ends all their sessions.
    /// Answers the message and whose password it was (for the audit log).
    pub fn reset_password(
        &self,
        token: &str,
        new_password: &str,
    ) -> Result<(&'static str, UserId), IdentityRefusal> {
        let token_hash = secret_token::hash(token.trim());
        let mut errors = FieldErrors::new();
        // The personal rules need the link's user; an unknown link fails below with its own message.
        let owner = match self.tokens.link_user(&token_hash)? {
            Some(id) => self.users.find(id)?,
            None => None,
        };
        let (name, email) = owner.as_ref().map_or(("", ""), |u| (u.name.as_str(), u.email.as_str()));
        password_policy::check(&mut errors, "newPassword", new_password, PasswordOwner { name, email });
        errors.into_result()?;
        let hash = self.hasher.hash(new_password)?;
        let user = self.tokens.reset_password(&token_hash, &hash, self.auth.clock.now())?;
        Ok((RESET_DONE, user))
    }
}
