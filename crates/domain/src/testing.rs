//! In-memory fakes of the ports for the use cases' unit tests.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use crate::library::files::StorageKey;
use crate::library::{FileStore, PendingFile};

#[derive(Default)]
pub struct MemoryFileStore {
    files: Arc<Mutex<HashMap<StorageKey, Vec<u8>>>>,
    next: AtomicU32,
}

impl MemoryFileStore {
    pub fn count(&self) -> usize {
        self.files.lock().map(|files| files.len()).unwrap_or(0)
    }
}

impl FileStore for MemoryFileStore {
    fn begin(&self) -> anyhow::Result<Box<dyn PendingFile>> {
        let n = self.next.fetch_add(1, Ordering::SeqCst);
        let key = StorageKey::parse(&format!("{n:08x}")).ok_or_else(|| anyhow::anyhow!("bad key"))?;
        Ok(Box::new(MemoryPending { key, data: Vec::new(), files: self.files.clone() }))
    }

    fn read(&self, key: &StorageKey) -> anyhow::Result<Vec<u8>> {
        let files = self.files.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        files.get(key).cloned().ok_or_else(|| anyhow::anyhow!("no such file"))
    }

    fn delete(&self, key: &StorageKey) -> anyhow::Result<()> {
        self.files.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.remove(key);
        Ok(())
    }
}

struct MemoryPending {
    key: StorageKey,
    data: Vec<u8>,
    files: Arc<Mutex<HashMap<StorageKey, Vec<u8>>>>,
}

impl Write for MemoryPending {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.data.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl PendingFile for MemoryPending {
    fn commit(self: Box<Self>) -> anyhow::Result<StorageKey> {
        let MemoryPending { key, data, files } = *self;
        files.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.insert(key.clone(), data);
        Ok(key)
    }
}

use chrono::{DateTime, Utc};

use crate::identity::session::{NewSession, Session, SessionPolicy};
use crate::identity::two_factor::SecuritySettings;
use crate::identity::{
    Admitted, ChallengeClaims, SessionClaims, StoredSecondFactor, ThrottleLimits, ThrottleScope, TokenError,
    ViewResource,
};
use crate::{RepoError, SessionId, UserId};

/// Ports a use case holds but the test never reaches: any call is a test failure.
pub struct Unused;

impl crate::identity::UserRepository for Unused {
    fn list(&self) -> Result<Vec<crate::identity::user::User>, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn find(&self, _: crate::UserId) -> Result<Option<crate::identity::user::User>, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn find_with_password_by_email(
        &self,
        _: &str,
    ) -> Result<Option<(crate::identity::user::User, String)>, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn count(&self) -> Result<i64, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn create(
        &self,
        _: crate::identity::user::NewUser,
    ) -> Result<crate::identity::user::User, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn update(
        &self,
        _: crate::UserId,
        _: crate::identity::user::UserChanges,
        _: bool,
    ) -> Result<crate::identity::user::User, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn delete(&self, _: crate::UserId) -> Result<(), crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn find_with_password(
        &self,
        _: crate::UserId,
    ) -> Result<Option<(crate::identity::user::User, String)>, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn set_password(
        &self,
        _: crate::UserId,
        _: &str,
        _: Option<chrono::DateTime<chrono::Utc>>,
        _: Option<crate::SessionId>,
    ) -> Result<crate::identity::user::User, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn revoke_sessions(&self, _: crate::UserId) -> Result<(), crate::RepoError> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::ResetRequestRepository for Unused {
    fn record(
        &self,
        _: &str,
        _: Option<crate::UserId>,
        _: chrono::DateTime<chrono::Utc>,
    ) -> Result<(), crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn pending(&self) -> Result<Vec<crate::identity::password_reset::ResetRequest>, crate::RepoError> {
        unreachable!("not used in this test")
    }
    fn resolve_for_user(
        &self,
        _: crate::UserId,
        _: chrono::DateTime<chrono::Utc>,
    ) -> Result<(), crate::RepoError> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::PasswordHasher for Unused {
    fn hash(&self, _: &str) -> anyhow::Result<String> {
        unreachable!("not used in this test")
    }
    fn verify(&self, _: &str, _: &str) -> bool {
        unreachable!("not used in this test")
    }
    fn verify_dummy(&self, _: &str) {
        unreachable!("not used in this test")
    }
}

impl crate::identity::TokenService for Unused {
    fn issue_session(&self, _: SessionClaims) -> Result<String, TokenError> {
        unreachable!("not used in this test")
    }
    fn verify_session(&self, _: &str) -> Result<SessionClaims, TokenError> {
        unreachable!("not used in this test")
    }
    fn issue_view_ticket(&self, _: SessionClaims, _: ViewResource) -> Result<String, TokenError> {
        unreachable!("not used in this test")
    }
    fn verify_view_ticket(&self, _: &str, _: ViewResource) -> Result<SessionClaims, TokenError> {
        unreachable!("not used in this test")
    }
    fn issue_challenge(&self, _: ChallengeClaims) -> Result<String, TokenError> {
        unreachable!("not used in this test")
    }
    fn verify_challenge(&self, _: &str) -> Result<ChallengeClaims, TokenError> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::LoginThrottle for Unused {
    fn begin(
        &self,
        _: ThrottleScope,
        _: &str,
        _: &str,
        _: &ThrottleLimits,
        _: DateTime<Utc>,
    ) -> Result<Result<Admitted, u64>, RepoError> {
        unreachable!("not used in this test")
    }
    fn succeeded(&self, _: ThrottleScope, _: &str, _: &str, _: Admitted) -> Result<(), RepoError> {
        unreachable!("not used in this test")
    }
    fn prune(&self, _: DateTime<Utc>) -> Result<usize, RepoError> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::SessionRepository for Unused {
    fn create(&self, _: NewSession) -> Result<Session, RepoError> {
        unreachable!("not used in this test")
    }
    fn find(&self, _: SessionId) -> Result<Option<Session>, RepoError> {
        unreachable!("not used in this test")
    }
    fn touch(&self, _: SessionId, _: DateTime<Utc>) -> Result<(), RepoError> {
        unreachable!("not used in this test")
    }
    fn reauthenticated(&self, _: SessionId, _: DateTime<Utc>) -> Result<(), RepoError> {
        unreachable!("not used in this test")
    }
    fn unended(&self, _: UserId, _: DateTime<Utc>) -> Result<Vec<Session>, RepoError> {
        unreachable!("not used in this test")
    }
    fn end(&self, _: UserId, _: SessionId, _: DateTime<Utc>) -> Result<bool, RepoError> {
        unreachable!("not used in this test")
    }
    fn end_others(&self, _: UserId, _: SessionId, _: DateTime<Utc>) -> Result<usize, RepoError> {
        unreachable!("not used in this test")
    }
    fn prune(&self, _: DateTime<Utc>) -> Result<usize, RepoError> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::TwoFactorRepository for Unused {
    fn find(&self, _: UserId) -> Result<StoredSecondFactor, RepoError> {
        unreachable!("not used in this test")
    }
    fn set_pending(&self, _: UserId, _: &str) -> Result<(), RepoError> {
        unreachable!("not used in this test")
    }
    fn enable(&self, _: UserId, _: &str, _: i64, _: &[String]) -> Result<bool, RepoError> {
        unreachable!("not used in this test")
    }
    fn use_step(&self, _: UserId, _: i64) -> Result<bool, RepoError> {
        unreachable!("not used in this test")
    }
    fn unused_recovery_code_hashes(&self, _: UserId) -> Result<Vec<(i32, String)>, RepoError> {
        unreachable!("not used in this test")
    }
    fn use_recovery_code(&self, _: UserId, _: i32, _: DateTime<Utc>) -> Result<bool, RepoError> {
        unreachable!("not used in this test")
    }
    fn use_challenge(
        &self,
        _: UserId,
        _: &str,
        _: DateTime<Utc>,
        _: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        unreachable!("not used in this test")
    }
    fn unsalted_recovery_code_hashes(&self) -> Result<Vec<(i32, String)>, RepoError> {
        unreachable!("not used in this test")
    }
    fn replace_recovery_code_hash(&self, _: i32, _: &str, _: &str) -> Result<bool, RepoError> {
        unreachable!("not used in this test")
    }
    fn release_challenge(&self, _: &str) -> Result<(), RepoError> {
        unreachable!("not used in this test")
    }
    fn all_secrets(&self) -> Result<Vec<(UserId, StoredSecondFactor)>, RepoError> {
        unreachable!("not used in this test")
    }
    fn replace_secrets(
        &self,
        _: UserId,
        _: (Option<&str>, Option<&str>),
        _: (Option<&str>, Option<&str>),
    ) -> Result<bool, RepoError> {
        unreachable!("not used in this test")
    }
    fn replace_recovery_codes(&self, _: UserId, _: &[String]) -> Result<(), RepoError> {
        unreachable!("not used in this test")
    }
    fn unused_recovery_codes(&self, _: UserId) -> Result<i64, RepoError> {
        unreachable!("not used in this test")
    }
    fn clear(&self, _: UserId) -> Result<(), RepoError> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::SecondFactor for Unused {
    fn new_secret(&self) -> String {
        unreachable!("not used in this test")
    }
    fn otpauth_url(&self, _: &str, _: &str) -> Result<String, anyhow::Error> {
        unreachable!("not used in this test")
    }
    fn verify(&self, _: &str, _: &str, _: DateTime<Utc>) -> Option<i64> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::SecretSealer for Unused {
    fn seal(&self, _: &str, _: &str) -> Result<String, anyhow::Error> {
        unreachable!("not used in this test")
    }
    fn open(&self, _: &str, _: &str) -> Result<crate::identity::Opened, anyhow::Error> {
        unreachable!("not used in this test")
    }
}

impl crate::identity::SecuritySettingsRepository for Unused {
    fn get(&self) -> Result<SecuritySettings, RepoError> {
        unreachable!("not used in this test")
    }
    fn save(&self, _: SecuritySettings) -> Result<SecuritySettings, RepoError> {
        unreachable!("not used in this test")
    }
}

/// A session cache that never holds anything (as while the change feed is not listening).
pub struct NoSessionCache;

impl crate::identity::SessionCache for NoSessionCache {
    fn get(&self, _: SessionId) -> Option<crate::identity::CachedSession> {
        None
    }
    fn generation(&self) -> u64 {
        0
    }
    fn store(&self, _: u64, _: crate::identity::CachedSession) {}
    fn forget_all(&self) {}
    fn is_empty(&self) -> bool {
        true
    }
}

/// An answer held and the moment it stops holding.
type Held<V> = (Arc<V>, Option<DateTime<Utc>>);

/// A read cache that keeps what the port's contract lets it keep, and hears the changes a test tells it.
pub struct MemoryReadCache<K, V> {
    topic: crate::shared::CacheTopic,
    /// The count of changes, and what is held per key.
    inner: Mutex<(u64, HashMap<K, Held<V>>)>,
}

impl<K, V> MemoryReadCache<K, V> {
    pub fn new(topic: crate::shared::CacheTopic) -> Self {
        MemoryReadCache { topic, inner: Mutex::new((0, HashMap::new())) }
    }
}

impl<K: Eq + std::hash::Hash + Send, V: Send + Sync> crate::shared::ReadCache<K, V>
    for MemoryReadCache<K, V>
{
    fn get(&self, key: &K, now: DateTime<Utc>) -> Option<Arc<V>> {
        let inner = self.inner.lock().unwrap();
        let (value, until) = inner.1.get(key)?;
        until.is_none_or(|until| now < until).then(|| value.clone())
    }
    fn ticket(&self, until: Option<DateTime<Utc>>) -> crate::shared::CacheTicket {
        crate::shared::CacheTicket { generation: self.inner.lock().unwrap().0, until }
    }
    fn store(&self, key: K, ticket: crate::shared::CacheTicket, value: Arc<V>) {
        let mut inner = self.inner.lock().unwrap();
        if inner.0 == ticket.generation {
            inner.1.insert(key, (value, ticket.until));
        }
    }
    fn forget_all(&self) {
        let mut inner = self.inner.lock().unwrap();
        inner.0 += 1;
        inner.1.clear();
    }
    fn is_empty(&self) -> bool {
        self.inner.lock().unwrap().1.is_empty()
    }
}

impl<K: Eq + std::hash::Hash + Send, V: Send + Sync> crate::shared::ChangeSink for MemoryReadCache<K, V> {
    fn listening(&self) {}
    fn deaf(&self) {
        crate::shared::ReadCache::forget_all(self);
    }
    fn change(&self, change: crate::shared::Change) {
        if self.topic.drops_on(change) {
            crate::shared::ReadCache::forget_all(self);
        }
    }
}

/// Words every message as the debug form of what it says (the real templates are the mailer's).
pub struct DebugRenderer;

impl crate::notifications::MailRenderer for DebugRenderer {
    fn render(
        &self,
        settings: &crate::notifications::mail::renderer::MailSettings,
        to: &crate::notifications::mail::renderer::Recipient<'_>,
        content: &crate::notifications::mail::renderer::MailContent<'_>,
    ) -> anyhow::Result<crate::notifications::mail::renderer::MailParts> {
        use crate::notifications::mail::renderer::MailContent;
        let text = format!("{} to {}: {content:?}", settings.portal_name, to.name);
        let subject = match content {
            MailContent::Notification { subject, .. } => subject.clone(),
            other => format!("{other:?}"),
        };
        Ok(crate::notifications::mail::renderer::MailParts { subject, html: text.clone(), text })
    }
}

pub struct FixedClock(pub chrono::DateTime<chrono::Utc>);

impl crate::shared::Clock for FixedClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.0
    }
}

pub fn clock() -> Arc<FixedClock> {
    use chrono::TimeZone;
    Arc::new(FixedClock(chrono::Utc.with_ymd_and_hms(2026, 3, 5, 12, 0, 0).single().unwrap_or_default()))
}

/// View tickets over ports that must not be reached.
pub fn unused_tickets() -> crate::library::view_tickets::ViewTickets {
    let unused = Arc::new(Unused);
    crate::library::view_tickets::ViewTickets {
        auth: crate::identity::auth::service::AuthService {
            users: unused.clone(),
            reset_requests: unused.clone(),
            hasher: unused.clone(),
            tokens: unused.clone(),
            clock: clock(),
            throttle: unused.clone(),
            sessions: unused.clone(),
            two_factor: unused.clone(),
            second_factor: unused.clone(),
            sealer: unused.clone(),
            security_settings: unused,
            policy: SessionPolicy {
                idle: chrono::Duration::minutes(60),
                absolute: chrono::Duration::hours(12),
                temporary_password: chrono::Duration::hours(72),
            },
            session_cache: Arc::new(NoSessionCache),
        },
    }
}

pub fn user(role: crate::identity::role::Role) -> crate::identity::user::User {
    crate::identity::user::User {
        id: crate::UserId(7),
        name: "Test User".into(),
        email: "test@example.org".into(),
        role,
        active: true,
        phone: None,
        created_at: clock().0,
        require_password_change: false,
        token_version: 0,
        temp_password_expires_at: None,
        mfa_enabled: false,
        access_ends_at: None,
    }
}

/// A received PDF, written to the store's pending area.
pub fn received_pdf(store: &MemoryFileStore) -> crate::library::ReceivedFile {
    let mut pending = store.begin().unwrap_or_else(|e| panic!("{e}"));
    pending.write_all(b"%PDF-1.4 test").unwrap_or_else(|e| panic!("{e}"));
    crate::library::ReceivedFile {
        pending,
        file_name: "a.pdf".into(),
        kind: crate::library::files::FileKind::Pdf,
        size: 13,
    }
}

/// A guest repository with no guests (for use cases that only consult it for guests).
pub struct NoGuests;

impl crate::identity::GuestRepository for NoGuests {
    fn create(
        &self,
        _: crate::identity::NewGuest,
        _: chrono::DateTime<chrono::Utc>,
    ) -> Result<crate::identity::user::User, crate::RepoError> {
        Err(crate::RepoError::Unexpected(anyhow::anyhow!("no guests here")))
    }
    fn pass(&self, _: crate::UserId) -> Result<Option<crate::identity::GuestPass>, crate::RepoError> {
        Ok(None)
    }
    fn list(&self) -> Result<Vec<crate::identity::GuestListing>, crate::RepoError> {
        Ok(Vec::new())
    }
    fn listing(&self, _: crate::UserId) -> Result<Option<crate::identity::GuestListing>, crate::RepoError> {
        Ok(None)
    }
    fn change(
        &self,
        _: crate::UserId,
        _: chrono::DateTime<chrono::Utc>,
        _: &str,
        _: &crate::identity::GuestScope,
        _: bool,
    ) -> Result<bool, crate::RepoError> {
        Ok(false)
    }
    fn existing_meetings(&self, _: &[crate::MeetingId]) -> Result<Vec<crate::MeetingId>, crate::RepoError> {
        Ok(Vec::new())
    }
    fn existing_documents(
        &self,
        _: &[crate::DocumentId],
    ) -> Result<Vec<crate::DocumentId>, crate::RepoError> {
        Ok(Vec::new())
    }
}
