//! A signed PDF validates with an independent tool (poppler's pdfsig), and one changed byte breaks it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

use domain::meetings::{PrintBlock, PrintDocument, Typesetter};
use domain::signing::{PdfSealer, SealDetails};
use pdf_sign::{generate_identity, PortalPdfSigner};

fn pdfsig(bytes: &[u8]) -> String {
    let dir = tempfile_dir();
    let path = dir.join("signed.pdf");
    std::fs::write(&path, bytes).expect("write");
    let output = Command::new("pdfsig").arg(&path).output().expect(
        "pdfsig is not installed: install poppler-utils (scripts/install-system-deps.sh) to check signatures",
    );
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pdf-sign-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
}

#[test]
fn a_signed_pdf_validates_and_a_changed_byte_breaks_it() {
    let identity = generate_identity("Test Portal").expect("identity");
    let signer = PortalPdfSigner::from_pem(&identity.key_pem, &identity.certificate_pem).expect("signer");
    let pdf = typesetting::PdfTypesetter
        .typeset(&PrintDocument {
            title: "Minutes".into(),
            blocks: vec![PrintBlock::Heading("Minutes".into()), PrintBlock::Paragraph("Agreed.".into())],
        })
        .expect("typeset");
    let details = SealDetails {
        signer_name: "Chris Chair".into(),
        reason: "Minutes approved".into(),
        location: "Test Portal".into(),
        at: chrono::Utc::now(),
    };
    let signed = signer.seal(&pdf, &details).expect("signed");
    assert!(signed.starts_with(&pdf), "an incremental update keeps the original bytes");
    let report = pdfsig(&signed);
    assert!(report.contains("Signature is Valid"), "{report}");
    assert!(report.contains("Total document signed"), "{report}");

    let mut changed = signed.clone();
    let at = pdf.len() / 2;
    changed[at] ^= 0x01;
    let report = pdfsig(&changed);
    assert!(!report.contains("Signature is Valid"), "{report}");
}
