use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::library::document::{Document, DocumentCategory, NewDocument, Uploader};
use domain::library::files::StorageKey;
use domain::library::{DocumentRepository, LibraryRefusal};
use domain::{DocumentId, RepoError, UserId};

use crate::schema::{documents, users};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = documents)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct DocumentRow {
    id: i32,
    title: String,
    category: String,
    version: String,
    file_name: String,
    mime_type: String,
    file_size: i64,
    storage_key: String,
    uploaded_by: Option<i32>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

pub(crate) fn storage_key(column: &str, raw: &str) -> Result<StorageKey, RepoError> {
    StorageKey::parse(raw).ok_or_else(|| bad_value(column, raw))
}

impl DocumentRow {
    fn into_document(self, uploader_name: Option<String>) -> Result<Document, RepoError> {
        let category: DocumentCategory =
            self.category.parse().map_err(|_| bad_value("documents.category", &self.category))?;
        let uploaded_by = match (self.uploaded_by, uploader_name) {
            (Some(id), Some(name)) => Some(Uploader { id: UserId(id), name }),
            _ => None,
        };
        Ok(Document {
            id: DocumentId(self.id),
            title: self.title,
            category,
            version: self.version,
            file_name: self.file_name,
            mime_type: self.mime_type,
            file_size: self.file_size,
            storage_key: storage_key("documents.storage_key", &self.storage_key)?,
            uploaded_by,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

pub struct PgDocumentRepository {
    pool: PgPool,
}

impl PgDocumentRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl DocumentRepository for PgDocumentRepository {
    fn list(&self, category: Option<DocumentCategory>) -> Result<Vec<Document>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let mut query = documents::table
            .left_join(users::table)
            .select((DocumentRow::as_select(), users::name.nullable()))
            .order((documents::updated_at.desc(), documents::id.desc()))
            .into_boxed();
        if let Some(category) = category {
            query = query.filter(documents::category.eq(category.as_str()));
        }
        let rows = query.load::<(DocumentRow, Option<String>)>(&mut conn).map_err(repo_error)?;
        rows.into_iter().map(|(row, name)| row.into_document(name)).collect()
    }

    fn find(&self, id: DocumentId) -> Result<Option<Document>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        documents::table
            .left_join(users::table)
            .filter(documents::id.eq(id.0))
            .select((DocumentRow::as_select(), users::name.nullable()))
            .first::<(DocumentRow, Option<String>)>(&mut conn)
            .optional()
            .map_err(repo_error)?
            .map(|(row, name)| row.into_document(name))
            .transpose()
    }

    fn create(&self, document: NewDocument) -> Result<Document, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (row, name) = conn
            .transaction(|conn| {
                let row = diesel::insert_into(documents::table)
                    .values((
                        documents::title.eq(document.title),
                        documents::category.eq(document.category.as_str()),
                        documents::version.eq(document.version),
                        documents::file_name.eq(document.file_name),
                        documents::mime_type.eq(document.mime_type),
                        documents::file_size.eq(document.file_size),
                        documents::storage_key.eq(document.storage_key.as_str()),
                        documents::uploaded_by.eq(document.uploaded_by.0),
                        documents::created_at.eq(document.uploaded_at),
                        documents::updated_at.eq(document.uploaded_at),
                    ))
                    .returning(DocumentRow::as_returning())
                    .get_result(conn)?;
                let name =
                    users::table.find(document.uploaded_by.0).select(users::name).first(conn).optional()?;
                Ok::<_, diesel::result::Error>((row, name))
            })
            .map_err(repo_error)?;
        row.into_document(name)
    }

    fn delete(&self, id: DocumentId) -> Result<StorageKey, LibraryRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let key: Option<String> = diesel::delete(documents::table.find(id.0))
            .returning(documents::storage_key)
            .get_result(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Ok(storage_key("documents.storage_key", &key.ok_or(LibraryRefusal::DocumentNotFound)?)?)
    }
}
