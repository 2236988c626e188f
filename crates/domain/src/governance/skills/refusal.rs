//! Why a skills matrix use case says no (docs/spec.md §18 Skills matrix).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const SKILLS_OFFICERS_ONLY: &str = "Only admins and chairs can change the list of skills.";
pub const NAME_TAKEN: &str = "A skill of that name already exists (restore it if it is retired)";
pub const ORDER_MISMATCH: &str = "List every current skill exactly once";
pub const NO_SUCH_SKILL: &str = "Every rating must name a current skill, once";

/// The skills matrix's refusals.
#[derive(Debug, thiserror::Error)]
pub enum SkillsRefusal {
    #[error("Skill not found")]
    SkillNotFound,
    /// Another skill, current or retired, has the name (ignoring case).
    #[error("{NAME_TAKEN}")]
    NameTaken,
    /// A new order that leaves out a current skill, repeats one or names another.
    #[error("{ORDER_MISMATCH}")]
    OrderMismatch,
    /// A rating of a skill that does not exist or is retired, or two ratings of one skill.
    #[error("{NO_SUCH_SKILL}")]
    NoSuchSkill,
    #[error("{SKILLS_OFFICERS_ONLY}")]
    OfficersOnly,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(SkillsRefusal);

impl Refusal for SkillsRefusal {
    fn answer(self) -> Answer {
        match self {
            SkillsRefusal::SkillNotFound => Answer::own(&self, RefusalKind::NotFound),
            SkillsRefusal::OfficersOnly => Answer::own(&self, RefusalKind::Forbidden),
            SkillsRefusal::NameTaken => Answer::field(&self, "name"),
            SkillsRefusal::OrderMismatch => Answer::field(&self, "skillIds"),
            SkillsRefusal::NoSuchSkill => Answer::field(&self, "ratings"),
            SkillsRefusal::Common(error) => Answer::Common(error),
        }
    }
}
