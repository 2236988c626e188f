use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::committees::{
    Author, CommitteeDocument, CommitteeDocumentRepository, CommitteesRefusal, NewCommitteeDocument,
};
use domain::library::files::StorageKey;
use domain::{CommitteeDocumentId, CommitteeId, RepoError, UserId};

use super::committees::{lock_active_committee, Tx};
use crate::schema::{committee_documents, users};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = committee_documents)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct DocumentRow {
    id: i32,
    committee_id: i32,
    title: String,
    file_name: String,
    mime_type: String,
    file_size: i64,
    storage_key: String,
    uploaded_by: Option<i32>,
    uploaded_at: DateTime<Utc>,
}

fn to_document(row: DocumentRow, uploader_name: Option<String>) -> Result<CommitteeDocument, RepoError> {
    let storage_key = StorageKey::parse(&row.storage_key)
        .ok_or_else(|| bad_value("committee_documents.storage_key", &row.storage_key))?;
    Ok(CommitteeDocument {
        id: CommitteeDocumentId(row.id),
        committee_id: CommitteeId(row.committee_id),
        title: row.title,
        file_name: row.file_name,
        mime_type: row.mime_type,
        file_size: row.file_size,
        storage_key,
        uploaded_at: row.uploaded_at,
        uploaded_by: row.uploaded_by.zip(uploader_name).map(|(id, name)| Author { id: UserId(id), name }),
    })
}

type Listed = (DocumentRow, Option<String>);

/// Documents with their uploader's name, optionally only one of them.
fn load(
    conn: &mut PgConnection,
    committee: CommitteeId,
    only: Option<CommitteeDocumentId>,
) -> Result<Vec<CommitteeDocument>, RepoError> {
    let mut query = committee_documents::table
        .left_join(users::table)
        .filter(committee_documents::committee_id.eq(committee.0))
        .select((DocumentRow::as_select(), users::name.nullable()))
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(committee_documents::id.eq(id.0));
    }
    let rows = query
        .order((committee_documents::uploaded_at.desc(), committee_documents::id.desc()))
        .load::<Listed>(conn)
        .map_err(repo_error)?;
    rows.into_iter().map(|(row, name)| to_document(row, name)).collect()
}

pub struct PgCommitteeDocumentRepository {
    pool: PgPool,
}

impl PgCommitteeDocumentRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl CommitteeDocumentRepository for PgCommitteeDocumentRepository {
    fn list(&self, committee: CommitteeId) -> Result<Vec<CommitteeDocument>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        load(&mut conn, committee, None)
    }

    fn find(
        &self,
        committee: CommitteeId,
        id: CommitteeDocumentId,
    ) -> Result<Option<CommitteeDocument>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        Ok(load(&mut conn, committee, Some(id))?.into_iter().next())
    }

    fn create(&self, document: NewCommitteeDocument) -> Result<CommitteeDocument, CommitteesRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (row, name) = conn
            .transaction(|conn| -> Tx<Listed> {
                lock_active_committee(conn, document.committee_id)?;
                let row = diesel::insert_into(committee_documents::table)
                    .values((
                        committee_documents::committee_id.eq(document.committee_id.0),
                        committee_documents::title.eq(&document.title),
                        committee_documents::file_name.eq(&document.file_name),
                        committee_documents::mime_type.eq(&document.mime_type),
                        committee_documents::file_size.eq(document.file_size),
                        committee_documents::storage_key.eq(document.storage_key.as_str()),
                        committee_documents::uploaded_by.eq(document.uploaded_by.0),
                        committee_documents::uploaded_at.eq(document.uploaded_at),
                    ))
                    .returning(DocumentRow::as_returning())
                    .get_result(conn)?;
                let name = users::table
                    .find(document.uploaded_by.0)
                    .select(users::name)
                    .first::<String>(conn)
                    .optional()?;
                Ok((row, name))
            })
            .map_err(Refusal::into_error)?;
        Ok(to_document(row, name)?)
    }
}
