//! Terms of office.

use chrono::NaiveDate;
use diesel::prelude::*;

use domain::governance::term::{Term, TermFields, TrusteeTerms};
use domain::governance::{GovernanceRefusal, TermRepository};
use domain::{RepoError, TermId, UserId};

use crate::schema::{terms_of_office, users};
use crate::shared::error::{bad_value, pool_error, repo_error, TxError};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = terms_of_office)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct TermRow {
    id: i32,
    user_id: i32,
    started_on: NaiveDate,
    term_years: i16,
    reappointment: bool,
    ended_on: Option<NaiveDate>,
}

fn to_term(row: TermRow) -> Result<Term, RepoError> {
    Ok(Term {
        id: TermId(row.id),
        user_id: UserId(row.user_id),
        started_on: row.started_on,
        term_years: u8::try_from(row.term_years)
            .map_err(|_| bad_value("terms_of_office.term_years", &row.term_years.to_string()))?,
        reappointment: row.reappointment,
        ended_on: row.ended_on,
    })
}

pub struct PgTermRepository {
    pool: PgPool,
}

impl PgTermRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl TermRepository for PgTermRepository {
    fn overview(&self) -> Result<Vec<TrusteeTerms>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let people: Vec<(i32, String, String, String)> = users::table
            .filter(users::active.eq(true))
            .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
            .order((users::name.asc(), users::id.asc()))
            .select((users::id, users::name, users::email, users::role))
            .load(&mut conn)
            .map_err(repo_error)?;
        let rows: Vec<TermRow> = terms_of_office::table
            .order((terms_of_office::started_on.asc(), terms_of_office::id.asc()))
            .select(TermRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        let terms = rows.into_iter().map(to_term).collect::<Result<Vec<_>, _>>()?;
        people
            .into_iter()
            .map(|(id, name, email, role)| {
                Ok(TrusteeTerms {
                    user_id: UserId(id),
                    name,
                    email,
                    role: role.parse().map_err(|_| bad_value("users.role", &role))?,
                    terms: terms.iter().filter(|t| t.user_id.0 == id).cloned().collect(),
                })
            })
            .collect()
    }

    fn get(&self, id: TermId) -> Result<Term, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = terms_of_office::table
            .find(id.0)
            .select(TermRow::as_select())
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?
            .ok_or(GovernanceRefusal::TermNotFound)?;
        Ok(to_term(row)?)
    }

    fn create(&self, user: UserId, fields: TermFields) -> Result<Term, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = conn
            .transaction(|conn| {
                let trustee =
                    users::table.find(user.0).select(users::id).for_share().first::<i32>(conn).optional()?;
                if trustee.is_none() {
                    return Ok(None);
                }
                let row = diesel::insert_into(terms_of_office::table)
                    .values((
                        terms_of_office::user_id.eq(user.0),
                        terms_of_office::started_on.eq(fields.started_on),
                        terms_of_office::term_years.eq(i16::from(fields.term_years)),
                        terms_of_office::reappointment.eq(fields.reappointment),
                        terms_of_office::ended_on.eq(fields.ended_on),
                    ))
                    .returning(TermRow::as_returning())
                    .get_result(conn)?;
                Ok::<_, TxError>(Some(row))
            })
            .map_err(RepoError::from)?
            .ok_or(GovernanceRefusal::NoSuchTrustee)?;
        Ok(to_term(row)?)
    }

    fn update(&self, id: TermId, fields: TermFields) -> Result<Term, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = diesel::update(terms_of_office::table.find(id.0))
            .set((
                terms_of_office::started_on.eq(fields.started_on),
                terms_of_office::term_years.eq(i16::from(fields.term_years)),
                terms_of_office::reappointment.eq(fields.reappointment),
                terms_of_office::ended_on.eq(fields.ended_on),
            ))
            .returning(TermRow::as_returning())
            .get_result(&mut conn)
            .optional()
            .map_err(repo_error)?
            .ok_or(GovernanceRefusal::TermNotFound)?;
        Ok(to_term(row)?)
    }

    fn delete(&self, id: TermId) -> Result<(), GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let deleted =
            diesel::delete(terms_of_office::table.find(id.0)).execute(&mut conn).map_err(repo_error)?;
        if deleted == 0 {
            return Err(GovernanceRefusal::TermNotFound);
        }
        Ok(())
    }
}
