/// One-way password hashing (bcrypt in production). Plain passwords never leave the use case.
pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &str) -> anyhow::Result<String>;
    /// False for a wrong password and for a malformed hash.
    fn verify(&self, password: &str, hash: &str) -> bool;
    /// Spends the same time as `verify`, so an unknown e-mail cannot be told apart by timing.
    fn verify_dummy(&self, password: &str);
}
