pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::identity::role::CommitteeRole;
use crate::identity::role::Role;
use crate::{CommitteeId, UserId};

/// An active trustee as the directory lists them (spec §3 Directory entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryEntry {
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub role: Role,
    /// When their account was made.
    pub joined: DateTime<Utc>,
    /// Their active committees, by name.
    pub committees: Vec<DirectoryCommittee>,
    /// The current skills they rate themselves strong in, in the board's order (docs/spec.md §18).
    pub strong_skills: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryCommittee {
    pub id: CommitteeId,
    pub name: String,
    pub role: CommitteeRole,
}
