//! Secrets at rest (spec: Account security > Secrets at rest): XChaCha20-Poly1305 from RustCrypto under a
//! key derived from `SECRETS_KEY`, a random 192-bit nonce per value, the owner as associated data.
//! Stored as `sealed:v1:<hex of nonce and ciphertext>`; a value without the prefix is a secret stored in
//! plain text before sealing, read once and sealed at the next start.

use anyhow::{anyhow, bail};
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};
use rand::Rng;
use sha2::{Digest, Sha256};

use domain::identity::{Opened, SecretSealer};

const PREFIX: &str = "sealed:v1:";
const NONCE_LEN: usize = 24;

pub struct ChaChaSealer {
    current: XChaCha20Poly1305,
    /// `SECRETS_KEY_PREVIOUS` during a rotation: opens what the old key sealed, which is then sealed anew.
    previous: Option<XChaCha20Poly1305>,
}

/// The cipher key: SHA-256 of the operator's secret under a fixed label (the secret is random and at
/// least 32 characters, so no slow derivation is needed).
fn cipher(secret: &[u8]) -> XChaCha20Poly1305 {
    let mut digest = Sha256::new();
    digest.update(b"trustee-portal secrets v1\0");
    digest.update(secret);
    let key: Key = digest.finalize();
    XChaCha20Poly1305::new(&key)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

impl ChaChaSealer {
    pub fn new(secret: &[u8], previous: Option<&[u8]>) -> Self {
        Self { current: cipher(secret), previous: previous.map(cipher) }
    }
}

fn open_with(cipher: &XChaCha20Poly1305, nonce: &[u8], sealed: &[u8], context: &str) -> Option<String> {
    let nonce: [u8; NONCE_LEN] = nonce.try_into().ok()?;
    let plain =
        cipher.decrypt(&XNonce::from(nonce), Payload { msg: sealed, aad: context.as_bytes() }).ok()?;
    String::from_utf8(plain).ok()
}

impl SecretSealer for ChaChaSealer {
    fn seal(&self, plaintext: &str, context: &str) -> Result<String, anyhow::Error> {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill(&mut nonce);
        let sealed = self
            .current
            .encrypt(&XNonce::from(nonce), Payload { msg: plaintext.as_bytes(), aad: context.as_bytes() })
            .map_err(|_| anyhow!("cannot seal a secret"))?;
        Ok(format!("{PREFIX}{}{}", hex(&nonce), hex(&sealed)))
    }

    fn open(&self, stored: &str, context: &str) -> Result<Opened, anyhow::Error> {
        let Some(body) = stored.strip_prefix(PREFIX) else {
            // Plain text from before sealing.
            return Ok(Opened { plaintext: stored.to_string(), needs_reseal: true });
        };
        let bytes = unhex(body).ok_or_else(|| anyhow!("a sealed secret is not hex"))?;
        if bytes.len() <= NONCE_LEN {
            bail!("a sealed secret is too short");
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        if let Some(plaintext) = open_with(&self.current, nonce, sealed, context) {
            return Ok(Opened { plaintext, needs_reseal: false });
        }
        if let Some(plaintext) = self.previous.as_ref().and_then(|p| open_with(p, nonce, sealed, context)) {
            return Ok(Opened { plaintext, needs_reseal: true });
        }
        bail!("a sealed secret does not open under SECRETS_KEY (nor SECRETS_KEY_PREVIOUS)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"a secrets key of thirty-two characters or more";
    const OLD: &[u8] = b"the previous secrets key, also long enough!!";

    #[test]
    fn sealed_secrets_open_only_under_their_key_and_owner() {
        let sealer = ChaChaSealer::new(KEY, None);
        let sealed = sealer.seal("JBSWY3DPEHPK3PXP", "totp:user:1").unwrap();
        assert!(sealed.starts_with("sealed:v1:"), "{sealed}");
        assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_ne!(
            sealed,
            sealer.seal("JBSWY3DPEHPK3PXP", "totp:user:1").unwrap(),
            "a fresh nonce each time"
        );
        let opened = sealer.open(&sealed, "totp:user:1").unwrap();
        assert_eq!(opened, Opened { plaintext: "JBSWY3DPEHPK3PXP".into(), needs_reseal: false });
        assert!(sealer.open(&sealed, "totp:user:2").is_err(), "bound to its owner");
        assert!(ChaChaSealer::new(OLD, None).open(&sealed, "totp:user:1").is_err(), "another key");
        let mut tampered = sealed.clone();
        let last = tampered.pop().map(|c| if c == '0' { '1' } else { '0' }).unwrap();
        tampered.push(last);
        assert!(sealer.open(&tampered, "totp:user:1").is_err(), "authenticated");
        assert!(sealer.open("sealed:v1:zz", "totp:user:1").is_err());
    }

    #[test]
    fn plaintext_and_previous_key_values_open_and_ask_to_be_sealed_again() {
        let sealer = ChaChaSealer::new(KEY, Some(OLD));
        let legacy = sealer.open("JBSWY3DPEHPK3PXP", "totp:user:1").unwrap();
        assert_eq!(legacy, Opened { plaintext: "JBSWY3DPEHPK3PXP".into(), needs_reseal: true });
        let under_old = ChaChaSealer::new(OLD, None).seal("JBSWY3DPEHPK3PXP", "totp:user:1").unwrap();
        let opened = sealer.open(&under_old, "totp:user:1").unwrap();
        assert_eq!(opened, Opened { plaintext: "JBSWY3DPEHPK3PXP".into(), needs_reseal: true });
    }
}
