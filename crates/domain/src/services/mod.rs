//! Use cases: each public method is one API call's rules, over the ports.

pub mod auth;
pub mod documents;
pub mod meetings;
pub mod minutes;
pub mod stored_files;
#[cfg(test)]
mod testing;
pub mod users;
pub mod view_tickets;

pub use auth::{AuthService, SignedIn};
pub use documents::{DocumentService, UploadDocument};
pub use meetings::{CreateMeeting, MeetingService};
pub use minutes::{MinutesService, UploadMinutes};
pub use users::{CreateUser, UpdateUser, UserService};
pub use view_tickets::ViewTickets;
