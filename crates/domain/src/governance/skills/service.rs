//! The skills matrix's use cases (docs/spec.md §18 Skills matrix): the list (officers change it), one's
//! own ratings (only oneself), the matrix (every member reads it, as the terms of office it is built on).

use std::collections::HashSet;
use std::sync::Arc;

use crate::governance::skills::refusal::SkillsRefusal;
use crate::governance::skills::repository::SkillRepository;
use crate::governance::skills::{Skill, SkillLevel, SkillMatrix, SKILL_NAME_MAX};
use crate::governance::TermRepository;
use crate::identity::permissions;
use crate::identity::user::User;
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::{Clock, FieldLimits, Limit, Received};
use crate::SkillId;

pub const LEVEL_INVALID: &str = "Level must be none, some or strong";

// "Add a skill" (name required) and "change a skill" (rename, retire, restore; any field may be left out).
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkillRequest {
    /// At most 100 characters; required when adding.
    #[serde(default)]
    pub name: Option<String>,
    /// `true` retires the skill (it leaves the list and the matrix), `false` restores it.
    #[serde(default)]
    pub retired: Option<bool>,
}

impl FieldLimits for SkillRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("name", Limit::RequiredText { max: SKILL_NAME_MAX })];
}

// "Reorder the list".
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkillOrderRequest {
    /// Every current skill's id, once, in the new order.
    #[serde(default)]
    #[schema(value_type = Vec<i32>)]
    pub skill_ids: Vec<SkillId>,
}

/// One rating of "save my ratings".
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingInput {
    #[schema(value_type = i32)]
    pub skill_id: SkillId,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = SkillLevel)]
    pub level: Received<SkillLevel>,
}

// "Save my ratings": the signed-in trustee's own, and nobody else's.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingsRequest {
    /// The skills rated; skills left out keep their rating.
    #[serde(default)]
    pub ratings: Vec<RatingInput>,
}

#[derive(Clone)]
pub struct SkillService {
    pub skills: Arc<dyn SkillRepository>,
    pub terms: Arc<dyn TermRepository>,
    pub clock: Arc<dyn Clock>,
}

impl SkillService {
    /// The list in the board's order, retired skills too when asked for; every member may read it.
    pub fn list(&self, actor: &User, include_retired: bool) -> Result<Vec<Skill>, SkillsRefusal> {
        reader(actor)?;
        Ok(self.skills.list(include_retired)?)
    }

    pub fn create(&self, actor: &User, input: SkillRequest) -> Result<Skill, SkillsRefusal> {
        officer(actor)?;
        let mut errors = FieldErrors::new();
        let name = validation::required_line(
            &mut errors,
            "name",
            "Name",
            input.name.as_deref().unwrap_or(""),
            SKILL_NAME_MAX,
        );
        errors.into_result()?;
        self.skills.create(&name)
    }

    pub fn update(&self, actor: &User, id: SkillId, input: SkillRequest) -> Result<Skill, SkillsRefusal> {
        officer(actor)?;
        let mut errors = FieldErrors::new();
        let name = input
            .name
            .as_deref()
            .map(|raw| validation::required_line(&mut errors, "name", "Name", raw, SKILL_NAME_MAX));
        errors.into_result()?;
        self.skills.update(id, name.as_deref(), input.retired)
    }

    pub fn reorder(&self, actor: &User, input: SkillOrderRequest) -> Result<Vec<Skill>, SkillsRefusal> {
        officer(actor)?;
        self.skills.reorder(&input.skill_ids)
    }

    /// The actor's own rating of every current skill (`none` where they have not rated it).
    pub fn my_ratings(&self, actor: &User) -> Result<Vec<(Skill, SkillLevel)>, SkillsRefusal> {
        reader(actor)?;
        let ratings = self.skills.ratings()?;
        Ok(self
            .skills
            .list(false)?
            .into_iter()
            .map(|skill| {
                let level = ratings
                    .iter()
                    .find(|r| r.user_id == actor.id && r.skill_id == skill.id)
                    .map_or(SkillLevel::None, |r| r.level);
                (skill, level)
            })
            .collect())
    }

    /// Stores the actor's own ratings: the request names no person, so nobody rates anyone else (§18).
    pub fn rate(
        &self,
        actor: &User,
        input: RatingsRequest,
    ) -> Result<Vec<(Skill, SkillLevel)>, SkillsRefusal> {
        reader(actor)?;
        let mut errors = FieldErrors::new();
        let mut seen = HashSet::new();
        let mut ratings = Vec::with_capacity(input.ratings.len());
        for rating in input.ratings {
            if !seen.insert(rating.skill_id) {
                return Err(SkillsRefusal::NoSuchSkill);
            }
            match rating.level {
                Received::Given(level) => ratings.push((rating.skill_id, level)),
                Received::Absent | Received::Unreadable => errors.add("ratings", LEVEL_INVALID),
            }
        }
        errors.into_result()?;
        self.skills.rate(actor.id, &ratings)?;
        self.my_ratings(actor)
    }

    /// Every serving trustee against every current skill, with the gaps and the succession warnings as
    /// of today. Every member reads it, as they read the terms of office (§10 Permissions).
    pub fn matrix(&self, actor: &User) -> Result<SkillMatrix, SkillsRefusal> {
        reader(actor)?;
        let today = self.clock.now().date_naive();
        let skills = self.skills.list(false)?;
        let trustees = self.terms.overview()?;
        let ratings = self.skills.ratings()?;
        Ok(SkillMatrix::build(skills, &trustees, &ratings, today))
    }
}

fn reader(actor: &User) -> Result<(), SkillsRefusal> {
    if permissions::can_read_board_content(actor.role) {
        Ok(())
    } else {
        Err(DomainError::forbidden("You cannot read the skills matrix.").into())
    }
}

fn officer(actor: &User) -> Result<(), SkillsRefusal> {
    if actor.role.is_officer() {
        Ok(())
    } else {
        Err(SkillsRefusal::OfficersOnly)
    }
}
