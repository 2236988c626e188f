//! Who chaired a meeting (docs/spec.md §16 Signing): recorded by an admin or chair, it decides who signs
//! the meeting's written minutes. Nobody recorded means the board's chair presided.

use std::sync::Arc;

use crate::identity::user::User;
use crate::identity::UserRepository;
use crate::meetings::{MeetingService, MeetingsRefusal};
use crate::shared::error::DomainError;
use crate::shared::Received;
use crate::{MeetingId, RepoError, UserId};

pub const NO_SUCH_CHAIR: &str = "Choose an active user";
pub const CHAIR_CANNOT_READ: &str = "This person cannot read this meeting, so cannot have chaired it";

/// The person recorded as having chaired a meeting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingChair {
    pub user_id: UserId,
    pub name: String,
}

/// Where who chaired each meeting is kept (`meetings.chaired_by`; deleting the user clears it).
pub trait MeetingChairRepository: Send + Sync {
    /// The person recorded as having chaired the meeting, if anyone.
    fn chaired_by(&self, meeting: MeetingId) -> Result<Option<MeetingChair>, RepoError>;
    /// Records `chair` (or, with `None`, nobody) on a meeting that is still scheduled: `Cancelled` when
    /// it was cancelled meanwhile, `MeetingNotFound` when it is gone. Checked in the write itself.
    fn record(&self, meeting: MeetingId, chair: Option<UserId>) -> Result<(), MeetingsRefusal>;
}

/// `PUT /api/meetings/{id}/chair`.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordChairRequest {
    /// An active user who may read the meeting; `null` records nobody (the board's chair presided).
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub user_id: Received<UserId>,
}

#[derive(Clone)]
pub struct MeetingChairService {
    pub meetings: MeetingService,
    pub chairs: Arc<dyn MeetingChairRepository>,
    pub users: Arc<dyn UserRepository>,
}

impl MeetingChairService {
    /// Who chaired the meeting, for whoever may see the meeting.
    pub fn chaired_by(&self, actor: &User, id: MeetingId) -> Result<Option<MeetingChair>, MeetingsRefusal> {
        self.meetings.visible(actor, id)?;
        Ok(self.chairs.chaired_by(id)?)
    }

    /// An admin or chair records who chaired the meeting (not once it is cancelled, as any edit): an
    /// active user who may read it, so a committee meeting's chair is one of its members or an officer.
    pub fn record(
        &self,
        actor: &User,
        id: MeetingId,
        input: RecordChairRequest,
    ) -> Result<Option<MeetingChair>, MeetingsRefusal> {
        self.meetings.editable(actor, id)?;
        let chair = match input.user_id {
            Received::Absent => None,
            Received::Unreadable => return Err(DomainError::invalid("userId", NO_SUCH_CHAIR).into()),
            Received::Given(user_id) => {
                let user = self
                    .users
                    .find(user_id)?
                    // A guest never chairs the board's meetings (spec §6 Guests).
                    .filter(|u| u.active && u.role.is_board_member())
                    .ok_or_else(|| DomainError::invalid("userId", NO_SUCH_CHAIR))?;
                self.meetings
                    .visible(&user, id)
                    .map_err(|_| DomainError::invalid("userId", CHAIR_CANNOT_READ))?;
                Some(user.id)
            }
        };
        self.chairs.record(id, chair)?;
        Ok(self.chairs.chaired_by(id)?)
    }
}
