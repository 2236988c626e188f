//! Use cases: each public method is one API call's rules, over the ports.

pub mod actions;
pub mod auth;
pub mod committees;
pub mod dashboard;
pub mod directory;
pub mod documents;
pub mod mail;
pub mod meetings;
pub mod minutes;
pub mod notices;
pub mod outbox_worker;
pub mod password_reset;
pub mod stored_files;
#[cfg(test)]
mod testing;
pub mod users;
pub mod view_tickets;

pub use actions::{ActionService, CreateAction};
pub use auth::{AuthService, SignedIn};
pub use committees::{AddMember, CommitteeService, CreateCommittee, UploadCommitteeDocument};
pub use dashboard::DashboardService;
pub use directory::DirectoryService;
pub use documents::{DocumentService, UploadDocument};
pub use mail::MailService;
pub use meetings::{CreateMeeting, MeetingService};
pub use minutes::{MinutesService, UploadMinutes};
pub use notices::{CreateNotice, NoticeService};
pub use outbox_worker::OutboxWorker;
pub use password_reset::PasswordResetService;
pub use users::{CreateUser, UpdateUser, UserService};
pub use view_tickets::ViewTickets;
