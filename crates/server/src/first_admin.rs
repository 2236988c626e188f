//! The first admin, made when the users table is empty so that a new portal can be signed in to, and the
//! operator's way back in for an admin who lost their second factor.

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::role::Role;
use domain::identity::{temporary_password, CreateUser, UserService};

use crate::config::Config;

pub const DEFAULT_ADMIN_EMAIL: &str = "admin@example.org";

/// What was created, to print once.
pub struct FirstAdmin {
    pub email: String,
    /// Only when generated: a password chosen through `ADMIN_PASSWORD` is not echoed.
    pub generated_password: Option<String>,
}

pub fn ensure_first_admin(config: &Config, users: &UserService) -> anyhow::Result<Option<FirstAdmin>> {
    if users.users.count()? > 0 {
        return Ok(None);
    }
    let email = config.admin_email.clone().unwrap_or_else(|| DEFAULT_ADMIN_EMAIL.to_string());
    let (password, generated) = match &config.admin_password {
        Some(password) => (password.clone(), false),
        None => (temporary_password::generate(), true),
    };
    let created = users.create_unchecked(CreateUser {
        name: "Administrator".into(),
        email: email.clone(),
        password: password.clone(),
        role: Role::Admin,
        phone: None,
        require_password_change: generated,
    });
    match created {
        Ok(_) => Ok(Some(FirstAdmin { email, generated_password: generated.then_some(password) })),
        // Another server process started at the same moment made the first admin: nothing to do.
        Err(_) if users.users.count()? > 0 => Ok(None),
        Err(e) => Err(anyhow::anyhow!("could not create the first admin: {e}")),
    }
}

/// Clears the second factor of the account with this e-mail (the `reset-mfa` command).
pub fn reset_second_factor(
    state: &api::AppState,
    email: &str,
) -> anyhow::Result<domain::identity::user::User> {
    let email =
        domain::shared::input::validation::normalize_email(email).map_err(|m| anyhow::anyhow!("{m}"))?;
    let (user, _) = state
        .auth
        .users
        .find_with_password_by_email(&email)?
        .ok_or_else(|| anyhow::anyhow!("no account has the e-mail {email}"))?;
    state.two_factor.reset(&user).map_err(|e| anyhow::anyhow!("could not reset two-factor sign-in: {e}"))?;
    let event = NewAuditEvent::new(AuditKind::MfaReset, None)
        .object(AuditObject::user(&user))
        .details("by the operator on the server (reset-mfa)");
    state
        .audit
        .record(event)
        .map_err(|e| anyhow::anyhow!("the reset is done but could not be audited: {e}"))?;
    tracing::warn!(user_id = %user.id, "two-factor sign-in reset by the operator (reset-mfa)");
    Ok(user)
}
