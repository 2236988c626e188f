//! The append-only `signatures` table (its trigger refuses updates and deletes) and `signing_keys`.
//! A record is stored as its kind, id and version, and for a declaration the trustee whose it is.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::library::files::StorageKey;
use domain::signing::{NewSignature, Signature, SignatureRepository, SignedKind, SignedRecord};
use domain::{RepoError, UserId};

use crate::schema::{signatures, signing_keys};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = signatures)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct SignatureRow {
    id: i32,
    kind: String,
    record_id: i32,
    record_version: i32,
    signer_id: i32,
    signer_name: String,
    role: String,
    method: String,
    signed_at: DateTime<Utc>,
    document_sha256: String,
    signed_sha256: String,
    verification_code: String,
    file_key: String,
    file_name: String,
    record_user_id: Option<i32>,
}

fn to_signature(row: SignatureRow) -> Result<Signature, RepoError> {
    let kind: SignedKind = row.kind.parse().map_err(|_| bad_value("signatures.kind", &row.kind))?;
    let record =
        SignedRecord::from_parts(kind, row.record_id, row.record_version, row.record_user_id.map(UserId))
            .ok_or_else(|| bad_value("signatures.record_user_id", &format!("{:?}", row.record_user_id)))?;
    Ok(Signature {
        id: row.id,
        record,
        signer_id: UserId(row.signer_id),
        signer_name: row.signer_name,
        role: row.role,
        method: row.method.parse().map_err(|_| bad_value("signatures.method", &row.method))?,
        signed_at: row.signed_at,
        document_sha256: row.document_sha256,
        signed_sha256: row.signed_sha256,
        verification_code: row.verification_code,
        file_key: StorageKey::parse(&row.file_key)
            .ok_or_else(|| bad_value("signatures.file_key", &row.file_key))?,
        file_name: row.file_name,
    })
}

pub struct PgSignatureRepository {
    pool: PgPool,
}

impl PgSignatureRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    fn first(
        &self,
        query: signatures::BoxedQuery<'_, diesel::pg::Pg>,
    ) -> Result<Option<Signature>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = query.select(SignatureRow::as_select()).first(&mut conn).optional().map_err(repo_error)?;
        row.map(to_signature).transpose()
    }
}

impl SignatureRepository for PgSignatureRepository {
    fn insert(&self, s: &NewSignature) -> Result<Option<Signature>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = diesel::insert_into(signatures::table)
            .values((
                signatures::kind.eq(s.record.kind().as_str()),
                signatures::record_id.eq(s.record.record_id()),
                signatures::record_version.eq(s.record.version()),
                signatures::record_user_id.eq(s.record.record_user().map(|u| u.0)),
                signatures::signer_id.eq(s.signer_id.0),
                signatures::signer_name.eq(&s.signer_name),
                signatures::role.eq(&s.role),
                signatures::method.eq(s.method.as_str()),
                signatures::signed_at.eq(s.signed_at),
                signatures::document_sha256.eq(&s.document_sha256),
                signatures::signed_sha256.eq(&s.signed_sha256),
                signatures::verification_code.eq(&s.verification_code),
                signatures::file_key.eq(s.file_key.as_str()),
                signatures::file_name.eq(&s.file_name),
            ))
            .on_conflict((
                signatures::kind,
                signatures::record_id,
                signatures::record_version,
                signatures::record_user_id,
            ))
            .do_nothing()
            .returning(SignatureRow::as_returning())
            .get_result(&mut conn)
            .optional()
            .map_err(repo_error)?;
        row.map(to_signature).transpose()
    }

    fn find_for(&self, record: SignedRecord) -> Result<Option<Signature>, RepoError> {
        let mut query = signatures::table
            .filter(signatures::kind.eq(record.kind().as_str()))
            .filter(signatures::record_id.eq(record.record_id()))
            .filter(signatures::record_version.eq(record.version()))
            .into_boxed();
        query = match record.record_user() {
            Some(user) => query.filter(signatures::record_user_id.eq(user.0)),
            None => query.filter(signatures::record_user_id.is_null()),
        };
        self.first(query)
    }

    fn every_version_of(&self, record: SignedRecord) -> Result<Vec<Signature>, RepoError> {
        let mut query = signatures::table
            .filter(signatures::kind.eq(record.kind().as_str()))
            .filter(signatures::record_id.eq(record.record_id()))
            .into_boxed();
        query = match record.record_user() {
            Some(user) => query.filter(signatures::record_user_id.eq(user.0)),
            None => query.filter(signatures::record_user_id.is_null()),
        };
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows = query
            .order(signatures::record_version.desc())
            .select(SignatureRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(to_signature).collect()
    }

    fn find_by_signed_sha256(&self, sha256: &str) -> Result<Option<Signature>, RepoError> {
        self.first(signatures::table.filter(signatures::signed_sha256.eq(sha256.to_string())).into_boxed())
    }

    fn find_by_code(&self, code: &str) -> Result<Option<Signature>, RepoError> {
        self.first(signatures::table.filter(signatures::verification_code.eq(code.to_string())).into_boxed())
    }
}

/// The portal's signing key as stored: the key sealed under `SECRETS_KEY`, the certificate in clear.
pub struct StoredSigningKey {
    pub sealed_key: String,
    pub certificate_pem: String,
}

/// The one row of `signing_keys`.
pub struct PgSigningKeys {
    pool: PgPool,
}

impl PgSigningKeys {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    /// The stored key, if a server made one.
    pub fn load(&self) -> Result<Option<StoredSigningKey>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row: Option<(String, String)> = signing_keys::table
            .find(1)
            .select((signing_keys::sealed_key, signing_keys::certificate_pem))
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Ok(row.map(|(sealed_key, certificate_pem)| StoredSigningKey { sealed_key, certificate_pem }))
    }

    /// Stores a new key unless another server stored one first; returns the one that is kept.
    pub fn keep_first(&self, new: StoredSigningKey) -> Result<StoredSigningKey, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::insert_into(signing_keys::table)
            .values((
                signing_keys::id.eq(1),
                signing_keys::sealed_key.eq(&new.sealed_key),
                signing_keys::certificate_pem.eq(&new.certificate_pem),
            ))
            .on_conflict_do_nothing()
            .execute(&mut conn)
            .map_err(repo_error)?;
        drop(conn);
        self.load()?.ok_or_else(|| bad_value("signing_keys", "missing after insert"))
    }
}
