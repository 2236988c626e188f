//! Board evaluation (spec §17): officers build a round from the Charity Governance Code template, open it
//! with a closing date, and read the results once at least three trustees have answered. Answers are
//! anonymous to everyone, admins included: they are stored without the person's id.

pub mod refusal;
pub mod repository;
pub mod schedule;
pub mod service;
pub mod template;

use chrono::{DateTime, NaiveDate, Utc};

use crate::UserId;

string_enum!(
    /// `board`: the board evaluates itself; `chair`: the chair's appraisal, which leaves the chair out of
    /// answering and shows the results to the vice-chair the round names.
    EvaluationKind {
        Board => "board",
        Chair => "chair",
    }
);

string_enum!(
    /// A round is edited as a `draft`, answered while `open`, read when `closed`.
    EvaluationStatus {
        Draft => "draft",
        Open => "open",
        Closed => "closed",
    }
);

string_enum!(
    /// `scale`: a statement scored 1 to 5 or "don't know"; `text`: a free-text question.
    QuestionKind {
        Scale => "scale",
        Text => "text",
    }
);

/// An evaluation round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvaluationRound {
    pub id: i32,
    pub title: String,
    pub kind: EvaluationKind,
    /// The chair appraised (kind `chair`) and their name.
    pub appraised: Option<(UserId, String)>,
    /// The vice-chair who reads a chair appraisal's results, and their name.
    pub results_reader: Option<(UserId, String)>,
    pub status: EvaluationStatus,
    pub closes_on: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    pub opened_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    /// How many have answered.
    pub answered: i64,
    /// Whether the viewer has answered.
    pub answered_by_me: bool,
}

impl EvaluationRound {
    /// Whether `user` is asked to answer: anyone but the chair being appraised.
    pub fn asks(&self, user: UserId) -> bool {
        self.appraised.as_ref().is_none_or(|(appraised, _)| *appraised != user)
    }
}

/// A statement or question of a round, in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub id: i32,
    pub principle: String,
    pub kind: QuestionKind,
    pub text: String,
}

/// A statement or question as written in the editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionDraft {
    pub principle: String,
    pub kind: QuestionKind,
    pub text: String,
}

/// One answer to one question: `score` 1 to 5 (`None`: "don't know") for a statement, `text` for a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivenAnswer {
    pub question_id: i32,
    pub score: Option<i16>,
    pub text: Option<String>,
}

/// A statement's answers: how many gave each score, how many did not know, the median of the scores, and
/// the previous closed round's median when it had the same statement.
#[derive(Debug, Clone, PartialEq)]
pub struct StatementResult {
    pub question: Question,
    /// Counts of scores 1 to 5.
    pub counts: [i64; 5],
    pub dont_know: i64,
    pub median: Option<f64>,
    pub previous_median: Option<f64>,
}

/// A free-text question's answers, in random order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextResult {
    pub question: Question,
    pub answers: Vec<String>,
}

/// A round's results.
#[derive(Debug, Clone, PartialEq)]
pub struct EvaluationResults {
    pub round: EvaluationRound,
    /// The round compared with: the previous closed round of the same kind, by title.
    pub previous_title: Option<String>,
    pub statements: Vec<StatementResult>,
    pub texts: Vec<TextResult>,
}

/// The median of scores (the mean of the two middle ones for an even count); `None` for none.
pub fn median(scores: &mut [i16]) -> Option<f64> {
    if scores.is_empty() {
        return None;
    }
    scores.sort_unstable();
    let mid = scores.len() / 2;
    Some(if scores.len() % 2 == 1 {
        f64::from(scores[mid])
    } else {
        (f64::from(scores[mid - 1]) + f64::from(scores[mid])) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [5, 1, 3]), Some(3.0));
        assert_eq!(median(&mut [4, 1, 3, 5]), Some(3.5));
    }

    #[test]
    fn the_template_has_five_statements_per_principle() {
        for principle in template::PRINCIPLES {
            assert_eq!(template::STATEMENTS.iter().filter(|(p, _)| *p == principle).count(), 5);
        }
    }
}
