//! Governance: the register of interests, conflicts declared on agenda items, terms of office, declarations rounds, written resolutions and
//! the governance settings.

mod conflicts;
mod declarations;
mod evaluations;
mod governance_settings;
pub(crate) mod interests;
mod resolutions;
mod skills;
mod terms;

pub use conflicts::PgConflictRepository;
pub use declarations::PgDeclarationRepository;
pub use evaluations::PgEvaluationRepository;
pub use governance_settings::PgGovernanceSettingsRepository;
pub use interests::PgInterestRepository;
pub use resolutions::PgResolutionRepository;
pub use skills::PgSkillRepository;
pub use terms::PgTermRepository;
