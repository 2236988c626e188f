use chrono::{DateTime, Utc};

use crate::identity::user::{NewUser, User};
use crate::identity::IdentityRefusal;
use crate::notifications::mail::OutgoingMail;
use crate::{RepoError, UserId};

/// A user who has not accepted their invitation yet, and until when their newest link works.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingInvitation {
    pub user_id: UserId,
    /// `None` when no link was ever issued (cannot happen through the API) or all were replaced.
    pub expires_at: Option<DateTime<Utc>>,
}

/// Invitations: accounts without a usable password (`NewUser::password_hash` is
/// `crate::identity::invitations::service::NO_PASSWORD`) and their single-use links, stored as SHA-256 hashes.
pub trait InvitationRepository: Send + Sync {
    /// In one transaction: inserts the user, stores the link's hash and queues `mail` (its `user_id` set
    /// to the new account's id). `RepoError::Duplicate` when the e-mail is taken.
    fn create_invited(
        &self,
        user: NewUser,
        token_hash: &str,
        expires_at: DateTime<Utc>,
        mail: OutgoingMail,
    ) -> Result<User, RepoError>;

    /// In one transaction, with the user's row locked: unless they have a password, ends their earlier
    /// invitation links, stores the new hash and queues `mail`. Refuses an unknown user
    /// (`IdentityRefusal::UserNotFound`) and one with a password of their own or a temporary one an
    /// admin gave them (`AlreadyHasPassword`).
    fn reissue(
        &self,
        user_id: UserId,
        token_hash: &str,
        expires_at: DateTime<Utc>,
        mail: &OutgoingMail,
        now: DateTime<Utc>,
    ) -> Result<(), IdentityRefusal>;

    /// The user an invitation link was issued to, whatever its state.
    fn link_user(&self, token_hash: &str) -> Result<Option<UserId>, RepoError>;

    /// In one transaction: checks the link (`IdentityRefusal::InvitationUnknown`, `InvitationUsed`,
    /// `InvitationExpired`; an account inactive or no longer without a password is `InvitationUsed`),
    /// sets the password hash, marks the link and the user's other invitation links used.
    fn accept(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<UserId, IdentityRefusal>;

    /// Every account still waiting for its holder to accept an invitation.
    fn pending(&self) -> Result<Vec<PendingInvitation>, RepoError>;
}
