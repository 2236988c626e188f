use chrono::{DateTime, Utc};

use crate::identity::guests::{GuestListing, GuestPass, GuestScope};
use crate::identity::user::{NewUser, User};
use crate::notifications::mail::OutgoingMail;
use crate::{DocumentId, MeetingId, RepoError, UserId};

/// A guest's account and pass to create, with the invitation that lets them choose a password.
#[derive(Debug, Clone)]
pub struct NewGuest {
    pub user: NewUser,
    pub ends_at: DateTime<Utc>,
    pub purpose: String,
    pub scope: GuestScope,
    pub invited_by: UserId,
    pub invitation_hash: String,
    pub invitation_expires_at: DateTime<Utc>,
    pub invitation: OutgoingMail,
}

/// Guests' passes (spec §6 Guests).
pub trait GuestRepository: Send + Sync {
    /// In one transaction: the guest's account (role guest, `ends_at`), their pass, the invitation link's
    /// hash and its mail. `RepoError::Duplicate` when the e-mail is taken.
    fn create(&self, guest: NewGuest, now: DateTime<Utc>) -> Result<User, RepoError>;

    /// The pass of a guest account; `None` for anyone else.
    fn pass(&self, user_id: UserId) -> Result<Option<GuestPass>, RepoError>;

    /// Every guest, newest first, for the Users page.
    fn list(&self) -> Result<Vec<GuestListing>, RepoError>;

    /// One guest as listed.
    fn listing(&self, user_id: UserId) -> Result<Option<GuestListing>, RepoError>;

    /// Replaces the end, purpose and scope of a guest's pass; with `end_sessions`, in the same transaction
    /// ends every session of theirs for good (an ended pass extended later does not revive them).
    /// `Ok(false)` when there is no such guest.
    fn change(
        &self,
        user_id: UserId,
        ends_at: DateTime<Utc>,
        purpose: &str,
        scope: &GuestScope,
        end_sessions: bool,
    ) -> Result<bool, RepoError>;

    /// Which of these meetings exist (for naming them on a pass).
    fn existing_meetings(&self, ids: &[MeetingId]) -> Result<Vec<MeetingId>, RepoError>;

    /// Which of these library documents exist.
    fn existing_documents(&self, ids: &[DocumentId]) -> Result<Vec<DocumentId>, RepoError>;
}
