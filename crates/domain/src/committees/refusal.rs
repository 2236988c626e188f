//! Why a committee use case says no (spec §2 Committees, §4, §6).

use crate::library::LibraryRefusal;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const ARCHIVED_READ_ONLY: &str = "This committee is archived and read-only.";
pub const ALREADY_ARCHIVED: &str = "This committee is already archived.";
pub const NOT_ARCHIVED: &str = "Only archived committees can be deleted. Archive it first.";
pub const ALREADY_MEMBER: &str = "This user is already a member of the committee.";
pub const USER_NOT_ACTIVE: &str = "User must be an active user";

/// The committees area's refusals. Writes check them inside their transaction with the committee row
/// locked, so archiving cannot race with a new message, document or member.
#[derive(Debug, thiserror::Error)]
pub enum CommitteesRefusal {
    /// No such committee (unknown ids are not found for everyone).
    #[error("Committee not found")]
    NotFound,
    /// The committee is archived, so read-only.
    #[error("{ARCHIVED_READ_ONLY}")]
    Archived,
    /// Archiving a committee that already is.
    #[error("{ALREADY_ARCHIVED}")]
    AlreadyArchived,
    /// Only archived committees may be deleted.
    #[error("{NOT_ARCHIVED}")]
    NotArchived,
    /// The user to add does not exist or is inactive.
    #[error("{USER_NOT_ACTIVE}")]
    UserNotActive,
    #[error("{ALREADY_MEMBER}")]
    AlreadyMember,
    /// The user to remove is not a member of the committee.
    #[error("Committee member not found")]
    NotMember,
    /// No such document in this committee.
    #[error("Document not found")]
    DocumentNotFound,
    #[error("Only admins and chairs can create committees.")]
    OnlyOfficersCreate,
    /// Chat, documents and members are for the committee's members, admins and chairs.
    #[error("Only members of this committee, admins and chairs can open it.")]
    CannotOpen,
    /// Archive, delete and membership are for the committee's own chair, admins and chairs.
    #[error("Only this committee's chair, admins and chairs can manage it.")]
    CannotManage,
    /// The library refused a file (one over the upload limit, say).
    #[error(transparent)]
    Library(#[from] LibraryRefusal),
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(CommitteesRefusal);

impl Refusal for CommitteesRefusal {
    fn answer(self) -> Answer {
        use CommitteesRefusal::*;
        match self {
            NotFound | NotMember | DocumentNotFound => Answer::own(&self, RefusalKind::NotFound),
            Archived | AlreadyArchived | NotArchived | AlreadyMember => {
                Answer::own(&self, RefusalKind::Conflict)
            }
            UserNotActive => Answer::field(&self, "userId"),
            OnlyOfficersCreate | CannotOpen | CannotManage => Answer::own(&self, RefusalKind::Forbidden),
            Library(refusal) => refusal.answer(),
            Common(error) => Answer::Common(error),
        }
    }
}
