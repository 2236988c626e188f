//! Why a meetings use case says no (spec §2 Calendar, §2 Meeting page, §2 Written minutes and the
//! decisions register, §6 Committee meetings).

use crate::library::LibraryRefusal;
use crate::meetings::written_minutes::WrittenMinutesStatus;
use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const ALREADY_CANCELLED: &str = "This meeting is already cancelled.";
pub const CANCELLED_READ_ONLY: &str = "This meeting is cancelled: it can no longer be changed.";
pub const MEETING_CANCELLED: &str = "This meeting has been cancelled.";
pub const NO_SUCH_COMMITTEE: &str = "No such committee";
pub const TOO_MANY_ITEMS: &str = "An agenda holds at most 100 items.";
pub const STALE_ORDER: &str =
    "The agenda has changed since you loaded it. Reload the page and reorder again.";
pub const AGENDA_NOT_EMPTY: &str = "The standard items can only start an empty agenda.";
pub const NO_SUCH_PRESENTER: &str = "There is no user with this ID";
pub const NO_SUCH_DOCUMENT: &str = "There is no library document with this ID";
pub const ALREADY_LINKED: &str = "This library document is already attached to this item.";
pub const ALREADY_ON_AN_AGENDA: &str = "This resolution is already on a meeting's agenda.";
pub const MINUTES_ALREADY_EXIST: &str = "This meeting already has written minutes.";
pub const NO_SUCH_ITEM: &str = "This item is not on the meeting's agenda";
pub const NO_SUCH_ASSIGNEE: &str = "No such user";

/// The meetings area's refusals. Writes check theirs inside their transaction with the meeting's row (or
/// the current minutes' row) locked, so no concurrent change can slip between the check and the write.
#[derive(Debug, thiserror::Error)]
pub enum MeetingsRefusal {
    /// No such meeting, or one the reader may not see (a committee meeting of another committee).
    #[error("Meeting not found")]
    MeetingNotFound,
    /// The agenda item a write names is not (or no longer) on the meeting's agenda.
    #[error("Agenda item not found")]
    AgendaItemNotFound,
    /// The paper is not on that item, or the reader may not see the agenda yet.
    #[error("Paper not found")]
    PaperNotFound,
    /// An unknown calendar feed token, or one whose owner is no longer active.
    #[error("Calendar feed not found")]
    FeedNotFound,
    /// A guest row that is not (or no longer) on the meeting's attendance.
    #[error("Guest not found")]
    GuestNotFound,
    #[error("{ALREADY_CANCELLED}")]
    AlreadyCancelled,
    /// A cancelled meeting and its agenda are read-only.
    #[error("{CANCELLED_READ_ONLY}")]
    Cancelled,
    /// Answers and attendance records are closed once the meeting is cancelled.
    #[error("{MEETING_CANCELLED}")]
    AttendanceClosed,
    /// The agenda would hold more than `ITEMS_MAX` items.
    #[error("{TOO_MANY_ITEMS}")]
    TooManyItems,
    /// A reorder named a different set of items than the agenda holds now.
    #[error("{STALE_ORDER}")]
    StaleOrder,
    /// The standard items are only for an empty agenda.
    #[error("{AGENDA_NOT_EMPTY}")]
    AgendaNotEmpty,
    /// The committee named by a meeting does not exist.
    #[error("{NO_SUCH_COMMITTEE}")]
    NoSuchCommittee,
    /// The presenter named by id does not exist.
    #[error("{NO_SUCH_PRESENTER}")]
    NoSuchPresenter,
    /// The library document to link does not exist.
    #[error("{NO_SUCH_DOCUMENT}")]
    NoSuchDocument,
    /// The library document is already linked to this item.
    #[error("{ALREADY_LINKED}")]
    AlreadyLinked,
    /// The written resolution is on an agenda already (this meeting's or another's).
    #[error("{ALREADY_ON_AN_AGENDA}")]
    ResolutionOnAgenda,
    /// No written minutes (or no such entry of them) for this meeting, or none the reader may see.
    #[error("Written minutes not found")]
    MinutesNotFound,
    #[error("{MINUTES_ALREADY_EXIST}")]
    MinutesExist,
    /// Approved and locked minutes refuse every edit: a correction is a new version.
    #[error("These minutes are {0}: they can no longer be edited. Record a correction as a new version.")]
    MinutesFinal(WrittenMinutesStatus),
    /// The step (circulate, approve, lock, correct) does not start from the minutes' status.
    #[error("These minutes are {0}: that step does not apply.")]
    MinutesStepDoesNotApply(WrittenMinutesStatus),
    /// An entry's agenda item is not on this meeting's agenda.
    #[error("{NO_SUCH_ITEM}")]
    NoSuchItem,
    /// An action entry's assignee does not exist.
    #[error("{NO_SUCH_ASSIGNEE}")]
    NoSuchAssignee,
    /// Only board members read meetings (spec §6 Roles and permissions).
    #[error("You cannot read meetings.")]
    CannotRead,
    #[error("Only admins and chairs can schedule meetings.")]
    OnlyOfficersSchedule,
    #[error("Only admins and chairs can edit, cancel or delete meetings.")]
    OnlyOfficersEdit,
    /// Only those the meeting is for answer its invitation.
    #[error("Only the meeting's members can answer its invitation.")]
    NotInvited,
    #[error("Only admins and chairs can record attendance.")]
    OnlyOfficersRecordAttendance,
    #[error("Only admins and chairs can write, circulate, approve or correct minutes.")]
    OnlyOfficersWriteMinutes,
    /// The library refused a file (one over the upload limit, say).
    #[error(transparent)]
    Library(#[from] LibraryRefusal),
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(MeetingsRefusal);

impl MeetingsRefusal {
    /// The refusal of a write the minutes' current `status` does not allow.
    pub fn minutes_are(status: WrittenMinutesStatus) -> Self {
        match status {
            WrittenMinutesStatus::Approved | WrittenMinutesStatus::Locked => Self::MinutesFinal(status),
            _ => Self::MinutesStepDoesNotApply(status),
        }
    }
}

impl Refusal for MeetingsRefusal {
    fn answer(self) -> Answer {
        use MeetingsRefusal::*;
        match self {
            MeetingNotFound | AgendaItemNotFound | PaperNotFound | FeedNotFound | GuestNotFound
            | MinutesNotFound => Answer::own(&self, RefusalKind::NotFound),
            AlreadyCancelled
            | Cancelled
            | AttendanceClosed
            | TooManyItems
            | StaleOrder
            | AgendaNotEmpty
            | AlreadyLinked
            | ResolutionOnAgenda
            | MinutesExist
            | MinutesFinal(_)
            | MinutesStepDoesNotApply(_) => Answer::own(&self, RefusalKind::Conflict),
            CannotRead
            | OnlyOfficersSchedule
            | OnlyOfficersEdit
            | NotInvited
            | OnlyOfficersRecordAttendance
            | OnlyOfficersWriteMinutes => Answer::own(&self, RefusalKind::Forbidden),
            NoSuchCommittee => Answer::field(&self, "committeeId"),
            NoSuchPresenter => Answer::field(&self, "presenterUserId"),
            NoSuchDocument => Answer::field(&self, "documentId"),
            NoSuchItem => Answer::field(&self, "agendaItemId"),
            NoSuchAssignee => Answer::field(&self, "assignedTo"),
            Library(refusal) => refusal.answer(),
            Common(error) => Answer::Common(error),
        }
    }
}
