//! Checking a signed PDF the way an auditor would (docs/spec.md §16 Checking): its SHA-256 is the one
//! recorded, poppler's `pdfsig` says its PDF signature is valid and covers the whole file, `/api/verify`
//! names the signer's role, and a one-byte change is neither valid nor signed. Shared by the signing tests.

use std::process::Command;

use reqwest::StatusCode;
use serde_json::Value;

use crate::common::{json_of, Authed, Session, TestApp};

/// SHA-256 as lowercase hexadecimal, as the portal records it.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// What `pdfsig` says of these bytes. It must be installed (poppler-utils, scripts/install-system-deps.sh):
/// the test fails rather than skips without it.
pub fn pdfsig(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("signed.pdf");
    std::fs::write(&file, bytes).expect("write the PDF");
    let output = Command::new("pdfsig").arg(&file).output().unwrap_or_else(|error| {
        panic!("pdfsig (Debian's poppler-utils) is needed to check signatures: run scripts/install-system-deps.sh ({error})")
    });
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// The public check of a file's exact bytes.
pub fn verify_file(app: &TestApp, bytes: Vec<u8>) -> Value {
    let part = reqwest::blocking::multipart::Part::bytes(bytes).file_name("minutes.pdf");
    let form = reqwest::blocking::multipart::Form::new().part("file", part);
    json_of(app.post("/api/verify").multipart(form).send().unwrap(), StatusCode::OK)
}

/// Downloads the signed PDF at `url` as `who` and checks it: the hash `signed` records, a valid PDF
/// signature over the whole file, the public check saying who signed in `role` (and nothing else), and a
/// one-byte change neither valid nor signed. Answers the bytes.
pub fn check_signed_pdf(app: &TestApp, who: &Session, url: &str, signed: &Value, role: &str) -> Vec<u8> {
    let response = app.get(url).auth(who).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    let bytes = response.bytes().unwrap().to_vec();
    assert!(bytes.starts_with(b"%PDF-"), "{url}");
    assert_eq!(signed["signedSha256"].as_str(), Some(sha256_hex(&bytes).as_str()), "{url}");
    let report = pdfsig(&bytes);
    assert!(report.contains("Signature is Valid"), "{report}");
    assert!(report.contains("Total document signed"), "{report}");
    let checked = verify_file(app, bytes.clone());
    assert_eq!(
        (checked["signed"].as_bool(), checked["role"].as_str()),
        (Some(true), Some(role)),
        "{checked}"
    );
    assert_eq!(checked.as_object().map(|o| o.len()), Some(4), "nothing else is revealed: {checked}");
    let mut changed = bytes.clone();
    let middle = changed.len() / 3;
    changed[middle] ^= 0x01;
    assert!(!pdfsig(&changed).contains("Signature is Valid"), "a changed byte breaks the signature");
    assert_eq!(verify_file(app, changed)["signed"], false);
    bytes
}
