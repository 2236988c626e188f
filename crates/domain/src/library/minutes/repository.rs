use crate::library::minutes::{Minutes, NewMinutes};
use crate::library::LibraryRefusal;
use crate::meetings::meeting::MeetingScope;
use crate::{MinutesId, RepoError};

/// The minutes archive.
pub trait MinutesRepository: Send + Sync {
    /// Latest meeting date first (ties: highest id first). `search` keeps the minutes whose title contains
    /// it, case-insensitively and literally: `%` and `_` are not wildcards. Minutes linked to a meeting
    /// `scope` may not see (a committee meeting of another committee) are left out.
    fn list(&self, search: Option<&str>, scope: MeetingScope) -> Result<Vec<Minutes>, RepoError>;
    /// The minutes, unless they are linked to a meeting `scope` may not see.
    fn find(&self, id: MinutesId, scope: MeetingScope) -> Result<Option<Minutes>, RepoError>;
    /// `LibraryRefusal::NoSuchMeeting` when `meeting_id` names no meeting (checked by the insert itself, so
    /// a meeting removed meanwhile cannot slip through).
    fn create(&self, minutes: NewMinutes) -> Result<Minutes, LibraryRefusal>;
}
