use domain::identity::PasswordHasher;

pub struct BcryptHasher {
    cost: u32,
    dummy_hash: String,
}

impl BcryptHasher {
    pub const DEFAULT_COST: u32 = 12;

    pub fn new(cost: u32) -> anyhow::Result<Self> {
        // bcrypt accepts costs 4 to 31.
        let cost = cost.clamp(4, 31);
        let dummy_hash = bcrypt::hash("dummy password for timing", cost)?;
        Ok(Self { cost, dummy_hash })
    }
}

impl PasswordHasher for BcryptHasher {
    fn hash(&self, password: &str) -> anyhow::Result<String> {
        Ok(bcrypt::hash(password, self.cost)?)
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        bcrypt::verify(password, hash).unwrap_or(false)
    }

    fn verify_dummy(&self, password: &str) {
        let _ = bcrypt::verify(password, &self.dummy_hash);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_hide_the_password() {
        let hasher = BcryptHasher::new(4).unwrap();
        let hash = hasher.hash("correct horse").unwrap();
        assert!(!hash.contains("correct horse"));
        assert!(hash.starts_with("$2b$04$"));
        assert!(hasher.verify("correct horse", &hash));
        assert!(!hasher.verify("wrong", &hash));
        assert!(!hasher.verify("correct horse", "not a hash"));
    }
}
