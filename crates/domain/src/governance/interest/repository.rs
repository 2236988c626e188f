use crate::governance::interest::{Interest, InterestFields, InterestVersion};
use crate::governance::settings::GovernanceSettings;
use crate::governance::GovernanceRefusal;
use crate::meetings::attendance::QuorumRule;
use crate::meetings::QuorumSettings;
use crate::{InterestId, RepoError, UserId};

/// Who changes an entry, as the version records them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    pub id: UserId,
    pub name: String,
}

/// Storage of the register of interests and its history.
pub trait InterestRepository: Send + Sync {
    /// Every entry, or one trustee's: by trustee name, then current before past, then newest start.
    fn list(&self, user: Option<UserId>) -> Result<Vec<Interest>, RepoError>;
    /// `GovernanceRefusal::InterestNotFound` when there is no such entry.
    fn get(&self, id: InterestId) -> Result<Interest, GovernanceRefusal>;
    /// Inserts the entry and its first version in one transaction. `GovernanceRefusal::NoSuchTrustee`
    /// when the trustee does not exist.
    fn create(
        &self,
        user: UserId,
        fields: InterestFields,
        editor: &Editor,
        at: chrono::DateTime<chrono::Utc>,
    ) -> Result<Interest, GovernanceRefusal>;
    /// Replaces the entry's fields and appends a version (before and after) in one transaction, the row
    /// locked so two edits cannot record the same "before". `GovernanceRefusal::InterestNotFound` when
    /// there is no entry.
    fn update(
        &self,
        id: InterestId,
        fields: InterestFields,
        editor: &Editor,
        at: chrono::DateTime<chrono::Utc>,
    ) -> Result<Interest, GovernanceRefusal>;
    /// Oldest first.
    fn history(&self, id: InterestId) -> Result<Vec<InterestVersion>, RepoError>;
}

/// The board's governance settings (one row).
pub trait GovernanceSettingsRepository: Send + Sync {
    fn get(&self) -> Result<GovernanceSettings, RepoError>;
    fn set(&self, settings: GovernanceSettings) -> Result<GovernanceSettings, RepoError>;
}

/// The quorum rule the attendance summary reads is one of the governance settings.
impl<T: GovernanceSettingsRepository + ?Sized> QuorumSettings for T {
    fn quorum(&self) -> Result<QuorumRule, RepoError> {
        Ok(self.get()?.quorum)
    }
}
