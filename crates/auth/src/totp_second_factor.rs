//! RFC 6238 codes with `totp-rs`: SHA-1, 6 digits, 30-second steps, one step of drift either way (what
//! every authenticator app expects).

use chrono::{DateTime, Utc};
use totp_rs::{Builder, Secret, Totp};

use domain::identity::SecondFactor;

pub struct TotpSecondFactor {
    /// The issuer shown in authenticator apps: the charity's portal name.
    issuer: String,
}

impl TotpSecondFactor {
    pub fn new(issuer: impl Into<String>) -> Self {
        // A colon would split the app's "Issuer:account" label.
        Self { issuer: issuer.into().replace(':', " ") }
    }

    fn totp(&self, secret: &str, account: &str) -> Option<Totp> {
        let secret = Secret::try_from_base32(secret).ok()?;
        Builder::new()
            .with_secret(secret)
            .with_issuer(Some(self.issuer.as_str()))
            .with_account_name(account.replace(':', " "))
            .build()
            .ok()
    }
}

impl SecondFactor for TotpSecondFactor {
    fn new_secret(&self) -> String {
        // 160 random bits, as RFC 4226 recommends.
        Secret::generate().to_base32()
    }

    fn otpauth_url(&self, secret: &str, account: &str) -> Result<String, anyhow::Error> {
        let totp = self.totp(secret, account).ok_or_else(|| anyhow::anyhow!("invalid TOTP secret"))?;
        totp.to_url().map_err(|e| anyhow::anyhow!("cannot make the otpauth URL: {e}"))
    }

    fn verify(&self, secret: &str, code: &str, now: DateTime<Utc>) -> Option<i64> {
        let totp = self.totp(secret, "account")?;
        let time = u64::try_from(now.timestamp()).ok()?;
        totp.check(code, time).and_then(|step| i64::try_from(step).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn code_at(secret: &str, time: DateTime<Utc>) -> String {
        let totp = TotpSecondFactor::new("Test").totp(secret, "a@example.org").unwrap();
        totp.generate(u64::try_from(time.timestamp()).unwrap()).to_string()
    }

    #[test]
    fn codes_verify_within_one_step_and_name_their_step() {
        let factor = TotpSecondFactor::new("Hope: Recovery");
        let secret = factor.new_secret();
        assert!(secret.len() >= 32, "160 bits in base32");
        let now = Utc.with_ymd_and_hms(2026, 11, 25, 10, 0, 15).unwrap();
        let step = now.timestamp() / 30;
        assert_eq!(factor.verify(&secret, &code_at(&secret, now), now), Some(step));
        let earlier = now - chrono::Duration::seconds(30);
        assert_eq!(factor.verify(&secret, &code_at(&secret, earlier), now), Some(step - 1));
        let much_earlier = now - chrono::Duration::seconds(90);
        assert_eq!(factor.verify(&secret, &code_at(&secret, much_earlier), now), None);
        assert_eq!(factor.verify(&secret, "12345", now), None);
        assert_eq!(factor.verify("not base32!", "123456", now), None);
    }

    #[test]
    fn the_url_names_the_portal_and_the_account() {
        let factor = TotpSecondFactor::new("Hope: Recovery");
        let secret = factor.new_secret();
        let url = factor.otpauth_url(&secret, "m.okafor@example.org").unwrap();
        assert!(url.starts_with("otpauth://totp/"), "{url}");
        assert!(url.contains(&format!("secret={secret}")), "{url}");
        assert!(url.contains("issuer=Hope"), "{url}");
        assert!(url.contains("okafor"), "{url}");
    }
}
