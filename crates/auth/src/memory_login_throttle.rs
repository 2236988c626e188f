use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use domain::ports::LoginThrottle;

/// How many attempts a key may have within a window.
#[derive(Debug, Clone, Copy)]
pub struct ThrottleLimit {
    pub attempts: usize,
    pub window: Duration,
}

/// Attempts per key in a sliding window, in memory: one server process serves the portal.
///
/// Keys are prefixed (`email:`, `client:`, `reset:`) and the limit is chosen by prefix, so one office
/// behind one address gets more room than one e-mail address. An attempt is counted *before* the password
/// is checked, under one lock, and uncounted when it succeeds: parallel guesses cannot slip past.
/// governor's token buckets were considered, but an attempt that succeeds must be given back.
pub struct MemoryLoginThrottle {
    per_email: ThrottleLimit,
    per_client: ThrottleLimit,
    per_reset_client: ThrottleLimit,
    attempts: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl MemoryLoginThrottle {
    pub fn new(per_email: ThrottleLimit, per_client: ThrottleLimit, per_reset_client: ThrottleLimit) -> Self {
        Self { per_email, per_client, per_reset_client, attempts: Mutex::new(HashMap::new()) }
    }

    /// In 15 minutes: 5 failed sign-ins per e-mail, 20 per client address, 10 reset requests per address.
    pub fn standard() -> Self {
        let window = Duration::from_secs(15 * 60);
        Self::new(
            ThrottleLimit { attempts: 5, window },
            ThrottleLimit { attempts: 20, window },
            ThrottleLimit { attempts: 10, window },
        )
    }

    fn limit_for(&self, key: &str) -> ThrottleLimit {
        if key.starts_with("client:") {
            self.per_client
        } else if key.starts_with("reset:") {
            self.per_reset_client
        } else {
            self.per_email
        }
    }

    fn with_map<T>(&self, f: impl FnOnce(&mut HashMap<String, VecDeque<Instant>>) -> T) -> T {
        // A poisoned lock only means another thread panicked mid-update; the counts are still usable.
        let mut guard = self.attempts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut guard)
    }
}

impl LoginThrottle for MemoryLoginThrottle {
    fn begin(&self, keys: &[String]) -> Result<(), u64> {
        let now = Instant::now();
        self.with_map(|map| {
            // Forget what has left its window, for every key, so the map does not grow without bound.
            map.retain(|key, times| {
                let window = self.limit_for(key).window;
                while times.front().is_some_and(|t| now.duration_since(*t) >= window) {
                    times.pop_front();
                }
                !times.is_empty()
            });
            let mut retry_after = 0u64;
            for key in keys {
                let limit = self.limit_for(key);
                if let Some(times) = map.get(key) {
                    if times.len() >= limit.attempts {
                        if let Some(oldest) = times.front() {
                            let wait = limit.window.saturating_sub(now.duration_since(*oldest));
                            retry_after = retry_after.max(wait.as_secs().max(1));
                        }
                    }
                }
            }
            if retry_after > 0 {
                return Err(retry_after);
            }
            for key in keys {
                map.entry(key.clone()).or_default().push_back(now);
            }
            Ok(())
        })
    }

    fn succeeded(&self, keys: &[String]) {
        self.with_map(|map| {
            for (i, key) in keys.iter().enumerate() {
                if i == 0 {
                    map.remove(key);
                } else if let Some(times) = map.get_mut(key) {
                    times.pop_back();
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn keys(email: &str) -> Vec<String> {
        vec![format!("email:{email}"), "client:10.0.0.1".into()]
    }

    fn throttle(window: Duration) -> MemoryLoginThrottle {
        MemoryLoginThrottle::new(
            ThrottleLimit { attempts: 5, window },
            ThrottleLimit { attempts: 20, window },
            ThrottleLimit { attempts: 10, window },
        )
    }

    #[test]
    fn five_attempts_lock_the_email_until_the_window_passes() {
        let window = Duration::from_millis(300);
        let throttle = throttle(window);
        for _ in 0..5 {
            assert!(throttle.begin(&keys("a@example.org")).is_ok());
        }
        assert_eq!(throttle.begin(&keys("a@example.org")), Err(1));
        // Another e-mail from the same address is not locked.
        assert!(throttle.begin(&keys("b@example.org")).is_ok());
        std::thread::sleep(window);
        assert!(throttle.begin(&keys("a@example.org")).is_ok());
    }

    #[test]
    fn successes_do_not_count_and_clear_the_email() {
        let throttle = MemoryLoginThrottle::standard();
        for _ in 0..4 {
            throttle.begin(&keys("a@example.org")).unwrap();
        }
        throttle.begin(&keys("a@example.org")).unwrap();
        throttle.succeeded(&keys("a@example.org"));
        // The e-mail starts again; the address keeps its four failures only.
        for _ in 0..5 {
            assert!(throttle.begin(&keys("a@example.org")).is_ok());
        }
        assert_eq!(throttle.with_map(|m| m["client:10.0.0.1"].len()), 9);
    }

    #[test]
    fn parallel_attempts_are_counted_atomically() {
        let throttle = Arc::new(MemoryLoginThrottle::standard());
        let handles: Vec<_> = (0..40)
            .map(|_| {
                let throttle = throttle.clone();
                std::thread::spawn(move || throttle.begin(&keys("a@example.org")).is_ok())
            })
            .collect();
        let admitted = handles.into_iter().filter_map(|h| h.join().ok()).filter(|ok| *ok).count();
        assert_eq!(admitted, 5);
    }

    #[test]
    fn expired_keys_are_forgotten() {
        let throttle = throttle(Duration::from_millis(50));
        throttle.begin(&keys("old@example.org")).unwrap();
        std::thread::sleep(Duration::from_millis(60));
        throttle.begin(&keys("new@example.org")).unwrap();
        assert_eq!(throttle.with_map(|m| m.len()), 2);
        assert!(throttle.with_map(|m| !m.contains_key("email:old@example.org")));
    }
}
