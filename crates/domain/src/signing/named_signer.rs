//! The trustee the board names to sign a meeting's minutes besides its chair (docs/spec.md §16 Signing):
//! one per meeting, named (or un-named) by an officer.

use chrono::{DateTime, Utc};

use crate::shared::Received;
use crate::{MeetingId, RepoError, UserId};

/// Who is named to sign a meeting's minutes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedSigner {
    pub user_id: UserId,
    pub name: String,
}

/// Where the named signers are kept.
pub trait MinutesSignerRepository: Send + Sync {
    /// The signer named for the meeting's minutes, if any.
    fn named(&self, meeting: MeetingId) -> Result<Option<NamedSigner>, RepoError>;
    /// Names `signer` (replacing whoever was named before), or with `None` names nobody.
    fn name(
        &self,
        meeting: MeetingId,
        signer: Option<UserId>,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
}

/// `PUT /api/meetings/{id}/written-minutes/signer`.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NameSignerRequest {
    /// An active user who may read the minutes; `null` names nobody (the chair signs).
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub user_id: Received<UserId>,
}
