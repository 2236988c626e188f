//! Short-lived view tickets: a file opened in a new browser tab cannot send the bearer header, so the
//! signed-in user asks for a ticket naming that one file, valid about a minute, and the tab's URL carries
//! the ticket instead of the session token.

use crate::identity::auth::service::AuthService;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::user::User;
use crate::identity::{SessionClaims, TokenError, ViewResource};
use crate::library::LibraryRefusal;
use crate::shared::error::DomainError;
use crate::SessionId;

#[derive(Clone)]
pub struct ViewTickets {
    pub auth: AuthService,
}

impl ViewTickets {
    /// A ticket for `resource` carrying the user's session, so signing out revokes it too.
    pub fn issue(
        &self,
        user: &User,
        session_id: SessionId,
        resource: ViewResource,
    ) -> Result<String, LibraryRefusal> {
        let claims = SessionClaims { user_id: user.id, token_version: user.token_version, session_id };
        let issued = self.auth.tokens.issue_view_ticket(claims, resource).map_err(|e| match e {
            TokenError::Unexpected(e) => DomainError::Unexpected(e),
            other => DomainError::Unexpected(anyhow::anyhow!("cannot issue a view ticket: {other}")),
        });
        Ok(issued?)
    }

    /// The user behind a ticket for exactly this resource, if it is unexpired and its user is still signed
    /// in with the same token version and active. Session tokens are never accepted here.
    pub fn redeem(&self, ticket: Option<&str>, resource: ViewResource) -> Result<User, LibraryRefusal> {
        let ticket =
            ticket.map(str::trim).filter(|t| !t.is_empty()).ok_or(LibraryRefusal::ViewLinkInvalid)?;
        let claims = self.auth.tokens.verify_view_ticket(ticket, resource).map_err(|e| match e {
            TokenError::Unexpected(e) => DomainError::Unexpected(e).into(),
            TokenError::Expired | TokenError::Invalid => LibraryRefusal::ViewLinkInvalid,
        })?;
        // A session that is over is an invalid link; only storage failures pass through.
        let (user, enrolment_required) =
            self.auth.session_user_and_enrolment(claims).map_err(|e| match e {
                IdentityRefusal::Common(other) => other.into(),
                _ => LibraryRefusal::ViewLinkInvalid,
            })?;
        if user.require_password_change {
            return Err(LibraryRefusal::PasswordChangeRequired);
        }
        // As with the bearer header: nothing opens before a required enrolment (spec: Account security).
        if enrolment_required {
            return Err(LibraryRefusal::MfaEnrolmentRequired);
        }
        Ok(user)
    }
}
