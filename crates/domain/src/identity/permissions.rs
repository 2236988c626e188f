//! The permission table of spec §6 as pure functions. Every handler asks these; the browser is never trusted.

use crate::identity::role::CommitteeRole;
use crate::identity::role::Role;
use crate::UserId;

/// Read documents, actions, minutes, meetings, notices, committees and the directory.
/// Guests read only what their pass names, through the guest rules (spec §6 Guests).
pub fn can_read_board_content(role: Role) -> bool {
    role.is_board_member()
}

pub fn can_manage_documents(role: Role) -> bool {
    role.is_officer()
}

/// Create and delete actions.
pub fn can_manage_actions(role: Role) -> bool {
    role.is_officer()
}

/// Admins and chairs change any action; a trustee only the ones assigned to them.
pub fn can_change_action_status(actor: Role, actor_id: UserId, assignee: Option<UserId>) -> bool {
    actor.is_officer() || assignee == Some(actor_id)
}

/// Upload minutes, schedule meetings, post and delete notices.
pub fn can_publish(role: Role) -> bool {
    role.is_officer()
}

/// Create committees and see the archived ones.
pub fn can_create_committees(role: Role) -> bool {
    role.is_officer()
}

pub fn can_open_user_management(role: Role) -> bool {
    role.is_officer()
}

/// Invite guests, extend or end their access (spec §6 Guests).
pub fn can_manage_guests(role: Role) -> bool {
    role.is_officer()
}

/// See the delivery log and send a test e-mail.
pub fn can_manage_mail(role: Role) -> bool {
    role == Role::Admin
}

/// Read and export the audit log (spec §12 Audit log): admins only.
pub fn can_read_audit_log(role: Role) -> bool {
    role == Role::Admin
}

pub fn can_create_users(role: Role) -> bool {
    role == Role::Admin
}

/// Edit, reset the password of, or delete another user: admins all, chairs trustees only.
pub fn can_manage_user(actor: Role, target: Role) -> bool {
    match actor {
        Role::Admin => true,
        Role::Chair => matches!(target, Role::Trustee | Role::Guest),
        Role::Trustee | Role::Guest => false,
    }
}

/// The roles an actor may give when creating or editing a user.
pub fn assignable_roles(actor: Role) -> &'static [Role] {
    match actor {
        Role::Admin => &[Role::Admin, Role::Chair, Role::Trustee],
        Role::Chair => &[Role::Chair, Role::Trustee],
        // Guests are let in through a guest invitation only, never by giving someone the role.
        Role::Trustee | Role::Guest => &[],
    }
}

pub fn can_assign_role(actor: Role, role: Role) -> bool {
    assignable_roles(actor).contains(&role)
}

/// Nobody deletes their own account, whatever their role.
pub fn can_delete_user(actor: Role, actor_id: UserId, target: Role, target_id: UserId) -> bool {
    actor_id != target_id && can_manage_user(actor, target)
}

/// Archive, delete and manage members: the committee's own chair, an admin or a chair-role user.
pub fn can_manage_committee(actor: Role, membership: Option<CommitteeRole>) -> bool {
    actor.is_officer() || membership == Some(CommitteeRole::CommitteeChair)
}

/// Read a committee's chat, documents and members: its members, admins and chairs.
pub fn can_access_committee(actor: Role, membership: Option<CommitteeRole>) -> bool {
    actor.is_officer() || membership.is_some()
}

/// List the committees a user does not belong to.
pub fn can_see_all_committees(actor: Role) -> bool {
    actor.is_officer()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Role::{Admin, Chair, Trustee};

    const ME: UserId = UserId(1);
    const OTHER: UserId = UserId(2);

    /// One row per capability of the table: (admin, chair, trustee).
    fn row(f: impl Fn(Role) -> bool) -> (bool, bool, bool) {
        (f(Admin), f(Chair), f(Trustee))
    }

    #[test]
    fn only_admins_read_the_audit_log() {
        assert_eq!(row(can_read_audit_log), (true, false, false));
    }

    #[test]
    fn everyone_reads_board_content() {
        assert_eq!(row(can_read_board_content), (true, true, true));
    }

    #[test]
    fn documents_are_uploaded_and_deleted_by_officers() {
        assert_eq!(row(can_manage_documents), (true, true, false));
    }

    #[test]
    fn actions_are_created_and_deleted_by_officers() {
        assert_eq!(row(can_manage_actions), (true, true, false));
    }

    #[test]
    fn action_status_on_someone_elses_action() {
        assert_eq!(row(|r| can_change_action_status(r, ME, Some(OTHER))), (true, true, false));
        assert_eq!(row(|r| can_change_action_status(r, ME, None)), (true, true, false));
    }

    #[test]
    fn action_status_on_own_action() {
        assert_eq!(row(|r| can_change_action_status(r, ME, Some(ME))), (true, true, true));
    }

    #[test]
    fn minutes_meetings_and_notices_are_published_by_officers() {
        assert_eq!(row(can_publish), (true, true, false));
    }

    #[test]
    fn committees_are_created_by_officers() {
        assert_eq!(row(can_create_committees), (true, true, false));
        assert_eq!(row(can_see_all_committees), (true, true, false));
    }

    #[test]
    fn user_management_opens_for_officers() {
        assert_eq!(row(can_open_user_management), (true, true, false));
    }

    #[test]
    fn only_admins_create_users() {
        assert_eq!(row(can_create_users), (true, false, false));
    }

    #[test]
    fn managing_each_kind_of_user() {
        assert_eq!(row(|a| can_manage_user(a, Admin)), (true, false, false));
        assert_eq!(row(|a| can_manage_user(a, Chair)), (true, false, false));
        assert_eq!(row(|a| can_manage_user(a, Trustee)), (true, true, false));
    }

    #[test]
    fn role_choices() {
        assert_eq!(assignable_roles(Admin), &[Admin, Chair, Trustee]);
        assert_eq!(assignable_roles(Chair), &[Chair, Trustee]);
        assert!(assignable_roles(Trustee).is_empty());
        assert_eq!(row(|a| can_assign_role(a, Admin)), (true, false, false));
        assert_eq!(row(|a| can_assign_role(a, Chair)), (true, true, false));
        assert_eq!(row(|a| can_assign_role(a, Trustee)), (true, true, false));
    }

    #[test]
    fn nobody_deletes_themselves() {
        assert_eq!(row(|a| can_delete_user(a, ME, a, ME)), (false, false, false));
        assert_eq!(row(|a| can_delete_user(a, ME, Trustee, OTHER)), (true, true, false));
        assert_eq!(row(|a| can_delete_user(a, ME, Admin, OTHER)), (true, false, false));
    }

    #[test]
    fn committee_management() {
        use CommitteeRole::{CommitteeChair, Member};
        assert_eq!(row(|a| can_manage_committee(a, None)), (true, true, false));
        assert_eq!(row(|a| can_manage_committee(a, Some(Member))), (true, true, false));
        assert_eq!(row(|a| can_manage_committee(a, Some(CommitteeChair))), (true, true, true));
    }

    #[test]
    fn committee_access() {
        use CommitteeRole::{CommitteeChair, Member};
        assert_eq!(row(|a| can_access_committee(a, None)), (true, true, false));
        assert_eq!(row(|a| can_access_committee(a, Some(Member))), (true, true, true));
        assert_eq!(row(|a| can_access_committee(a, Some(CommitteeChair))), (true, true, true));
    }
}
