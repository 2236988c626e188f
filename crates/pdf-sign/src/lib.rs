//! The portal's PDF signatures (docs/spec.md "Signatures and checking"): one P-256 key and a self-signed
//! certificate made at first start, and a PAdES signature added to a PDF as an incremental update (a
//! signature field on the first page, a `/Sig` dictionary whose `/Contents` holds a detached CMS
//! SignedData over the `/ByteRange`). Any reader checks it without the portal: pdfsig, Adobe Reader.

mod cms_signature;
mod incremental;

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use der::{DecodePem, EncodePem};
use domain::signing::{PdfSealer, SealDetails};
use p256::ecdsa::{DerSignature, SigningKey};
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use x509_cert::builder::{Builder, CertificateBuilder, Profile};
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::SubjectPublicKeyInfoOwned;
use x509_cert::time::Validity;
use x509_cert::Certificate;

/// A new key and its self-signed certificate, both PEM (the key as PKCS#8): what the server keeps, the
/// key sealed.
pub struct NewIdentity {
    pub key_pem: String,
    pub certificate_pem: String,
}

/// Makes the portal's signing key and a certificate for it valid for 30 years, named after the portal.
pub fn generate_identity(portal_name: &str) -> anyhow::Result<NewIdentity> {
    let key = SigningKey::random(&mut rand_core::OsRng);
    // Names are built from a string: keep the portal's name to characters that need no escaping there.
    let clean: String = portal_name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '.')
        .take(60)
        .collect();
    let clean = if clean.trim().is_empty() { "Trustee Portal".to_string() } else { clean.trim().to_string() };
    let subject =
        Name::from_str(&format!("CN={clean} document signing,O={clean}")).context("certificate subject")?;
    let spki = SubjectPublicKeyInfoOwned::from_key(*key.verifying_key()).context("public key")?;
    let validity = Validity::from_now(Duration::from_secs(30 * 365 * 24 * 3600)).context("validity")?;
    let mut serial = [0u8; 16];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut serial);
    serial[0] &= 0x7f;
    let serial = SerialNumber::new(&serial).context("serial number")?;
    // A leaf of itself: key usage digital signature and non-repudiation, not a CA.
    let profile = Profile::Leaf {
        issuer: subject.clone(),
        enable_key_agreement: false,
        enable_key_encipherment: false,
    };
    let builder = CertificateBuilder::new(profile, serial, validity, subject, spki, &key)
        .context("certificate builder")?;
    let certificate = builder.build::<DerSignature>().context("self-signed certificate")?;
    Ok(NewIdentity {
        key_pem: key.to_pkcs8_pem(LineEnding::LF).context("key as PEM")?.to_string(),
        certificate_pem: certificate.to_pem(der::pem::LineEnding::LF).context("certificate as PEM")?,
    })
}

/// Signs PDFs with the portal's key.
pub struct PortalPdfSigner {
    key: SigningKey,
    certificate: Certificate,
    certificate_pem: String,
}

impl PortalPdfSigner {
    /// The signer of a key and certificate as `generate_identity` made them.
    pub fn from_pem(key_pem: &str, certificate_pem: &str) -> anyhow::Result<Self> {
        let key = SigningKey::from_pkcs8_pem(key_pem).context("signing key")?;
        let certificate = Certificate::from_pem(certificate_pem).context("signing certificate")?;
        let published = SubjectPublicKeyInfoOwned::from_key(*key.verifying_key()).context("public key")?;
        anyhow::ensure!(
            published == certificate.tbs_certificate.subject_public_key_info,
            "the signing certificate is not the signing key's"
        );
        Ok(Self { key, certificate, certificate_pem: certificate_pem.to_string() })
    }
}

impl PdfSealer for PortalPdfSigner {
    fn certificate_pem(&self) -> String {
        self.certificate_pem.clone()
    }

    fn seal(&self, pdf: &[u8], details: &SealDetails) -> anyhow::Result<Vec<u8>> {
        incremental::sign(pdf, details, |signed_bytes| {
            cms_signature::detached(&self.key, &self.certificate, signed_bytes)
        })
    }
}
