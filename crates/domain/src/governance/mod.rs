//! Governance: the register of interests and the conflicts declared at meetings, terms of office, annual
//! declarations, written resolutions (and their report to the next board meeting), governance settings.

pub mod conflict;
pub mod declaration;
pub mod interest;
pub mod refusal;
pub mod resolution;
pub mod settings;
pub mod term;

pub use conflict::repository::{ConflictRepository, NewConflict};
pub use conflict::service::{ConflictService, DeclareConflictInput, ItemConflicts, MeetingConflicts};
pub use declaration::repository::{DeclarationRepository, GovernanceMail, NewRound, ReminderRecipient};
pub use declaration::service::{DeclarationService, DeclareInput, OpenRound, RoundView};
pub use interest::repository::{Editor, GovernanceSettingsRepository, InterestRepository};
pub use interest::service::{GovernanceSettingsInput, InterestInput, InterestService};
pub use refusal::GovernanceRefusal;
pub use resolution::repository::{NewResolution, ResolutionRepository};
pub use resolution::service::{ProposeResolution, ResolutionService};
pub use term::repository::TermRepository;
pub use term::service::{TermInput, TermService};
