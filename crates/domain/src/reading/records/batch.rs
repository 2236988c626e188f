//! A batch of pages shown, as the reader sends it (docs/spec.md "Reading records"): parsed at the edge.

use chrono::{DateTime, Utc};

use crate::reading::PaperRef;
use crate::shared::input::validation::FieldErrors;

/// At most this many pages in one batch: the reader sends little and often.
pub const PAGES_MAX: usize = 500;
/// The highest page number taken (the notes' limit).
pub const PAGE_MAX: i64 = 100_000;
pub const PAGES_COUNT: &str = "Send from 1 to 500 pages at a time";
pub const PAGE_RANGE: &str = "Page must be a whole number from 1 to 100000";

/// "Pages shown": what the reader displayed, with when.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PagesRequest {
    /// 1 to 500 entries.
    #[serde(default)]
    pub pages: Vec<PageShownRequest>,
}

#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageShownRequest {
    pub paper: PaperRef,
    /// The page within the paper, 1 to 100000.
    pub page: i64,
    /// When the page was shown; a time later than now is taken as now.
    pub shown_at: DateTime<Utc>,
}

/// One page shown, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageShown {
    pub paper: PaperRef,
    pub page: u32,
    pub shown_at: DateTime<Utc>,
}

impl PagesRequest {
    /// The pages, each time capped at `now` (a device clock ahead of the server's cannot record the
    /// future); errors under `pages` or `pages[i].page`.
    pub fn parse(self, now: DateTime<Utc>) -> Result<Vec<PageShown>, FieldErrors> {
        let mut errors = FieldErrors::new();
        if self.pages.is_empty() || self.pages.len() > PAGES_MAX {
            errors.add("pages", PAGES_COUNT);
            return Err(errors);
        }
        let mut pages = Vec::with_capacity(self.pages.len());
        for (index, entry) in self.pages.into_iter().enumerate() {
            match u32::try_from(entry.page).ok().filter(|page| (1..=PAGE_MAX).contains(&i64::from(*page))) {
                Some(page) => {
                    pages.push(PageShown { paper: entry.paper, page, shown_at: entry.shown_at.min(now) })
                }
                None => errors.add(&format!("pages[{index}].page"), PAGE_RANGE),
            }
        }
        if errors.is_empty() {
            Ok(pages)
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;
    use crate::reading::PaperKind;

    fn entry(page: i64, shown_at: DateTime<Utc>) -> PageShownRequest {
        PageShownRequest { paper: PaperRef { kind: PaperKind::Document, id: 1 }, page, shown_at }
    }

    #[test]
    fn a_batch_holds_one_to_five_hundred_good_pages_and_no_future() {
        let now = Utc.with_ymd_and_hms(2026, 11, 29, 12, 0, 0).single().unwrap_or_default();
        let empty = PagesRequest { pages: vec![] }.parse(now);
        assert!(empty.is_err());
        let too_many = PagesRequest { pages: (0..501).map(|_| entry(1, now)).collect() }.parse(now);
        assert!(too_many.is_err());
        let bad = PagesRequest { pages: vec![entry(1, now), entry(0, now)] }.parse(now);
        assert!(bad.is_err_and(|e| !e.is_empty()));
        let later = now + Duration::hours(3);
        let parsed = PagesRequest { pages: vec![entry(3, later), entry(100_000, now)] }.parse(now);
        let parsed = parsed.unwrap_or_default();
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[0].shown_at, now);
        assert_eq!(parsed[1].page, 100_000);
    }
}
