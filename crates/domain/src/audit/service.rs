//! The audit log (spec §12 Audit log, §6): recording events, and the admins' page.

use std::sync::Arc;

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use crate::audit::{AuditEvent, AuditFilter, AuditKind, AuditPage, NewAuditEvent};
use crate::audit::{AuditRefusal, AuditTrail};
use crate::identity::permissions;
use crate::identity::user::User;
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;
use crate::shared::{string_schema, Clock, FieldLimits, IsoDate, Limit, Received};
use crate::UserId;

pub const DEFAULT_LIMIT: i64 = 50;
pub const MAX_LIMIT: i64 = 200;
/// Pages beyond this are refused rather than turned into an enormous OFFSET.
pub const MAX_PAGE: i64 = 100_000;
/// The most rows one CSV export holds; narrow the filter for more.
pub const EXPORT_MAX: i64 = 100_000;
pub const KIND_INVALID: &str = "Unknown event kind";
pub const DATE_INVALID: &str = "Use a date as YYYY-MM-DD";
pub const RANGE_INVALID: &str = "The end date must not be before the start date";

/// The filters and page of `GET /api/audit-events` and of its CSV export, as received.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Only events whose actor is this user.
    #[serde(default, deserialize_with = "crate::shared::input::received::empty_as_absent")]
    #[param(value_type = Option<i32>)]
    pub user_id: Option<i32>,
    /// Only events of this kind.
    #[serde(default)]
    #[param(value_type = Option<AuditKindFilter>)]
    pub kind: Received<AuditKind>,
    /// `YYYY-MM-DD` (UTC), included; empty: no filter.
    #[serde(default)]
    #[param(value_type = Option<String>, pattern = r"^(\d{4}-\d{2}-\d{2})?$")]
    pub from: Received<IsoDate>,
    /// `YYYY-MM-DD` (UTC), included, not before `from`; empty: no filter.
    #[serde(default)]
    #[param(value_type = Option<String>, pattern = r"^(\d{4}-\d{2}-\d{2})?$")]
    pub to: Received<IsoDate>,
    /// From 1; default 1 (ignored by the CSV export).
    #[serde(default, deserialize_with = "crate::shared::input::received::empty_as_absent")]
    #[param(value_type = Option<i64>)]
    pub page: Option<i64>,
    /// Events per page, 1 to 200; default 50 (ignored by the CSV export).
    #[serde(default, deserialize_with = "crate::shared::input::received::empty_as_absent")]
    #[param(value_type = Option<i64>)]
    pub limit: Option<i64>,
}

/// The paging limits; the API document states them on the query's parameters.
impl FieldLimits for AuditQuery {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("page", Limit::Range { min: 1, max: MAX_PAGE }),
        ("limit", Limit::Range { min: 1, max: MAX_LIMIT }),
    ];
}

/// The `kind` filter as the API document names it: every kind's spelling, and `""` for no filter.
pub struct AuditKindFilter;

impl utoipa::PartialSchema for AuditKindFilter {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        string_schema(
            AuditKind::ALL.iter().map(|kind| kind.as_str()).chain([""]),
            "An audit event kind to filter by; empty: no filter",
        )
    }
}

impl utoipa::ToSchema for AuditKindFilter {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("AuditKindFilter")
    }
}

#[derive(Clone)]
pub struct AuditService {
    pub trail: Arc<dyn AuditTrail>,
    pub clock: Arc<dyn Clock>,
}

impl AuditService {
    /// Appends an event now.
    pub fn record(&self, event: NewAuditEvent) -> Result<(), DomainError> {
        Ok(self.trail.record(event, self.clock.now())?)
    }

    /// One page of events, newest first (admins only).
    pub fn list(&self, actor: &User, query: &AuditQuery) -> Result<AuditPage, AuditRefusal> {
        if !permissions::can_read_audit_log(actor.role) {
            return Err(AuditRefusal::AdminsOnly);
        }
        let (filter, page, limit) = validate(query)?;
        let (items, total) = self.trail.list(&filter, (page - 1) * limit, limit)?;
        Ok(AuditPage { items, total, page, limit })
    }

    /// The events the filter selects (paging ignored), newest first, at most `EXPORT_MAX` (admins only).
    pub fn export(&self, actor: &User, query: &AuditQuery) -> Result<Vec<AuditEvent>, AuditRefusal> {
        if !permissions::can_read_audit_log(actor.role) {
            return Err(AuditRefusal::AdminsOnly);
        }
        let (filter, _, _) = validate(query)?;
        let (items, _) = self.trail.list(&filter, 0, EXPORT_MAX)?;
        Ok(items)
    }

    /// Deletes the events older than `retention_days` days; answers how many went.
    pub fn prune(&self, retention_days: i64) -> Result<usize, DomainError> {
        Ok(self.trail.prune(cutoff(self.clock.now(), retention_days))?)
    }
}

/// The first instant kept: `retention_days` before `now`.
pub fn cutoff(now: DateTime<Utc>, retention_days: i64) -> DateTime<Utc> {
    now - chrono::Duration::days(retention_days)
}

/// A day of the years 1 to 9999 (year 0 is written `0000` but is no date a log holds).
fn date(errors: &mut FieldErrors, field: &str, day: &Received<IsoDate>) -> Option<NaiveDate> {
    match day {
        Received::Absent => None,
        Received::Given(IsoDate(day)) if (1..=9999).contains(&day.year()) => Some(*day),
        _ => {
            errors.add(field, DATE_INVALID);
            None
        }
    }
}

fn validate(query: &AuditQuery) -> Result<(AuditFilter, i64, i64), DomainError> {
    let mut errors = FieldErrors::new();
    let kind = query.kind.clone().read(&mut errors, "kind", KIND_INVALID);
    let from = date(&mut errors, "from", &query.from);
    let to = date(&mut errors, "to", &query.to);
    if let (Some(from), Some(to)) = (from, to) {
        if to < from {
            errors.add("to", RANGE_INVALID);
        }
    }
    let page = query.page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        errors.add("page", format!("Page must be between 1 and {MAX_PAGE}"));
    }
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        errors.add("limit", format!("Limit must be between 1 and {MAX_LIMIT}"));
    }
    errors.into_result()?;
    Ok((AuditFilter { actor: query.user_id.map(UserId), kind, from, to }, page, limit))
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::audit::{AuditEvent, AuditObject};
    use crate::identity::role::Role;
    use crate::testing::{clock, user};
    use crate::RepoError;

    #[derive(Default)]
    struct MemoryTrail {
        events: Mutex<Vec<AuditEvent>>,
        pruned_before: Mutex<Option<DateTime<Utc>>>,
    }

    impl AuditTrail for MemoryTrail {
        fn record(&self, event: NewAuditEvent, at: DateTime<Utc>) -> Result<(), RepoError> {
            let mut events = self.events.lock().unwrap();
            let id = events.len() as i64 + 1;
            let object = event.object.unwrap_or_default();
            events.push(AuditEvent {
                id,
                occurred_at: at,
                actor_id: event.actor,
                actor_name: Some("Test User".into()),
                actor_email: None,
                kind: event.kind,
                object_type: Some(object.object_type),
                object_id: object.id,
                object_label: object.label,
                details: event.details,
                client_address: event.client_address,
            });
            Ok(())
        }

        fn list(
            &self,
            filter: &AuditFilter,
            offset: i64,
            limit: i64,
        ) -> Result<(Vec<AuditEvent>, i64), RepoError> {
            let events = self.events.lock().unwrap();
            let matching: Vec<_> =
                events.iter().rev().filter(|e| filter.kind.is_none_or(|k| k == e.kind)).cloned().collect();
            let total = matching.len() as i64;
            Ok((matching.into_iter().skip(offset as usize).take(limit as usize).collect(), total))
        }

        fn prune(&self, before: DateTime<Utc>) -> Result<usize, RepoError> {
            *self.pruned_before.lock().unwrap() = Some(before);
            Ok(0)
        }
    }

    fn service() -> (AuditService, Arc<MemoryTrail>) {
        let trail = Arc::new(MemoryTrail::default());
        (AuditService { trail: trail.clone(), clock: clock() }, trail)
    }

    #[test]
    fn only_admins_list_or_export() {
        let (audit, _) = service();
        for role in [Role::Chair, Role::Trustee] {
            let denied = audit.list(&user(role), &AuditQuery::default());
            assert!(matches!(denied, Err(AuditRefusal::AdminsOnly)), "{role}");
            assert!(matches!(
                audit.export(&user(role), &AuditQuery::default()),
                Err(AuditRefusal::AdminsOnly)
            ));
        }
        let page = audit.list(&user(Role::Admin), &AuditQuery::default()).unwrap();
        assert_eq!((page.total, page.page, page.limit), (0, 1, DEFAULT_LIMIT));
    }

    /// A query field as the query's deserializer reads `raw`.
    fn as_received<T: serde::de::DeserializeOwned>(raw: &str) -> Received<T> {
        serde_json::from_value(serde_json::Value::from(raw)).unwrap_or_default()
    }

    #[test]
    fn filters_and_pages_are_validated() {
        let (audit, _) = service();
        let bad = AuditQuery {
            kind: as_received("sign_in"),
            from: as_received("2026-13-01"),
            to: as_received("yesterday"),
            page: Some(0),
            limit: Some(201),
            ..AuditQuery::default()
        };
        let Err(AuditRefusal::Common(DomainError::Invalid(errors))) = audit.list(&user(Role::Admin), &bad)
        else {
            panic!()
        };
        let fields = errors.fields();
        assert_eq!(fields["kind"], KIND_INVALID);
        assert_eq!(fields["from"], DATE_INVALID);
        assert_eq!(fields["to"], DATE_INVALID);
        assert!(fields.contains_key("page") && fields.contains_key("limit"));
        let reversed = AuditQuery {
            from: as_received("2026-03-05"),
            to: as_received("2026-03-04"),
            ..AuditQuery::default()
        };
        let Err(AuditRefusal::Common(DomainError::Invalid(errors))) =
            audit.list(&user(Role::Admin), &reversed)
        else {
            panic!()
        };
        assert_eq!(errors.fields()["to"], RANGE_INVALID);
        let year_zero = AuditQuery { from: as_received("0000-01-01"), ..AuditQuery::default() };
        let Err(AuditRefusal::Common(DomainError::Invalid(errors))) =
            audit.list(&user(Role::Admin), &year_zero)
        else {
            panic!()
        };
        assert_eq!(errors.fields()["from"], DATE_INVALID);
    }

    #[test]
    fn records_at_the_clocks_time_and_pages_newest_first() {
        let (audit, _) = service();
        for n in 0..3 {
            let event = NewAuditEvent::new(AuditKind::DocumentViewed, Some(UserId(7)))
                .object(AuditObject::new("document", n, format!("Doc {n}")));
            audit.record(event).unwrap();
        }
        let query = AuditQuery { page: Some(2), limit: Some(2), ..AuditQuery::default() };
        let page = audit.list(&user(Role::Admin), &query).unwrap();
        assert_eq!(page.total, 3);
        assert_eq!(page.items.len(), 1);
        assert_eq!(page.items[0].object_label.as_deref(), Some("Doc 0"));
        assert_eq!(page.items[0].occurred_at, clock().0);
    }

    #[test]
    fn pruning_keeps_the_retention_period() {
        let (audit, trail) = service();
        audit.prune(2555).unwrap();
        assert_eq!(*trail.pruned_before.lock().unwrap(), Some(clock().0 - chrono::Duration::days(2555)));
    }
}
