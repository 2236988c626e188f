//! The noticeboard (spec §2 Notices, §4 Notice expiry, §6).

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::identity::permissions;
use crate::identity::user::User;
use crate::notices::NoticeRepository;
use crate::notices::{ListedNotice, NewNotice, Notice, NoticePriority, NoticesRefusal};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::ports::read_cache::{CacheTicket, ReadCache};
use crate::shared::timestamps::ReceivedTime;
use crate::shared::{Clock, FieldLimits, Limit, Received};
use crate::{NoticeId, UserId};

pub const TITLE_MAX: usize = 200;
pub const CONTENT_MAX: usize = 10_000;
pub const PRIORITY_INVALID: &str = "Priority must be low, normal or high";
pub const EXPIRY_IN_PAST: &str = "Expiry must be in the future";

/// A new notice's fields; every field may be absent or null, the use case says which are required.
// Each field defaults rather than the whole struct: the document then shows no `null` defaults.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateNoticeRequest {
    /// Required, at most 200 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub title: Option<String>,
    /// Required, at most 10000 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub content: Option<String>,
    /// Default `normal`.
    #[serde(default)]
    #[schema(value_type = Option<NoticePriority>)]
    pub priority: Received<NoticePriority>,
    /// Default `false`.
    #[serde(default)]
    pub pinned: Option<bool>,
    /// RFC 3339 with a zone, in the future; null or `""` for a permanent notice.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub expires_at: ReceivedTime,
}

impl FieldLimits for CreateNoticeRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("title", Limit::RequiredText { max: TITLE_MAX }),
        ("content", Limit::RequiredText { max: CONTENT_MAX }),
    ];
}

#[derive(Clone)]
pub struct NoticeService {
    pub notices: Arc<dyn NoticeRepository>,
    pub clock: Arc<dyn Clock>,
}

impl NoticeService {
    /// Pinned first, then newest. Expired notices only when asked for, flagged as such.
    pub fn list(&self, actor: &User, include_expired: bool) -> Result<Vec<ListedNotice>, NoticesRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(NoticesRefusal::CannotRead);
        }
        let now = self.clock.now();
        let notices = self.notices.list(include_expired, now)?;
        Ok(notices.into_iter().map(|notice| ListedNotice::at(notice, now)).collect())
    }

    /// The list as `cache` holds it for everyone who may read notices (the same answer for all of them),
    /// without the database: `Ok(None)` when it holds none that is still valid (spec §9, Notices list).
    pub fn cached_list<V>(
        &self,
        actor: &User,
        include_expired: bool,
        cache: &dyn ReadCache<bool, V>,
    ) -> Result<Option<Arc<V>>, NoticesRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(NoticesRefusal::CannotRead);
        }
        Ok(cache.get(&include_expired, self.clock.now()))
    }

    /// Reads the list, makes `encode` of it and keeps that in `cache` until a notice is written (on any
    /// process) or the earliest expiry in it passes.
    pub fn list_into_cache<V>(
        &self,
        actor: &User,
        include_expired: bool,
        cache: &dyn ReadCache<bool, V>,
        encode: impl FnOnce(Vec<ListedNotice>) -> anyhow::Result<V>,
    ) -> Result<Arc<V>, NoticesRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(NoticesRefusal::CannotRead);
        }
        let generation = cache.ticket(None);
        let now = self.clock.now();
        let notices = self.notices.list(include_expired, now)?;
        // The answer changes when the next notice expires (it leaves the list, or turns `expired`).
        let until = notices.iter().filter_map(|n| n.expires_at).filter(|at| *at > now).min();
        let ticket = CacheTicket { until, ..generation };
        let listed = notices.into_iter().map(|notice| ListedNotice::at(notice, now)).collect();
        let value = Arc::new(encode(listed).map_err(DomainError::Unexpected)?);
        cache.store(include_expired, ticket, value.clone());
        Ok(value)
    }

    pub fn create(&self, actor: &User, input: CreateNoticeRequest) -> Result<ListedNotice, NoticesRefusal> {
        if !permissions::can_publish(actor.role) {
            return Err(NoticesRefusal::OnlyOfficersPost);
        }
        let now = self.clock.now();
        let new_notice = validate_new_notice(input, actor.id, now)?;
        let created = self.notices.create(new_notice)?;
        Ok(ListedNotice::at(created, now))
    }

    /// Answers the deleted notice (for the audit log).
    pub fn delete(&self, actor: &User, id: NoticeId) -> Result<Notice, NoticesRefusal> {
        if !permissions::can_publish(actor.role) {
            return Err(NoticesRefusal::OnlyOfficersDelete);
        }
        self.notices.delete(id)
    }
}

/// The post form's rules (spec §5 Notice): title and content required, priority normal by default,
/// no expiry for a permanent notice, and an expiry must lie in the future (published at `now`).
pub fn validate_new_notice(
    input: CreateNoticeRequest,
    created_by: UserId,
    now: DateTime<Utc>,
) -> Result<NewNotice, DomainError> {
    let mut errors = FieldErrors::new();
    let title = validation::required_line(
        &mut errors,
        "title",
        "Title",
        input.title.as_deref().unwrap_or(""),
        TITLE_MAX,
    );
    let content = validation::required_text(
        &mut errors,
        "content",
        "Content",
        input.content.as_deref().unwrap_or(""),
        CONTENT_MAX,
    );
    let priority =
        input.priority.read(&mut errors, "priority", PRIORITY_INVALID).unwrap_or(NoticePriority::Normal);
    let expires_at = input.expires_at.optional(&mut errors, "expiresAt", "Expiry");
    if expires_at.is_some_and(|at| at <= now) {
        errors.add("expiresAt", EXPIRY_IN_PAST);
    }
    errors.into_result()?;
    Ok(NewNotice {
        title,
        content,
        priority,
        pinned: input.pinned.unwrap_or(false),
        expires_at,
        created_by,
        published_at: now,
    })
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 10, 12, 0, 0).unwrap()
    }

    fn input() -> CreateNoticeRequest {
        CreateNoticeRequest {
            title: Some("AGM".into()),
            content: Some(" The AGM moves to the 24th. ".into()),
            priority: Received::Absent,
            pinned: None,
            expires_at: ReceivedTime::Absent,
        }
    }

    fn errors_of(result: Result<NewNotice, DomainError>) -> std::collections::BTreeMap<String, String> {
        match result {
            Err(DomainError::Invalid(fields)) => fields.fields().clone(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn defaults_normal_priority_unpinned_and_permanent() {
        let notice = validate_new_notice(input(), UserId(3), now()).unwrap();
        assert_eq!(notice.content, "The AGM moves to the 24th.");
        assert_eq!(
            (notice.priority, notice.pinned, notice.expires_at),
            (NoticePriority::Normal, false, None)
        );
        assert_eq!(notice.published_at, now());
        let blank_expiry = CreateNoticeRequest { expires_at: ReceivedTime::parse(Some("")), ..input() };
        assert_eq!(validate_new_notice(blank_expiry, UserId(3), now()).unwrap().expires_at, None);
    }

    #[test]
    fn an_expiry_must_be_in_the_future() {
        let tomorrow =
            CreateNoticeRequest { expires_at: ReceivedTime::parse(Some("2026-03-11T12:00:00Z")), ..input() };
        let notice = validate_new_notice(tomorrow, UserId(3), now()).unwrap();
        assert_eq!(notice.expires_at, Some(now() + chrono::Duration::days(1)));
        for past in ["2026-03-10T12:00:00Z", "2026-03-09T00:00:00+00:00"] {
            let input = CreateNoticeRequest { expires_at: ReceivedTime::parse(Some(past)), ..input() };
            assert_eq!(errors_of(validate_new_notice(input, UserId(3), now()))["expiresAt"], EXPIRY_IN_PAST);
        }
    }

    #[test]
    fn title_and_content_are_required() {
        let bad = CreateNoticeRequest {
            title: Some("".into()),
            content: Some("  ".into()),
            priority: serde_json::from_value(serde_json::Value::from("urgent")).unwrap_or_default(),
            pinned: Some(true),
            expires_at: ReceivedTime::parse(Some("next week")),
        };
        let errors = errors_of(validate_new_notice(bad, UserId(3), now()));
        assert_eq!(errors["title"], "Title is required");
        assert_eq!(errors["content"], "Content is required");
        assert_eq!(errors["priority"], PRIORITY_INVALID);
        assert!(errors["expiresAt"].starts_with("Expiry must be a date and time"));
    }

    /// Notices in memory; counts the reads.
    struct Board {
        notices: Vec<Notice>,
        reads: std::sync::atomic::AtomicUsize,
    }

    impl NoticeRepository for Board {
        fn list(&self, include_expired: bool, now: DateTime<Utc>) -> Result<Vec<Notice>, crate::RepoError> {
            self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(self.notices.iter().filter(|n| include_expired || !n.is_expired(now)).cloned().collect())
        }
        fn create(&self, _: NewNotice) -> Result<Notice, crate::RepoError> {
            unreachable!("not used in this test")
        }
        fn delete(&self, _: NoticeId) -> Result<Notice, NoticesRefusal> {
            unreachable!("not used in this test")
        }
    }

    fn notice(id: i32, expires_at: Option<DateTime<Utc>>) -> Notice {
        Notice {
            id: NoticeId(id),
            title: format!("Notice {id}"),
            content: "c".into(),
            priority: NoticePriority::Normal,
            pinned: false,
            expires_at,
            published_at: now() - chrono::Duration::days(1),
        }
    }

    #[test]
    fn the_cached_list_is_read_once_and_holds_until_the_next_expiry() {
        use crate::identity::role::Role;
        use crate::shared::ports::read_cache::CacheTopic;
        use crate::shared::ChangeSink;
        use std::sync::atomic::Ordering;

        let expiry = now() + chrono::Duration::hours(1);
        let board = Arc::new(Board {
            notices: vec![
                notice(1, None),
                notice(2, Some(expiry)),
                notice(3, Some(expiry + chrono::Duration::hours(1))),
            ],
            reads: Default::default(),
        });
        let service_at = |at: DateTime<Utc>| NoticeService {
            notices: board.clone(),
            clock: Arc::new(crate::testing::FixedClock(at)),
        };
        let cache: crate::testing::MemoryReadCache<bool, Vec<i32>> =
            crate::testing::MemoryReadCache::new(CacheTopic::Notices);
        cache.listening();
        let ids = |list: Vec<ListedNotice>| Ok(list.into_iter().map(|l| l.notice.id.0).collect::<Vec<_>>());
        let reader = crate::testing::user(Role::Trustee);

        let service = service_at(now());
        assert_eq!(service.cached_list(&reader, false, &cache).unwrap(), None);
        let listed = service.list_into_cache(&reader, false, &cache, ids).unwrap();
        assert_eq!(*listed, vec![1, 2, 3]);
        assert_eq!(service.cached_list(&reader, false, &cache).unwrap().as_deref(), Some(&vec![1, 2, 3]));
        assert_eq!(service.cached_list(&reader, true, &cache).unwrap(), None, "the other variant is apart");
        assert_eq!(board.reads.load(Ordering::SeqCst), 1);

        // At the first expiry the held list no longer holds: the next read leaves notice 2 out.
        let later = service_at(expiry);
        assert_eq!(later.cached_list(&reader, false, &cache).unwrap(), None);
        assert_eq!(*later.list_into_cache(&reader, false, &cache, ids).unwrap(), vec![1, 3]);
        assert_eq!(board.reads.load(Ordering::SeqCst), 2);

        // A notice written anywhere drops it.
        cache.change(crate::shared::Change::NoticesChanged);
        assert_eq!(later.cached_list(&reader, false, &cache).unwrap(), None);
    }
}
