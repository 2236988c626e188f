pub mod create_request;
pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::identity::role::Role;
use crate::UserId;

/// A member of the board with an account. The password hash is never part of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub active: bool,
    pub phone: Option<String>,
    pub created_at: DateTime<Utc>,
    pub require_password_change: bool,
    /// Carried in session tokens; a token with another version is revoked.
    pub token_version: i32,
    /// Until when a temporary password (`require_password_change`) still signs in.
    pub temp_password_expires_at: Option<DateTime<Utc>>,
    /// Two-factor sign-in is on: the password alone does not open a session.
    pub mfa_enabled: bool,
    /// A guest's access ends then (spec §6 Guests): every session ends and sign-in is refused. `None` for
    /// members of the board.
    pub access_ends_at: Option<DateTime<Utc>>,
}

impl User {
    /// Whether a guest's access has ended by `now` (never, for members of the board).
    pub fn access_ended(&self, now: DateTime<Utc>) -> bool {
        self.access_ends_at.is_some_and(|ends| ends <= now)
    }
}

/// A user to insert; the password is already hashed.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub name: String,
    pub email: String,
    pub role: Role,
    pub phone: Option<String>,
    pub password_hash: String,
    pub require_password_change: bool,
    /// Set with `require_password_change`: when the temporary password stops working.
    pub temp_password_expires_at: Option<DateTime<Utc>>,
}

/// The editable fields of a user (spec §7 Update user).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserChanges {
    pub name: String,
    pub email: String,
    pub role: Role,
    pub active: bool,
    pub phone: Option<String>,
}
