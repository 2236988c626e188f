//! Rules every meeting use case shares, and other areas with them: which meetings and agendas a user sees.

use crate::identity::permissions;
use crate::identity::role::Role;
use crate::identity::user::User;
use crate::meetings::meeting::{Meeting, MeetingScope};
use crate::meetings::MeetingsRefusal;

/// The meetings `actor` may see: admins and chairs all; others not the committee meetings of committees
/// they do not belong to.
pub fn scope_of(actor: &User) -> MeetingScope {
    if actor.role.is_officer() {
        MeetingScope::Everything
    } else if actor.role == Role::Guest {
        MeetingScope::GuestOf(actor.id)
    } else {
        MeetingScope::VisibleTo(actor.id)
    }
}

/// Whether `actor` sees the meeting's agenda: admins and chairs always, others once it is published.
pub fn sees_agenda(actor: &User, meeting: &Meeting) -> bool {
    actor.role.is_officer() || meeting.agenda_published()
}

/// Whether `actor` may change a meeting they can see: admins and chairs, and not once it is cancelled.
pub fn may_edit(actor: &User, meeting: &Meeting) -> Result<(), MeetingsRefusal> {
    if !permissions::can_publish(actor.role) {
        return Err(MeetingsRefusal::OnlyOfficersEdit);
    }
    if meeting.is_cancelled() {
        return Err(MeetingsRefusal::Cancelled);
    }
    Ok(())
}
