use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::identity::role::Role;
use domain::identity::user::User;
use domain::identity::InvitationState;

/// A user as the API shows it: never the password hash or token version.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct UserBody {
    pub id: i32,
    pub name: String,
    pub email: String,
    #[schema(value_type = crate::schemas::RoleSchema)]
    pub role: Role,
    pub active: bool,
    #[schema(required = true)]
    pub phone: Option<String>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    pub require_password_change: bool,
    /// Two-factor sign-in is on.
    pub mfa_enabled: bool,
    /// Set while the user has not accepted their invitation (they have no password yet); `null` once
    /// they have a password. Only the user list fills it.
    #[schema(required = true)]
    pub invitation: Option<InvitationBody>,
}

/// A pending invitation: until when its newest link works, and whether that time has passed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Invitation)]
pub struct InvitationBody {
    #[schema(required = true, value_type = Option<String>)]
    #[serde(serialize_with = "super::time::rfc3339_option")]
    pub expires_at: Option<DateTime<Utc>>,
    pub expired: bool,
}

impl From<InvitationState> for InvitationBody {
    fn from(state: InvitationState) -> Self {
        Self { expires_at: state.expires_at, expired: state.expired }
    }
}

/// The signed-in user as `me` and a new session show it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CurrentUser)]
pub struct CallerBody {
    #[serde(flatten)]
    pub user: UserBody,
    /// Two-factor sign-in must be set up before anything but set-up opens (an admin's setting).
    pub mfa_enrolment_required: bool,
}

impl From<User> for UserBody {
    fn from(user: User) -> Self {
        Self {
            id: user.id.0,
            name: user.name,
            email: user.email,
            role: user.role,
            active: user.active,
            phone: user.phone,
            created_at: user.created_at,
            require_password_change: user.require_password_change,
            mfa_enabled: user.mfa_enabled,
            invitation: None,
        }
    }
}
