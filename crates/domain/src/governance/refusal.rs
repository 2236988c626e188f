//! Why a governance use case says no: conflicts of interest at meetings (spec §10 Rules), the register of
//! interests, terms of office, annual declarations rounds and written resolutions (spec §10 Governance).

use crate::meetings::refusal::MEETING_CANCELLED;
use crate::meetings::MeetingsRefusal;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const CONFLICT_ALREADY_DECLARED: &str = "This trustee has already declared a conflict on this item.";
pub const ROUND_CLOSED: &str = "The round is closed.";
pub const ALREADY_DECLARED: &str = "You have already declared in this round.";
pub const NOT_ASKED_TO_DECLARE: &str =
    "You were not serving when this round opened, so you are not asked to declare.";
pub const NO_SUCH_CODE_OF_CONDUCT: &str = "No such document in the library";
pub const NO_SUCH_PAPER: &str = "Every supporting paper must be a document of the library";
pub const CONFLICTED_NOT_SERVING: &str = "Every conflicted trustee must be a serving trustee";
pub const VOTING_CLOSED: &str = "Voting on this resolution has closed.";
pub const ALREADY_VOTED: &str = "You have already voted on this resolution.";
pub const NOT_ELIGIBLE: &str = "You are not eligible to vote on this resolution.";
pub const NO_SUCH_TRUSTEE: &str = "No such trustee";
pub const STILL_OPEN: &str = "This resolution is still open: it goes on an agenda once it is decided.";
pub const BOARD_MEETINGS_ONLY: &str =
    "Written resolutions are reported to board meetings: add it to a board meeting's agenda.";
// Who may do what (spec §6, §10): a role's "may not".
pub const NOT_FOR_OTHERS: &str = "Only admins and chairs can declare a conflict for someone else.";
pub const HANDLING_FORBIDDEN: &str = "Only admins and chairs record how a conflict was handled.";
pub const WITHDRAW_FORBIDDEN: &str = "Only admins and chairs can withdraw someone else's declaration.";
pub const NOT_YOURS: &str = "Only admins and chairs can change another trustee's interests.";
pub const REGISTER_LIMITED: &str = "The register of interests is open to admins and chairs only.";
pub const ROUNDS_OFFICERS_ONLY: &str = "Only admins and chairs can run declarations rounds.";
pub const TERMS_OFFICERS_ONLY: &str = "Only admins and chairs can record terms of office.";
pub const SETTINGS_OFFICERS_ONLY: &str = "Only admins and chairs can change governance settings.";
pub const PROPOSE_OFFICERS_ONLY: &str = "Only admins and chairs can propose written resolutions.";
pub const WARNINGS_OFFICERS_ONLY: &str = "Only admins and chairs see the board's warnings.";

/// The governance area's refusals. The ones a write decides are checked inside its transaction, so no
/// concurrent change can slip between the check and the write.
#[derive(Debug, thiserror::Error)]
pub enum GovernanceRefusal {
    /// No such declaration of a conflict on this item of this meeting.
    #[error("Declaration not found")]
    ConflictNotFound,
    /// The trustee has already declared a conflict on the item.
    #[error("{CONFLICT_ALREADY_DECLARED}")]
    ConflictAlreadyDeclared,
    /// A cancelled meeting takes no more declarations, handling or withdrawals.
    #[error("{MEETING_CANCELLED}")]
    MeetingCancelled,
    /// No such entry in the register of interests.
    #[error("Interest not found")]
    InterestNotFound,
    #[error("Term not found")]
    TermNotFound,
    /// The trustee an interest or a term is recorded for does not exist.
    #[error("{NO_SUCH_TRUSTEE}")]
    NoSuchTrustee,
    #[error("Declarations round not found")]
    RoundNotFound,
    /// The year already has its round.
    #[error("A declarations round for {0} already exists.")]
    RoundExists(i32),
    /// The round's code of conduct is not a document of the library.
    #[error("{NO_SUCH_CODE_OF_CONDUCT}")]
    NoSuchCodeOfConduct,
    /// Closed rounds take no declarations, reminders or second close.
    #[error("{ROUND_CLOSED}")]
    RoundClosed,
    /// A declaration is made once.
    #[error("{ALREADY_DECLARED}")]
    AlreadyDeclared,
    /// Only the trustees serving when the round opened are asked to declare.
    #[error("{NOT_ASKED_TO_DECLARE}")]
    NotAskedToDeclare,
    #[error("Resolution not found")]
    ResolutionNotFound,
    /// An open resolution goes on an agenda once it is decided.
    #[error("{STILL_OPEN}")]
    ResolutionStillOpen,
    /// Written resolutions are reported to board meetings only.
    #[error("{BOARD_MEETINGS_ONLY}")]
    BoardMeetingsOnly,
    /// A supporting paper is not a document of the library.
    #[error("{NO_SUCH_PAPER}")]
    NoSuchPaper,
    /// A trustee named as conflicted is not an active user.
    #[error("{CONFLICTED_NOT_SERVING}")]
    ConflictedNotServing,
    /// Fewer eligible voters (the number carried) than the threshold needs, or none at all.
    #[error("The threshold cannot be reached: {0} trustees are eligible to vote")]
    ThresholdOutOfReach(u32),
    /// The resolution is decided or its closing time has come.
    #[error("{VOTING_CLOSED}")]
    VotingClosed,
    /// A vote is cast once, and a voter who voted cannot declare a conflict afterwards.
    #[error("{ALREADY_VOTED}")]
    AlreadyVoted,
    /// Not a voter, or a conflicted one.
    #[error("{NOT_ELIGIBLE}")]
    NotEligible,
    #[error("{NOT_FOR_OTHERS}")]
    DeclareForOthersForbidden,
    #[error("{HANDLING_FORBIDDEN}")]
    HandlingForbidden,
    #[error("{WITHDRAW_FORBIDDEN}")]
    WithdrawForbidden,
    /// The register's visibility setting keeps it to admins and chairs.
    #[error("{REGISTER_LIMITED}")]
    RegisterLimited,
    #[error("{NOT_YOURS}")]
    NotYourInterest,
    #[error("{SETTINGS_OFFICERS_ONLY}")]
    SettingsOfficersOnly,
    #[error("{ROUNDS_OFFICERS_ONLY}")]
    RoundsOfficersOnly,
    #[error("{TERMS_OFFICERS_ONLY}")]
    TermsOfficersOnly,
    #[error("{PROPOSE_OFFICERS_ONLY}")]
    ProposeOfficersOnly,
    #[error("{WARNINGS_OFFICERS_ONLY}")]
    WarningsOfficersOnly,
    /// A meetings use case the governance one builds on refused (the meeting is cancelled, say).
    #[error(transparent)]
    Meetings(#[from] MeetingsRefusal),
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(GovernanceRefusal);

impl Refusal for GovernanceRefusal {
    fn answer(self) -> Answer {
        use GovernanceRefusal::*;
        match self {
            ConflictNotFound | InterestNotFound | TermNotFound | RoundNotFound | ResolutionNotFound => {
                Answer::own(&self, RefusalKind::NotFound)
            }
            ConflictAlreadyDeclared
            | MeetingCancelled
            | ResolutionStillOpen
            | BoardMeetingsOnly
            | RoundExists(_)
            | RoundClosed
            | AlreadyDeclared
            | VotingClosed
            | AlreadyVoted => Answer::own(&self, RefusalKind::Conflict),
            NotAskedToDeclare
            | NotEligible
            | DeclareForOthersForbidden
            | HandlingForbidden
            | WithdrawForbidden
            | RegisterLimited
            | NotYourInterest
            | SettingsOfficersOnly
            | RoundsOfficersOnly
            | TermsOfficersOnly
            | ProposeOfficersOnly
            | WarningsOfficersOnly => Answer::own(&self, RefusalKind::Forbidden),
            NoSuchTrustee => Answer::field(&self, "userId"),
            NoSuchCodeOfConduct => Answer::field(&self, "codeOfConductDocumentId"),
            NoSuchPaper => Answer::field(&self, "paperDocumentIds"),
            ConflictedNotServing => Answer::field(&self, "conflictedUserIds"),
            ThresholdOutOfReach(_) => Answer::field(&self, "thresholdCount"),
            Meetings(refusal) => refusal.answer(),
            Common(error) => Answer::Common(error),
        }
    }
}
