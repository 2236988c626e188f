use chrono::{DateTime, NaiveDate, Utc};

use crate::governance::evaluation::refusal::EvaluationRefusal;
use crate::governance::evaluation::{EvaluationKind, EvaluationRound, GivenAnswer, Question, QuestionDraft};
use crate::{RepoError, UserId};

/// A round to create, as a draft with its questions.
#[derive(Debug, Clone)]
pub struct NewEvaluation {
    pub title: String,
    pub kind: EvaluationKind,
    pub appraised: Option<UserId>,
    pub results_reader: Option<UserId>,
    pub created_by: UserId,
    pub questions: Vec<QuestionDraft>,
}

/// A trustee not yet answered, to remind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unanswered {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
}

/// An open round and its closing date, for the scheduled reminders and closing (spec §17, Scheduling).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenRound {
    pub id: i32,
    pub title: String,
    pub closes_on: NaiveDate,
}

/// Stored answers of one round, without anyone's id.
#[derive(Debug, Clone, Default)]
pub struct StoredAnswers {
    /// (question id, score): `None` is "don't know".
    pub scores: Vec<(i32, Option<i16>)>,
    /// (question id, text).
    pub texts: Vec<(i32, String)>,
}

/// The previous closed round of the same kind: its title and (statement text, score) pairs.
pub type PreviousRound = (String, Vec<(String, Option<i16>)>);

/// Storage of evaluation rounds, their questions and anonymous answers.
pub trait EvaluationRepository: Send + Sync {
    /// Every round, newest first, with `viewer`'s own status.
    fn list(&self, viewer: UserId) -> Result<Vec<EvaluationRound>, RepoError>;
    /// The round and its questions in order. `RepoError::NotFound` when there is none.
    fn get(&self, id: i32, viewer: UserId) -> Result<(EvaluationRound, Vec<Question>), RepoError>;
    /// Creates a draft; `NoSuchTrustee` when a named person is not an active user.
    fn create(&self, round: NewEvaluation, at: DateTime<Utc>) -> Result<i32, EvaluationRefusal>;
    /// Replaces the title and every question, while a draft (`NotADraft` otherwise).
    fn edit(&self, id: i32, title: &str, questions: &[QuestionDraft]) -> Result<(), EvaluationRefusal>;
    /// Opens a draft until `closes_on`.
    fn open(&self, id: i32, closes_on: NaiveDate, at: DateTime<Utc>) -> Result<(), EvaluationRefusal>;
    /// Closes an open round (a draft is closed too: it was never answered).
    fn close(&self, id: i32, at: DateTime<Utc>) -> Result<(), EvaluationRefusal>;
    /// Records, in one transaction, that `user` answered and their answers (without their id, dated
    /// `on`). `NotOpen`, `AlreadyAnswered` refuse it.
    fn answer(
        &self,
        id: i32,
        user: UserId,
        answers: &[GivenAnswer],
        on: NaiveDate,
    ) -> Result<(), EvaluationRefusal>;
    /// The round's answers.
    fn answers(&self, id: i32) -> Result<StoredAnswers, RepoError>;
    /// The previous closed round of the same kind: its title and (statement text, score) pairs.
    fn previous(&self, id: i32) -> Result<Option<PreviousRound>, RepoError>;
    /// Active users asked (not the chair appraised) who have not answered.
    fn unanswered(&self, id: i32) -> Result<Vec<Unanswered>, RepoError>;
    /// Every open round with a closing date, oldest closing first.
    fn open_rounds(&self) -> Result<Vec<OpenRound>, RepoError>;
}

/// Sends a round's reminders (spec §17, Reminders): implemented by the server, through the mail outbox and
/// its ledger, so that governance never depends on how mail is written (docs/architecture.md, Layering).
pub trait EvaluationMail: Send + Sync {
    /// Queues one mail to each person unless the ledger already has this round, person and `occasion`;
    /// answers how many were queued, or `None` when no mail is configured (nothing is queued then).
    #[allow(clippy::too_many_arguments)]
    fn remind(
        &self,
        round: i32,
        title: &str,
        closes_on: &str,
        occasion: &str,
        nudge: EvaluationNudge,
        people: &[Unanswered],
    ) -> anyhow::Result<Option<usize>>;
}

/// Why an evaluation mail goes out (spec §17 Scheduling): the round has just opened (to everyone asked),
/// or a reminder to those who have not answered yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EvaluationNudge {
    Opened,
    Reminder,
}
