pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::library::files::StorageKey;
use crate::{DocumentId, UserId};

string_enum!(
    /// The library's categories, one tab each (spec §2 Documents).
    DocumentCategory {
        Governance => "governance",
        Finance => "finance",
        Safeguarding => "safeguarding",
        RiskRegister => "risk-register",
        Policies => "policies",
        Misc => "misc",
    }
);

/// Who uploaded a file; `None` on the record once their account has been deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uploader {
    pub id: UserId,
    pub name: String,
}

/// A paper in the board's library (spec §3 Document).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub id: DocumentId,
    pub title: String,
    pub category: DocumentCategory,
    pub version: String,
    /// The cleaned original name, for downloads.
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    pub storage_key: StorageKey,
    pub uploaded_by: Option<Uploader>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A validated document whose file is already committed under `storage_key`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDocument {
    pub title: String,
    pub category: DocumentCategory,
    pub version: String,
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    pub storage_key: StorageKey,
    pub uploaded_by: UserId,
    pub uploaded_at: DateTime<Utc>,
}
