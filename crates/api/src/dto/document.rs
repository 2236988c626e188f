use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::library::document::{Document, DocumentCategory, Uploader};

/// `{id, name}` of whoever uploaded a file.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Uploader)]
pub struct UploaderBody {
    pub id: i32,
    pub name: String,
}

impl From<Uploader> for UploaderBody {
    fn from(uploader: Uploader) -> Self {
        Self { id: uploader.id.0, name: uploader.name }
    }
}

/// A document as the API shows it: never its storage key.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Document)]
pub struct DocumentBody {
    pub id: i32,
    pub title: String,
    #[schema(value_type = crate::schemas::DocumentCategorySchema)]
    pub category: DocumentCategory,
    pub version: String,
    pub mime_type: String,
    pub file_size: i64,
    pub file_name: String,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
    #[schema(required = true)]
    pub uploaded_by: Option<UploaderBody>,
}

impl From<Document> for DocumentBody {
    fn from(document: Document) -> Self {
        Self {
            id: document.id.0,
            title: document.title,
            category: document.category,
            version: document.version,
            mime_type: document.mime_type,
            file_size: document.file_size,
            file_name: document.file_name,
            updated_at: document.updated_at,
            uploaded_by: document.uploaded_by.map(UploaderBody::from),
        }
    }
}

/// `{url}`: where a new tab opens one file with a short-lived view ticket.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ViewLink)]
pub struct ViewLinkBody {
    pub url: String,
}

/// Only `ticket` is read from the query of a view link: a session token there is never accepted.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewQuery {
    /// The ticket from `view-ticket`; a missing or invalid one is 401.
    #[param(required = true)]
    pub ticket: Option<String>,
}
