use chrono::{DateTime, NaiveDate, Utc};

use crate::governance::declaration::{DeclarationAnswers, DeclarationRound, RoundMember, RoundSummary};
use crate::governance::GovernanceRefusal;
use crate::{DeclarationRoundId, DocumentId, RepoError, UserId};

/// A round to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRound {
    pub year: i32,
    pub deadline: NaiveDate,
    pub code_of_conduct: DocumentId,
    pub opened_by: UserId,
    pub opened_at: DateTime<Utc>,
}

/// Storage of declarations rounds.
pub trait DeclarationRepository: Send + Sync {
    /// Newest year first, with `viewer`'s own status in each.
    fn list(&self, viewer: UserId) -> Result<Vec<RoundSummary>, RepoError>;
    /// The round and its members by name. `RepoError::NotFound` when there is none.
    fn get(&self, id: DeclarationRoundId) -> Result<(DeclarationRound, Vec<RoundMember>), RepoError>;
    /// Inserts the round and one member row per active user, in one transaction.
    /// `RoundExists` when the year has a round; `NoSuchCodeOfConduct` when the code is not in the library.
    fn open(&self, round: NewRound) -> Result<DeclarationRound, GovernanceRefusal>;
    /// Records a declaration once, while the round is open (the round row is share-locked, so a close
    /// waits for it): `RoundNotFound`, `RoundClosed`, `AlreadyDeclared` or `NotAskedToDeclare` refuse it.
    fn declare(
        &self,
        id: DeclarationRoundId,
        user: UserId,
        name: &str,
        answers: DeclarationAnswers,
        at: DateTime<Utc>,
    ) -> Result<(), GovernanceRefusal>;
    /// `RoundClosed` when it already is; `RoundNotFound` when there is no such round.
    fn close(&self, id: DeclarationRoundId, at: DateTime<Utc>)
        -> Result<DeclarationRound, GovernanceRefusal>;
}

/// A trustee to remind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderRecipient {
    pub name: String,
    pub email: String,
}

/// Reminder e-mails about governance deadlines. Today's adapter only logs (the portal has no mail yet);
/// the mail outbox plugs in here.
pub trait GovernanceMail: Send + Sync {
    /// Queues one reminder per recipient to make their declaration for `year` by `deadline`.
    /// `Ok(false)` when no mail is configured (nothing was queued).
    fn remind_declaration(
        &self,
        recipients: &[ReminderRecipient],
        year: i32,
        deadline: NaiveDate,
    ) -> anyhow::Result<bool>;
}
