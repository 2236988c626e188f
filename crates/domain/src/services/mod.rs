//! Use cases: each public method is one API call's rules, over the ports.

pub mod actions;
pub mod auth;
pub mod committees;
pub mod dashboard;
pub mod declarations;
pub mod directory;
pub mod documents;
pub mod interest_matches;
pub mod interests;
mod interests_export;
pub mod mail;
pub mod meetings;
pub mod minutes;
pub mod notices;
pub mod outbox_worker;
pub mod password_reset;
pub mod resolutions;
pub mod sessions;
pub mod sign_in_throttle;
pub mod stored_files;
pub mod terms;
#[cfg(test)]
mod testing;
pub mod two_factor;
pub mod users;
pub mod view_tickets;

pub use actions::{ActionService, CreateAction};
pub use auth::{AuthService, Authenticated, SignInStep, SignedIn};
pub use committees::{AddMember, CommitteeService, CreateCommittee, UploadCommitteeDocument};
pub use dashboard::DashboardService;
pub use declarations::{DeclarationService, DeclareInput, OpenRound, RoundView};
pub use directory::DirectoryService;
pub use documents::{DocumentService, UploadDocument};
pub use interests::{InterestInput, InterestService};
pub use mail::MailService;
pub use meetings::{CreateMeeting, MeetingService};
pub use minutes::{MinutesService, UploadMinutes};
pub use notices::{CreateNotice, NoticeService};
pub use outbox_worker::OutboxWorker;
pub use password_reset::PasswordResetService;
pub use resolutions::{ProposeResolution, ResolutionService};
pub use sessions::{SessionService, SessionView};
pub use terms::{TermInput, TermService};
pub use two_factor::{Enrolment, TwoFactorService};
pub use users::{CreateUser, UpdateUser, UserService};
pub use view_tickets::ViewTickets;
