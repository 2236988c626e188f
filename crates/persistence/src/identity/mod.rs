//! Identity: users, sessions, two-factor and security settings, invitations, password links and reset
//! requests, the sign-in throttle and the trustees directory.

mod directory;
mod guests;
mod invitations;
mod login_throttle;
mod password_tokens;
mod reset_requests;
mod sessions;
mod single_sign_on;
mod two_factor;
mod users;

pub use directory::PgDirectoryRepository;
pub use guests::PgGuestRepository;
pub use invitations::PgInvitationRepository;
pub use login_throttle::PgLoginThrottle;
pub use password_tokens::PgPasswordTokenRepository;
pub use reset_requests::PgResetRequestRepository;
pub use sessions::PgSessionRepository;
pub use single_sign_on::PgSsoRepository;
pub use two_factor::{PgSecuritySettingsRepository, PgTwoFactorRepository};
pub use users::PgUserRepository;
