use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use domain::ports::LoginThrottle;

/// How many failures a key may have within a window.
#[derive(Debug, Clone, Copy)]
pub struct ThrottleLimit {
    pub failures: usize,
    pub window: Duration,
}

/// Failed sign-ins per key in a sliding window, in memory: one server process serves the portal.
///
/// Keys are prefixed (`email:`, `client:`), and the limit used is chosen by prefix, so one office behind one
/// address gets more room than one e-mail address. governor's token buckets were considered, but they
/// cannot be *checked* without being consumed, and only failures may count.
pub struct MemoryLoginThrottle {
    per_email: ThrottleLimit,
    per_client: ThrottleLimit,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl MemoryLoginThrottle {
    pub fn new(per_email: ThrottleLimit, per_client: ThrottleLimit) -> Self {
        Self { per_email, per_client, failures: Mutex::new(HashMap::new()) }
    }

    /// 5 failures per e-mail and 20 per client address in 15 minutes.
    pub fn standard() -> Self {
        let window = Duration::from_secs(15 * 60);
        Self::new(ThrottleLimit { failures: 5, window }, ThrottleLimit { failures: 20, window })
    }

    fn limit_for(&self, key: &str) -> ThrottleLimit {
        if key.starts_with("client:") {
            self.per_client
        } else {
            self.per_email
        }
    }

    fn with_map<T>(&self, f: impl FnOnce(&mut HashMap<String, VecDeque<Instant>>) -> T) -> T {
        // A poisoned lock only means another thread panicked mid-update; the counts are still usable.
        let mut guard = self.failures.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut guard)
    }
}

impl LoginThrottle for MemoryLoginThrottle {
    fn check(&self, keys: &[String]) -> Result<(), u64> {
        let now = Instant::now();
        self.with_map(|map| {
            let mut retry_after = 0u64;
            for key in keys {
                let limit = self.limit_for(key);
                if let Some(times) = map.get_mut(key) {
                    while times.front().is_some_and(|t| now.duration_since(*t) >= limit.window) {
                        times.pop_front();
                    }
                    if times.len() >= limit.failures {
                        if let Some(oldest) = times.front() {
                            let wait = limit.window.saturating_sub(now.duration_since(*oldest));
                            retry_after = retry_after.max(wait.as_secs().max(1));
                        }
                    }
                }
            }
            map.retain(|_, times| !times.is_empty());
            if retry_after > 0 {
                Err(retry_after)
            } else {
                Ok(())
            }
        })
    }

    fn record_failure(&self, keys: &[String]) {
        let now = Instant::now();
        self.with_map(|map| {
            for key in keys {
                let limit = self.limit_for(key);
                let times = map.entry(key.clone()).or_default();
                times.push_back(now);
                while times.len() > limit.failures {
                    times.pop_front();
                }
            }
        });
    }

    fn clear(&self, key: &str) {
        self.with_map(|map| {
            map.remove(key);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Vec<String> {
        vec!["email:a@example.org".into(), "client:10.0.0.1".into()]
    }

    #[test]
    fn five_failures_lock_the_email_until_the_window_passes() {
        let window = Duration::from_millis(200);
        let throttle = MemoryLoginThrottle::new(
            ThrottleLimit { failures: 5, window },
            ThrottleLimit { failures: 20, window },
        );
        for _ in 0..4 {
            throttle.record_failure(&keys());
            assert!(throttle.check(&keys()).is_ok());
        }
        throttle.record_failure(&keys());
        assert_eq!(throttle.check(&keys()), Err(1));
        // another e-mail from the same address is not locked
        assert!(throttle.check(&["email:b@example.org".into(), "client:10.0.0.1".into()]).is_ok());
        std::thread::sleep(window);
        assert!(throttle.check(&keys()).is_ok());
    }

    #[test]
    fn clearing_forgets_failures() {
        let throttle = MemoryLoginThrottle::standard();
        for _ in 0..5 {
            throttle.record_failure(&keys());
        }
        assert!(throttle.check(&keys()).is_err());
        throttle.clear("email:a@example.org");
        assert!(throttle.check(&keys()).is_ok());
    }
}
