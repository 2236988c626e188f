use chrono::{DateTime, Utc};

use crate::notices::{NewNotice, Notice, NoticesRefusal};
use crate::{NoticeId, RepoError};

/// Storage of the noticeboard.
pub trait NoticeRepository: Send + Sync {
    /// Pinned first, then newest published, then highest id. Unless `include_expired`, notices whose
    /// expiry is not after `now` are left out (in the query).
    fn list(&self, include_expired: bool, now: DateTime<Utc>) -> Result<Vec<Notice>, RepoError>;
    fn create(&self, notice: NewNotice) -> Result<Notice, RepoError>;
    /// Answers the deleted notice; `NoticesRefusal::NotFound` when there is no such notice.
    fn delete(&self, id: NoticeId) -> Result<Notice, NoticesRefusal>;
}
