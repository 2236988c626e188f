use chrono::{DateTime, Utc};

use crate::entities::meeting::{Meeting, MeetingWindow, NewMeeting};
use crate::RepoError;

/// The board calendar. Each meeting comes with its most recent linked minutes, if any.
pub trait MeetingRepository: Send + Sync {
    /// `Upcoming`: `meeting_date >= now`, soonest first; `Past`: before `now`, latest first; `All`: soonest
    /// first. Ties are broken by id in the same direction.
    fn list(&self, window: MeetingWindow, now: DateTime<Utc>) -> Result<Vec<Meeting>, RepoError>;
    fn create(&self, meeting: NewMeeting) -> Result<Meeting, RepoError>;
}
