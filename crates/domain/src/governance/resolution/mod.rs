//! Written resolutions (spec §10 Governance): decided between meetings by the eligible trustees' votes.

pub mod offers;
pub mod print;
pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::{DocumentId, ResolutionId, UserId};

string_enum!(
    /// What a written resolution needs to pass: a majority of eligible trustees, a set number, or all.
    ThresholdKind {
        Majority => "majority",
        Count => "count",
        Unanimous => "unanimous",
    }
);

string_enum!(
    /// A vote on a written resolution.
    VoteChoice {
        For => "for",
        Against => "against",
        Abstain => "abstain",
    }
);

string_enum!(
    /// A written resolution's state.
    ResolutionStatus {
        Open => "open",
        Passed => "passed",
        Failed => "failed",
    }
);

/// What it takes to pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threshold {
    /// More than half of the eligible trustees vote for.
    Majority,
    /// At least this many eligible trustees vote for.
    Count(u32),
    /// Every eligible trustee votes for (an abstention or a vote against defeats it).
    Unanimous,
}

impl Threshold {
    pub fn kind(self) -> ThresholdKind {
        match self {
            Threshold::Majority => ThresholdKind::Majority,
            Threshold::Count(_) => ThresholdKind::Count,
            Threshold::Unanimous => ThresholdKind::Unanimous,
        }
    }

    /// Votes for needed out of `eligible`.
    pub fn votes_needed(self, eligible: u32) -> u32 {
        match self {
            Threshold::Majority => eligible / 2 + 1,
            Threshold::Count(n) => n,
            Threshold::Unanimous => eligible,
        }
    }
}

/// The votes cast so far, out of the eligible voters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    pub eligible: u32,
    pub for_votes: u32,
    pub against: u32,
    pub abstain: u32,
}

impl Tally {
    pub fn outstanding(&self) -> u32 {
        self.eligible.saturating_sub(self.for_votes + self.against + self.abstain)
    }
}

/// The result once it is known: `Some` as soon as the outstanding votes cannot change it, or at closing
/// (`closed`), when everything short of the threshold fails.
pub fn decide(threshold: Threshold, tally: Tally, closed: bool) -> Option<ResolutionStatus> {
    let needed = threshold.votes_needed(tally.eligible);
    if tally.for_votes >= needed && tally.eligible > 0 {
        Some(ResolutionStatus::Passed)
    } else if closed || tally.for_votes + tally.outstanding() < needed {
        Some(ResolutionStatus::Failed)
    } else {
        None
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Voter {
    pub user_id: UserId,
    pub name: String,
    /// Declared a conflict: not eligible to vote.
    pub conflicted: bool,
}

/// A vote as recorded: never changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vote {
    pub user_id: UserId,
    pub voter_name: String,
    pub choice: VoteChoice,
    pub comment: Option<String>,
    pub voted_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paper {
    pub document_id: DocumentId,
    pub title: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolution {
    pub id: ResolutionId,
    pub title: String,
    pub text: String,
    pub closes_at: DateTime<Utc>,
    pub threshold: Threshold,
    pub proposed_by_name: String,
    pub proposed_at: DateTime<Utc>,
    pub status: ResolutionStatus,
    pub decided_at: Option<DateTime<Utc>>,
    /// Decided before the closing time because the outstanding votes could not change the result.
    pub decided_early: bool,
    pub papers: Vec<Paper>,
    /// The serving trustees when it was proposed, by name.
    pub voters: Vec<Voter>,
    /// In the order cast.
    pub votes: Vec<Vote>,
}

impl Resolution {
    pub fn tally(&self) -> Tally {
        let count = |choice| self.votes.iter().filter(|v| v.choice == choice).count() as u32;
        Tally {
            eligible: self.voters.iter().filter(|v| !v.conflicted).count() as u32,
            for_votes: count(VoteChoice::For),
            against: count(VoteChoice::Against),
            abstain: count(VoteChoice::Abstain),
        }
    }

    pub fn is_eligible(&self, user: UserId) -> bool {
        self.voters.iter().any(|v| v.user_id == user && !v.conflicted)
    }

    pub fn vote_of(&self, user: UserId) -> Option<&Vote> {
        self.votes.iter().find(|v| v.user_id == user)
    }

    /// A voter sees the tally (and who voted how) only after voting, or once the resolution is decided.
    pub fn tally_visible_to(&self, user: UserId) -> bool {
        self.status != ResolutionStatus::Open || self.vote_of(user).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ResolutionStatus::{Failed, Passed};

    fn tally(eligible: u32, for_votes: u32, against: u32, abstain: u32) -> Tally {
        Tally { eligible, for_votes, against, abstain }
    }

    #[test]
    fn a_majority_of_eligible_trustees_passes_as_soon_as_it_is_reached() {
        assert_eq!(decide(Threshold::Majority, tally(5, 2, 0, 0), false), None);
        assert_eq!(decide(Threshold::Majority, tally(5, 3, 0, 0), false), Some(Passed));
        assert_eq!(decide(Threshold::Majority, tally(4, 2, 0, 0), false), None);
        // 2 for, 2 against of 5: one outstanding vote could still make 3.
        assert_eq!(decide(Threshold::Majority, tally(5, 2, 2, 0), false), None);
        // 1 for, 3 against of 5: the last vote cannot make 3.
        assert_eq!(decide(Threshold::Majority, tally(5, 1, 3, 0), false), Some(Failed));
    }

    #[test]
    fn at_closing_anything_short_of_the_threshold_fails() {
        assert_eq!(decide(Threshold::Majority, tally(5, 2, 0, 0), true), Some(Failed));
        assert_eq!(decide(Threshold::Majority, tally(5, 3, 0, 0), true), Some(Passed));
    }

    #[test]
    fn a_set_number_and_unanimity() {
        assert_eq!(decide(Threshold::Count(2), tally(6, 2, 0, 0), false), Some(Passed));
        assert_eq!(decide(Threshold::Count(4), tally(6, 1, 2, 0), false), None);
        assert_eq!(decide(Threshold::Count(4), tally(6, 1, 2, 1), false), Some(Failed));
        assert_eq!(decide(Threshold::Unanimous, tally(3, 2, 0, 0), false), None);
        assert_eq!(decide(Threshold::Unanimous, tally(3, 3, 0, 0), false), Some(Passed));
        assert_eq!(decide(Threshold::Unanimous, tally(3, 1, 0, 1), false), Some(Failed));
    }
}
