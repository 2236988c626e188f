//! Written resolutions (spec §10 Governance): proposed by admins and chairs, voted on once by each eligible
//! trustee, decided at closing time or as soon as the outstanding votes cannot change the result.

use std::sync::Arc;

use chrono_tz::Tz;

use crate::governance::resolution::{Resolution, Threshold, ThresholdKind, VoteChoice};
use crate::governance::{GovernanceRefusal, NewResolution, ResolutionRepository};
use crate::identity::user::User;
use crate::meetings::meeting::service::MeetingService;
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::timestamps::ReceivedTime;
use crate::shared::{Clock, FieldLimits, Limit, Received};
use crate::{DocumentId, RepoError, ResolutionId, UserId};

pub const TITLE_MAX: usize = 200;
pub const TEXT_MAX: usize = 20_000;
pub const COMMENT_MAX: usize = 2_000;
pub const THRESHOLD_INVALID: &str = "Threshold must be majority, count or unanimous";
pub const VOTE_INVALID: &str = "Vote must be for, against or abstain";

// "Propose" a written resolution.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposeRequest {
    /// Required, at most 200 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub title: Option<String>,
    /// The resolution's wording; required, at most 20000 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub text: Option<String>,
    /// RFC 3339 with a zone, in the future.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = DateTime)]
    pub closes_at: ReceivedTime,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = ThresholdKind)]
    pub threshold: Received<ThresholdKind>,
    /// Votes for needed, for `threshold = count`.
    #[serde(default)]
    pub threshold_count: Option<i64>,
    /// Supporting papers: ids of library documents.
    #[serde(default)]
    #[schema(value_type = Vec<i32>)]
    pub paper_document_ids: Vec<DocumentId>,
    /// Serving trustees conflicted on it, who are not eligible to vote.
    #[serde(default)]
    #[schema(value_type = Vec<i32>)]
    pub conflicted_user_ids: Vec<UserId>,
}

impl FieldLimits for ProposeRequest {
    const LIMITS: &'static [(&'static str, Limit)] =
        &[("title", Limit::RequiredText { max: TITLE_MAX }), ("text", Limit::RequiredText { max: TEXT_MAX })];
}

// A vote, with an optional comment.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoteRequest {
    #[serde(default)]
    #[schema(value_type = Option<VoteChoice>)]
    pub vote: Received<VoteChoice>,
    /// Optional, at most 2000 characters.
    #[serde(default)]
    pub comment: Option<String>,
}

#[derive(Clone)]
pub struct ResolutionService {
    pub resolutions: Arc<dyn ResolutionRepository>,
    /// The agendas decided resolutions are reported to (`resolution_offers`).
    pub meetings: MeetingService,
    /// The board's time zone, for dates written into agenda items.
    pub time_zone: Tz,
    pub clock: Arc<dyn Clock>,
}

impl ResolutionService {
    /// Newest first; any whose closing time has passed are decided first.
    pub fn list(&self, _actor: &User) -> Result<Vec<Resolution>, GovernanceRefusal> {
        self.resolutions.decide_due(self.clock.now(), None)?;
        Ok(self.resolutions.list()?)
    }

    pub fn get(&self, _actor: &User, id: ResolutionId) -> Result<Resolution, GovernanceRefusal> {
        self.resolutions.decide_due(self.clock.now(), Some(id))?;
        self.resolution(id)
    }

    pub fn propose(&self, actor: &User, input: ProposeRequest) -> Result<Resolution, GovernanceRefusal> {
        if !actor.role.is_officer() {
            return Err(GovernanceRefusal::ProposeOfficersOnly);
        }
        let now = self.clock.now();
        let mut errors = FieldErrors::new();
        let title = validation::required_line(
            &mut errors,
            "title",
            "Title",
            input.title.as_deref().unwrap_or(""),
            TITLE_MAX,
        );
        let text = validation::required_text(
            &mut errors,
            "text",
            "Text",
            input.text.as_deref().unwrap_or(""),
            TEXT_MAX,
        );
        let closes_at = input.closes_at.required(&mut errors, "closesAt", "Closing time");
        if closes_at.is_some_and(|at| at <= now) {
            errors.add("closesAt", "Closing time must be in the future");
        }
        let threshold = match input.threshold {
            Received::Given(ThresholdKind::Majority) => Some(Threshold::Majority),
            Received::Given(ThresholdKind::Unanimous) => Some(Threshold::Unanimous),
            Received::Given(ThresholdKind::Count) => {
                match input.threshold_count.and_then(|n| u32::try_from(n).ok()) {
                    Some(n) if n >= 1 => Some(Threshold::Count(n)),
                    _ => {
                        errors.add("thresholdCount", "Number of votes must be at least 1");
                        None
                    }
                }
            }
            Received::Absent | Received::Unreadable => {
                errors.add("threshold", THRESHOLD_INVALID);
                None
            }
        };
        errors.into_result()?;
        let (Some(closes_at), Some(threshold)) = (closes_at, threshold) else {
            return Err(DomainError::invalid("closesAt", "Closing time is required").into());
        };
        let mut papers = input.paper_document_ids;
        papers.sort();
        papers.dedup();
        let mut conflicted = input.conflicted_user_ids;
        conflicted.sort();
        conflicted.dedup();
        let new = NewResolution {
            title,
            text,
            closes_at,
            threshold,
            papers,
            conflicted,
            proposed_by: actor.id,
            proposed_by_name: actor.name.clone(),
            proposed_at: now,
        };
        self.resolutions.propose(new)
    }

    pub fn vote(
        &self,
        actor: &User,
        id: ResolutionId,
        input: VoteRequest,
    ) -> Result<Resolution, GovernanceRefusal> {
        let mut errors = FieldErrors::new();
        let choice = match input.vote {
            Received::Given(choice) => Some(choice),
            Received::Absent | Received::Unreadable => {
                errors.add("vote", VOTE_INVALID);
                None
            }
        };
        let comment = validation::optional_text(
            &mut errors,
            "comment",
            "Comment",
            input.comment.as_deref(),
            COMMENT_MAX,
        );
        errors.into_result()?;
        let Some(choice) = choice else { return Err(DomainError::invalid("vote", VOTE_INVALID).into()) };
        let now = self.clock.now();
        // A vote arriving after closing time meets a decided resolution, whatever the background step did.
        self.resolutions.decide_due(now, Some(id))?;
        self.resolutions.vote(id, actor.id, choice, comment, now)
    }

    /// The signed-in trustee declares a conflict on it and so gives up their vote.
    pub fn declare_conflict(&self, actor: &User, id: ResolutionId) -> Result<Resolution, GovernanceRefusal> {
        let now = self.clock.now();
        self.resolutions.decide_due(now, Some(id))?;
        self.resolutions.declare_conflict(id, actor.id, now)
    }

    /// The background step: decides every resolution whose closing time has come.
    pub fn decide_due(&self) -> Result<Vec<ResolutionId>, GovernanceRefusal> {
        Ok(self.resolutions.decide_due(self.clock.now(), None)?)
    }

    /// One resolution as stored; `ResolutionNotFound` when there is none.
    pub(crate) fn resolution(&self, id: ResolutionId) -> Result<Resolution, GovernanceRefusal> {
        match self.resolutions.get(id) {
            Err(RepoError::NotFound) => Err(GovernanceRefusal::ResolutionNotFound),
            found => Ok(found?),
        }
    }
}
