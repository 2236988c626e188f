//! `GET /api/search`'s parameters: as received ([`SearchRequest`]) and as read ([`SearchQuery`]).

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

use crate::search::{SearchKind, SearchOrder, SearchText};
use crate::shared::input::validation::FieldErrors;
use crate::shared::IsoDate;
use crate::{CommitteeId, DomainError, MeetingId};

pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 50;
pub const CATEGORY_MAX: usize = 100;
pub const KIND_INVALID: &str = "Kind must be one of document, committeeDocument, uploadedMinutes, \
                                writtenMinutes, decision, agendaItem, agendaPaper, notice, action, resolution, \
                                interest, chatMessage";
pub const DATE_INVALID: &str = "Use a date as YYYY-MM-DD";
pub const RANGE_INVALID: &str = "The end date must not be before the start date";
pub const ID_INVALID: &str = "Use a number";
pub const ORDER_INVALID: &str = "Order must be relevance or date";
pub const LIMIT_INVALID: &str = "Limit must be between 1 and 50";
pub const CURSOR_INVALID: &str =
    "This page cursor does not belong to this search; start again from the first page";
pub const CATEGORY_INVALID: &str = "Category must be at most 100 characters, without NUL characters";

/// The query string as received: every parameter as text (`kind` as often as given), read by
/// [`SearchQuery::read`] into typed values or field errors.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchRequest {
    pub q: Option<String>,
    /// Each `kind` given, each perhaps a comma-separated list.
    pub kinds: Vec<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub meeting_id: Option<String>,
    pub committee_id: Option<String>,
    pub category: Option<String>,
    pub order: Option<String>,
    pub limit: Option<String>,
    pub cursor: Option<String>,
}

impl SearchRequest {
    /// The parameters of a query string, decoded, in order; unknown ones are ignored, and of a parameter
    /// given twice (but `kind`) the last counts.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        let mut request = Self::default();
        for (name, value) in pairs {
            let slot = match name.as_str() {
                "kind" => {
                    request.kinds.push(value);
                    continue;
                }
                "q" => &mut request.q,
                "from" => &mut request.from,
                "to" => &mut request.to,
                "meetingId" => &mut request.meeting_id,
                "committeeId" => &mut request.committee_id,
                "category" => &mut request.category,
                "order" => &mut request.order,
                "limit" => &mut request.limit,
                "cursor" => &mut request.cursor,
                _ => continue,
            };
            *slot = Some(value);
        }
        request
    }
}

/// Where the next page starts: after the last result of the page before (its sort key, kind and id), in
/// the same order, with the relevance of every page weighed as of the first page's time (`asof`), so
/// pages neither repeat nor skip results.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchCursor {
    pub order: SearchOrder,
    pub asof: DateTime<Utc>,
    pub key: f64,
    pub kind: SearchKind,
    pub id: i64,
}

impl SearchCursor {
    /// The opaque text the API hands out.
    pub fn encode(&self) -> String {
        let order = match self.order {
            SearchOrder::Relevance => "r",
            SearchOrder::Date => "d",
        };
        format!(
            "{order}1.{}.{:x}.{}.{}",
            self.asof.timestamp_micros(),
            self.key.to_bits(),
            self.kind,
            self.id
        )
    }

    /// The cursor `encode` wrote, or `None` for any other text.
    pub fn decode(text: &str) -> Option<Self> {
        let mut parts = text.split('.');
        let order = match parts.next()? {
            "r1" => SearchOrder::Relevance,
            "d1" => SearchOrder::Date,
            _ => return None,
        };
        let asof = DateTime::from_timestamp_micros(parts.next()?.parse().ok()?)?;
        let key = f64::from_bits(u64::from_str_radix(parts.next()?, 16).ok()?);
        let kind = parts.next()?.parse().ok()?;
        let id = parts.next()?.parse().ok()?;
        if parts.next().is_some() || !key.is_finite() {
            return None;
        }
        Some(Self { order, asof, key, kind, id })
    }
}

/// A search as read: typed, within its limits.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchQuery {
    pub text: SearchText,
    /// `None`: every kind.
    pub kinds: Option<Vec<SearchKind>>,
    /// The first instant included: `from` at midnight in the board's time zone.
    pub starts_at: Option<DateTime<Utc>>,
    /// The first instant no longer included: the day after `to` at midnight in the board's time zone.
    pub ends_before: Option<DateTime<Utc>>,
    pub meeting: Option<MeetingId>,
    pub committee: Option<CommitteeId>,
    pub category: Option<String>,
    pub order: SearchOrder,
    pub limit: i64,
    pub cursor: Option<SearchCursor>,
}

/// Text that is there once trimmed.
fn given(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|text| !text.is_empty())
}

/// A date `YYYY-MM-DD` of the years 1 to 9999.
fn date(errors: &mut FieldErrors, field: &str, raw: &Option<String>) -> Option<NaiveDate> {
    let text = given(raw)?;
    match text.parse::<IsoDate>() {
        Ok(IsoDate(day)) if (1..=9999).contains(&day.year()) => Some(day),
        _ => {
            errors.add(field, DATE_INVALID);
            None
        }
    }
}

/// An id: a positive number.
fn id(errors: &mut FieldErrors, field: &str, raw: &Option<String>) -> Option<i32> {
    let text = given(raw)?;
    match text.parse::<i32>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            errors.add(field, ID_INVALID);
            None
        }
    }
}

/// Midnight starting `day` in `zone`, as an instant (the first instant of the day when midnight is skipped).
fn midnight(day: NaiveDate, zone: Tz) -> Option<DateTime<Utc>> {
    let local = day.and_hms_opt(0, 0, 0)?;
    zone.from_local_datetime(&local)
        .earliest()
        .or_else(|| zone.from_local_datetime(&(local + chrono::Duration::hours(1))).earliest())
        .map(|at| at.with_timezone(&Utc))
}

impl SearchQuery {
    /// Reads every parameter, naming each one at fault; dates are days in `zone` (the board's time zone).
    pub fn read(request: &SearchRequest, zone: Tz) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::new();
        let text = SearchText::read(&mut errors, request.q.as_deref());

        let mut kinds = Vec::new();
        for name in request.kinds.iter().flat_map(|list| list.split(',')).map(str::trim) {
            if name.is_empty() {
                continue;
            }
            match name.parse::<SearchKind>() {
                Ok(kind) if !kinds.contains(&kind) => kinds.push(kind),
                Ok(_) => {}
                Err(_) => errors.add("kind", KIND_INVALID),
            }
        }

        let from = date(&mut errors, "from", &request.from);
        let to = date(&mut errors, "to", &request.to);
        if let (Some(from), Some(to)) = (from, to) {
            if to < from {
                errors.add("to", RANGE_INVALID);
            }
        }
        let meeting = id(&mut errors, "meetingId", &request.meeting_id).map(MeetingId);
        let committee = id(&mut errors, "committeeId", &request.committee_id).map(CommitteeId);
        let category = given(&request.category).map(str::to_string);
        if category.as_deref().is_some_and(|c| c.chars().count() > CATEGORY_MAX || c.contains('\0')) {
            errors.add("category", CATEGORY_INVALID);
        }

        let order = match given(&request.order) {
            None => SearchOrder::Relevance,
            Some(text) => text.parse().unwrap_or_else(|_| {
                errors.add("order", ORDER_INVALID);
                SearchOrder::Relevance
            }),
        };
        let limit = match given(&request.limit) {
            None => DEFAULT_LIMIT,
            Some(text) => match text.parse::<i64>() {
                Ok(limit) if (1..=MAX_LIMIT).contains(&limit) => limit,
                _ => {
                    errors.add("limit", LIMIT_INVALID);
                    DEFAULT_LIMIT
                }
            },
        };
        let cursor = given(&request.cursor).and_then(|text| {
            let cursor = SearchCursor::decode(text).filter(|cursor| cursor.order == order);
            if cursor.is_none() {
                errors.add("cursor", CURSOR_INVALID);
            }
            cursor
        });

        errors.into_result()?;
        let Some(text) = text else {
            // `SearchText::read` names `q` whenever it reads nothing.
            return Err(DomainError::invalid("q", crate::search::text::SEARCH_REQUIRED));
        };
        Ok(Self {
            text,
            kinds: (!kinds.is_empty()).then_some(kinds),
            starts_at: from.and_then(|day| midnight(day, zone)),
            ends_before: to.and_then(|day| day.succ_opt()).and_then(|day| midnight(day, zone)),
            meeting,
            committee,
            category,
            order,
            limit,
            cursor,
        })
    }

    /// Whether results of `kind` are asked for.
    pub fn wants(&self, kind: SearchKind) -> bool {
        self.kinds.as_ref().is_none_or(|kinds| kinds.contains(&kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(pairs: &[(&str, &str)]) -> SearchRequest {
        SearchRequest::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    fn errors_of(pairs: &[(&str, &str)]) -> Vec<String> {
        match SearchQuery::read(&request(pairs), chrono_tz::Europe::London) {
            Err(DomainError::Invalid(errors)) => errors.fields().keys().cloned().collect(),
            other => panic!("not a field error: {other:?}"),
        }
    }

    #[test]
    fn every_parameter_is_read() {
        let query = SearchQuery::read(
            &request(&[
                ("q", " lease "),
                ("kind", "document,agendaPaper"),
                ("kind", "notice"),
                ("from", "2026-07-01"),
                ("to", "2026-07-31"),
                ("meetingId", "3"),
                ("committeeId", "4"),
                ("category", "policies"),
                ("order", "date"),
                ("limit", "5"),
                ("other", "ignored"),
            ]),
            chrono_tz::Europe::London,
        )
        .unwrap();
        assert_eq!(query.text.raw, "lease");
        assert_eq!(
            query.kinds,
            Some(vec![SearchKind::Document, SearchKind::AgendaPaper, SearchKind::Notice])
        );
        // Days in the board's time zone: British Summer Time starts them at 23:00 UTC the day before.
        assert_eq!(query.starts_at.unwrap().to_rfc3339(), "2026-06-30T23:00:00+00:00");
        assert_eq!(query.ends_before.unwrap().to_rfc3339(), "2026-07-31T23:00:00+00:00");
        assert_eq!((query.meeting, query.committee), (Some(MeetingId(3)), Some(CommitteeId(4))));
        assert_eq!(query.category.as_deref(), Some("policies"));
        assert_eq!((query.order, query.limit, query.cursor), (SearchOrder::Date, 5, None));
        assert!(query.wants(SearchKind::Notice) && !query.wants(SearchKind::Action));
    }

    #[test]
    fn defaults_and_blank_parameters() {
        let query = SearchQuery::read(
            &request(&[("q", "x"), ("kind", ""), ("from", ""), ("limit", "")]),
            chrono_tz::Europe::London,
        )
        .unwrap();
        assert_eq!((query.kinds, query.starts_at, query.limit), (None, None, DEFAULT_LIMIT));
        assert_eq!(query.order, SearchOrder::Relevance);
    }

    #[test]
    fn each_bad_parameter_is_named() {
        assert_eq!(errors_of(&[]), ["q"]);
        assert_eq!(errors_of(&[("q", "x"), ("kind", "document,papers")]), ["kind"]);
        assert_eq!(errors_of(&[("q", "x"), ("from", "2026-1-5"), ("to", "soon")]), ["from", "to"]);
        assert_eq!(errors_of(&[("q", "x"), ("from", "2026-02-05"), ("to", "2026-02-04")]), ["to"]);
        assert_eq!(errors_of(&[("q", "x"), ("limit", "0")]), ["limit"]);
        assert_eq!(errors_of(&[("q", "x"), ("limit", "51")]), ["limit"]);
        assert_eq!(errors_of(&[("q", "x"), ("order", "title")]), ["order"]);
        assert_eq!(
            errors_of(&[("q", "x"), ("meetingId", "three"), ("committeeId", "-1")]),
            ["committeeId", "meetingId"]
        );
        assert_eq!(errors_of(&[("q", "x"), ("cursor", "nonsense")]), ["cursor"]);
    }

    #[test]
    fn a_cursor_round_trips_and_keeps_to_its_order() {
        let cursor = SearchCursor {
            order: SearchOrder::Relevance,
            asof: DateTime::from_timestamp_micros(1_790_000_000_123_456).unwrap(),
            key: 0.123_456_789_012_345_67,
            kind: SearchKind::AgendaPaper,
            id: 42,
        };
        let text = cursor.encode();
        assert_eq!(SearchCursor::decode(&text), Some(cursor));
        let query = SearchQuery::read(&request(&[("q", "x"), ("cursor", &text)]), chrono_tz::UTC).unwrap();
        assert_eq!(query.cursor, Some(cursor));
        assert_eq!(errors_of(&[("q", "x"), ("cursor", &text), ("order", "date")]), ["cursor"]);
        assert_eq!(SearchCursor::decode(&format!("{text}.1")), None);
    }
}
