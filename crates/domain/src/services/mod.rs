//! Use cases: each public method is one API call's rules, over the ports.

pub mod actions;
pub mod auth;
pub mod committees;
pub mod dashboard;
pub mod directory;
pub mod notices;
pub mod users;

pub use actions::{ActionService, CreateAction};
pub use auth::{AuthService, SignedIn};
pub use committees::{AddMember, CommitteeDeleted, CommitteeService, CreateCommittee, IncomingFile};
pub use dashboard::DashboardService;
pub use directory::DirectoryService;
pub use notices::{CreateNotice, NoticeService};
pub use users::{CreateUser, UpdateUser, UserService};
