//! What signing prints and the codes it makes (docs/spec.md §16 Signing): the signature page, the
//! SHA-256 of the bytes, and the verification code.

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::meetings::PrintBlock;
use crate::signing::SigningMethod;

/// Who signed, as what, when and how: what the signature page says besides the hash and the code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageFacts<'a> {
    pub portal_name: &'a str,
    pub signer: &'a str,
    pub role: &'a str,
    pub at: DateTime<Utc>,
    pub method: SigningMethod,
    pub document_sha256: &'a str,
    pub code: &'a str,
    pub verify_url: &'a str,
}

/// The signature page's blocks: who signed, as what, when and how, the document's hash before signing,
/// the code and where to check it.
pub fn signature_page(facts: &PageFacts<'_>) -> Vec<PrintBlock> {
    let how = match facts.method {
        SigningMethod::Password => "confirmed with their password",
        SigningMethod::Totp => "confirmed with a two-factor code",
        SigningMethod::RecoveryCode => "confirmed with a recovery code",
    };
    vec![
        PrintBlock::Gap,
        PrintBlock::Gap,
        PrintBlock::Heading("Signature page".into()),
        PrintBlock::Paragraph(format!("Signed electronically in {}.", facts.portal_name)),
        PrintBlock::Paragraph(format!(
            "{}, {}, signed on {} UTC, {how}.",
            facts.signer,
            facts.role,
            facts.at.format("%-d %B %Y at %H:%M")
        )),
        PrintBlock::Note("SHA-256 of the document before signing:".into()),
        PrintBlock::Paragraph(facts.document_sha256.to_string()),
        PrintBlock::Paragraph(format!("Verification code: {}", facts.code)),
        PrintBlock::Paragraph(format!("Check this document at {}", facts.verify_url)),
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
pub fn verification_code() -> String {
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
pub fn normalise_code(typed: &str) -> Option<String> {
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
