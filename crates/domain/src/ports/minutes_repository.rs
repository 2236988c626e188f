use crate::entities::minutes::{Minutes, NewMinutes};
use crate::{MinutesId, RepoError};

/// The minutes archive.
pub trait MinutesRepository: Send + Sync {
    /// Latest meeting date first (ties: highest id first). `search` keeps the minutes whose title contains
    /// it, case-insensitively and literally: `%` and `_` are not wildcards.
    fn list(&self, search: Option<&str>) -> Result<Vec<Minutes>, RepoError>;
    fn find(&self, id: MinutesId) -> Result<Option<Minutes>, RepoError>;
    /// `RepoError::NotFound` when `meeting_id` names no meeting (checked by the insert itself, so a meeting
    /// removed meanwhile cannot slip through).
    fn create(&self, minutes: NewMinutes) -> Result<Minutes, RepoError>;
}
