//! Terms of office (spec §10 Governance; Charity Governance Code, principle 5: board renewal and nine
//! years' service).

pub mod repository;
pub mod service;

use chrono::{Months, NaiveDate};

use crate::identity::role::Role;
use crate::{TermId, UserId};

/// Service beyond this many years is to be explained (Charity Governance Code 5.6).
pub const LONG_SERVICE_YEARS: u32 = 9;
/// Admins and chairs are warned this many months before a term ends.
pub const TERM_ENDING_WARNING_MONTHS: u32 = 3;

/// One appointment (or reappointment) of a trustee for a number of years.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub id: TermId,
    pub user_id: UserId,
    pub started_on: NaiveDate,
    pub term_years: u8,
    pub reappointment: bool,
    /// Set when the trustee left before the scheduled end.
    pub ended_on: Option<NaiveDate>,
}

impl Term {
    /// The day the term runs out as appointed: the anniversary `term_years` after it began.
    pub fn scheduled_end(&self) -> NaiveDate {
        self.started_on
            .checked_add_months(Months::new(12 * u32::from(self.term_years)))
            .unwrap_or(NaiveDate::MAX)
    }

    /// The earlier of the scheduled end and the day the trustee left.
    pub fn ends_on(&self) -> NaiveDate {
        self.ended_on.map_or(self.scheduled_end(), |left| left.min(self.scheduled_end()))
    }

    pub fn covers(&self, day: NaiveDate) -> bool {
        self.started_on <= day && day < self.ends_on()
    }
}

/// A trustee with their terms, as the board overview and the directory show them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrusteeTerms {
    pub user_id: UserId,
    pub name: String,
    /// Lets the directory (which has no ids) find the trustee.
    pub email: String,
    pub role: Role,
    /// Oldest first.
    pub terms: Vec<Term>,
}

/// What the overview says about one trustee on one day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceSummary {
    /// The end of the term running that day, if any.
    pub current_term_ends_on: Option<NaiveDate>,
    /// Days served up to that day, overlapping terms counted once.
    pub service_days: i64,
    pub term_ending_soon: bool,
    pub past_nine_years: bool,
}

impl TrusteeTerms {
    pub fn summary(&self, today: NaiveDate) -> ServiceSummary {
        let current_term_ends_on = self.terms.iter().filter(|t| t.covers(today)).map(Term::ends_on).max();
        let warn_until =
            today.checked_add_months(Months::new(TERM_ENDING_WARNING_MONTHS)).unwrap_or(NaiveDate::MAX);
        let nine_years_in_days = {
            let start =
                today.checked_sub_months(Months::new(12 * LONG_SERVICE_YEARS)).unwrap_or(NaiveDate::MIN);
            (today - start).num_days()
        };
        let service_days = service_days(&self.terms, today);
        ServiceSummary {
            current_term_ends_on,
            service_days,
            term_ending_soon: current_term_ends_on.is_some_and(|end| end <= warn_until),
            past_nine_years: service_days > nine_years_in_days,
        }
    }
}

/// Days within the terms up to `today`, counting a day covered by two terms once.
pub fn service_days(terms: &[Term], today: NaiveDate) -> i64 {
    let mut spans: Vec<(NaiveDate, NaiveDate)> = terms
        .iter()
        .map(|t| (t.started_on, t.ends_on().min(today)))
        .filter(|(start, end)| start < end)
        .collect();
    spans.sort();
    let mut total = 0;
    let mut reached: Option<NaiveDate> = None;
    for (start, end) in spans {
        let from = reached.map_or(start, |r| r.max(start));
        if end > from {
            total += (end - from).num_days();
        }
        reached = Some(reached.map_or(end, |r| r.max(end)));
    }
    total
}

/// A validated term to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermFields {
    pub started_on: NaiveDate,
    pub term_years: u8,
    pub reappointment: bool,
    pub ended_on: Option<NaiveDate>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn term(started_on: NaiveDate, term_years: u8, ended_on: Option<NaiveDate>) -> Term {
        Term { id: TermId(1), user_id: UserId(1), started_on, term_years, reappointment: false, ended_on }
    }

    fn trustee(terms: Vec<Term>) -> TrusteeTerms {
        TrusteeTerms {
            user_id: UserId(1),
            name: "T".into(),
            email: "t@example.org".into(),
            role: Role::Trustee,
            terms,
        }
    }

    #[test]
    fn a_term_ends_on_its_anniversary_or_when_the_trustee_left() {
        let t = term(day(2024, 2, 29), 3, None);
        assert_eq!(t.scheduled_end(), day(2027, 2, 28));
        assert_eq!(term(day(2024, 1, 1), 3, Some(day(2025, 6, 1))).ends_on(), day(2025, 6, 1));
    }

    #[test]
    fn terms_ending_within_three_months_are_flagged() {
        let today = day(2026, 3, 10);
        let soon = trustee(vec![term(day(2023, 6, 1), 3, None)]).summary(today);
        assert_eq!(soon.current_term_ends_on, Some(day(2026, 6, 1)));
        assert!(soon.term_ending_soon);
        let later = trustee(vec![term(day(2023, 6, 11), 3, None)]).summary(today);
        assert!(!later.term_ending_soon);
        let ended = trustee(vec![term(day(2020, 1, 1), 3, None)]).summary(today);
        assert_eq!((ended.current_term_ends_on, ended.term_ending_soon), (None, false));
    }

    #[test]
    fn nine_years_of_service_add_up_across_reappointments_counting_overlaps_once() {
        let today = day(2026, 3, 10);
        let terms = vec![
            term(day(2014, 1, 1), 3, None),
            term(day(2017, 1, 1), 3, None),
            term(day(2019, 6, 1), 4, None), // overlaps the previous one by seven months
            term(day(2023, 6, 1), 4, None),
        ];
        let summary = trustee(terms.clone()).summary(today);
        assert_eq!(summary.service_days, (today - day(2014, 1, 1)).num_days());
        assert!(summary.past_nine_years);
        assert!(!trustee(vec![term(day(2017, 3, 10), 10, None)]).summary(today).past_nine_years);
        assert!(trustee(vec![term(day(2017, 3, 9), 10, None)]).summary(today).past_nine_years);
    }
}
