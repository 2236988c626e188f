//! Why signing or checking says no (docs/spec.md §16 Signatures and checking).

use crate::governance::GovernanceRefusal;
use crate::meetings::MeetingsRefusal;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};
use crate::signing::SignedKind;

pub const NOT_APPROVED: &str = "Only approved minutes can be signed.";
pub const ONLY_THE_CHAIR_CERTIFIES: &str = "Only the chair can certify a written resolution.";
pub const NOBODY_RECORDED_CHAIRING: &str =
    "Only the chair can sign these minutes: nobody is recorded as having chaired the meeting.";

/// Who may sign a meeting's minutes, in the words of a refusal: the person recorded as having chaired it
/// (else the board's chair), and the trustee the board named, if any.
pub fn only_minutes_signers(chaired_by: Option<&str>, named: Option<&str>) -> String {
    match (chaired_by, named) {
        (Some(chair), Some(named)) => format!(
            "Only {chair}, who chaired the meeting, or {named}, named by the board, can sign these minutes."
        ),
        (Some(chair), None) => format!("Only {chair}, who chaired the meeting, can sign these minutes."),
        (None, Some(named)) => {
            format!("Only the chair, or {named}, named by the board, can sign these minutes.")
        }
        (None, None) => NOBODY_RECORDED_CHAIRING.to_string(),
    }
}

/// Who may certify a written resolution, in the words of a refusal: the chair, and the secretary if any.
pub fn only_certifiers(secretary: Option<&str>) -> String {
    match secretary {
        Some(name) => format!("Only the chair or the secretary ({name}) can certify a written resolution."),
        None => ONLY_THE_CHAIR_CERTIFIES.to_string(),
    }
}
pub const RESOLUTION_OPEN: &str = "This resolution is still open: it can be certified once it has passed.";
pub const NOT_PASSED: &str = "Only a resolution that passed can be certified.";
pub const ONLY_OWN_DECLARATION: &str = "Only the trustee who made a declaration can sign it.";
pub const NOT_DECLARED: &str = "This declaration has not been made yet: make it before signing it.";
pub const DECLARATION_READERS_ONLY: &str =
    "A declaration's signature is seen by the trustee who made it and by admins and chairs.";
pub const NAMING_OFFICERS_ONLY: &str = "Only admins and chairs name who signs the minutes.";
pub const NO_SUCH_SIGNER: &str = "Choose an active user";
pub const SIGNER_CANNOT_READ: &str = "This person cannot read these minutes, so cannot sign them";
pub const CONFIRMATION_REQUIRED: &str =
    "Signing needs your password, or a current code from your authenticator app, in the request.";
pub const CHECK_ONE_THING: &str = "Send a PDF file or a verification code to check.";

fn already_signed(kind: &SignedKind) -> &'static str {
    match kind {
        SignedKind::Minutes => "This version of the minutes is already signed.",
        SignedKind::Resolution => "This resolution is already certified.",
        SignedKind::Declaration => "This declaration is already signed.",
    }
}

fn not_signed(kind: &SignedKind) -> &'static str {
    match kind {
        SignedKind::Minutes => "This version of the minutes is not signed.",
        SignedKind::Resolution => "This resolution is not certified.",
        SignedKind::Declaration => "This declaration is not signed.",
    }
}

/// The signing area's refusals.
#[derive(Debug, thiserror::Error)]
pub enum SigningRefusal {
    /// Guests sign nothing and read no signatures (spec §6 Guests).
    #[error("{}", crate::identity::refusal::GUESTS_SEE_THEIR_PASS_ONLY)]
    Guest,
    /// The caller is neither who chaired the meeting (the board's chair when nobody is recorded) nor the
    /// trustee named to sign these minutes; the message names who may ([`only_minutes_signers`]).
    #[error("{0}")]
    OnlyTheChairSigns(String),
    /// The minutes' current version is a draft or circulated.
    #[error("{NOT_APPROVED}")]
    NotApproved,
    /// Neither the chair nor the secretary; the message names who may ([`only_certifiers`]).
    #[error("{0}")]
    OnlyTheChairCertifies(String),
    /// Voting has not ended.
    #[error("{RESOLUTION_OPEN}")]
    ResolutionOpen,
    /// The resolution failed: there is nothing to certify.
    #[error("{NOT_PASSED}")]
    NotPassed,
    /// Someone else's declaration (officers included).
    #[error("{ONLY_OWN_DECLARATION}")]
    OnlyOwnDeclaration,
    #[error("{NOT_DECLARED}")]
    NotDeclared,
    #[error("{DECLARATION_READERS_ONLY}")]
    DeclarationReadersOnly,
    #[error("{NAMING_OFFICERS_ONLY}")]
    NamingOfficersOnly,
    /// The user named to sign is not an active user.
    #[error("{NO_SUCH_SIGNER}")]
    NoSuchSigner,
    /// The user named to sign may not read the meeting (a committee meeting's non-member).
    #[error("{SIGNER_CANNOT_READ}")]
    SignerCannotRead,
    /// One signature per record (per version, for minutes: a correction is a new version to sign).
    #[error("{}", already_signed(.0))]
    AlreadySigned(SignedKind),
    #[error("{}", not_signed(.0))]
    NotSigned(SignedKind),
    /// Neither a password nor a code was sent with the signing request (a session alone never signs).
    #[error("{CONFIRMATION_REQUIRED}")]
    ConfirmationRequired,
    /// A check sent neither a file nor a code, or both.
    #[error("{CHECK_ONE_THING}")]
    CheckOneThing,
    /// The minutes (or their meeting) refused: not found, not visible.
    #[error(transparent)]
    Meetings(#[from] MeetingsRefusal),
    /// The resolution or the declarations round refused: not found, not asked to declare.
    #[error(transparent)]
    Governance(#[from] GovernanceRefusal),
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(SigningRefusal);

impl Refusal for SigningRefusal {
    fn answer(self) -> Answer {
        use SigningRefusal::*;
        match self {
            OnlyTheChairSigns(_)
            | OnlyTheChairCertifies(_)
            | Guest
            | OnlyOwnDeclaration
            | DeclarationReadersOnly
            | NamingOfficersOnly => Answer::own(&self, RefusalKind::Forbidden),
            NotApproved | ResolutionOpen | NotPassed | NotDeclared | AlreadySigned(_) => {
                Answer::own(&self, RefusalKind::Conflict)
            }
            NotSigned(_) => Answer::own(&self, RefusalKind::NotFound),
            NoSuchSigner | SignerCannotRead => Answer::field(&self, "userId"),
            ConfirmationRequired => Answer::field(&self, "password"),
            CheckOneThing => Answer::own(&self, RefusalKind::BadRequest),
            Meetings(refusal) => refusal.answer(),
            Governance(refusal) => refusal.answer(),
            Common(error) => Answer::Common(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_who_may_sign() {
        assert_eq!(
            only_minutes_signers(Some("Ann Lee"), Some("Bo Chan")),
            "Only Ann Lee, who chaired the meeting, or Bo Chan, named by the board, can sign these minutes."
        );
        assert_eq!(
            only_minutes_signers(Some("Ann Lee"), None),
            "Only Ann Lee, who chaired the meeting, can sign these minutes."
        );
        assert_eq!(
            only_minutes_signers(None, Some("Bo Chan")),
            "Only the chair, or Bo Chan, named by the board, can sign these minutes."
        );
        assert_eq!(only_minutes_signers(None, None), NOBODY_RECORDED_CHAIRING);
        assert_eq!(
            only_certifiers(Some("Cy Dee")),
            "Only the chair or the secretary (Cy Dee) can certify a written resolution."
        );
        assert_eq!(only_certifiers(None), ONLY_THE_CHAIR_CERTIFIES);
    }
}
