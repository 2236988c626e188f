//! Why a reading use case says no (spec §2 Pack reader).

use crate::meetings::MeetingsRefusal;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

/// The reading area's refusals.
#[derive(Debug, thiserror::Error)]
pub enum ReadingRefusal {
    /// No such paper, or one the reader may not download: they learn nothing of it (spec §2 Pack reader,
    /// Paper references).
    #[error("Paper not found.")]
    PaperNotFound,
    /// No such meeting, one the reader may not see, or a draft agenda for a trustee (the board pack's rule).
    #[error("Meeting not found")]
    MeetingNotFound,
    /// The reading summary says who has read what: the officers' view (docs/spec.md "Reading records").
    #[error("Only admins and chairs see who has read the papers.")]
    OnlyOfficersSeeReading,
    /// No such note, or one the caller may not see (spec §2 Pack reader, Notes).
    #[error("Note not found.")]
    NoteNotFound,
    /// Someone else's note the caller sees: only its author changes it.
    #[error("You can only change your own notes.")]
    NotYourNote,
    /// A note stays on its paper and keeps its kind; a new note is another id.
    #[error("A note's paper and kind cannot change.")]
    NoteFixed,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(ReadingRefusal);

impl ReadingRefusal {
    /// A meetings refusal met while finding a paper: every "not found" or "not yours" is the paper's 404.
    pub fn paper_from(refusal: MeetingsRefusal) -> Self {
        match refusal {
            MeetingsRefusal::Common(error) => ReadingRefusal::Common(error),
            _ => ReadingRefusal::PaperNotFound,
        }
    }

    /// A meetings refusal met while reading a meeting's pack: its 404 is the meeting's.
    pub fn meeting_from(refusal: MeetingsRefusal) -> Self {
        match refusal {
            MeetingsRefusal::Common(error) => ReadingRefusal::Common(error),
            _ => ReadingRefusal::MeetingNotFound,
        }
    }
}

impl Refusal for ReadingRefusal {
    fn answer(self) -> Answer {
        match self {
            ReadingRefusal::PaperNotFound
            | ReadingRefusal::MeetingNotFound
            | ReadingRefusal::NoteNotFound => Answer::own(&self, RefusalKind::NotFound),
            ReadingRefusal::OnlyOfficersSeeReading | ReadingRefusal::NotYourNote => {
                Answer::own(&self, RefusalKind::Forbidden)
            }
            ReadingRefusal::NoteFixed => Answer::own(&self, RefusalKind::Conflict),
            ReadingRefusal::Common(error) => Answer::Common(error),
        }
    }
}
