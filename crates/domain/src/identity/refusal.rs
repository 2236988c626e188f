//! Why an identity use case says no (spec §2 Users, §6, §9 Sessions, §11 Invitations and password
//! resets, Account security).

use crate::identity::role::Role;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const INVALID_CREDENTIALS: &str = "Invalid email or password";
pub const SESSION_EXPIRED: &str = "Your session has expired. Please sign in again.";
pub const PASSWORD_CHANGE_REQUIRED: &str = "You must set a new password before using the portal.";
pub const MFA_ENROLMENT_REQUIRED: &str = "You must set up two-factor sign-in before using the portal.";
pub const TEMPORARY_PASSWORD_EXPIRED: &str =
    "Your temporary password has expired. Ask an admin or chair for a new one.";
/// A guest after their end date (spec §6 Guests): every session has ended and sign-in is refused.
pub const GUEST_ACCESS_ENDED: &str =
    "Your guest access to the portal has ended. Ask the person who invited you if you need it again.";
/// A guest asking for anything their pass does not name (spec §6 Guests).
pub const GUESTS_SEE_THEIR_PASS_ONLY: &str =
    "Guests can open only the meetings and documents they were invited to.";
pub const GUEST_STAYS_GUEST: &str =
    "A guest's role cannot be changed. To bring them onto the board, create a user for them.";
pub const PASSWORD_REQUIRED: &str = "Password is required";
pub const CURRENT_PASSWORD_WRONG: &str = "Current password is incorrect";
pub const NOT_TEMPORARY: &str = "Your password is not a temporary one.";
/// Changing how one signs in needs the password (or a code) given in the last few minutes.
pub const CONFIRM_IT_IS_YOU: &str = "Confirm your password to continue.";
pub const REGISTRATION_DISABLED: &str = "Registration is disabled";
pub const PASSWORD_SIGN_IN_OFF: &str =
    "Password sign-in is turned off on this portal. Use single sign-on on the sign-in page.";
pub const BREAK_GLASS_ADMIN_REQUIRED: &str =
    "Choose an active admin who keeps password sign-in (the break-glass admin).";
pub const SSO_NEEDED_TO_TURN_OFF_PASSWORDS: &str =
    "Single sign-on is not set up on this portal: password sign-in must stay on.";

pub const ONLY_OFFICERS_MANAGE_USERS: &str = "Only admins and chairs can manage users.";
pub const ONLY_ADMINS_CREATE_USERS: &str = "Only admins can create users.";
pub const CANNOT_RESET_THIS_PASSWORD: &str = "You do not have permission to reset this user's password.";
pub const DUPLICATE_EMAIL: &str = "A user with this email already exists";
pub const INVITE_WITHOUT_PASSWORD: &str = "Leave the password empty when sending an invitation.";

pub const INVITATION_UNKNOWN: &str =
    "This invitation link is not valid. Ask an admin of the portal to send you a new invitation.";
pub const INVITATION_USED: &str =
    "This invitation has already been accepted. Sign in, or use Forgot password on the sign-in page.";
pub const INVITATION_EXPIRED: &str = "This invitation link has expired or a newer one was sent. Use the \
                                      newest invitation e-mail, or ask an admin to send a new one.";
pub const ALREADY_HAS_PASSWORD: &str =
    "This user has already set a password: there is no invitation to send. Use Reset password instead.";

pub const LINK_UNKNOWN: &str = "This reset link is not valid. Ask for a new one from the sign-in page.";
pub const LINK_USED: &str = "This reset link has already been used. Ask for a new one from the sign-in page.";
pub const LINK_EXPIRED: &str = "This reset link has expired. Ask for a new one from the sign-in page.";

pub const CODE_WRONG: &str = "That code is not right. Check the time on your phone, or use a recovery code.";
pub const ENROL_CODE_WRONG: &str = "That code is not right. Check the time on your phone and try again.";
pub const CODE_REQUIRED: &str = "Enter the code from your authenticator app";
pub const SIGN_IN_EXPIRED: &str = "Your sign-in has expired. Please sign in again.";
pub const ALREADY_ON: &str = "Two-factor sign-in is already on.";
pub const NOT_ON: &str = "Two-factor sign-in is not on.";
pub const SET_UP_FIRST: &str = "Start two-factor set-up first.";
pub const REQUIRED_FOR_ROLE: &str = "Two-factor sign-in is required for your role.";
pub const ONLY_ADMINS_RESET: &str = "Only admins can reset two-factor sign-in.";
pub const ONLY_ADMINS_SETTINGS: &str = "Only admins can change security settings.";

/// The identity area's refusals.
#[derive(Debug, thiserror::Error)]
pub enum IdentityRefusal {
    // Signing in and sessions.
    /// An unknown e-mail, a wrong password, an inactive or invited account: one answer for all.
    #[error("{INVALID_CREDENTIALS}")]
    InvalidCredentials,
    #[error("{TEMPORARY_PASSWORD_EXPIRED}")]
    TemporaryPasswordExpired,
    /// A bad, expired, ended or revoked session token.
    #[error("{SESSION_EXPIRED}")]
    SessionExpired,
    #[error("{GUEST_ACCESS_ENDED}")]
    GuestAccessEnded,
    #[error("{GUESTS_SEE_THEIR_PASS_ONLY}")]
    GuestsSeeTheirPassOnly,
    #[error("{GUEST_STAYS_GUEST}")]
    GuestStaysGuest,
    /// The second step's challenge is bad, expired or already exchanged.
    #[error("{SIGN_IN_EXPIRED}")]
    SignInExpired,
    /// No password or code in this session in the last few minutes.
    #[error("{CONFIRM_IT_IS_YOU}")]
    ConfirmItIsYou,
    /// A temporary password must be replaced before anything else opens.
    #[error("{PASSWORD_CHANGE_REQUIRED}")]
    PasswordChangeRequired,
    /// Two-factor sign-in must be set up before anything else opens.
    #[error("{MFA_ENROLMENT_REQUIRED}")]
    MfaEnrolmentRequired,
    #[error("{REGISTRATION_DISABLED}")]
    RegistrationDisabled,
    /// A right password, but password sign-in is off and this is not the break-glass admin.
    #[error("{PASSWORD_SIGN_IN_OFF}")]
    PasswordSignInOff,
    /// Single sign-on signed nobody in (the exchange of the sign-in page's one-time code).
    #[error("{0}")]
    SingleSignOn(crate::identity::single_sign_on::SsoFailure),
    #[error("Sign-in link not found")]
    SsoLinkNotFound,
    #[error("{BREAK_GLASS_ADMIN_REQUIRED}")]
    BreakGlassAdminRequired,
    #[error("{SSO_NEEDED_TO_TURN_OFF_PASSWORDS}")]
    SsoNeededToTurnOffPasswords,
    /// The session to end is not one of the caller's.
    #[error("Session not found")]
    SessionNotFound,

    // Passwords.
    /// The password field (`password`) left empty.
    #[error("{PASSWORD_REQUIRED}")]
    PasswordRequired,
    /// The caller's password, typed in the named field, is not theirs.
    #[error("{CURRENT_PASSWORD_WRONG}")]
    CurrentPasswordWrong { field: &'static str },
    #[error("{}", crate::identity::password_policy::SAME_AS_CURRENT)]
    SameAsCurrent,
    #[error("{NOT_TEMPORARY}")]
    NotTemporary,
    #[error("Only admins and chairs can see password reset requests.")]
    OnlyOfficersSeeResetRequests,
    #[error("You do not have permission to reset passwords.")]
    CannotResetPasswords,
    /// A chair resetting a higher role's password, or anyone their own.
    #[error("{CANNOT_RESET_THIS_PASSWORD}")]
    CannotResetThisPassword,
    #[error("{LINK_UNKNOWN}")]
    ResetLinkUnknown,
    #[error("{LINK_USED}")]
    ResetLinkUsed,
    #[error("{LINK_EXPIRED}")]
    ResetLinkExpired,

    // Users.
    #[error("User not found")]
    UserNotFound,
    #[error("{ONLY_OFFICERS_MANAGE_USERS}")]
    OnlyOfficersManageUsers,
    #[error("{ONLY_ADMINS_CREATE_USERS}")]
    OnlyAdminsCreateUsers,
    #[error("Chairs can only edit trustees.")]
    ChairsEditTrusteesOnly,
    #[error("Chairs can only delete trustees.")]
    ChairsDeleteTrusteesOnly,
    #[error("You cannot give the role '{0}'.")]
    CannotGiveRole(Role),
    #[error("You cannot deactivate your own account.")]
    CannotDeactivateSelf,
    #[error("You cannot delete your own account.")]
    CannotDeleteSelf,
    #[error("{DUPLICATE_EMAIL}")]
    EmailTaken,
    #[error("You cannot read the directory.")]
    CannotReadDirectory,

    // Invitations.
    #[error("Only admins can send invitations.")]
    OnlyAdminsSendInvitations,
    #[error("This account is deactivated. Activate it before sending an invitation.")]
    InviteeDeactivated,
    #[error("{ALREADY_HAS_PASSWORD}")]
    AlreadyHasPassword,
    /// A password sent with `invite`.
    #[error("{INVITE_WITHOUT_PASSWORD}")]
    InviteWithPassword,
    #[error("{INVITATION_UNKNOWN}")]
    InvitationUnknown,
    #[error("{INVITATION_USED}")]
    InvitationUsed,
    #[error("{INVITATION_EXPIRED}")]
    InvitationExpired,

    // Two-factor sign-in.
    #[error("{CODE_REQUIRED}")]
    CodeRequired,
    /// A code of the enrolled factor (or a recovery code) that is not right.
    #[error("{CODE_WRONG}")]
    CodeWrong,
    /// A code of the secret being enrolled that is not right.
    #[error("{ENROL_CODE_WRONG}")]
    EnrolCodeWrong,
    #[error("{ALREADY_ON}")]
    AlreadyOn,
    #[error("{NOT_ON}")]
    NotOn,
    #[error("{SET_UP_FIRST}")]
    SetUpFirst,
    #[error("{REQUIRED_FOR_ROLE}")]
    RequiredForRole,
    #[error("{ONLY_ADMINS_RESET}")]
    OnlyAdminsReset,
    #[error("{ONLY_ADMINS_SETTINGS}")]
    OnlyAdminsSettings,

    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(IdentityRefusal);

impl Refusal for IdentityRefusal {
    fn answer(self) -> Answer {
        use IdentityRefusal::*;
        match self {
            InvalidCredentials
            | TemporaryPasswordExpired
            | SessionExpired
            | SignInExpired
            | GuestAccessEnded => Answer::own(&self, RefusalKind::Unauthorized),
            SingleSignOn(crate::identity::single_sign_on::SsoFailure::NotConfigured) | SsoLinkNotFound => {
                Answer::own(&self, RefusalKind::NotFound)
            }
            SingleSignOn(_) => Answer::own(&self, RefusalKind::Unauthorized),
            BreakGlassAdminRequired => Answer::field(&self, "breakGlassAdminId"),
            SsoNeededToTurnOffPasswords => Answer::field(&self, "passwordSignInOff"),
            ConfirmItIsYou
            | GuestsSeeTheirPassOnly
            | PasswordSignInOff
            | PasswordChangeRequired
            | MfaEnrolmentRequired
            | RegistrationDisabled
            | NotTemporary
            | OnlyOfficersSeeResetRequests
            | CannotResetPasswords
            | CannotResetThisPassword
            | OnlyOfficersManageUsers
            | OnlyAdminsCreateUsers
            | ChairsEditTrusteesOnly
            | ChairsDeleteTrusteesOnly
            | CannotGiveRole(_)
            | CannotDeleteSelf
            | CannotReadDirectory
            | OnlyAdminsSendInvitations
            | RequiredForRole
            | OnlyAdminsReset
            | OnlyAdminsSettings => Answer::own(&self, RefusalKind::Forbidden),
            SessionNotFound | UserNotFound => Answer::own(&self, RefusalKind::NotFound),
            CannotDeactivateSelf | GuestStaysGuest | EmailTaken | InviteeDeactivated | AlreadyHasPassword
            | AlreadyOn | NotOn | SetUpFirst => Answer::own(&self, RefusalKind::Conflict),
            ResetLinkUnknown | ResetLinkUsed | ResetLinkExpired | InvitationUnknown | InvitationUsed
            | InvitationExpired => Answer::own(&self, RefusalKind::BadRequest),
            PasswordRequired | InviteWithPassword => Answer::field(&self, "password"),
            CurrentPasswordWrong { field } => Answer::field(&self, field),
            SameAsCurrent => Answer::field(&self, "newPassword"),
            CodeRequired | CodeWrong | EnrolCodeWrong => Answer::field(&self, "code"),
            Common(error) => Answer::Common(error),
        }
    }
}

/// Hashing, sealing and rendering mail fail only for reasons the user cannot fix.
impl From<anyhow::Error> for IdentityRefusal {
    fn from(error: anyhow::Error) -> Self {
        Self::Common(DomainError::Unexpected(error))
    }
}
