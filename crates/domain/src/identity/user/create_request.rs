//! "Create user" as received (spec §2 Users, §11 Invitations): an account with a first password, made by
//! `UserService::create`, or one invited to choose its own, made by `InvitationService::invite`.

use crate::identity::invitations::service::InviteUser;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::role::Role;
use crate::identity::user::service::CreateUser;

/// "Create user" as received: with a first password, or an invitation.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct CreateUserRequest {
    pub name: String,
    pub email: String,
    /// The user's first password; required unless `invite` is true, and then left out.
    #[serde(default)]
    pub password: Option<String>,
    /// With `password`: it is a temporary password (the create-user dialog's "Set a temporary password",
    /// for a portal without mail). The user must replace it at their first sign-in, and it stops signing
    /// in after `TEMP_PASSWORD_HOURS`, as an admin's reset does. Default `false`: the password is theirs.
    #[serde(default, rename = "temporaryPassword")]
    pub temporary_password: bool,
    /// `true`: the account gets no password, and an e-mail invites the user to choose one through a
    /// single-use link (valid 7 days).
    #[serde(default)]
    pub invite: bool,
    pub role: Role,
    #[serde(default)]
    pub phone: Option<String>,
}

/// A new account, as "Create user" asks for it.
#[derive(Debug, Clone)]
pub enum NewAccount {
    /// With a first password (a temporary one if `require_password_change`).
    WithPassword(CreateUser),
    /// Without a password, the user invited to choose one.
    Invited(InviteUser),
}

impl CreateUserRequest {
    /// Which account to make; a password sent with `invite` is refused.
    pub fn new_account(self) -> Result<NewAccount, IdentityRefusal> {
        let Self { name, email, password, temporary_password, invite, role, phone } = self;
        match (invite, password) {
            (true, None) => Ok(NewAccount::Invited(InviteUser { name, email, role, phone })),
            (true, Some(_)) => Err(IdentityRefusal::InviteWithPassword),
            (false, password) => Ok(NewAccount::WithPassword(CreateUser {
                name,
                email,
                password: password.unwrap_or_default(),
                role,
                phone,
                require_password_change: temporary_password,
            })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(invite: bool, password: Option<&str>, temporary_password: bool) -> CreateUserRequest {
        let body = serde_json::json!({
            "name": "Ann", "email": "ann@example.org", "role": "chair",
            "invite": invite, "password": password, "temporaryPassword": temporary_password,
        });
        serde_json::from_value(body).expect("a valid body")
    }

    #[test]
    fn an_invitation_has_no_password() {
        assert!(matches!(request(true, None, false).new_account(), Ok(NewAccount::Invited(_))));
        assert!(matches!(
            request(true, Some("secret-enough"), false).new_account(),
            Err(IdentityRefusal::InviteWithPassword)
        ));
    }

    #[test]
    fn a_temporary_password_must_be_replaced() {
        let Ok(NewAccount::WithPassword(input)) = request(false, Some("secret-enough"), true).new_account()
        else {
            panic!("an account with a password");
        };
        assert!(input.require_password_change);
        assert_eq!(input.role, Role::Chair);
        // Left out, the password is empty, for the policy to refuse.
        let Ok(NewAccount::WithPassword(input)) = request(false, None, false).new_account() else {
            panic!("an account with a password");
        };
        assert_eq!((input.password.as_str(), input.require_password_change), ("", false));
    }
}
