use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::governance::skills::SkillLevel;
use domain::identity::directory::{DirectoryCommittee, DirectoryEntry};
use domain::identity::role::Role;
use domain::identity::DirectoryRepository;
use domain::{CommitteeId, RepoError, UserId};

use crate::schema::{committee_members, committees, skill_ratings, skills, users};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

pub struct PgDirectoryRepository {
    pool: PgPool,
}

impl PgDirectoryRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

type UserLine = (i32, String, String, Option<String>, String, DateTime<Utc>);

impl DirectoryRepository for PgDirectoryRepository {
    fn active_trustees(&self) -> Result<Vec<DirectoryEntry>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let people = users::table
            .filter(users::active.eq(true))
            .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
            .order((users::name.asc(), users::id.asc()))
            .select((users::id, users::name, users::email, users::phone, users::role, users::created_at))
            .load::<UserLine>(&mut conn)
            .map_err(repo_error)?;

        // Their memberships of active committees, in one query, grouped per person.
        let ids: Vec<i32> = people.iter().map(|person| person.0).collect();
        let memberships = committee_members::table
            .inner_join(committees::table)
            .filter(committee_members::user_id.eq_any(&ids))
            .filter(committees::archived.eq(false))
            .order((committees::name.asc(), committees::id.asc()))
            .select((committee_members::user_id, committees::id, committees::name, committee_members::role))
            .load::<(i32, i32, String, String)>(&mut conn)
            .map_err(repo_error)?;
        let mut by_user: HashMap<i32, Vec<DirectoryCommittee>> = HashMap::new();
        for (user_id, committee_id, name, role) in memberships {
            let role = role.parse().map_err(|_| bad_value("committee_members.role", &role))?;
            by_user.entry(user_id).or_default().push(DirectoryCommittee {
                id: CommitteeId(committee_id),
                name,
                role,
            });
        }

        // Their strong skills among the current ones, in the board's order (docs/spec.md §18).
        let strong = skill_ratings::table
            .inner_join(skills::table)
            .filter(skill_ratings::user_id.eq_any(&ids))
            .filter(skill_ratings::level.eq(SkillLevel::Strong.as_str()))
            .filter(skills::retired.eq(false))
            .order((skills::position.asc(), skills::id.asc()))
            .select((skill_ratings::user_id, skills::name))
            .load::<(i32, String)>(&mut conn)
            .map_err(repo_error)?;
        let mut skills_of: HashMap<i32, Vec<String>> = HashMap::new();
        for (user_id, name) in strong {
            skills_of.entry(user_id).or_default().push(name);
        }

        people
            .into_iter()
            .map(|(id, name, email, phone, role, created_at)| {
                let role: Role = role.parse().map_err(|_| bad_value("users.role", &role))?;
                Ok(DirectoryEntry {
                    id: UserId(id),
                    name,
                    email,
                    phone,
                    role,
                    joined: created_at,
                    committees: by_user.remove(&id).unwrap_or_default(),
                    strong_skills: skills_of.remove(&id).unwrap_or_default(),
                })
            })
            .collect()
    }
}
