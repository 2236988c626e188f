//! Governance: the register of interests and the conflicts declared at meetings, terms of office, annual
//! declarations, written resolutions (and their report to the next board meeting), governance settings,
//! the skills matrix.

pub mod conflict;
pub mod declaration;
pub mod evaluation;
pub mod interest;
pub mod refusal;
pub mod resolution;
pub mod settings;
pub mod skills;
pub mod term;

pub use conflict::repository::{ConflictRepository, DecideWithdrawal, DeclaredOn, DraftRecord, NewConflict};
pub use conflict::service::{
    ConflictService, DeclareConflictRequest, HandlingRequest, ItemConflicts, MeetingConflicts,
};
pub use declaration::repository::{DeclarationRepository, GovernanceMail, NewRound, ReminderRecipient};
pub use declaration::service::{DeclarationService, DeclareRequest, OpenRoundRequest, RoundView};
pub use interest::repository::{Editor, GovernanceSettingsRepository, InterestRepository};
pub use interest::service::{InterestRequest, InterestService, MatchRequest, SettingsRequest};
pub use refusal::GovernanceRefusal;
pub use resolution::offers::FromResolutionRequest;
pub use resolution::repository::{NewResolution, ResolutionRepository};
pub use resolution::service::{ProposeRequest, ResolutionService, VoteRequest};
pub use skills::refusal::SkillsRefusal;
pub use skills::repository::SkillRepository;
pub use skills::service::{RatingsRequest, SkillOrderRequest, SkillRequest, SkillService};
pub use term::repository::TermRepository;
pub use term::service::{TermRequest, TermService};
