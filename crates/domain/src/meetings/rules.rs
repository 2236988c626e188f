//! Rules every meeting use case shares, and other areas with them: which meetings and agendas a user sees,
//! and the messages of the agenda writes the meeting repository refuses.

use crate::identity::user::User;
use crate::meetings::meeting::{Meeting, MeetingScope};

pub const STALE_ORDER: &str =
    "The agenda has changed since you loaded it. Reload the page and reorder again.";
pub const AGENDA_NOT_EMPTY: &str = "The standard items can only start an empty agenda.";
pub const NO_SUCH_PRESENTER: &str = "There is no user with this ID";
pub const NO_SUCH_DOCUMENT: &str = "There is no library document with this ID";
pub const ALREADY_LINKED: &str = "This library document is already attached to this item.";
pub const ALREADY_ON_AN_AGENDA: &str = "This resolution is already on a meeting's agenda.";

/// The meetings `actor` may see: admins and chairs all; others not the committee meetings of committees
/// they do not belong to.
pub fn scope_of(actor: &User) -> MeetingScope {
    if actor.role.is_officer() {
        MeetingScope::Everything
    } else {
        MeetingScope::VisibleTo(actor.id)
    }
}

/// Whether `actor` sees the meeting's agenda: admins and chairs always, others once it is published.
pub fn sees_agenda(actor: &User, meeting: &Meeting) -> bool {
    actor.role.is_officer() || meeting.agenda_published()
}
