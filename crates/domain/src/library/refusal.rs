//! Why a library use case says no: documents (spec §2 Documents), uploaded minutes (spec §2 Minutes), the
//! files behind them and the view tickets that open one file in a new tab.

use crate::identity::refusal::{MFA_ENROLMENT_REQUIRED, PASSWORD_CHANGE_REQUIRED};
use crate::library::files::TOO_LARGE_MESSAGE;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const NO_SUCH_MEETING: &str = "There is no meeting with this ID";
pub const VIEW_LINK_INVALID: &str =
    "This link has expired or is not valid. Please open the file again from the portal.";

/// The library's refusals. Committee documents and agenda papers share its files, so their areas pass
/// its refusals on.
#[derive(Debug, thiserror::Error)]
pub enum LibraryRefusal {
    #[error("Document not found")]
    DocumentNotFound,
    /// No such minutes, or minutes linked to a meeting the reader may not see.
    #[error("Minutes not found")]
    MinutesNotFound,
    /// The minutes are kept as a link, so there is no file to open.
    #[error("Minutes file not found")]
    MinutesFileNotFound,
    /// The meeting named by uploaded minutes does not exist (checked by the insert itself).
    #[error("{NO_SUCH_MEETING}")]
    NoSuchMeeting,
    /// The file is over the upload limit (`files::MAX_UPLOAD_BYTES`).
    #[error("{TOO_LARGE_MESSAGE}")]
    FileTooLarge,
    /// A view ticket that is missing, expired, for another file, or whose session has ended.
    #[error("{VIEW_LINK_INVALID}")]
    ViewLinkInvalid,
    /// Only board members read the library (spec §6 Roles and permissions).
    #[error("You cannot read documents.")]
    CannotReadDocuments,
    #[error("Only admins and chairs can upload or delete documents.")]
    OnlyOfficersManageDocuments,
    #[error("You cannot read minutes.")]
    CannotReadMinutes,
    #[error("Only admins and chairs can upload minutes.")]
    OnlyOfficersUploadMinutes,
    /// A view ticket opens nothing before a required password change, as a bearer session opens nothing
    /// then (identity says the same no with its own refusal).
    #[error("{PASSWORD_CHANGE_REQUIRED}")]
    PasswordChangeRequired,
    /// Nor before a required two-factor enrolment (spec: Account security).
    #[error("{MFA_ENROLMENT_REQUIRED}")]
    MfaEnrolmentRequired,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(LibraryRefusal);

impl Refusal for LibraryRefusal {
    fn answer(self) -> Answer {
        use LibraryRefusal::*;
        match self {
            DocumentNotFound | MinutesNotFound | MinutesFileNotFound => {
                Answer::own(&self, RefusalKind::NotFound)
            }
            NoSuchMeeting => Answer::field(&self, "meetingId"),
            FileTooLarge => Answer::own(&self, RefusalKind::TooLarge),
            ViewLinkInvalid => Answer::own(&self, RefusalKind::Unauthorized),
            CannotReadDocuments
            | OnlyOfficersManageDocuments
            | CannotReadMinutes
            | OnlyOfficersUploadMinutes
            | PasswordChangeRequired
            | MfaEnrolmentRequired => Answer::own(&self, RefusalKind::Forbidden),
            Common(error) => Answer::Common(error),
        }
    }
}
