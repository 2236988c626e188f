//! The dashboard's summary figures (spec §2 Dashboard).

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::dashboard::DashboardStats;
use crate::dashboard::{DashboardRefusal, DashboardRepository};
use crate::identity::permissions;
use crate::identity::user::User;
use crate::meetings::meeting::MeetingScope;
use crate::shared::error::DomainError;
use crate::shared::ports::read_cache::{CacheTicket, ReadCache};
use crate::shared::Clock;

#[derive(Clone)]
pub struct DashboardService {
    pub dashboard: Arc<dyn DashboardRepository>,
    pub clock: Arc<dyn Clock>,
}

impl DashboardService {
    /// What decides the figures a reader gets (the read cache of spec §9, Dashboard stats): the meetings they
    /// may see, for the next meeting, and the actions they may see, for the pending count (an action recorded
    /// in a committee meeting's minutes only with that meeting, or by its assignee: spec §6 Committee
    /// meetings). Both follow from the scope: admins and chairs see everything and share one answer;
    /// every other reader has their own, keyed by their id. The other figures are the same for everyone.
    /// The role is the one of this request's session, so a role change gives another key at once.
    pub fn stats_key(&self, actor: &User) -> Result<MeetingScope, DashboardRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(DashboardRefusal::CannotRead);
        }
        Ok(crate::meetings::rules::scope_of(actor))
    }

    /// Pending (not overdue) actions, documents, the next meeting and active trustees, as of now.
    pub fn stats(&self, actor: &User) -> Result<DashboardStats, DashboardRefusal> {
        let scope = self.stats_key(actor)?;
        let now = self.clock.now();
        Ok(self.dashboard.stats(now.date_naive(), now, scope)?)
    }

    /// The figures as `cache` holds them for `key`, without the database; `None` when it holds none that
    /// still holds now.
    pub fn cached_stats<V>(
        &self,
        key: MeetingScope,
        cache: &dyn ReadCache<MeetingScope, V>,
    ) -> Option<Arc<V>> {
        cache.get(&key, self.clock.now())
    }

    /// Reads the figures, makes `encode` of them and keeps that in `cache` until an action, document,
    /// meeting, membership or account is written on any process, or until time alone changes them.
    pub fn stats_into_cache<V>(
        &self,
        key: MeetingScope,
        cache: &dyn ReadCache<MeetingScope, V>,
        encode: impl FnOnce(DashboardStats) -> anyhow::Result<V>,
    ) -> Result<Arc<V>, DomainError> {
        let generation = cache.ticket(None);
        let now = self.clock.now();
        let stats = self.dashboard.stats(now.date_naive(), now, key)?;
        let ticket = CacheTicket { until: Some(holds_until(now, &stats)), ..generation };
        let value = Arc::new(encode(stats).map_err(DomainError::Unexpected)?);
        cache.store(key, ticket, value.clone());
        Ok(value)
    }
}

/// When figures read at `now` may stop holding without any write: at the next midnight (UTC, the day the
/// figures are read by: an action due today is pending today and overdue tomorrow), or when the next
/// meeting starts (it is no longer the next one), whichever comes first.
fn holds_until(now: DateTime<Utc>, stats: &DashboardStats) -> DateTime<Utc> {
    let midnight = now
        .date_naive()
        .succ_opt()
        .and_then(|day| day.and_hms_opt(0, 0, 0))
        .map(|at| at.and_utc())
        // The last representable day: nothing is kept.
        .unwrap_or(now);
    stats.next_meeting.map_or(midnight, |start| start.min(midnight))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    use chrono::{NaiveDate, TimeZone};

    use super::*;
    use crate::identity::role::Role;
    use crate::shared::ports::read_cache::CacheTopic;
    use crate::shared::{Change, ChangeSink};
    use crate::testing::{user, FixedClock};
    use crate::{MeetingId, RepoError, UserId};

    /// Answers `next` as the next meeting and counts the reads and the scopes read for.
    struct Figures {
        next: Option<DateTime<Utc>>,
        reads: AtomicUsize,
        scopes: Mutex<Vec<MeetingScope>>,
    }

    impl DashboardRepository for Figures {
        fn stats(
            &self,
            _today: NaiveDate,
            _now: DateTime<Utc>,
            scope: MeetingScope,
        ) -> Result<DashboardStats, RepoError> {
            self.reads.fetch_add(1, Ordering::SeqCst);
            self.scopes.lock().unwrap().push(scope);
            Ok(DashboardStats {
                pending_actions: 1,
                documents: 2,
                next_meeting: self.next,
                next_meeting_id: self.next.map(|_| MeetingId(5)),
                trustees: 3,
            })
        }
    }

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 25, hour, minute, 0).unwrap()
    }

    fn figures(next: Option<DateTime<Utc>>) -> Arc<Figures> {
        Arc::new(Figures { next, reads: AtomicUsize::new(0), scopes: Mutex::new(Vec::new()) })
    }

    fn service_at(figures: &Arc<Figures>, now: DateTime<Utc>) -> DashboardService {
        DashboardService { dashboard: figures.clone(), clock: Arc::new(FixedClock(now)) }
    }

    fn listening_cache() -> crate::testing::MemoryReadCache<MeetingScope, DashboardStats> {
        let cache = crate::testing::MemoryReadCache::new(CacheTopic::Dashboard);
        cache.listening();
        cache
    }

    #[test]
    fn officers_share_one_key_and_every_other_reader_has_their_own() {
        let service = service_at(&figures(None), at(9, 0));
        let with_id = |role, id| crate::identity::user::User { id: UserId(id), ..user(role) };
        assert_eq!(service.stats_key(&with_id(Role::Admin, 1)).unwrap(), MeetingScope::Everything);
        assert_eq!(service.stats_key(&with_id(Role::Chair, 2)).unwrap(), MeetingScope::Everything);
        let trustee = service.stats_key(&with_id(Role::Trustee, 3)).unwrap();
        assert_eq!(trustee, MeetingScope::VisibleTo(UserId(3)));
        assert_ne!(trustee, service.stats_key(&with_id(Role::Trustee, 4)).unwrap());
        // The same account made chair reads the officers' figures, not its old ones.
        assert_eq!(service.stats_key(&with_id(Role::Chair, 3)).unwrap(), MeetingScope::Everything);
    }

    #[test]
    fn the_figures_are_read_once_per_key_until_a_table_they_count_changes() {
        let board = figures(None);
        let service = service_at(&board, at(9, 0));
        let cache = listening_cache();
        let officers = MeetingScope::Everything;
        let trustee = MeetingScope::VisibleTo(UserId(3));

        assert_eq!(service.cached_stats(officers, &cache), None);
        service.stats_into_cache(officers, &cache, Ok).unwrap();
        assert_eq!(service.cached_stats(officers, &cache).map(|s| s.trustees), Some(3));
        assert_eq!(service.cached_stats(trustee, &cache), None, "a trustee's figures are apart");
        service.stats_into_cache(trustee, &cache, Ok).unwrap();
        assert_eq!(*board.scopes.lock().unwrap(), [officers, trustee], "each read for its own scope");
        assert_eq!(board.reads.load(Ordering::SeqCst), 2);

        for change in [
            Change::ActionsChanged,
            Change::DocumentsChanged,
            Change::MeetingsChanged,
            Change::MembershipsChanged,
            Change::PeopleChanged,
        ] {
            service.stats_into_cache(officers, &cache, Ok).unwrap();
            service.stats_into_cache(trustee, &cache, Ok).unwrap();
            cache.change(Change::NoticesChanged);
            assert!(service.cached_stats(officers, &cache).is_some(), "a notice leaves them");
            cache.change(change);
            assert_eq!(service.cached_stats(officers, &cache), None, "{change:?}");
            assert_eq!(service.cached_stats(trustee, &cache), None, "{change:?}");
        }
    }

    #[test]
    fn the_figures_hold_until_the_day_turns() {
        let board = figures(None);
        let cache = listening_cache();
        service_at(&board, at(23, 30)).stats_into_cache(MeetingScope::Everything, &cache, Ok).unwrap();
        let just_before = Utc.with_ymd_and_hms(2026, 11, 25, 23, 59, 59).unwrap();
        assert!(service_at(&board, just_before).cached_stats(MeetingScope::Everything, &cache).is_some());
        let midnight = Utc.with_ymd_and_hms(2026, 11, 26, 0, 0, 0).unwrap();
        assert_eq!(service_at(&board, midnight).cached_stats(MeetingScope::Everything, &cache), None);
    }

    #[test]
    fn the_figures_hold_until_the_next_meeting_starts() {
        let board = figures(Some(at(10, 0)));
        let cache = listening_cache();
        service_at(&board, at(9, 0)).stats_into_cache(MeetingScope::Everything, &cache, Ok).unwrap();
        assert!(service_at(&board, at(9, 59)).cached_stats(MeetingScope::Everything, &cache).is_some());
        assert_eq!(service_at(&board, at(10, 0)).cached_stats(MeetingScope::Everything, &cache), None);
        assert_eq!(
            holds_until(at(9, 0), &DashboardStats { next_meeting: Some(at(10, 0)), ..zero() }),
            at(10, 0)
        );
        // A meeting after midnight: the day turning comes first.
        let tomorrow = Utc.with_ymd_and_hms(2026, 11, 26, 9, 0, 0).unwrap();
        let midnight = Utc.with_ymd_and_hms(2026, 11, 26, 0, 0, 0).unwrap();
        assert_eq!(
            holds_until(at(9, 0), &DashboardStats { next_meeting: Some(tomorrow), ..zero() }),
            midnight
        );
    }

    fn zero() -> DashboardStats {
        DashboardStats {
            pending_actions: 0,
            documents: 0,
            next_meeting: None,
            next_meeting_id: None,
            trustees: 0,
        }
    }
}
