//! Why a board evaluation use case says no (spec §17).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

/// The least number of answers before any result is shown, so that no one's answer can be picked out.
pub const MIN_ANSWERS: i64 = 3;

pub const OFFICERS_ONLY: &str = "Only admins and chairs can run board evaluations.";
pub const NOT_A_DRAFT: &str = "This evaluation has been opened: its statements can no longer change.";
pub const NOT_OPEN: &str = "This evaluation is not open for answers.";
pub const ALREADY_CLOSED: &str = "This evaluation is already closed.";
pub const ALREADY_ANSWERED: &str = "You have already answered this evaluation.";
pub const APPRAISED_NOT_ASKED: &str = "You are the chair being appraised, so you are not asked to answer.";
pub const APPRAISED_RUNS_NOT: &str =
    "You are the chair being appraised, so another admin or chair runs this appraisal.";
pub const NOT_ENOUGH_ANSWERS: &str =
    "Results are shown once at least 3 trustees have answered, so that no one's answers can be picked out.";
pub const STILL_OPEN: &str =
    "Results are shown once the evaluation has closed, so that no one's answers can be \
     read off a change in them as answers come in.";
pub const RESULTS_HIDDEN: &str =
    "The results of this evaluation are for admins and chairs (for a chair's appraisal, the vice-chair named).";

/// The board evaluation's refusals; the ones a write decides are checked inside its transaction.
#[derive(Debug, thiserror::Error)]
pub enum EvaluationRefusal {
    #[error("Evaluation not found")]
    NotFound,
    #[error("{OFFICERS_ONLY}")]
    OfficersOnly,
    /// Statements and questions change only while the round is a draft.
    #[error("{NOT_A_DRAFT}")]
    NotADraft,
    /// Answers are taken only while the round is open.
    #[error("{NOT_OPEN}")]
    NotOpen,
    #[error("{ALREADY_CLOSED}")]
    AlreadyClosed,
    /// One answer per person per round.
    #[error("{ALREADY_ANSWERED}")]
    AlreadyAnswered,
    /// The chair being appraised does not answer their own appraisal.
    #[error("{APPRAISED_NOT_ASKED}")]
    AppraisedNotAsked,
    /// The chair being appraised does not edit, open, remind or close their own appraisal.
    #[error("{APPRAISED_RUNS_NOT}")]
    AppraisedRunsNot,
    /// Fewer than `MIN_ANSWERS` answers.
    #[error("{NOT_ENOUGH_ANSWERS}")]
    NotEnoughAnswers,
    /// Answers still come in: results that changed with each one would tell what that person said.
    #[error("{STILL_OPEN}")]
    StillOpen,
    /// Not a reader of this round's results.
    #[error("{RESULTS_HIDDEN}")]
    ResultsHidden,
    /// A named person (the chair appraised, the vice-chair) is not an active user.
    #[error("No such trustee")]
    NoSuchTrustee(&'static str),
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(EvaluationRefusal);

impl Refusal for EvaluationRefusal {
    fn answer(self) -> Answer {
        use EvaluationRefusal::*;
        match self {
            NotFound => Answer::own(&self, RefusalKind::NotFound),
            NotADraft | NotOpen | AlreadyClosed | AlreadyAnswered => {
                Answer::own(&self, RefusalKind::Conflict)
            }
            OfficersOnly | AppraisedNotAsked | AppraisedRunsNot | NotEnoughAnswers | StillOpen
            | ResultsHidden => Answer::own(&self, RefusalKind::Forbidden),
            NoSuchTrustee(field) => Answer::field(&self, field),
            Common(error) => Answer::Common(error),
        }
    }
}
