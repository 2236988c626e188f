/// Counts failed sign-ins per key (an e-mail, a client address) over a sliding window.
pub trait LoginThrottle: Send + Sync {
    /// `Err(seconds)` when any key has used up its failures; the caller answers 429 with `Retry-After`.
    fn check(&self, keys: &[String]) -> Result<(), u64>;
    fn record_failure(&self, keys: &[String]);
    /// A successful sign-in forgets that e-mail's failures.
    fn clear(&self, key: &str);
}
