use chrono::{DateTime, NaiveDate, Utc};

use crate::meetings::meeting::MeetingScope;
use crate::meetings::written_minutes::{
    Decision, MinuteEntry, NewMinuteEntry, WrittenMinutes, WrittenMinutesStatus, WrittenMinutesSummary,
};
use crate::meetings::MeetingsRefusal;
use crate::{MeetingId, RepoError, UserId};

/// Written minutes, their versions and entries, and the decisions register.
///
/// Writes check their refusals with the current version's row locked: `MinutesNotFound` when the
/// meeting has no minutes (or the entry, or the approving meeting, does not exist), `MinutesExist`,
/// `NoSuchItem` for an entry's item not on the meeting's agenda, `NoSuchAssignee`, and
/// `MeetingsRefusal::minutes_are(status)` when the current version's status does not allow the write.
pub trait WrittenMinutesRepository: Send + Sync {
    /// The current (newest) version with its entries.
    fn current(&self, meeting: MeetingId) -> Result<Option<WrittenMinutes>, RepoError>;
    /// Every version, newest first, each with its entries.
    fn versions(&self, meeting: MeetingId) -> Result<Vec<WrittenMinutes>, RepoError>;
    /// Starts version 1 as a draft.
    fn create(
        &self,
        meeting: MeetingId,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<WrittenMinutes, MeetingsRefusal>;
    /// Records an entry on the current version if it is editable; an action entry also creates the
    /// action in the tracker, linked to the meeting and item, in the same transaction.
    fn add_entry(
        &self,
        meeting: MeetingId,
        entry: NewMinuteEntry,
        at: DateTime<Utc>,
    ) -> Result<MinuteEntry, MeetingsRefusal>;
    /// Replaces an entry's text (its action, if any, is the tracker's to edit).
    fn update_entry(
        &self,
        meeting: MeetingId,
        entry: i32,
        text: String,
        at: DateTime<Utc>,
    ) -> Result<MinuteEntry, MeetingsRefusal>;
    /// Removes an entry; an action it created stays in the tracker.
    fn delete_entry(&self, meeting: MeetingId, entry: i32, at: DateTime<Utc>) -> Result<(), MeetingsRefusal>;
    /// Moves the current version from `from` to `to` and records the transition's fields.
    fn transition(
        &self,
        meeting: MeetingId,
        from: WrittenMinutesStatus,
        to: WrittenMinutesStatus,
        approval: Option<(NaiveDate, MeetingId)>,
        at: DateTime<Utc>,
    ) -> Result<WrittenMinutes, MeetingsRefusal>;
    /// Starts a new draft version copying the current one's entries (approved or locked only); the old
    /// one is kept, marked superseded.
    fn correct(
        &self,
        meeting: MeetingId,
        reason: String,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<WrittenMinutes, MeetingsRefusal>;
    /// The decisions register: decisions in the current version of minutes that are circulated or
    /// later (`include_drafts`: drafts too), of meetings `scope` sees, and passed written resolutions;
    /// newest first. `search` keeps those whose text, meeting or item contains it (case-insensitive,
    /// literal).
    fn decisions(
        &self,
        scope: MeetingScope,
        include_drafts: bool,
        search: Option<&str>,
    ) -> Result<Vec<Decision>, RepoError>;
    /// The written minutes of every meeting `scope` sees, one line per meeting, latest meeting first: the
    /// current version, or without `include_drafts` the newest version that is not a draft (meetings with
    /// only a draft are left out). `search` keeps meetings whose title contains it.
    fn summaries(
        &self,
        scope: MeetingScope,
        include_drafts: bool,
        search: Option<&str>,
    ) -> Result<Vec<WrittenMinutesSummary>, RepoError>;
}
