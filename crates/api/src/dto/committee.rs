use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::committees::{Committee, CommitteeDocument, CommitteeMember, CommitteeMessage, CommitteeRole};

/// A committee as the caller sees it: `role` is theirs in it, null when they are not a member.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Committee)]
pub struct CommitteeBody {
    pub id: i32,
    pub name: String,
    pub description: String,
    pub archived: bool,
    pub member_count: i64,
    #[schema(required = true, value_type = Option<crate::schemas::CommitteeRoleSchema>)]
    pub role: Option<CommitteeRole>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub created_at: DateTime<Utc>,
}

impl From<Committee> for CommitteeBody {
    fn from(committee: Committee) -> Self {
        Self {
            id: committee.id.0,
            name: committee.name,
            description: committee.description,
            archived: committee.archived,
            member_count: committee.member_count,
            role: committee.viewer_role,
            created_at: committee.created_at,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CommitteeMember)]
pub struct CommitteeMemberBody {
    pub user_id: i32,
    pub name: String,
    pub email: String,
    #[schema(value_type = crate::schemas::CommitteeRoleSchema)]
    pub role: CommitteeRole,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub joined_at: DateTime<Utc>,
}

impl From<CommitteeMember> for CommitteeMemberBody {
    fn from(member: CommitteeMember) -> Self {
        Self {
            user_id: member.user_id.0,
            name: member.name,
            email: member.email,
            role: member.role,
            joined_at: member.joined_at,
        }
    }
}

/// `{id, name}` of whoever wrote a message or uploaded a committee document.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Author)]
pub struct AuthorBody {
    pub id: i32,
    pub name: String,
}

/// A chat message; `user` is null once the author's account has been deleted.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CommitteeMessage)]
pub struct CommitteeMessageBody {
    pub id: i64,
    pub message: String,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub sent_at: DateTime<Utc>,
    #[schema(required = true)]
    pub user: Option<AuthorBody>,
}

impl From<CommitteeMessage> for CommitteeMessageBody {
    fn from(message: CommitteeMessage) -> Self {
        Self {
            id: message.id.0,
            message: message.message,
            sent_at: message.sent_at,
            user: message.user.map(|author| AuthorBody { id: author.id.0, name: author.name }),
        }
    }
}

/// A file shared inside a committee; `uploadedBy` is null once the uploader's account has been deleted.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CommitteeDocument)]
pub struct CommitteeDocumentBody {
    pub id: i32,
    pub title: String,
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub uploaded_at: DateTime<Utc>,
    #[schema(required = true)]
    pub uploaded_by: Option<AuthorBody>,
}

impl From<CommitteeDocument> for CommitteeDocumentBody {
    fn from(document: CommitteeDocument) -> Self {
        Self {
            id: document.id.0,
            title: document.title,
            file_name: document.file_name,
            mime_type: document.mime_type,
            file_size: document.file_size,
            uploaded_at: document.uploaded_at,
            uploaded_by: document.uploaded_by.map(|author| AuthorBody { id: author.id.0, name: author.name }),
        }
    }
}
