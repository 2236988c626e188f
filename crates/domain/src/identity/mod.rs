//! Who is who and how they sign in: users and roles, the permission table of spec §6, sign-in and
//! sessions, two-factor, invitations, password resets, sign-in throttling and the trustees directory.

pub mod auth;
pub mod directory;
pub mod guests;
pub mod invitations;
pub mod password_policy;
pub mod password_reset;
pub mod permissions;
pub mod refusal;
pub mod role;
pub mod session;
pub mod sign_in_throttle;
pub mod single_sign_on;
pub mod temporary_password;
pub mod two_factor;
pub mod user;

pub use auth::password_hasher::PasswordHasher;
pub use auth::service::{AuthService, Authenticated, SignInRequest, SignInStep, SignedIn};
pub use auth::token_service::{ChallengeClaims, SessionClaims, TokenError, TokenService, ViewResource};
pub use directory::repository::DirectoryRepository;
pub use directory::service::DirectoryService;
pub use guests::repository::{GuestRepository, NewGuest};
pub use guests::service::{ChangeGuestRequest, GuestService, InviteGuestRequest};
pub use guests::{records_reader, AuditPeriod, GuestListing, GuestPass, GuestScope, RecordsReader};
pub use invitations::repository::{InvitationRepository, PendingInvitation};
pub use invitations::service::{InvitationService, InvitationState, InviteUser};
pub use password_reset::repository::ResetRequestRepository;
pub use password_reset::service::PasswordResetService;
pub use password_reset::token_repository::PasswordTokenRepository;
pub use refusal::IdentityRefusal;
pub use session::cache::{CachedSession, SessionCache};
pub use session::repository::SessionRepository;
pub use session::service::{SessionService, SessionView};
pub use sign_in_throttle::login_throttle::{Admitted, LoginThrottle, ThrottleLimits, ThrottleScope};
pub use single_sign_on::provider::OpenIdProvider;
pub use single_sign_on::repository::SsoRepository;
pub use single_sign_on::service::{Callback, Identified, Refused, SsoService};
pub use single_sign_on::{SsoFailure, SsoLink, SsoSettings};
pub use two_factor::repository::{SecuritySettingsRepository, StoredSecondFactor, TwoFactorRepository};
pub use two_factor::second_factor::{Opened, SecondFactor, SecretSealer};
pub use two_factor::service::{
    CodeRequest, Confirmation, Enrolment, ReauthenticateRequest, TwoFactorService, VerifyCodeRequest,
};
pub use user::create_request::{CreateUserRequest, NewAccount};
pub use user::repository::UserRepository;
pub use user::service::{CreateUser, RegisterRequest, UpdateUserRequest, UserService};
