//! Signing approved minutes and checking signed files (docs/spec.md §16 Signatures and checking).
//!
//! The signer's password or code is checked by the identity services before `sign_minutes` is called
//! (the edge passes the method that succeeded): a session alone never reaches it.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::identity::role::Role;
use crate::identity::sign_in_throttle::service::begin_verify;
use crate::identity::user::User;
use crate::identity::LoginThrottle;
use crate::library::FileStore;
use crate::meetings::written_minutes::{WrittenMinutes, WrittenMinutesStatus};
use crate::meetings::{PrintBlock, Typesetter, WrittenMinutesService};
use crate::shared::error::DomainError;
use crate::shared::Clock;
use crate::signing::{
    NewSignature, PdfSealer, SealDetails, Signature, SignatureRepository, SignedKind, SigningMethod,
    SigningRefusal,
};
use crate::MeetingId;

/// The role a chair signs minutes in, as printed and recorded.
pub const CHAIR_OF_THE_MEETING: &str = "Chair of the meeting";

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
    pub minutes: WrittenMinutesService,
    pub typesetter: Arc<dyn Typesetter>,
    pub sealer: Arc<dyn PdfSealer>,
    pub files: Arc<dyn FileStore>,
    pub throttle: Arc<dyn LoginThrottle>,
    pub clock: Arc<dyn Clock>,
    /// `PUBLIC_URL` followed by `/verify`: printed on every signature page.
    pub verify_url: String,
    /// `PORTAL_NAME`, on the signed documents.
    pub portal_name: String,
}

impl SigningService {
    /// The certificate the portal signs with (PEM), published for offline checks.
    pub fn certificate_pem(&self) -> String {
        self.sealer.certificate_pem()
    }

    /// The current minutes of the meeting, when `actor` may sign them now: the minutes are approved (or
    /// locked), the actor chairs the board, and this version has no signature yet. Checked before the
    /// password or code is, and again when signing.
    pub fn check_may_sign_minutes(
        &self,
        actor: &User,
        id: MeetingId,
    ) -> Result<WrittenMinutes, SigningRefusal> {
        let minutes = self.minutes.current(actor, id)?;
        if !matches!(minutes.status, WrittenMinutesStatus::Approved | WrittenMinutesStatus::Locked) {
            return Err(SigningRefusal::NotApproved);
        }
        // The meeting's chair is the board's chair (spec §16: the chair signs the minutes).
        if actor.role != Role::Chair {
            return Err(SigningRefusal::OnlyTheChairSigns);
        }
        if self.signatures.find_for(SignedKind::Minutes, id.0, minutes.version)?.is_some() {
            return Err(SigningRefusal::AlreadySigned);
        }
        Ok(minutes)
    }

    /// Signs the current version of the meeting's approved minutes: the minutes' PDF with a signature
    /// page, sealed with the portal's key, stored, and recorded. `method` is how the signer confirmed it
    /// was them in this very request.
    pub fn sign_minutes(
        &self,
        actor: &User,
        id: MeetingId,
        method: SigningMethod,
    ) -> Result<Signature, SigningRefusal> {
        self.check_may_sign_minutes(actor, id)?;
        let (file_name, mut document, minutes) = self.minutes.print_document(actor, id, &self.portal_name)?;
        let before = self.typesetter.typeset(&document).map_err(DomainError::Unexpected)?;
        let document_sha256 = sha256_hex(&before);
        let now = self.clock.now();
        let code = verification_code();
        document.blocks.extend(signature_page(
            &self.portal_name,
            &actor.name,
            CHAIR_OF_THE_MEETING,
            now,
            method,
            &document_sha256,
            &code,
            &self.verify_url,
        ));
        let unsigned = self.typesetter.typeset(&document).map_err(DomainError::Unexpected)?;
        let details = SealDetails {
            signer_name: actor.name.clone(),
            reason: format!("{CHAIR_OF_THE_MEETING}: minutes version {} approved", minutes.version),
            location: self.portal_name.clone(),
            at: now,
        };
        let signed = self.sealer.seal(&unsigned, &details).map_err(DomainError::Unexpected)?;
        let mut pending = self.files.begin().map_err(DomainError::Unexpected)?;
        std::io::Write::write_all(&mut pending, &signed).map_err(|e| DomainError::Unexpected(e.into()))?;
        let file_key = pending.commit().map_err(DomainError::Unexpected)?;
        let new = NewSignature {
            kind: SignedKind::Minutes,
            record_id: id.0,
            record_version: minutes.version,
            signer_id: actor.id,
            signer_name: actor.name.clone(),
            role: CHAIR_OF_THE_MEETING.to_string(),
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
                // Another request signed the same version first: its signature stands.
                let _ = self.files.delete(&file_key);
                Err(SigningRefusal::AlreadySigned)
            }
        }
    }

    /// The signature of the current minutes version, for whoever may read the minutes.
    pub fn minutes_signature(
        &self,
        actor: &User,
        id: MeetingId,
    ) -> Result<Option<Signature>, SigningRefusal> {
        let minutes = self.minutes.current(actor, id)?;
        Ok(self.signatures.find_for(SignedKind::Minutes, id.0, minutes.version)?)
    }

    /// The signed PDF of the current minutes version: its file name and bytes.
    pub fn signed_minutes_pdf(
        &self,
        actor: &User,
        id: MeetingId,
    ) -> Result<(String, Vec<u8>), SigningRefusal> {
        let signature = self.minutes_signature(actor, id)?.ok_or(SigningRefusal::NotSigned)?;
        let bytes = self.files.read(&signature.file_key).map_err(DomainError::Unexpected)?;
        Ok((signature.file_name, bytes))
    }

    /// The public check: is this exactly a file the portal signed (or a code it printed)? Every check
    /// counts against the caller's address (`client`), so codes cannot be enumerated.
    pub fn check(&self, request: &CheckRequest, client: &str) -> Result<Option<Verified>, SigningRefusal> {
        begin_verify(self.throttle.as_ref(), client, self.clock.now())?;
        let found = match request {
            CheckRequest::File(bytes) => self.signatures.find_by_signed_sha256(&sha256_hex(bytes))?,
            CheckRequest::Code(code) => match normalise_code(code) {
                Some(code) => self.signatures.find_by_code(&code)?,
                None => None,
            },
        };
        Ok(found.map(|s| Verified { signer_name: s.signer_name, role: s.role, signed_at: s.signed_at }))
    }
}

/// The signature page's blocks: who signed, as what, when and how, the document's hash before signing,
/// the code and where to check it.
#[allow(clippy::too_many_arguments)]
fn signature_page(
    portal_name: &str,
    signer: &str,
    role: &str,
    at: DateTime<Utc>,
    method: SigningMethod,
    document_sha256: &str,
    code: &str,
    verify_url: &str,
) -> Vec<PrintBlock> {
    let how = match method {
        SigningMethod::Password => "confirmed with their password",
        SigningMethod::Totp => "confirmed with a two-factor code",
    };
    vec![
        PrintBlock::Gap,
        PrintBlock::Gap,
        PrintBlock::Heading("Signature page".into()),
        PrintBlock::Paragraph(format!("Signed electronically in {portal_name}.")),
        PrintBlock::Paragraph(format!("{signer}, {role}, signed on {} UTC, {how}.", at.format("%-d %B %Y at %H:%M"))),
        PrintBlock::Note("SHA-256 of the document before signing:".into()),
        PrintBlock::Paragraph(document_sha256.to_string()),
        PrintBlock::Paragraph(format!("Verification code: {code}")),
        PrintBlock::Paragraph(format!("Check this document at {verify_url}")),
        PrintBlock::Note(
            "This file carries a PDF digital signature made with the portal's certificate; any change to it breaks the signature."
                .into(),
        ),
    ]
}

/// SHA-256 as lowercase hexadecimal.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// Ten random base32 characters (50 bits) in two groups of five: `ABCDE-FGHIJ`.
fn verification_code() -> String {
    let mut code = String::with_capacity(11);
    for i in 0..10 {
        if i == 5 {
            code.push('-');
        }
        code.push(char::from(BASE32[rand::random_range(0..32usize)]));
    }
    code
}

/// A typed code as stored, or `None` when it cannot be one.
fn normalise_code(typed: &str) -> Option<String> {
    let letters: String =
        typed.chars().filter(|c| !c.is_whitespace() && *c != '-').map(|c| c.to_ascii_uppercase()).collect();
    if letters.len() != 10 || !letters.bytes().all(|b| BASE32.contains(&b)) {
        return None;
    }
    Some(format!("{}-{}", &letters[..5], &letters[5..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_ten_base32_characters_in_two_groups() {
        let code = verification_code();
        assert_eq!(code.len(), 11);
        assert_eq!(normalise_code(&code.to_lowercase().replace('-', " ")), Some(code));
        assert_eq!(normalise_code("ABCDE-FGHI1"), None);
        assert_eq!(normalise_code("short"), None);
    }
}
