//! The demo board's evaluations (spec §17): last year's board evaluation, answered by six trustees and
//! closed, so its results (and next year's comparison) are there to read; and this year's, open, with two
//! answers in so far, so the chair can see who is yet to answer and send a reminder.

use anyhow::Context;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

use domain::governance::evaluation::service::{
    AnswerEvaluationRequest, AnswerInput, CreateEvaluationRequest, EvaluationService, OpenEvaluationRequest,
};
use domain::governance::evaluation::template::PRINCIPLES;
use domain::governance::evaluation::{Question, QuestionKind};
use domain::shared::{IsoDate, Received};

use super::data::Who;
use super::{uk_time, Seeder};

/// Last year's typical score by principle, in the Code's order: the board rated itself weakest on equality,
/// diversity and inclusion, and on its own effectiveness.
const LAST_YEAR: [i16; 7] = [4, 4, 5, 3, 3, 2, 4];
/// This year's so far: a little better where last year's results asked for work.
const THIS_YEAR: [i16; 7] = [4, 4, 5, 4, 4, 3, 4];

/// Who answered last year, in order, with their free-text answers (well, one change, anything else).
const LAST_YEAR_ANSWERS: &[(Who, [&str; 3])] = &[
    (
        Who::Chair,
        [
            "We keep the people who use our services at the centre of our decisions.",
            "Recruit trustees who reflect the communities we serve.",
            "",
        ],
    ),
    (
        Who::ViceChair,
        ["Finance and risk are scrutinised carefully.", "Shorter board packs, sent earlier.", ""],
    ),
    (Who::Treasurer, ["Meetings start and end on time.", "", ""]),
    (
        Who::Safeguarding,
        [
            "Safeguarding is on every agenda and taken seriously.",
            "A proper induction for new trustees.",
            "I would value a skills audit before we next recruit.",
        ],
    ),
    (Who::LivedExperience, ["I am listened to.", "Papers in plainer English, with fewer acronyms.", ""]),
    (Who::People, ["", "More time for strategy, less for reports we have already read.", ""]),
];

/// Who has answered this year's so far.
const THIS_YEAR_ANSWERS: &[(Who, [&str; 3])] = &[
    (
        Who::Chair,
        ["Our discussions are open and well informed.", "Plan for the Treasurer's succession now.", ""],
    ),
    (Who::People, ["The new induction pack made a real difference.", "", ""]),
];

impl Seeder<'_> {
    pub(super) fn evaluations(&mut self) -> anyhow::Result<()> {
        let chair = self.person(Who::Chair)?.clone();
        let year = self.today().year();
        // Seeding again on top (--force) keeps the rounds there are.
        let existing = self.state.evaluations.list(&chair).context("cannot list the evaluations")?;
        let last_title = format!("Board evaluation {}", year - 1);
        if !existing.iter().any(|r| r.title == last_title) {
            self.last_years_evaluation(&last_title, year - 1)?;
        }
        let this_title = format!("Board evaluation {year}");
        if !existing.iter().any(|r| r.title == this_title) {
            self.this_years_evaluation(&this_title)?;
        }
        Ok(())
    }

    /// Opened in October, answered over a fortnight, closed the day after its closing date.
    fn last_years_evaluation(&mut self, title: &str, year: i32) -> anyhow::Result<()> {
        let october = |day: u32| NaiveDate::from_ymd_opt(year, 10, day).context("an October date");
        let opened = uk_time(october(6)?, (9, 0))?;
        let id = self.open_evaluation(title, opened, october(27)?)?;
        for (n, (who, texts)) in LAST_YEAR_ANSWERS.iter().enumerate() {
            let at = opened + Duration::days(1 + 2 * n as i64) + Duration::hours(n as i64 * 3);
            self.answer_evaluation(id, at, *who, n, &LAST_YEAR, texts)?;
        }
        let chair = self.person(Who::Chair)?.clone();
        EvaluationService {
            clock: self.clock_at(uk_time(october(28)?, (10, 0))?),
            ..self.state.evaluations.clone()
        }
        .close(&chair, id)
        .context("cannot close last year's evaluation")
    }

    /// Opened six days ago (in this year), closing in a fortnight.
    fn this_years_evaluation(&mut self, title: &str) -> anyhow::Result<()> {
        let new_year = NaiveDate::from_ymd_opt(self.today().year(), 1, 1).context("New Year's Day")?;
        let opened = (self.now - Duration::days(6)).max(uk_time(new_year, (9, 0))?).min(self.now);
        let id = self.open_evaluation(title, opened, self.today() + Duration::days(15))?;
        for (n, (who, texts)) in THIS_YEAR_ANSWERS.iter().enumerate() {
            let at = (opened + Duration::hours(26 + 20 * n as i64)).min(self.now);
            self.answer_evaluation(id, at, *who, n, &THIS_YEAR, texts)?;
        }
        Ok(())
    }

    /// The chair creates a round from the template at `at` and opens it until `closes_on`.
    fn open_evaluation(&self, title: &str, at: DateTime<Utc>, closes_on: NaiveDate) -> anyhow::Result<i32> {
        let chair = self.person(Who::Chair)?.clone();
        let service = EvaluationService { clock: self.clock_at(at), ..self.state.evaluations.clone() };
        let id = service
            .create(&chair, CreateEvaluationRequest { title: Some(title.into()), ..Default::default() })
            .with_context(|| format!("cannot create {title}"))?;
        service
            .open(&chair, id, OpenEvaluationRequest { closes_on: Received::Given(IsoDate(closes_on)) })
            .with_context(|| format!("cannot open {title}"))?;
        Ok(id)
    }

    /// `who` (the `person`-th to answer) answers at `at`, around each principle's `typical` score.
    fn answer_evaluation(
        &self,
        id: i32,
        at: DateTime<Utc>,
        who: Who,
        person: usize,
        typical: &[i16; 7],
        texts: &[&str; 3],
    ) -> anyhow::Result<()> {
        let trustee = self.person(who)?.clone();
        let service = EvaluationService { clock: self.clock_at(at), ..self.state.evaluations.clone() };
        let (_, questions) = service.get(&trustee, id).context("cannot read the evaluation")?;
        let mut free_text = texts.iter().map(|text| (!text.is_empty()).then(|| (*text).to_string()));
        let mut answers = Vec::with_capacity(questions.len());
        for (index, question) in questions.iter().enumerate() {
            answers.push(match question.kind {
                QuestionKind::Scale => {
                    let score = score(question, index, person, typical);
                    AnswerInput { question_id: question.id, score, dont_know: score.is_none(), text: None }
                }
                QuestionKind::Text => AnswerInput {
                    question_id: question.id,
                    score: None,
                    dont_know: false,
                    text: free_text.next().flatten(),
                },
            });
        }
        service
            .answer(&trustee, id, AnswerEvaluationRequest { answers })
            .with_context(|| format!("cannot answer evaluation {id} as {who:?}"))
    }
}

/// A score near the principle's typical one: a pattern by person and statement (never random, so that
/// every demo reads the same); `None` is "don't know": the fifth to answer, new to the board, does not
/// know how some of the finance and risk statements are handled.
fn score(question: &Question, index: usize, person: usize, typical: &[i16; 7]) -> Option<i16> {
    const SPREAD: [i16; 5] = [0, 1, 0, -1, 0];
    let principle = PRINCIPLES.iter().position(|p| *p == question.principle)?;
    if person == 4 && principle == 3 && index.is_multiple_of(2) {
        return None;
    }
    let base = typical.get(principle).copied().unwrap_or(3);
    Some((base + SPREAD[(index + person) % SPREAD.len()]).clamp(1, 5))
}
