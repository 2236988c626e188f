//! Signatures on the board's records and checking them (docs/spec.md §16 Signatures and checking):
//! approved written minutes signed by the meeting's chair (or the trustee the board names), passed
//! written resolutions certified by the chair, and each trustee's own annual declaration, every one
//! confirmed in the signing request itself with the signer's password or two-factor code; the signed PDF
//! carries a signature page and a PDF digital signature made with the portal's own key ([`PdfSealer`]);
//! every signature is a row nobody can change ([`SignatureRepository`]); anyone may check a file or a
//! verification code without signing in.

pub mod named_signer;
pub mod page;
pub mod records;
pub mod refusal;
pub mod service;

pub use named_signer::{MinutesSignerRepository, NameSignerRequest, NamedSigner};
pub use records::{SignTarget, SignedRecords};
pub use refusal::SigningRefusal;
pub use service::SigningService;

use chrono::{DateTime, Utc};

use crate::library::files::StorageKey;
use crate::{DeclarationRoundId, MeetingId, RepoError, ResolutionId, UserId};

string_enum!(
    /// What kind of record a signature is on.
    SignedKind {
        Minutes => "minutes",
        Resolution => "resolution",
        Declaration => "declaration",
    }
);

/// The exact record a signature is on: one signature each (spec §16 Signing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignedRecord {
    /// One version of a meeting's written minutes: a correction is a new version to sign.
    Minutes { meeting: MeetingId, version: i32 },
    /// A passed written resolution (decided once, never changed).
    Resolution(ResolutionId),
    /// One trustee's declaration in a round (made once, never changed).
    Declaration { round: DeclarationRoundId, trustee: UserId },
}

impl SignedRecord {
    pub fn kind(self) -> SignedKind {
        match self {
            SignedRecord::Minutes { .. } => SignedKind::Minutes,
            SignedRecord::Resolution(_) => SignedKind::Resolution,
            SignedRecord::Declaration { .. } => SignedKind::Declaration,
        }
    }

    /// The signed record's id: the meeting's, the resolution's or the round's.
    pub fn record_id(self) -> i32 {
        match self {
            SignedRecord::Minutes { meeting, .. } => meeting.0,
            SignedRecord::Resolution(id) => id.0,
            SignedRecord::Declaration { round, .. } => round.0,
        }
    }

    /// The minutes' version; 1 for the records that never change.
    pub fn version(self) -> i32 {
        match self {
            SignedRecord::Minutes { version, .. } => version,
            SignedRecord::Resolution(_) | SignedRecord::Declaration { .. } => 1,
        }
    }

    /// Whose declaration it is; `None` for the board's records.
    pub fn record_user(self) -> Option<UserId> {
        match self {
            SignedRecord::Declaration { trustee, .. } => Some(trustee),
            SignedRecord::Minutes { .. } | SignedRecord::Resolution(_) => None,
        }
    }

    /// The record again from its stored parts; `None` when they do not make one.
    pub fn from_parts(
        kind: SignedKind,
        record_id: i32,
        version: i32,
        record_user: Option<UserId>,
    ) -> Option<Self> {
        match (kind, record_user) {
            (SignedKind::Minutes, None) => {
                Some(SignedRecord::Minutes { meeting: MeetingId(record_id), version })
            }
            (SignedKind::Resolution, None) => Some(SignedRecord::Resolution(ResolutionId(record_id))),
            (SignedKind::Declaration, Some(trustee)) => {
                Some(SignedRecord::Declaration { round: DeclarationRoundId(record_id), trustee })
            }
            _ => None,
        }
    }
}

string_enum!(
    /// How the signer confirmed it was them, in the signing request: the password, an authenticator's
    /// code, or a single-use recovery code of two-factor sign-in (a trustee who lost their phone still
    /// signs, and the record says so truthfully).
    SigningMethod {
        Password => "password",
        Totp => "totp",
        RecoveryCode => "recovery_code",
    }
);

/// One signature, as stored (never changed or removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    pub id: i32,
    pub record: SignedRecord,
    pub signer_id: UserId,
    pub signer_name: String,
    /// The role the signer signed in, in words ("Chair of the meeting").
    pub role: String,
    pub method: SigningMethod,
    pub signed_at: DateTime<Utc>,
    /// SHA-256 (lowercase hexadecimal) of the document before it was signed.
    pub document_sha256: String,
    /// SHA-256 (lowercase hexadecimal) of the exact bytes of the signed PDF.
    pub signed_sha256: String,
    /// The random code printed on the signature page, `ABCDE-FGHIJ`.
    pub verification_code: String,
    pub file_key: StorageKey,
    pub file_name: String,
}

/// A signature to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSignature {
    pub record: SignedRecord,
    pub signer_id: UserId,
    pub signer_name: String,
    pub role: String,
    pub method: SigningMethod,
    pub signed_at: DateTime<Utc>,
    pub document_sha256: String,
    pub signed_sha256: String,
    pub verification_code: String,
    pub file_key: StorageKey,
    pub file_name: String,
}

/// Where signatures are kept: append-only (the database refuses updates and deletes).
pub trait SignatureRepository: Send + Sync {
    /// Records a signature; `Ok(None)` when the record is already signed.
    fn insert(&self, signature: &NewSignature) -> Result<Option<Signature>, RepoError>;
    /// The signature of a record, if it is signed.
    fn find_for(&self, record: SignedRecord) -> Result<Option<Signature>, RepoError>;
    /// The signatures of every version of the record (same kind, id and trustee), newest version first:
    /// a correction of minutes is a new version to sign, and the old signed one stays (spec §16).
    fn every_version_of(&self, record: SignedRecord) -> Result<Vec<Signature>, RepoError>;
    /// The signature whose signed PDF has exactly this SHA-256.
    fn find_by_signed_sha256(&self, sha256: &str) -> Result<Option<Signature>, RepoError>;
    /// The signature with this verification code (as stored: upper case with its dash).
    fn find_by_code(&self, code: &str) -> Result<Option<Signature>, RepoError>;
}

/// What the PDF's signature dictionary says besides the signature itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealDetails {
    pub signer_name: String,
    pub reason: String,
    pub location: String,
    pub at: DateTime<Utc>,
}

/// Adds a PDF digital signature made with the portal's own key (an adapter: `pdf-sign`).
pub trait PdfSealer: Send + Sync {
    /// The portal's signing certificate, PEM, published for offline checks.
    fn certificate_pem(&self) -> String;
    /// The PDF with a signature over all of its bytes (an incremental update).
    fn seal(&self, pdf: &[u8], details: &SealDetails) -> anyhow::Result<Vec<u8>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_stored_as_its_parts_and_read_back_from_them() {
        let records = [
            SignedRecord::Minutes { meeting: MeetingId(4), version: 2 },
            SignedRecord::Resolution(ResolutionId(9)),
            SignedRecord::Declaration { round: DeclarationRoundId(3), trustee: UserId(7) },
        ];
        for record in records {
            let parts = (record.kind(), record.record_id(), record.version(), record.record_user());
            assert_eq!(SignedRecord::from_parts(parts.0, parts.1, parts.2, parts.3), Some(record));
        }
        // A declaration names its trustee; the board's records never do.
        assert_eq!(SignedRecord::from_parts(SignedKind::Declaration, 3, 1, None), None);
        assert_eq!(SignedRecord::from_parts(SignedKind::Resolution, 9, 1, Some(UserId(7))), None);
    }
}
