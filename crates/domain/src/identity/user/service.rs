//! User management (spec §2 Users, §6).

use std::sync::Arc;

use crate::identity::password_policy::{self, PasswordOwner};
use crate::identity::permissions;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::role::Role;
use crate::identity::session::SessionPolicy;
use crate::identity::user::{NewUser, User, UserChanges};
use crate::identity::{PasswordHasher, UserRepository};
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::Clock;
use crate::{RepoError, UserId};

/// Input of "Create user", as received.
#[derive(Debug, Clone)]
pub struct CreateUser {
    pub name: String,
    pub email: String,
    pub password: String,
    pub role: Role,
    pub phone: Option<String>,
    /// The first admin made without a chosen password must change it at first sign-in.
    pub require_password_change: bool,
}

/// Self-registration: a trustee account with a password of its own.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct RegisterRequest {
    pub name: String,
    pub email: String,
    pub password: String,
}

/// An account's fields after an edit.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct UpdateUserRequest {
    pub name: String,
    pub email: String,
    pub role: Role,
    pub active: bool,
    /// Absent keeps the phone number, `null` or "" removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub phone: Option<Option<String>>,
}

/// Tells a field sent as `null` (`Some(None)`) from a field left out (`None`, by `default`).
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Option<String>>, D::Error> {
    <Option<String> as serde::Deserialize>::deserialize(deserializer).map(Some)
}

#[derive(Clone)]
pub struct UserService {
    pub users: Arc<dyn UserRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub clock: Arc<dyn Clock>,
    pub policy: SessionPolicy,
}

impl UserService {
    pub fn list(&self, actor: &User) -> Result<Vec<User>, IdentityRefusal> {
        if !permissions::can_open_user_management(actor.role) {
            return Err(IdentityRefusal::OnlyOfficersManageUsers);
        }
        Ok(self.users.list()?)
    }

    pub fn create(&self, actor: &User, input: CreateUser) -> Result<User, IdentityRefusal> {
        if !permissions::can_create_users(actor.role) {
            return Err(IdentityRefusal::OnlyAdminsCreateUsers);
        }
        // Guests come with a pass: they are invited through the guests' page (spec §6 Guests).
        if input.role == Role::Guest {
            return Err(IdentityRefusal::CannotGiveRole(Role::Guest));
        }
        self.create_unchecked(input)
    }

    /// Self-registration (where an operator enabled it) makes a trustee with their own password.
    pub fn register(&self, request: RegisterRequest) -> Result<User, IdentityRefusal> {
        let RegisterRequest { name, email, password } = request;
        self.create_unchecked(CreateUser {
            name,
            email,
            password,
            role: Role::Trustee,
            phone: None,
            require_password_change: false,
        })
    }

    /// Creates a user without an actor: the first admin at first start, and demo data.
    pub fn create_unchecked(&self, input: CreateUser) -> Result<User, IdentityRefusal> {
        let mut errors = FieldErrors::new();
        let name = validation::required_line(&mut errors, "name", "Name", &input.name, 100);
        let email = email_field(&mut errors, &input.email);
        let phone = validation::optional_line(&mut errors, "phone", "Phone", input.phone.as_deref(), 40);
        let owner = PasswordOwner { name: &input.name, email: &input.email };
        password_policy::check(&mut errors, "password", &input.password, owner);
        errors.into_result()?;

        let password_hash = self.hasher.hash(&input.password)?;
        let new_user = NewUser {
            name,
            email,
            role: input.role,
            phone,
            password_hash,
            require_password_change: input.require_password_change,
            temp_password_expires_at: input
                .require_password_change
                .then(|| self.clock.now() + self.policy.temporary_password),
        };
        self.users.create(new_user).map_err(duplicate_email)
    }

    /// Answers the account before and after the change (the audit log records what changed).
    pub fn update(
        &self,
        actor: &User,
        id: UserId,
        input: UpdateUserRequest,
    ) -> Result<(User, User), IdentityRefusal> {
        if !permissions::can_open_user_management(actor.role) {
            return Err(IdentityRefusal::OnlyOfficersManageUsers);
        }
        let target = self.users.find(id)?.ok_or(IdentityRefusal::UserNotFound)?;
        if !permissions::can_manage_user(actor.role, target.role) {
            return Err(IdentityRefusal::ChairsEditTrusteesOnly);
        }
        // A guest stays a guest (their pass is what they may open): someone joining the board is invited as
        // a member of it (spec §6 Guests).
        if target.role == Role::Guest && input.role != Role::Guest {
            return Err(IdentityRefusal::GuestStaysGuest);
        }
        if input.role != target.role && !permissions::can_assign_role(actor.role, input.role) {
            return Err(IdentityRefusal::CannotGiveRole(input.role));
        }
        if actor.id == id && !input.active {
            return Err(IdentityRefusal::CannotDeactivateSelf);
        }

        let mut errors = FieldErrors::new();
        let name = validation::required_line(&mut errors, "name", "Name", &input.name, 100);
        let email = email_field(&mut errors, &input.email);
        let phone = match &input.phone {
            Some(phone) => validation::optional_line(&mut errors, "phone", "Phone", phone.as_deref(), 40),
            None => target.phone.clone(),
        };
        errors.into_result()?;

        // A new role or deactivation takes effect at once: old tokens must not carry old rights.
        let revoke = input.role != target.role || (target.active && !input.active);
        let changes = UserChanges { name, email, role: input.role, active: input.active, phone };
        let updated = self.users.update(id, changes, revoke).map_err(duplicate_email)?;
        Ok((target, updated))
    }

    /// Answers the deleted account (for the audit log).
    pub fn delete(&self, actor: &User, id: UserId) -> Result<User, IdentityRefusal> {
        if !permissions::can_open_user_management(actor.role) {
            return Err(IdentityRefusal::OnlyOfficersManageUsers);
        }
        if actor.id == id {
            return Err(IdentityRefusal::CannotDeleteSelf);
        }
        let target = self.users.find(id)?.ok_or(IdentityRefusal::UserNotFound)?;
        if !permissions::can_delete_user(actor.role, actor.id, target.role, target.id) {
            return Err(IdentityRefusal::ChairsDeleteTrusteesOnly);
        }
        self.users.delete(id)?;
        Ok(target)
    }
}

pub(crate) fn email_field(errors: &mut FieldErrors, raw: &str) -> String {
    validation::normalize_email(raw).unwrap_or_else(|message| {
        errors.add("email", message);
        String::new()
    })
}

/// The e-mail's unique constraint is the one a new or edited account can break.
pub(crate) fn duplicate_email(error: RepoError) -> IdentityRefusal {
    match error {
        RepoError::Duplicate(_) => IdentityRefusal::EmailTaken,
        other => other.into(),
    }
}
