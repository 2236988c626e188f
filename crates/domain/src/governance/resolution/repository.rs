use chrono::{DateTime, Utc};

use crate::governance::resolution::{Resolution, Threshold, VoteChoice};
use crate::governance::GovernanceRefusal;
use crate::{DocumentId, RepoError, ResolutionId, UserId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewResolution {
    pub title: String,
    pub text: String,
    pub closes_at: DateTime<Utc>,
    pub threshold: Threshold,
    pub papers: Vec<DocumentId>,
    /// Serving trustees who are conflicted on it: listed, not eligible.
    pub conflicted: Vec<UserId>,
    pub proposed_by: UserId,
    pub proposed_by_name: String,
    pub proposed_at: DateTime<Utc>,
}

/// Storage of written resolutions. Every write that changes the votes or the voters decides the result in
/// the same transaction (`entities::resolution::decide`).
pub trait ResolutionRepository: Send + Sync {
    /// Newest first.
    fn list(&self) -> Result<Vec<Resolution>, RepoError>;
    fn get(&self, id: ResolutionId) -> Result<Resolution, RepoError>;
    /// The resolutions still open at `now` (status open, closing after `now`), soonest closing first: what
    /// the "For you" list asks votes on (spec §2 Dashboard), without reading every resolution ever proposed.
    fn open_at(&self, now: DateTime<Utc>) -> Result<Vec<Resolution>, RepoError>;
    /// Inserts it with the active users as its voters: `NoSuchPaper`, `ConflictedNotServing` or
    /// `ThresholdOutOfReach` refuse it (the active users are share-locked meanwhile).
    fn propose(&self, resolution: NewResolution) -> Result<Resolution, GovernanceRefusal>;
    /// Records a vote once, while open and before closing time, from an eligible voter, with the
    /// resolution row locked: `ResolutionNotFound`, `VotingClosed`, `AlreadyVoted` or `NotEligible`.
    fn vote(
        &self,
        id: ResolutionId,
        user: UserId,
        choice: VoteChoice,
        comment: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<Resolution, GovernanceRefusal>;
    /// Marks a voter conflicted (not eligible) before they vote, while open; refused as `vote` is.
    fn declare_conflict(
        &self,
        id: ResolutionId,
        user: UserId,
        at: DateTime<Utc>,
    ) -> Result<Resolution, GovernanceRefusal>;
    /// The decided resolutions no agenda item reports yet, decided after `after` (if given) and no later
    /// than `until` (if given), earliest decided first: what a meeting's agenda is offered.
    fn decided_off_agenda(
        &self,
        after: Option<DateTime<Utc>>,
        until: Option<DateTime<Utc>>,
    ) -> Result<Vec<Resolution>, RepoError>;
    /// Decides every open resolution whose closing time has come (`only`: just that one). Safe with several
    /// processes: due rows are claimed with `FOR UPDATE SKIP LOCKED`. Answers the ids decided.
    fn decide_due(
        &self,
        now: DateTime<Utc>,
        only: Option<ResolutionId>,
    ) -> Result<Vec<ResolutionId>, RepoError>;
}
