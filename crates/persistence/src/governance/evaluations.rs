//! Board evaluation rounds, their questions, who answered (apart) and the anonymous answers (spec §17).

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text};

use domain::governance::evaluation::refusal::{EvaluationRefusal, MIN_ANSWERS};
use domain::governance::evaluation::repository::{
    EvaluationRepository, NewEvaluation, OpenRound, PreviousRound, StoredAnswers, Unanswered,
};
use domain::governance::evaluation::{
    EvaluationRound, EvaluationStatus, GivenAnswer, Question, QuestionDraft, QuestionKind,
};
use domain::notifications::mail::OutgoingMail;
use domain::{RepoError, UserId};

use crate::notifications::enqueue_on;
use crate::schema::{
    evaluation_answers, evaluation_questions, evaluation_respondents, evaluation_rounds, users,
};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

type Refused = Refusal<EvaluationRefusal>;

/// The ledger's kind for these reminders (the notification ledger, spec §11).
const LEDGER_KIND: &str = "evaluation-reminder";

#[derive(Queryable, Selectable)]
#[diesel(table_name = evaluation_rounds)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct RoundRow {
    id: i32,
    title: String,
    kind: String,
    appraised_user_id: Option<i32>,
    results_user_id: Option<i32>,
    status: String,
    closes_on: Option<NaiveDate>,
    created_at: DateTime<Utc>,
    opened_at: Option<DateTime<Utc>>,
    closed_at: Option<DateTime<Utc>>,
}

pub struct PgEvaluationRepository {
    pool: PgPool,
}

impl PgEvaluationRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

fn name_of(conn: &mut PgConnection, id: Option<i32>) -> QueryResult<Option<(UserId, String)>> {
    let Some(id) = id else { return Ok(None) };
    let name = users::table.find(id).select(users::name).first::<String>(conn).optional()?;
    Ok(name.map(|name| (UserId(id), name)))
}

fn to_round(conn: &mut PgConnection, row: RoundRow, viewer: UserId) -> Result<EvaluationRound, RepoError> {
    let answered: i64 = evaluation_respondents::table
        .filter(evaluation_respondents::round_id.eq(row.id))
        .count()
        .get_result(conn)
        .map_err(repo_error)?;
    let mine = diesel::select(diesel::dsl::exists(
        evaluation_respondents::table
            .filter(evaluation_respondents::round_id.eq(row.id))
            .filter(evaluation_respondents::user_id.eq(viewer.0)),
    ))
    .get_result::<bool>(conn)
    .map_err(repo_error)?;
    Ok(EvaluationRound {
        id: row.id,
        kind: row.kind.parse().map_err(|_| bad_value("evaluation_rounds.kind", &row.kind))?,
        status: row.status.parse().map_err(|_| bad_value("evaluation_rounds.status", &row.status))?,
        appraised: name_of(conn, row.appraised_user_id).map_err(repo_error)?,
        results_reader: name_of(conn, row.results_user_id).map_err(repo_error)?,
        title: row.title,
        closes_on: row.closes_on,
        created_at: row.created_at,
        opened_at: row.opened_at,
        closed_at: row.closed_at,
        answered,
        answered_by_me: mine,
    })
}

fn insert_questions(conn: &mut PgConnection, round: i32, questions: &[QuestionDraft]) -> QueryResult<()> {
    let rows: Vec<_> = questions
        .iter()
        .enumerate()
        .map(|(position, q)| {
            (
                evaluation_questions::round_id.eq(round),
                evaluation_questions::position.eq(position as i32),
                evaluation_questions::principle.eq(&q.principle),
                evaluation_questions::kind.eq(q.kind.as_str()),
                evaluation_questions::text.eq(&q.text),
            )
        })
        .collect();
    diesel::insert_into(evaluation_questions::table).values(rows).execute(conn)?;
    Ok(())
}

/// The round's status, row-locked for the rest of the transaction; `NotFound` when there is none.
fn locked_status(conn: &mut PgConnection, id: i32, share: bool) -> Result<EvaluationStatus, Refused> {
    let query = evaluation_rounds::table.find(id).select(evaluation_rounds::status);
    let status = if share {
        query.for_share().first::<String>(conn).optional()?
    } else {
        query.for_update().first::<String>(conn).optional()?
    };
    let status = status.ok_or(Refusal::Refused(EvaluationRefusal::NotFound))?;
    status.parse().map_err(|_| {
        Refusal::Refused(EvaluationRefusal::from(bad_value("evaluation_rounds.status", &status)))
    })
}

impl EvaluationRepository for PgEvaluationRepository {
    fn list(&self, viewer: UserId) -> Result<Vec<EvaluationRound>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<RoundRow> = evaluation_rounds::table
            .order(evaluation_rounds::id.desc())
            .select(RoundRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(|row| to_round(&mut conn, row, viewer)).collect()
    }

    fn get(&self, id: i32, viewer: UserId) -> Result<(EvaluationRound, Vec<Question>), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row: RoundRow = evaluation_rounds::table
            .find(id)
            .select(RoundRow::as_select())
            .first(&mut conn)
            .map_err(repo_error)?;
        let round = to_round(&mut conn, row, viewer)?;
        let rows: Vec<(i32, String, String, String)> = evaluation_questions::table
            .filter(evaluation_questions::round_id.eq(id))
            .order((evaluation_questions::position.asc(), evaluation_questions::id.asc()))
            .select((
                evaluation_questions::id,
                evaluation_questions::principle,
                evaluation_questions::kind,
                evaluation_questions::text,
            ))
            .load(&mut conn)
            .map_err(repo_error)?;
        let questions = rows
            .into_iter()
            .map(|(id, principle, kind, text)| {
                let kind: QuestionKind =
                    kind.parse().map_err(|_| bad_value("evaluation_questions.kind", &kind))?;
                Ok(Question { id, principle, kind, text })
            })
            .collect::<Result<_, RepoError>>()?;
        Ok((round, questions))
    }

    fn create(&self, round: NewEvaluation, at: DateTime<Utc>) -> Result<i32, EvaluationRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            for (person, field) in
                [(round.appraised, "appraisedUserId"), (round.results_reader, "resultsUserId")]
            {
                let Some(person) = person else { continue };
                let active = users::table
                    .find(person.0)
                    .select(users::active)
                    .for_share()
                    .first::<bool>(conn)
                    .optional()?;
                if active != Some(true) {
                    return Err(Refusal::Refused(EvaluationRefusal::NoSuchTrustee(field)));
                }
            }
            let id: i32 = diesel::insert_into(evaluation_rounds::table)
                .values((
                    evaluation_rounds::title.eq(&round.title),
                    evaluation_rounds::kind.eq(round.kind.as_str()),
                    evaluation_rounds::appraised_user_id.eq(round.appraised.map(|u| u.0)),
                    evaluation_rounds::results_user_id.eq(round.results_reader.map(|u| u.0)),
                    evaluation_rounds::created_by.eq(round.created_by.0),
                    evaluation_rounds::created_at.eq(at),
                ))
                .returning(evaluation_rounds::id)
                .get_result(conn)?;
            insert_questions(conn, id, &round.questions)?;
            Ok::<_, Refused>(id)
        })
        .map_err(Refused::into_error)
    }

    fn edit(&self, id: i32, title: &str, questions: &[QuestionDraft]) -> Result<(), EvaluationRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            if locked_status(conn, id, false)? != EvaluationStatus::Draft {
                return Err(Refusal::Refused(EvaluationRefusal::NotADraft));
            }
            diesel::update(evaluation_rounds::table.find(id))
                .set(evaluation_rounds::title.eq(title))
                .execute(conn)?;
            diesel::delete(evaluation_questions::table.filter(evaluation_questions::round_id.eq(id)))
                .execute(conn)?;
            insert_questions(conn, id, questions)?;
            Ok(())
        })
        .map_err(Refused::into_error)
    }

    fn open(&self, id: i32, closes_on: NaiveDate, at: DateTime<Utc>) -> Result<(), EvaluationRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            if locked_status(conn, id, false)? != EvaluationStatus::Draft {
                return Err(Refusal::Refused(EvaluationRefusal::NotADraft));
            }
            diesel::update(evaluation_rounds::table.find(id))
                .set((
                    evaluation_rounds::status.eq(EvaluationStatus::Open.as_str()),
                    evaluation_rounds::closes_on.eq(closes_on),
                    evaluation_rounds::opened_at.eq(at),
                ))
                .execute(conn)?;
            Ok(())
        })
        .map_err(Refused::into_error)
    }

    fn close(&self, id: i32, at: DateTime<Utc>) -> Result<(), EvaluationRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            if locked_status(conn, id, false)? == EvaluationStatus::Closed {
                return Err(Refusal::Refused(EvaluationRefusal::AlreadyClosed));
            }
            diesel::update(evaluation_rounds::table.find(id))
                .set((
                    evaluation_rounds::status.eq(EvaluationStatus::Closed.as_str()),
                    evaluation_rounds::closed_at.eq(at),
                ))
                .execute(conn)?;
            Ok(())
        })
        .map_err(Refused::into_error)
    }

    fn answer(
        &self,
        id: i32,
        user: UserId,
        answers: &[GivenAnswer],
        on: NaiveDate,
    ) -> Result<(), EvaluationRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // One transaction: the person is recorded as having answered exactly when their answers are stored.
        conn.transaction(|conn| {
            // Share-locked: a close waits for an answer in flight.
            if locked_status(conn, id, true)? != EvaluationStatus::Open {
                return Err(Refusal::Refused(EvaluationRefusal::NotOpen));
            }
            let first = diesel::insert_into(evaluation_respondents::table)
                .values((evaluation_respondents::round_id.eq(id), evaluation_respondents::user_id.eq(user.0)))
                .on_conflict_do_nothing()
                .execute(conn)?;
            if first == 0 {
                return Err(Refusal::Refused(EvaluationRefusal::AlreadyAnswered));
            }
            let rows: Vec<_> = answers
                .iter()
                .map(|a| {
                    (
                        evaluation_answers::round_id.eq(id),
                        evaluation_answers::question_id.eq(a.question_id),
                        evaluation_answers::score.eq(a.score),
                        evaluation_answers::text.eq(a.text.as_deref()),
                        evaluation_answers::answered_on.eq(on),
                    )
                })
                .collect();
            if !rows.is_empty() {
                diesel::insert_into(evaluation_answers::table).values(rows).execute(conn)?;
            }
            Ok(())
        })
        .map_err(Refused::into_error)
    }

    fn answers(&self, id: i32) -> Result<StoredAnswers, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<(i32, String, Option<i16>, Option<String>)> = evaluation_answers::table
            .inner_join(evaluation_questions::table)
            .filter(evaluation_answers::round_id.eq(id))
            .select((
                evaluation_answers::question_id,
                evaluation_questions::kind,
                evaluation_answers::score,
                evaluation_answers::text,
            ))
            .load(&mut conn)
            .map_err(repo_error)?;
        let mut stored = StoredAnswers::default();
        for (question, kind, score, text) in rows {
            if kind == QuestionKind::Text.as_str() {
                stored.texts.extend(text.map(|t| (question, t)));
            } else {
                stored.scores.push((question, score));
            }
        }
        Ok(stored)
    }

    fn previous(&self, id: i32) -> Result<Option<PreviousRound>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let kind: String = evaluation_rounds::table
            .find(id)
            .select(evaluation_rounds::kind)
            .first(&mut conn)
            .map_err(repo_error)?;
        let previous: Option<(i32, String)> = evaluation_rounds::table
            .filter(evaluation_rounds::kind.eq(&kind))
            .filter(evaluation_rounds::status.eq(EvaluationStatus::Closed.as_str()))
            .filter(evaluation_rounds::id.ne(id))
            .filter(evaluation_rounds::id.lt(id))
            // Only a round whose results could be shown (docs/spec.md §17 Anonymity): the median of
            // fewer answers would tell what one person said.
            .filter(
                evaluation_respondents::table
                    .filter(evaluation_respondents::round_id.eq(evaluation_rounds::id))
                    .count()
                    .single_value()
                    .ge(MIN_ANSWERS),
            )
            .order(evaluation_rounds::id.desc())
            .select((evaluation_rounds::id, evaluation_rounds::title))
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?;
        let Some((previous, title)) = previous else { return Ok(None) };
        let pairs: Vec<(String, Option<i16>)> = evaluation_answers::table
            .inner_join(evaluation_questions::table)
            .filter(evaluation_answers::round_id.eq(previous))
            .filter(evaluation_questions::kind.eq(QuestionKind::Scale.as_str()))
            .select((evaluation_questions::text, evaluation_answers::score))
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok(Some((title, pairs)))
    }

    fn unanswered(&self, id: i32) -> Result<Vec<Unanswered>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let appraised: Option<i32> = evaluation_rounds::table
            .find(id)
            .select(evaluation_rounds::appraised_user_id)
            .first(&mut conn)
            .map_err(repo_error)?;
        let answered = evaluation_respondents::table
            .filter(evaluation_respondents::round_id.eq(id))
            .select(evaluation_respondents::user_id);
        let rows: Vec<(i32, String, String)> = users::table
            .filter(users::active.eq(true))
            .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
            .filter(users::id.ne(appraised.unwrap_or(0)))
            .filter(users::id.ne_all(answered))
            .order(users::id.asc())
            .select((users::id, users::name, users::email))
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name, email)| Unanswered { user_id: UserId(id), name, email })
            .collect())
    }

    fn open_rounds(&self) -> Result<Vec<OpenRound>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<(i32, String, Option<NaiveDate>)> = evaluation_rounds::table
            .filter(evaluation_rounds::status.eq(EvaluationStatus::Open.as_str()))
            .filter(evaluation_rounds::closes_on.is_not_null())
            .order((evaluation_rounds::closes_on.asc(), evaluation_rounds::id.asc()))
            .select((evaluation_rounds::id, evaluation_rounds::title, evaluation_rounds::closes_on))
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, title, closes_on)| Some(OpenRound { id, title, closes_on: closes_on? }))
            .collect())
    }
}

impl PgEvaluationRepository {
    /// Queues each mail unless the ledger already has this round, recipient and `occasion`, recording it
    /// in the same transaction; answers how many were queued.
    pub fn queue_reminders(
        &self,
        id: i32,
        occasion: &str,
        mails: &[(UserId, OutgoingMail)],
    ) -> Result<usize, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            let mut queued = 0;
            for (recipient, mail) in mails {
                // The ledger row and the mail commit together: a second click the same day, or a second
                // server, queues nothing more.
                let first = diesel::sql_query(
                    "INSERT INTO notification_ledger (kind, subject_id, recipient_id, occasion) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                )
                .bind::<Text, _>(LEDGER_KIND)
                .bind::<BigInt, _>(i64::from(id))
                .bind::<Integer, _>(recipient.0)
                .bind::<Text, _>(occasion)
                .execute(conn)?;
                if first == 1 {
                    enqueue_on(conn, mail)?;
                    queued += 1;
                }
            }
            Ok::<_, diesel::result::Error>(queued)
        })
        .map_err(repo_error)
    }
}
