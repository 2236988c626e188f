//! Invitations (spec §11 Invitations): an admin creates an account without a password and the new user
//! chooses their own through a single-use link that works for 7 days. Until then the account has no
//! usable password ([`NO_PASSWORD`]), so no password signs in to it. The admin can send a new link (the
//! earlier ones stop working) until the user has a password.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use crate::identity::password_policy::{self, PasswordOwner};
use crate::identity::permissions;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::role::Role;
use crate::identity::user::service::{duplicate_email, email_field};
use crate::identity::user::{NewUser, User};
use crate::identity::{InvitationRepository, PasswordHasher, UserRepository};
use crate::notifications::mail::templates::{MailTemplates, Recipient};
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::secret_token;
use crate::shared::Clock;
use crate::UserId;

/// The password hash of an invited account: not a bcrypt hash, so no password verifies against it.
pub const NO_PASSWORD: &str = "!invited";
/// How long an invitation link works.
pub const INVITATION_DAYS: i64 = 7;

pub const INVITATION_ACCEPTED: &str =
    "Your password is set. Sign in with your e-mail address and your new password.";
/// The link an invitation mail carries: the page where its holder chooses a first password.
pub(crate) fn invitation_link(templates: &MailTemplates, token: &str) -> String {
    templates.link(&format!("/accept-invitation?token={token}"))
}

/// Input of "Create user" with an invitation, as received.
#[derive(Debug, Clone)]
pub struct InviteUser {
    pub name: String,
    pub email: String,
    pub role: Role,
    pub phone: Option<String>,
}

/// Whether a user still has to accept their invitation, as the Users page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvitationState {
    /// When the newest link stops (or stopped) working.
    pub expires_at: Option<DateTime<Utc>>,
    pub expired: bool,
}

#[derive(Clone)]
pub struct InvitationService {
    pub users: Arc<dyn UserRepository>,
    pub invitations: Arc<dyn InvitationRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub templates: Arc<MailTemplates>,
    pub clock: Arc<dyn Clock>,
}

impl InvitationService {
    /// Creates the account without a password and queues its invitation in the same transaction.
    pub fn invite(
        &self,
        actor: &User,
        input: InviteUser,
    ) -> Result<(User, InvitationState), IdentityRefusal> {
        if !permissions::can_create_users(actor.role) {
            return Err(IdentityRefusal::OnlyAdminsCreateUsers);
        }
        // Guests are invited with a pass (spec §6 Guests), through `GuestService::invite`.
        if input.role == Role::Guest {
            return Err(IdentityRefusal::CannotGiveRole(Role::Guest));
        }
        let mut errors = FieldErrors::new();
        let name = validation::required_line(&mut errors, "name", "Name", &input.name, 100);
        let email = email_field(&mut errors, &input.email);
        let phone = validation::optional_line(&mut errors, "phone", "Phone", input.phone.as_deref(), 40);
        errors.into_result()?;

        let token = secret_token::generate();
        let to = Recipient { user_id: None, name: &name, email: &email };
        let mail = self.templates.invitation(&to, &self.link(&token), &actor.name)?;
        let new_user = NewUser {
            name,
            email,
            role: input.role,
            phone,
            password_hash: NO_PASSWORD.to_string(),
            require_password_change: false,
            temp_password_expires_at: None,
        };
        let expires_at = self.expiry();
        let user = self
            .invitations
            .create_invited(new_user, &secret_token::hash(&token), expires_at, mail)
            .map_err(duplicate_email)?;
        Ok((user, InvitationState { expires_at: Some(expires_at), expired: false }))
    }

    /// Sends a new link; the earlier ones stop working. Answers the user (for the audit log).
    pub fn resend(&self, actor: &User, id: UserId) -> Result<User, IdentityRefusal> {
        // Admins resend anyone's; chairs, who invite guests, a guest's (spec §6 Guests). Nobody else learns
        // whether the id exists.
        let admin = permissions::can_create_users(actor.role);
        if !admin && !permissions::can_manage_guests(actor.role) {
            return Err(IdentityRefusal::OnlyAdminsSendInvitations);
        }
        let user = self.users.find(id)?.ok_or(IdentityRefusal::UserNotFound)?;
        if !admin && user.role != Role::Guest {
            return Err(IdentityRefusal::OnlyAdminsSendInvitations);
        }
        if !user.active {
            return Err(IdentityRefusal::InviteeDeactivated);
        }
        let token = secret_token::generate();
        let to = Recipient { user_id: Some(user.id), name: &user.name, email: &user.email };
        let mail = self.templates.invitation(&to, &self.link(&token), &actor.name)?;
        let now = self.clock.now();
        self.invitations.reissue(user.id, &secret_token::hash(&token), self.expiry(), &mail, now)?;
        Ok(user)
    }

    /// Sets the invited user's first password. Answers the message and whose account it was.
    pub fn accept(&self, token: &str, new_password: &str) -> Result<(&'static str, UserId), IdentityRefusal> {
        let token_hash = secret_token::hash(token.trim());
        let owner = match self.invitations.link_user(&token_hash)? {
            Some(id) => self.users.find(id)?,
            None => None,
        };
        let (name, email) = owner.as_ref().map_or(("", ""), |u| (u.name.as_str(), u.email.as_str()));
        let mut errors = FieldErrors::new();
        password_policy::check(&mut errors, "newPassword", new_password, PasswordOwner { name, email });
        errors.into_result()?;
        let hash = self.hasher.hash(new_password)?;
        let user = self.invitations.accept(&token_hash, &hash, self.clock.now())?;
        Ok((INVITATION_ACCEPTED, user))
    }

    /// The invitation state of every account still waiting for its holder, for the Users page.
    pub fn pending(&self, actor: &User) -> Result<HashMap<UserId, InvitationState>, IdentityRefusal> {
        if !permissions::can_open_user_management(actor.role) {
            return Err(IdentityRefusal::OnlyOfficersManageUsers);
        }
        let now = self.clock.now();
        Ok(self
            .invitations
            .pending()?
            .into_iter()
            .map(|p| {
                let expired = p.expires_at.is_none_or(|at| at <= now);
                (p.user_id, InvitationState { expires_at: p.expires_at, expired })
            })
            .collect())
    }

    fn link(&self, token: &str) -> String {
        invitation_link(&self.templates, token)
    }

    fn expiry(&self) -> DateTime<Utc> {
        self.clock.now() + Duration::days(INVITATION_DAYS)
    }
}
