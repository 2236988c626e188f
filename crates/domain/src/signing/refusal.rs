//! Why signing or checking says no (docs/spec.md §16 Signatures and checking).

use crate::meetings::MeetingsRefusal;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const ONLY_THE_CHAIR_SIGNS: &str = "Only the chair of the meeting can sign its minutes.";
pub const NOT_APPROVED: &str = "Only approved minutes can be signed.";
pub const ALREADY_SIGNED: &str = "This version of the minutes is already signed.";
pub const NOT_SIGNED: &str = "This version of the minutes is not signed.";
pub const CONFIRMATION_REQUIRED: &str =
    "Signing needs your password, or a current code from your authenticator app, in the request.";
pub const CHECK_ONE_THING: &str = "Send a PDF file or a verification code to check.";

/// The signing area's refusals.
#[derive(Debug, thiserror::Error)]
pub enum SigningRefusal {
    /// The caller is not the one who signs this record.
    #[error("{ONLY_THE_CHAIR_SIGNS}")]
    OnlyTheChairSigns,
    /// The minutes' current version is a draft or circulated.
    #[error("{NOT_APPROVED}")]
    NotApproved,
    /// One signature per version: a correction is a new version to sign.
    #[error("{ALREADY_SIGNED}")]
    AlreadySigned,
    #[error("{NOT_SIGNED}")]
    NotSigned,
    /// Neither a password nor a code was sent with the signing request (a session alone never signs).
    #[error("{CONFIRMATION_REQUIRED}")]
    ConfirmationRequired,
    /// A check sent neither a file nor a code, or both.
    #[error("{CHECK_ONE_THING}")]
    CheckOneThing,
    /// The minutes (or their meeting) refused: not found, not visible.
    #[error(transparent)]
    Meetings(#[from] MeetingsRefusal),
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(SigningRefusal);

impl Refusal for SigningRefusal {
    fn answer(self) -> Answer {
        use SigningRefusal::*;
        match self {
            OnlyTheChairSigns => Answer::own(&self, RefusalKind::Forbidden),
            NotApproved | AlreadySigned => Answer::own(&self, RefusalKind::Conflict),
            NotSigned => Answer::own(&self, RefusalKind::NotFound),
            ConfirmationRequired => Answer::field(&self, "password"),
            CheckOneThing => Answer::own(&self, RefusalKind::BadRequest),
            Meetings(refusal) => refusal.answer(),
            Common(error) => Answer::Common(error),
        }
    }
}
