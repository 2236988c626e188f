//! Board evaluation use cases (spec §17).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;
use rand::seq::SliceRandom;

use crate::governance::evaluation::refusal::{EvaluationRefusal, MIN_ANSWERS};
use crate::governance::evaluation::repository::{
    EvaluationMail, EvaluationNudge, EvaluationRepository, NewEvaluation,
};
use crate::governance::evaluation::template::{
    CHAIR_QUESTIONS, CHAIR_STATEMENTS, GENERAL, QUESTIONS, STATEMENTS,
};
use crate::governance::evaluation::{
    median, EvaluationKind, EvaluationResults, EvaluationRound, EvaluationStatus, GivenAnswer, Question,
    QuestionDraft, QuestionKind, StatementResult, TextResult,
};
use crate::identity::user::User;
use crate::meetings::{PrintBlock, PrintDocument, Typesetter};
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;
use crate::shared::{Clock, IsoDate, Received};
use crate::{RepoError, UserId};

pub const TITLE_MAX: usize = 200;
pub const TEXT_MAX: usize = 500;
pub const ANSWER_MAX: usize = 4000;

/// The ledger's occasion of the mail that announces an opened round (once per round and person).
pub const OPENED: &str = "opened";

/// "Create an evaluation".
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateEvaluationRequest {
    /// 1 to 200 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub title: Option<String>,
    /// `board` (default) or `chair` (the chair's appraisal).
    #[serde(default)]
    #[schema(nullable = false)]
    pub kind: Option<EvaluationKind>,
    /// The chair appraised: required for `chair`.
    #[serde(default)]
    pub appraised_user_id: Option<i32>,
    /// The vice-chair who reads a chair appraisal's results: required for `chair`.
    #[serde(default)]
    pub results_user_id: Option<i32>,
}

/// A statement or question in the editor.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionInput {
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub principle: Option<String>,
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub kind: Option<QuestionKind>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub text: Option<String>,
}

/// "Edit a draft": the title and the whole list of statements and questions in order (so one call adds,
/// edits, removes and reorders).
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditEvaluationRequest {
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub title: Option<String>,
    #[serde(default)]
    pub questions: Vec<QuestionInput>,
}

/// "Open an evaluation".
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenEvaluationRequest {
    /// `YYYY-MM-DD`, not in the past.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    pub closes_on: Received<IsoDate>,
}

/// One answer.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerInput {
    pub question_id: i32,
    /// 1 to 5, for a statement.
    #[serde(default)]
    pub score: Option<i16>,
    /// "Don't know", for a statement.
    #[serde(default)]
    pub dont_know: bool,
    /// For a free-text question; may be left empty.
    #[serde(default)]
    pub text: Option<String>,
}

/// "Answer": every statement scored or "don't know"; free text optional.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerEvaluationRequest {
    #[serde(default)]
    pub answers: Vec<AnswerInput>,
}

#[derive(Clone)]
pub struct EvaluationService {
    pub repo: Arc<dyn EvaluationRepository>,
    /// The reminders' mail (nothing is queued when no mail is configured).
    pub mail: Arc<dyn EvaluationMail>,
    pub typesetter: Arc<dyn Typesetter>,
    pub clock: Arc<dyn Clock>,
}

impl EvaluationService {
    /// Officers see every round; others the open and closed ones.
    pub fn list(&self, actor: &User) -> Result<Vec<EvaluationRound>, EvaluationRefusal> {
        let rounds = self.repo.list(actor.id)?;
        Ok(rounds
            .into_iter()
            .filter(|r| actor.role.is_officer() || r.status != EvaluationStatus::Draft)
            .collect())
    }

    /// A round with its questions; a draft only for officers.
    pub fn get(&self, actor: &User, id: i32) -> Result<(EvaluationRound, Vec<Question>), EvaluationRefusal> {
        let (round, questions) = self.round(actor, id)?;
        if round.status == EvaluationStatus::Draft && !actor.role.is_officer() {
            return Err(EvaluationRefusal::NotFound);
        }
        Ok((round, questions))
    }

    /// Creates a draft from the template.
    pub fn create(&self, actor: &User, input: CreateEvaluationRequest) -> Result<i32, EvaluationRefusal> {
        officer(actor)?;
        let mut errors = FieldErrors::new();
        let title = checked_title(input.title.as_deref(), &mut errors);
        let kind = input.kind.unwrap_or(EvaluationKind::Board);
        let (appraised, reader) = match kind {
            EvaluationKind::Board => (None, None),
            EvaluationKind::Chair => {
                if input.appraised_user_id.is_none() {
                    errors.add("appraisedUserId", "Choose the chair being appraised");
                }
                if input.results_user_id.is_none() {
                    errors.add("resultsUserId", "Choose the vice-chair who will read the results");
                }
                if input.appraised_user_id.is_some() && input.appraised_user_id == input.results_user_id {
                    errors.add("resultsUserId", "The results go to someone other than the chair appraised");
                }
                (input.appraised_user_id.map(UserId), input.results_user_id.map(UserId))
            }
        };
        errors.into_result()?;
        // The chair's appraisal asks about the chair, not about the board.
        let (statements, asked): (&[(&str, &str)], &[&str]) = match kind {
            EvaluationKind::Board => (&STATEMENTS, &QUESTIONS),
            EvaluationKind::Chair => (&CHAIR_STATEMENTS, &CHAIR_QUESTIONS),
        };
        let mut questions: Vec<QuestionDraft> = statements
            .iter()
            .map(|(principle, text)| QuestionDraft {
                principle: principle.to_string(),
                kind: QuestionKind::Scale,
                text: text.to_string(),
            })
            .collect();
        questions.extend(asked.iter().map(|text| QuestionDraft {
            principle: GENERAL.to_string(),
            kind: QuestionKind::Text,
            text: text.to_string(),
        }));
        let new =
            NewEvaluation { title, kind, appraised, results_reader: reader, created_by: actor.id, questions };
        self.repo.create(new, self.clock.now())
    }

    /// Replaces the title and questions of a draft.
    pub fn edit(&self, actor: &User, id: i32, input: EditEvaluationRequest) -> Result<(), EvaluationRefusal> {
        self.runs(actor, id)?;
        let mut errors = FieldErrors::new();
        let title = checked_title(input.title.as_deref(), &mut errors);
        if input.questions.is_empty() {
            errors.add("questions", "Keep at least one statement or question");
        }
        let mut drafts = Vec::with_capacity(input.questions.len());
        for (index, q) in input.questions.into_iter().enumerate() {
            let principle = q.principle.unwrap_or_default().trim().to_string();
            let text = q.text.unwrap_or_default().trim().to_string();
            if principle.is_empty() || principle.chars().count() > TITLE_MAX {
                errors.add(&format!("questions[{index}].principle"), "Principle must be 1 to 200 characters");
            }
            if text.is_empty() || text.chars().count() > TEXT_MAX {
                errors.add(&format!("questions[{index}].text"), "Text must be 1 to 500 characters");
            }
            let Some(kind) = q.kind else {
                errors.add(&format!("questions[{index}].kind"), "Kind must be scale or text");
                continue;
            };
            drafts.push(QuestionDraft { principle, kind, text });
        }
        errors.into_result()?;
        self.repo.edit(id, &title, &drafts)
    }

    pub fn open(&self, actor: &User, id: i32, input: OpenEvaluationRequest) -> Result<(), EvaluationRefusal> {
        self.runs(actor, id)?;
        let mut errors = FieldErrors::new();
        if input.closes_on.is_absent() {
            errors.add("closesOn", "Closing date is required");
        }
        let closes_on = input
            .closes_on
            .read(&mut errors, "closesOn", "Closing date must be a date (YYYY-MM-DD)")
            .map(NaiveDate::from);
        let now = self.clock.now();
        if closes_on.is_some_and(|d| d < now.date_naive()) {
            errors.add("closesOn", "Closing date must not be in the past");
        }
        errors.into_result()?;
        let Some(closes_on) = closes_on else {
            return Err(DomainError::invalid("closesOn", "Closing date is required").into());
        };
        self.repo.open(id, closes_on, now)?;
        self.announce(actor, id);
        Ok(())
    }

    /// Tells everyone asked that the round is open and when it closes (spec §17 Scheduling), once: the
    /// ledger keeps the occasion `opened`. The round is open whatever happens to the mail, so a failure is
    /// logged, not answered.
    fn announce(&self, actor: &User, id: i32) {
        let announced = match self.round(actor, id) {
            Ok((round, _)) => self.mail_unanswered(&round, OPENED, EvaluationNudge::Opened),
            Err(refusal) => Err(anyhow::anyhow!("{refusal}")),
        };
        if let Err(error) = announced {
            tracing::error!(round = id, error = ?error, "the evaluation opened but its announcement was not queued");
        }
    }

    pub fn close(&self, actor: &User, id: i32) -> Result<(), EvaluationRefusal> {
        self.runs(actor, id)?;
        self.repo.close(id, self.clock.now())
    }

    /// Records the actor's anonymous answers.
    pub fn answer(
        &self,
        actor: &User,
        id: i32,
        input: AnswerEvaluationRequest,
    ) -> Result<(), EvaluationRefusal> {
        let (round, questions) = self.get(actor, id)?;
        if !round.asks(actor.id) {
            return Err(EvaluationRefusal::AppraisedNotAsked);
        }
        if round.status != EvaluationStatus::Open {
            return Err(EvaluationRefusal::NotOpen);
        }
        let given: HashMap<i32, AnswerInput> =
            input.answers.into_iter().map(|a| (a.question_id, a)).collect();
        let mut errors = FieldErrors::new();
        let mut answers = Vec::with_capacity(questions.len());
        for (index, question) in questions.iter().enumerate() {
            let answer = given.get(&question.id);
            match question.kind {
                QuestionKind::Scale => match answer {
                    Some(AnswerInput { score: Some(score @ 1..=5), .. }) => answers.push(GivenAnswer {
                        question_id: question.id,
                        score: Some(*score),
                        text: None,
                    }),
                    Some(AnswerInput { score: None, dont_know: true, .. }) => {
                        answers.push(GivenAnswer { question_id: question.id, score: None, text: None })
                    }
                    _ => errors.add(
                        &format!("answers[{index}]"),
                        format!("Score \"{}\" from 1 to 5, or choose don't know", question.text),
                    ),
                },
                QuestionKind::Text => {
                    let text = answer.and_then(|a| a.text.as_deref()).unwrap_or("").trim();
                    if text.chars().count() > ANSWER_MAX {
                        errors.add(&format!("answers[{index}]"), "An answer is at most 4000 characters");
                    } else if !text.is_empty() {
                        answers.push(GivenAnswer {
                            question_id: question.id,
                            score: None,
                            text: Some(text.to_string()),
                        });
                    }
                }
            }
        }
        if given.keys().any(|id| !questions.iter().any(|q| q.id == *id)) {
            errors.add("answers", "An answer names a question this evaluation does not have");
        }
        errors.into_result()?;
        // The day only: a finer time could be matched with who answered when.
        self.repo.answer(id, actor.id, &answers, self.clock.now().date_naive())
    }

    /// Reminds each trustee asked who has not answered, once a day at most (the ledger). Answers how many
    /// were queued and whether mail is configured.
    pub fn remind(&self, actor: &User, id: i32) -> Result<(usize, bool), EvaluationRefusal> {
        let round = self.runs(actor, id)?;
        if round.status != EvaluationStatus::Open {
            return Err(EvaluationRefusal::NotOpen);
        }
        let occasion = self.clock.now().date_naive().to_string();
        let queued = self
            .mail_unanswered(&round, &occasion, EvaluationNudge::Reminder)
            .map_err(DomainError::Unexpected)?;
        Ok(queued.map_or((0, false), |n| (n, true)))
    }

    /// Mails everyone asked who has not answered the round yet, under the ledger's `occasion`.
    fn mail_unanswered(
        &self,
        round: &EvaluationRound,
        occasion: &str,
        nudge: EvaluationNudge,
    ) -> anyhow::Result<Option<usize>> {
        let closes_on =
            round.closes_on.map(|d| d.format("%-d %B %Y").to_string()).unwrap_or_else(|| "soon".into());
        let people = self.repo.unanswered(round.id)?;
        self.mail.remind(round.id, &round.title, &closes_on, occasion, nudge, &people)
    }

    /// The results, for their readers, once at least three have answered and the round has closed
    /// (docs/spec.md §17 Results).
    pub fn results(&self, actor: &User, id: i32) -> Result<EvaluationResults, EvaluationRefusal> {
        let (round, questions) = self.round(actor, id)?;
        if !reads_results(actor, &round) {
            return Err(EvaluationRefusal::ResultsHidden);
        }
        if round.answered < MIN_ANSWERS {
            return Err(EvaluationRefusal::NotEnoughAnswers);
        }
        if round.status != EvaluationStatus::Closed {
            return Err(EvaluationRefusal::StillOpen);
        }
        let stored = self.repo.answers(id)?;
        let previous = self.repo.previous(id)?;
        let mut statements = Vec::new();
        let mut texts = Vec::new();
        let mut rng = rand::rng();
        for question in questions {
            match question.kind {
                QuestionKind::Scale => {
                    let mut counts = [0_i64; 5];
                    let mut dont_know = 0;
                    let mut scores = Vec::new();
                    for (_, score) in stored.scores.iter().filter(|(q, _)| *q == question.id) {
                        match score {
                            Some(s @ 1..=5) => {
                                counts[(*s - 1) as usize] += 1;
                                scores.push(*s);
                            }
                            _ => dont_know += 1,
                        }
                    }
                    let previous_median = previous.as_ref().and_then(|(_, pairs)| {
                        let mut before: Vec<i16> = pairs
                            .iter()
                            .filter(|(text, _)| *text == question.text)
                            .filter_map(|(_, s)| *s)
                            .collect();
                        median(&mut before)
                    });
                    statements.push(StatementResult {
                        median: median(&mut scores),
                        question,
                        counts,
                        dont_know,
                        previous_median,
                    });
                }
                QuestionKind::Text => {
                    let mut answers: Vec<String> = stored
                        .texts
                        .iter()
                        .filter(|(q, _)| *q == question.id)
                        .map(|(_, text)| text.clone())
                        .collect();
                    // Shuffled on every request: the order says nothing about who answered when.
                    answers.shuffle(&mut rng);
                    texts.push(TextResult { question, answers });
                }
            }
        }
        Ok(EvaluationResults { round, previous_title: previous.map(|(title, _)| title), statements, texts })
    }

    /// The results as a PDF report.
    pub fn results_pdf(&self, actor: &User, id: i32, portal: &str) -> Result<Vec<u8>, EvaluationRefusal> {
        let results = self.results(actor, id)?;
        let mut blocks = vec![
            PrintBlock::Heading(format!("{portal}: {}", results.round.title)),
            PrintBlock::Note(format!(
                "{} answers. Scores 1 (strongly disagree) to 5 (strongly agree).",
                results.round.answered
            )),
            PrintBlock::Gap,
        ];
        let mut principle = String::new();
        for s in &results.statements {
            if s.question.principle != principle {
                principle = s.question.principle.clone();
                blocks.push(PrintBlock::Heading(principle.clone()));
            }
            blocks.push(PrintBlock::Paragraph(s.question.text.clone()));
            blocks.push(PrintBlock::Note(format!(
                "1: {}  2: {}  3: {}  4: {}  5: {}  don't know: {}  median: {}  previous median: {}",
                s.counts[0],
                s.counts[1],
                s.counts[2],
                s.counts[3],
                s.counts[4],
                s.dont_know,
                show_median(s.median),
                show_median(s.previous_median),
            )));
        }
        for t in &results.texts {
            blocks.push(PrintBlock::Heading(t.question.text.clone()));
            for answer in &t.answers {
                blocks.push(PrintBlock::Paragraph(answer.clone()));
            }
        }
        let document = PrintDocument { title: results.round.title.clone(), blocks };
        Ok(self.typesetter.typeset(&document).map_err(DomainError::Unexpected)?)
    }

    /// Whether `actor` may run the round (edit, open, remind, close): an officer, but not the chair being
    /// appraised in their own appraisal (spec §17 Rounds).
    /// Answers the round, so a caller that needs it does not read it again.
    fn runs(&self, actor: &User, id: i32) -> Result<EvaluationRound, EvaluationRefusal> {
        officer(actor)?;
        let (round, _) = self.round(actor, id)?;
        if !round.asks(actor.id) {
            return Err(EvaluationRefusal::AppraisedRunsNot);
        }
        Ok(round)
    }

    fn round(&self, actor: &User, id: i32) -> Result<(EvaluationRound, Vec<Question>), EvaluationRefusal> {
        match self.repo.get(id, actor.id) {
            Err(RepoError::NotFound) => Err(EvaluationRefusal::NotFound),
            found => Ok(found?),
        }
    }
}

/// A median as the report prints it.
pub fn show_median(median: Option<f64>) -> String {
    median.map(|m| format!("{m:.1}")).unwrap_or_else(|| "-".into())
}

/// Who reads a round's results (spec §17): admins and chairs for the board's evaluation; for a chair's
/// appraisal only the vice-chair it names (admins may be staff the chair works with, and the chair
/// appraised is an officer too).
pub fn reads_results(actor: &User, round: &EvaluationRound) -> bool {
    match round.kind {
        EvaluationKind::Board => actor.role.is_officer(),
        EvaluationKind::Chair => {
            round.asks(actor.id)
                && round.results_reader.as_ref().is_some_and(|(reader, _)| *reader == actor.id)
        }
    }
}

fn checked_title(title: Option<&str>, errors: &mut FieldErrors) -> String {
    let title = title.unwrap_or("").trim().to_string();
    if title.is_empty() || title.chars().count() > TITLE_MAX {
        errors.add("title", "Title must be 1 to 200 characters");
    }
    title
}

fn officer(actor: &User) -> Result<(), EvaluationRefusal> {
    if actor.role.is_officer() {
        Ok(())
    } else {
        Err(EvaluationRefusal::OfficersOnly)
    }
}
