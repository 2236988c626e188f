use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::identity::directory::{DirectoryCommittee, DirectoryEntry};
use domain::identity::role::Role;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DirectoryEntry)]
pub struct DirectoryEntryBody {
    pub id: i32,
    pub name: String,
    pub email: String,
    #[schema(required = true)]
    pub phone: Option<String>,
    #[schema(value_type = crate::schemas::RoleSchema)]
    pub role: Role,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub joined_date: DateTime<Utc>,
    pub committees: Vec<DirectoryCommitteeBody>,
}

/// `role` is "chair" for a committee chair, "member" otherwise (the directory's own spelling).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DirectoryCommittee)]
pub struct DirectoryCommitteeBody {
    pub id: i32,
    pub name: String,
    #[schema(value_type = crate::schemas::DirectoryCommitteeRoleSchema)]
    pub role: &'static str,
}

impl From<DirectoryCommittee> for DirectoryCommitteeBody {
    fn from(committee: DirectoryCommittee) -> Self {
        Self { id: committee.id.0, name: committee.name, role: committee.role.directory_label() }
    }
}

impl From<DirectoryEntry> for DirectoryEntryBody {
    fn from(entry: DirectoryEntry) -> Self {
        Self {
            id: entry.id.0,
            name: entry.name,
            email: entry.email,
            phone: entry.phone,
            role: entry.role,
            joined_date: entry.joined,
            committees: entry.committees.into_iter().map(DirectoryCommitteeBody::from).collect(),
        }
    }
}
