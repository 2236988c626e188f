//! Signing the board's records and checking signed files (docs/spec.md §16 Signatures and checking).
//!
//! One flow for every kind of record (`records.rs` says who signs what and prints it). The signer's
//! password or code is checked by the identity services before `sign` is called (the edge passes the
//! method that succeeded): a session alone never reaches it.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::identity::sign_in_throttle::service::begin_verify;
use crate::identity::user::User;
use crate::identity::{LoginThrottle, UserRepository};
use crate::library::FileStore;
use crate::meetings::Typesetter;
use crate::shared::error::DomainError;
use crate::shared::{Clock, Received};
use crate::signing::page::{normalise_code, sha256_hex, signature_page, verification_code, PageFacts};
use crate::signing::records::{Printed, Signable, SignedRecords};
use crate::signing::{
    NameSignerRequest, NamedSigner, NewSignature, PdfSealer, SealDetails, SignTarget, Signature,
    SignatureRepository, SignedRecord, SigningMethod, SigningRefusal,
};
use crate::MeetingId;

pub use crate::signing::records::CHAIR_OF_THE_MEETING;

/// What the public check answers: who signed, in what role, and when. Nothing else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    pub signer_name: String,
    pub role: String,
    pub signed_at: DateTime<Utc>,
}

/// What is checked on the public page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckRequest {
    /// The exact bytes of a file.
    File(Vec<u8>),
    /// A verification code as typed (case, spaces and dashes do not matter).
    Code(String),
}

#[derive(Clone)]
pub struct SigningService {
    pub signatures: Arc<dyn SignatureRepository>,
    /// Who signs which record, and its printed document.
    pub records: SignedRecords,
    /// To check that a named signer is an active user who may read the minutes.
    pub users: Arc<dyn UserRepository>,
    pub typesetter: Arc<dyn Typesetter>,
    pub sealer: Arc<dyn PdfSealer>,
    pub files: Arc<dyn FileStore>,
    pub throttle: Arc<dyn LoginThrottle>,
    pub clock: Arc<dyn Clock>,
    /// `PUBLIC_URL` followed by `/verify`: printed on every signature page.
    pub verify_url: String,
}

impl SigningService {
    /// The certificate the portal signs with (PEM), published for offline checks.
    pub fn certificate_pem(&self) -> String {
        self.sealer.certificate_pem()
    }

    /// The record `actor` may sign now and the role they sign it in: who may sign it, whether it is in a
    /// state to be signed, and that it is not signed yet. Checked before the password or code is, and
    /// again when signing.
    pub fn check_may_sign(&self, actor: &User, target: SignTarget) -> Result<Signable, SigningRefusal> {
        let signable = self.records.may_sign(actor, target)?;
        if self.signatures.find_for(signable.record)?.is_some() {
            return Err(SigningRefusal::AlreadySigned(signable.record.kind()));
        }
        Ok(signable)
    }

    /// Signs the record: its PDF with a signature page, sealed with the portal's key, stored, and
    /// recorded. `method` is how the signer confirmed it was them in this very request.
    pub fn sign(
        &self,
        actor: &User,
        target: SignTarget,
        method: SigningMethod,
    ) -> Result<Signature, SigningRefusal> {
        let signable = self.check_may_sign(actor, target)?;
        let Printed { file_name, mut document, reason } = self.records.print(actor, &signable)?;
        let before = self.typesetter.typeset(&document).map_err(DomainError::Unexpected)?;
        let document_sha256 = sha256_hex(&before);
        let now = self.clock.now();
        let code = verification_code();
        document.blocks.extend(signature_page(&PageFacts {
            portal_name: &self.records.portal_name,
            signer: &actor.name,
            role: signable.role,
            at: now,
            method,
            document_sha256: &document_sha256,
            code: &code,
            verify_url: &self.verify_url,
        }));
        let unsigned = self.typesetter.typeset(&document).map_err(DomainError::Unexpected)?;
        let details = SealDetails {
            signer_name: actor.name.clone(),
            reason,
            location: self.records.portal_name.clone(),
            at: now,
        };
        let signed = self.sealer.seal(&unsigned, &details).map_err(DomainError::Unexpected)?;
        let mut pending = self.files.begin().map_err(DomainError::Unexpected)?;
        std::io::Write::write_all(&mut pending, &signed).map_err(|e| DomainError::Unexpected(e.into()))?;
        let file_key = pending.commit().map_err(DomainError::Unexpected)?;
        let new = NewSignature {
            record: signable.record,
            signer_id: actor.id,
            signer_name: actor.name.clone(),
            role: signable.role.to_string(),
            method,
            signed_at: now,
            document_sha256,
            signed_sha256: sha256_hex(&signed),
            verification_code: code,
            file_key: file_key.clone(),
            file_name: file_name.replace(".pdf", " - signed.pdf"),
        };
        match self.signatures.insert(&new)? {
            Some(signature) => Ok(signature),
            None => {
                // Another request signed the same record first: its signature stands.
                let _ = self.files.delete(&file_key);
                Err(SigningRefusal::AlreadySigned(signable.record.kind()))
            }
        }
    }

    /// The record's signature (the minutes' current version's), for whoever may read it.
    pub fn signature(&self, actor: &User, target: SignTarget) -> Result<Option<Signature>, SigningRefusal> {
        let record = self.records.record_of(actor, target)?;
        Ok(self.signatures.find_for(record)?)
    }

    /// The signed PDF: its file name and bytes, exactly as signed.
    pub fn signed_pdf(&self, actor: &User, target: SignTarget) -> Result<(String, Vec<u8>), SigningRefusal> {
        let record = self.records.record_of(actor, target)?;
        self.signed_file(record)
    }

    /// Every signed version of the meeting's minutes, newest first, for whoever may read the minutes
    /// (the same rule as the current version's signature). Drafts are never signed, so a reader who may
    /// not see a draft learns nothing of one.
    pub fn minutes_signatures(
        &self,
        actor: &User,
        meeting: MeetingId,
    ) -> Result<Vec<Signature>, SigningRefusal> {
        let record = self.records.record_of(actor, SignTarget::Minutes(meeting))?;
        Ok(self.signatures.every_version_of(record)?)
    }

    /// The signed PDF of one version of the meeting's minutes, current or earlier, for whoever may read
    /// the minutes; a version with no signature is `NotSigned` (spec §16: the old signed one stays).
    pub fn signed_minutes_version_pdf(
        &self,
        actor: &User,
        meeting: MeetingId,
        version: i32,
    ) -> Result<(String, Vec<u8>), SigningRefusal> {
        self.records.record_of(actor, SignTarget::Minutes(meeting))?;
        self.signed_file(SignedRecord::Minutes { meeting, version })
    }

    fn signed_file(&self, record: SignedRecord) -> Result<(String, Vec<u8>), SigningRefusal> {
        let signature = self.signatures.find_for(record)?.ok_or(SigningRefusal::NotSigned(record.kind()))?;
        let bytes = self.files.read(&signature.file_key).map_err(DomainError::Unexpected)?;
        Ok((signature.file_name, bytes))
    }

    /// The trustee named to sign the meeting's minutes, for whoever may read the minutes.
    pub fn minutes_signer(&self, actor: &User, id: MeetingId) -> Result<Option<NamedSigner>, SigningRefusal> {
        self.records.minutes.current(actor, id)?;
        Ok(self.records.minutes_signers.named(id)?)
    }

    /// An officer names who signs the meeting's minutes besides the chair (or, with no user, nobody): an
    /// active user who may read the minutes.
    pub fn name_minutes_signer(
        &self,
        actor: &User,
        id: MeetingId,
        input: NameSignerRequest,
    ) -> Result<Option<NamedSigner>, SigningRefusal> {
        if !actor.role.is_officer() {
            return Err(SigningRefusal::NamingOfficersOnly);
        }
        self.records.minutes.current(actor, id)?;
        let signer = match input.user_id {
            Received::Absent => None,
            Received::Unreadable => return Err(SigningRefusal::NoSuchSigner),
            Received::Given(user_id) => {
                let user = self
                    .users
                    .find(user_id)?
                    .filter(|u| u.active && u.role.is_board_member())
                    .ok_or(SigningRefusal::NoSuchSigner)?;
                // A committee meeting's minutes are read by its members only: the signer must be one.
                self.records.minutes.versions(&user, id).map_err(|_| SigningRefusal::SignerCannotRead)?;
                Some(user.id)
            }
        };
        self.records.minutes_signers.name(id, signer, actor.id, self.clock.now())?;
        Ok(self.records.minutes_signers.named(id)?)
    }

    /// The public check: is this exactly a file the portal signed (or a code it printed)? Every check
    /// counts against the caller's address (`client`), so codes cannot be enumerated.
    pub fn check(&self, request: &CheckRequest, client: &str) -> Result<Option<Verified>, SigningRefusal> {
        let found = match request {
            // A file is found only by its exact bytes, which cannot be guessed: an auditor checking a
            // year's records (or an office behind one address) is never held back (spec §16 Checking).
            CheckRequest::File(bytes) => self.signatures.find_by_signed_sha256(&sha256_hex(bytes))?,
            // Codes are short enough to try one after another: every check counts against the address.
            CheckRequest::Code(code) => {
                begin_verify(self.throttle.as_ref(), client, self.clock.now())?;
                match normalise_code(code) {
                    Some(code) => self.signatures.find_by_code(&code)?,
                    None => None,
                }
            }
        };
        Ok(found.map(|s| Verified { signer_name: s.signer_name, role: s.role, signed_at: s.signed_at }))
    }
}
