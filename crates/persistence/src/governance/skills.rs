//! The board's skills and the trustees' self-ratings (docs/spec.md §18 Skills matrix).

use std::collections::HashSet;

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use domain::governance::skills::{Rating, Skill, SkillLevel};
use domain::governance::{SkillRepository, SkillsRefusal};
use domain::{RepoError, SkillId, UserId};

use crate::schema::{skill_ratings, skills};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = skills)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct SkillRow {
    id: i32,
    name: String,
    position: i32,
    retired: bool,
}

impl From<SkillRow> for Skill {
    fn from(row: SkillRow) -> Self {
        Skill { id: SkillId(row.id), name: row.name, position: row.position, retired: row.retired }
    }
}

/// The unique index on the name (ignoring case) names the refusal; anything else is the driver's.
fn name_taken(error: DieselError) -> Refusal<SkillsRefusal> {
    match error {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            Refusal::Refused(SkillsRefusal::NameTaken)
        }
        other => Refusal::Db(other),
    }
}

pub struct PgSkillRepository {
    pool: PgPool,
}

impl PgSkillRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

fn current(conn: &mut PgConnection) -> QueryResult<Vec<SkillRow>> {
    skills::table
        .filter(skills::retired.eq(false))
        .order((skills::position.asc(), skills::id.asc()))
        .select(SkillRow::as_select())
        .load(conn)
}

impl SkillRepository for PgSkillRepository {
    fn list(&self, include_retired: bool) -> Result<Vec<Skill>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = skills::table.select(SkillRow::as_select()).into_boxed();
        if !include_retired {
            query = query.filter(skills::retired.eq(false));
        }
        let rows = query
            .order((skills::retired.asc(), skills::position.asc(), skills::id.asc()))
            .load(&mut conn)
            .map_err(repo_error)?;
        Ok(rows.into_iter().map(Skill::from).collect())
    }

    fn create(&self, name: &str) -> Result<Skill, SkillsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            // Serialises additions, so two at once do not take the same position.
            diesel::sql_query("LOCK TABLE skills IN SHARE ROW EXCLUSIVE MODE").execute(conn)?;
            let last: Option<i32> = skills::table.select(diesel::dsl::max(skills::position)).first(conn)?;
            diesel::insert_into(skills::table)
                .values((skills::name.eq(name), skills::position.eq(last.unwrap_or(0) + 1)))
                .returning(SkillRow::as_returning())
                .get_result(conn)
                .map_err(name_taken)
        })
        .map(Skill::from)
        .map_err(Refusal::into_error)
    }

    fn update(&self, id: SkillId, name: Option<&str>, retired: Option<bool>) -> Result<Skill, SkillsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            let row: SkillRow = skills::table
                .find(id.0)
                .select(SkillRow::as_select())
                .for_update()
                .first(conn)
                .optional()?
                .ok_or(Refusal::Refused(SkillsRefusal::SkillNotFound))?;
            let restored = row.retired && retired == Some(false);
            let position = if restored {
                // A restored skill goes back at the end of the current list.
                let last: Option<i32> = skills::table
                    .filter(skills::retired.eq(false))
                    .select(diesel::dsl::max(skills::position))
                    .first(conn)?;
                last.unwrap_or(0) + 1
            } else {
                row.position
            };
            diesel::update(skills::table.find(id.0))
                .set((
                    skills::name.eq(name.unwrap_or(&row.name)),
                    skills::retired.eq(retired.unwrap_or(row.retired)),
                    skills::position.eq(position),
                ))
                .returning(SkillRow::as_returning())
                .get_result(conn)
                .map_err(name_taken)
        })
        .map(Skill::from)
        .map_err(Refusal::into_error)
    }

    fn reorder(&self, order: &[SkillId]) -> Result<Vec<Skill>, SkillsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            diesel::sql_query("LOCK TABLE skills IN SHARE ROW EXCLUSIVE MODE").execute(conn)?;
            let ids: HashSet<i32> = current(conn)?.into_iter().map(|row| row.id).collect();
            let named: HashSet<i32> = order.iter().map(|id| id.0).collect();
            if named.len() != order.len() || named != ids {
                return Err(Refusal::Refused(SkillsRefusal::OrderMismatch));
            }
            for (index, id) in order.iter().enumerate() {
                let position = i32::try_from(index + 1).unwrap_or(i32::MAX);
                diesel::update(skills::table.find(id.0)).set(skills::position.eq(position)).execute(conn)?;
            }
            Ok(current(conn)?)
        })
        .map(|rows| rows.into_iter().map(Skill::from).collect())
        .map_err(Refusal::into_error)
    }

    fn ratings(&self) -> Result<Vec<Rating>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<(i32, i32, String)> = skill_ratings::table
            .select((skill_ratings::user_id, skill_ratings::skill_id, skill_ratings::level))
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|(user_id, skill_id, level)| {
                Ok(Rating {
                    user_id: UserId(user_id),
                    skill_id: SkillId(skill_id),
                    level: level.parse().map_err(|_| bad_value("skill_ratings.level", &level))?,
                })
            })
            .collect()
    }

    fn rate(&self, user: UserId, ratings: &[(SkillId, SkillLevel)]) -> Result<(), SkillsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            // The skills named stay current until the ratings are in (a retirement waits).
            let named: Vec<i32> = ratings.iter().map(|(id, _)| id.0).collect();
            let found: Vec<i32> = skills::table
                .filter(skills::id.eq_any(&named))
                .filter(skills::retired.eq(false))
                .select(skills::id)
                .for_share()
                .load(conn)?;
            if found.len() != named.len() {
                return Err(Refusal::Refused(SkillsRefusal::NoSuchSkill));
            }
            for (skill, level) in ratings {
                diesel::insert_into(skill_ratings::table)
                    .values((
                        skill_ratings::user_id.eq(user.0),
                        skill_ratings::skill_id.eq(skill.0),
                        skill_ratings::level.eq(level.as_str()),
                    ))
                    .on_conflict((skill_ratings::user_id, skill_ratings::skill_id))
                    .do_update()
                    .set((
                        skill_ratings::level.eq(level.as_str()),
                        skill_ratings::updated_at.eq(diesel::dsl::now),
                    ))
                    .execute(conn)?;
            }
            Ok(())
        })
        .map_err(Refusal::into_error)
    }
}
