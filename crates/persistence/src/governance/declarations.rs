//! Annual declarations rounds and the declarations made in them.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

use domain::governance::declaration::{
    Declaration, DeclarationAnswers, DeclarationRound, RoundMember, RoundSummary,
};
use domain::governance::{DeclarationRepository, GovernanceRefusal, NewRound};
use domain::{DeclarationRoundId, DocumentId, RepoError, UserId};

use crate::schema::{declaration_rounds, declarations, documents, users};
use crate::shared::error::{pool_error, repo_error, Refusal};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = declaration_rounds)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct RoundRow {
    id: i32,
    year: i32,
    deadline: NaiveDate,
    code_of_conduct_document_id: Option<i32>,
    code_of_conduct_title: String,
    opened_at: DateTime<Utc>,
    closed_at: Option<DateTime<Utc>>,
}

impl From<RoundRow> for DeclarationRound {
    fn from(row: RoundRow) -> Self {
        DeclarationRound {
            id: DeclarationRoundId(row.id),
            year: row.year,
            deadline: row.deadline,
            code_of_conduct_document_id: row.code_of_conduct_document_id.map(DocumentId),
            code_of_conduct_title: row.code_of_conduct_title,
            opened_at: row.opened_at,
            closed_at: row.closed_at,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = declarations)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct DeclarationRow {
    user_id: i32,
    declared_at: Option<DateTime<Utc>>,
    declared_name: Option<String>,
    register_complete: Option<bool>,
    over_18: Option<bool>,
    no_disqualification: Option<bool>,
    accepts_code: Option<bool>,
}

fn to_member(row: DeclarationRow, name: String, email: String) -> RoundMember {
    let declaration = match (row.declared_at, row.declared_name) {
        (Some(declared_at), Some(declared_name)) => Some(Declaration {
            declared_at,
            declared_name,
            answers: DeclarationAnswers {
                register_complete: row.register_complete.unwrap_or(false),
                over_18: row.over_18.unwrap_or(false),
                no_disqualification: row.no_disqualification.unwrap_or(false),
                accepts_code: row.accepts_code.unwrap_or(false),
            },
        }),
        _ => None,
    };
    RoundMember { user_id: UserId(row.user_id), name, email, declaration }
}

type Refused = Refusal<GovernanceRefusal>;

/// Round, member, declared at, over 18, no disqualification.
type StatusRow = (i32, i32, Option<DateTime<Utc>>, Option<bool>, Option<bool>);

pub struct PgDeclarationRepository {
    pool: PgPool,
}

impl PgDeclarationRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl DeclarationRepository for PgDeclarationRepository {
    fn list(&self, viewer: UserId) -> Result<Vec<RoundSummary>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rounds: Vec<RoundRow> = declaration_rounds::table
            .order(declaration_rounds::year.desc())
            .select(RoundRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        let rows: Vec<StatusRow> = declarations::table
            .select((
                declarations::round_id,
                declarations::user_id,
                declarations::declared_at,
                declarations::over_18,
                declarations::no_disqualification,
            ))
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok(rounds
            .into_iter()
            .map(|round| {
                let mine: Vec<_> = rows.iter().filter(|r| r.0 == round.id).collect();
                let declared = mine.iter().filter(|r| r.2.is_some()).count();
                let flagged =
                    mine.iter().filter(|r| r.2.is_some() && (r.3 != Some(true) || r.4 != Some(true))).count();
                let own = mine.iter().find(|r| r.1 == viewer.0).map(|r| r.2.is_some());
                RoundSummary {
                    round: round.into(),
                    members: mine.len() as i64,
                    declared: declared as i64,
                    flagged: flagged as i64,
                    mine: own,
                }
            })
            .collect())
    }

    fn get(&self, id: DeclarationRoundId) -> Result<(DeclarationRound, Vec<RoundMember>), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let round: RoundRow = declaration_rounds::table
            .find(id.0)
            .select(RoundRow::as_select())
            .first(&mut conn)
            .map_err(repo_error)?;
        let members: Vec<(DeclarationRow, String, String)> = declarations::table
            .inner_join(users::table)
            .filter(declarations::round_id.eq(id.0))
            .order((users::name.asc(), users::id.asc()))
            .select((DeclarationRow::as_select(), users::name, users::email))
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok((
            round.into(),
            members.into_iter().map(|(row, name, email)| to_member(row, name, email)).collect(),
        ))
    }

    fn open(&self, round: NewRound) -> Result<DeclarationRound, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = conn
            .transaction(|conn| {
                let title = documents::table
                    .find(round.code_of_conduct.0)
                    .select(documents::title)
                    .for_share()
                    .first::<String>(conn)
                    .optional()?
                    .ok_or(Refusal::Refused(GovernanceRefusal::NoSuchCodeOfConduct))?;
                let row: RoundRow = diesel::insert_into(declaration_rounds::table)
                    .values((
                        declaration_rounds::year.eq(round.year),
                        declaration_rounds::deadline.eq(round.deadline),
                        declaration_rounds::code_of_conduct_document_id.eq(round.code_of_conduct.0),
                        declaration_rounds::code_of_conduct_title.eq(title),
                        declaration_rounds::opened_by.eq(round.opened_by.0),
                        declaration_rounds::opened_at.eq(round.opened_at),
                    ))
                    .returning(RoundRow::as_returning())
                    .get_result(conn)
                    .map_err(|e| match repo_error(e) {
                        // The year is unique: it has its round already.
                        RepoError::Duplicate(_) => {
                            Refusal::Refused(GovernanceRefusal::RoundExists(round.year))
                        }
                        other => Refusal::Refused(other.into()),
                    })?;
                // The serving trustees today are the ones asked to declare.
                let serving = users::table
                    .filter(users::active.eq(true))
                    .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
                    .select((row.id.into_sql::<diesel::sql_types::Integer>(), users::id));
                diesel::insert_into(declarations::table)
                    .values(serving)
                    .into_columns((declarations::round_id, declarations::user_id))
                    .execute(conn)?;
                Ok::<_, Refused>(row)
            })
            .map_err(Refused::into_error)?;
        Ok(row.into())
    }

    fn declare(
        &self,
        id: DeclarationRoundId,
        user: UserId,
        name: &str,
        answers: DeclarationAnswers,
        at: DateTime<Utc>,
    ) -> Result<(), GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            let closed_at = declaration_rounds::table
                .find(id.0)
                .select(declaration_rounds::closed_at)
                .for_share()
                .first::<Option<DateTime<Utc>>>(conn)
                .optional()?
                .ok_or(Refusal::Refused(GovernanceRefusal::RoundNotFound))?;
            if closed_at.is_some() {
                return Err(Refusal::Refused(GovernanceRefusal::RoundClosed));
            }
            let mine = declarations::table
                .filter(declarations::round_id.eq(id.0))
                .filter(declarations::user_id.eq(user.0));
            // Only a row not yet declared is written: a second declaration changes nothing.
            let written = diesel::update(mine.filter(declarations::declared_at.is_null()))
                .set((
                    declarations::declared_at.eq(at),
                    declarations::declared_name.eq(name),
                    declarations::register_complete.eq(answers.register_complete),
                    declarations::over_18.eq(answers.over_18),
                    declarations::no_disqualification.eq(answers.no_disqualification),
                    declarations::accepts_code.eq(answers.accepts_code),
                ))
                .execute(conn)?;
            if written == 0 {
                let member = diesel::select(diesel::dsl::exists(mine)).get_result::<bool>(conn)?;
                let refusal = if member {
                    GovernanceRefusal::AlreadyDeclared
                } else {
                    GovernanceRefusal::NotAskedToDeclare
                };
                return Err(Refusal::Refused(refusal));
            }
            Ok(())
        })
        .map_err(Refused::into_error)
    }

    fn close(
        &self,
        id: DeclarationRoundId,
        at: DateTime<Utc>,
    ) -> Result<DeclarationRound, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let closed = diesel::update(
            declaration_rounds::table.find(id.0).filter(declaration_rounds::closed_at.is_null()),
        )
        .set(declaration_rounds::closed_at.eq(at))
        .returning(RoundRow::as_returning())
        .get_result::<RoundRow>(&mut conn)
        .optional()
        .map_err(repo_error)?;
        match closed {
            Some(row) => Ok(row.into()),
            None => {
                let exists = diesel::select(diesel::dsl::exists(declaration_rounds::table.find(id.0)))
                    .get_result::<bool>(&mut conn)
                    .map_err(repo_error)?;
                Err(if exists { GovernanceRefusal::RoundClosed } else { GovernanceRefusal::RoundNotFound })
            }
        }
    }
}
