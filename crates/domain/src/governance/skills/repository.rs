use crate::governance::skills::refusal::SkillsRefusal;
use crate::governance::skills::{Rating, Skill, SkillLevel};
use crate::{RepoError, SkillId, UserId};

/// Storage of the board's skills and the trustees' self-ratings.
pub trait SkillRepository: Send + Sync {
    /// The list in the board's order; retired skills only when asked for.
    fn list(&self, include_retired: bool) -> Result<Vec<Skill>, RepoError>;
    /// Adds a skill at the end of the list; `NameTaken` when the name is used (ignoring case).
    fn create(&self, name: &str) -> Result<Skill, SkillsRefusal>;
    /// Renames, retires or restores; `SkillNotFound`, `NameTaken`.
    fn update(&self, id: SkillId, name: Option<&str>, retired: Option<bool>) -> Result<Skill, SkillsRefusal>;
    /// Puts the current skills in this order; `OrderMismatch` unless it names each exactly once.
    fn reorder(&self, order: &[SkillId]) -> Result<Vec<Skill>, SkillsRefusal>;
    /// Every rating, of current and retired skills.
    fn ratings(&self) -> Result<Vec<Rating>, RepoError>;
    /// Stores one trustee's own ratings (others kept); `NoSuchSkill` when one names no current skill.
    fn rate(&self, user: UserId, ratings: &[(SkillId, SkillLevel)]) -> Result<(), SkillsRefusal>;
}
