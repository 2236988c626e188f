/// Counts attempts per key (an e-mail, a client address) over a sliding window. Checking and counting are
/// one step, so parallel guesses cannot all pass the check before any of them is counted.
pub trait LoginThrottle: Send + Sync {
    /// Counts an attempt for every key, or refuses with the seconds to wait when any key is used up
    /// (then nothing is counted, so a refused caller cannot extend the lock).
    fn begin(&self, keys: &[String]) -> Result<(), u64>;
    /// The attempt succeeded: it no longer counts as a failure, and a successful sign-in forgets the
    /// failures of its first key (the e-mail).
    fn succeeded(&self, keys: &[String]);
}
