//! The detached CMS SignedData of a PAdES baseline signature: content type, message digest and the ESS
//! signing-certificate-v2 attribute signed (no signing-time attribute: PAdES takes the time from `/M`).

use anyhow::Context;
use cms::builder::{SignedDataBuilder, SignerInfoBuilder};
use cms::cert::{CertificateChoices, IssuerAndSerialNumber};
use cms::signed_data::{EncapsulatedContentInfo, SignerIdentifier};
use der::asn1::{OctetString, SetOfVec};
use der::{Any, Decode, Encode, Sequence};
use p256::ecdsa::{DerSignature, SigningKey};
use sha2::{Digest, Sha256};
use x509_cert::attr::Attribute;
use x509_cert::spki::{AlgorithmIdentifierOwned, ObjectIdentifier};
use x509_cert::Certificate;

const ID_DATA: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.7.1");
const ID_SHA256: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.1");
const ID_SIGNING_CERTIFICATE_V2: ObjectIdentifier =
    ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.16.2.47");

/// ESSCertIDv2 with the default hash algorithm (SHA-256) left out, as DER requires.
#[derive(Sequence)]
struct EssCertIdV2 {
    cert_hash: OctetString,
}

/// SigningCertificateV2 (RFC 5035): the certificate the signer means, so it cannot be swapped.
#[derive(Sequence)]
struct SigningCertificateV2 {
    certs: Vec<EssCertIdV2>,
}

/// The DER of a SignedData over `content` (not included), signed by `key` and carrying `certificate`.
pub fn detached(key: &SigningKey, certificate: &Certificate, content: &[u8]) -> anyhow::Result<Vec<u8>> {
    let digest = Sha256::digest(content);
    let content_info = EncapsulatedContentInfo { econtent_type: ID_DATA, econtent: None };
    let sha256 = AlgorithmIdentifierOwned { oid: ID_SHA256, parameters: None };
    let signer = SignerIdentifier::IssuerAndSerialNumber(IssuerAndSerialNumber {
        issuer: certificate.tbs_certificate.issuer.clone(),
        serial_number: certificate.tbs_certificate.serial_number.clone(),
    });
    let mut signer_info =
        SignerInfoBuilder::new(key, signer, sha256.clone(), &content_info, Some(&digest[..]))
            .map_err(cms_error)?;
    let certificate_der = certificate.to_der().context("certificate DER")?;
    let essential = SigningCertificateV2 {
        certs: vec![EssCertIdV2 {
            cert_hash: OctetString::new(Sha256::digest(&certificate_der).to_vec())
                .context("certificate hash")?,
        }],
    };
    let value = Any::from_der(&essential.to_der().context("signing certificate attribute")?)
        .context("signing certificate attribute")?;
    let mut values = SetOfVec::new();
    values.insert(value).context("attribute value")?;
    signer_info
        .add_signed_attribute(Attribute { oid: ID_SIGNING_CERTIFICATE_V2, values })
        .map_err(cms_error)?;
    let mut builder = SignedDataBuilder::new(&content_info);
    builder
        .add_digest_algorithm(sha256)
        .map_err(cms_error)?
        .add_certificate(CertificateChoices::Certificate(certificate.clone()))
        .map_err(cms_error)?
        .add_signer_info::<SigningKey, DerSignature>(signer_info)
        .map_err(cms_error)?;
    let signed = builder.build().map_err(cms_error)?;
    signed.to_der().context("signed data DER")
}

/// The builder's errors are not `std::error::Error`.
fn cms_error(error: cms::builder::Error) -> anyhow::Error {
    anyhow::anyhow!("CMS: {error:?}")
}
