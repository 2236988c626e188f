//! Terms of office: the board overview (everyone), the warnings (admins and chairs), and recording
//! appointments (admins and chairs).

use std::sync::Arc;

use chrono::NaiveDate;

use crate::governance::term::{ServiceSummary, Term, TermFields, TrusteeTerms};
use crate::governance::TermRepository;
use crate::identity::user::User;
use crate::shared::error::DomainError;
use crate::shared::validation::{self, FieldErrors};
use crate::shared::Clock;
use crate::{RepoError, TermId, UserId};

pub const TERM_YEARS_INVALID: &str = "Term length must be a whole number of years from 1 to 10";
pub const ONLY_OFFICERS: &str = "Only admins and chairs can record terms of office.";

/// Input of "record" and "change" a term, as received.
#[derive(Debug, Clone, Default)]
pub struct TermInput {
    /// Create only.
    pub user_id: Option<i32>,
    pub started_on: String,
    pub term_years: Option<i64>,
    pub reappointment: Option<bool>,
    pub ended_on: Option<String>,
}

#[derive(Clone)]
pub struct TermService {
    pub terms: Arc<dyn TermRepository>,
    pub clock: Arc<dyn Clock>,
}

impl TermService {
    pub fn today(&self) -> NaiveDate {
        self.clock.now().date_naive()
    }

    /// Every serving trustee with their terms and what they add up to today.
    pub fn overview(&self, _actor: &User) -> Result<Vec<(TrusteeTerms, ServiceSummary)>, DomainError> {
        let today = self.today();
        Ok(self
            .terms
            .overview()?
            .into_iter()
            .map(|t| {
                let summary = t.summary(today);
                (t, summary)
            })
            .collect())
    }

    /// The trustees whose term ends within three months or whose service passes nine years.
    pub fn warnings(&self, actor: &User) -> Result<Vec<(TrusteeTerms, ServiceSummary)>, DomainError> {
        if !actor.role.is_officer() {
            return Err(DomainError::forbidden("Only admins and chairs see the board's warnings."));
        }
        Ok(self
            .overview(actor)?
            .into_iter()
            .filter(|(_, s)| s.term_ending_soon || s.past_nine_years)
            .collect())
    }

    pub fn create(&self, actor: &User, input: TermInput) -> Result<Term, DomainError> {
        officer(actor)?;
        let fields = validate(&input)?;
        let Some(user) = input.user_id else {
            return Err(DomainError::invalid("userId", "Trustee is required"));
        };
        self.terms.create(UserId(user), fields).map_err(|e| match e {
            RepoError::NotFound => DomainError::invalid("userId", "No such trustee"),
            other => other.into(),
        })
    }

    pub fn update(&self, actor: &User, id: TermId, input: TermInput) -> Result<Term, DomainError> {
        officer(actor)?;
        let fields = validate(&input)?;
        self.terms.update(id, fields).map_err(not_found)
    }

    pub fn delete(&self, actor: &User, id: TermId) -> Result<(), DomainError> {
        officer(actor)?;
        self.terms.delete(id).map_err(not_found)
    }
}

fn officer(actor: &User) -> Result<(), DomainError> {
    if actor.role.is_officer() {
        Ok(())
    } else {
        Err(DomainError::forbidden(ONLY_OFFICERS))
    }
}

fn not_found(error: RepoError) -> DomainError {
    error.naming("Term")
}

pub fn validate(input: &TermInput) -> Result<TermFields, DomainError> {
    let mut errors = FieldErrors::new();
    if input.started_on.trim().is_empty() {
        errors.add("startedOn", "Appointment date is required");
    }
    let started_on =
        validation::optional_date(&mut errors, "startedOn", "Appointment date", Some(&input.started_on));
    let ended_on =
        validation::optional_date(&mut errors, "endedOn", "Date of leaving", input.ended_on.as_deref());
    let term_years = match input.term_years {
        Some(years @ 1..=10) => u8::try_from(years).ok(),
        _ => None,
    };
    if term_years.is_none() {
        errors.add("termYears", TERM_YEARS_INVALID);
    }
    if let (Some(start), Some(end)) = (started_on, ended_on) {
        if end < start {
            errors.add("endedOn", "Date of leaving must not be before the appointment date");
        }
    }
    errors.into_result()?;
    match (started_on, term_years) {
        (Some(started_on), Some(term_years)) => Ok(TermFields {
            started_on,
            term_years,
            reappointment: input.reappointment.unwrap_or(false),
            ended_on,
        }),
        _ => Err(DomainError::invalid("startedOn", "Appointment date is required")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_needs_a_date_and_one_to_ten_years() {
        let ok = TermInput { started_on: "2024-01-01".into(), term_years: Some(3), ..Default::default() };
        assert_eq!(validate(&ok).unwrap().term_years, 3);
        let bad = TermInput {
            started_on: "".into(),
            term_years: Some(11),
            ended_on: Some("x".into()),
            ..Default::default()
        };
        let Err(DomainError::Invalid(errors)) = validate(&bad) else { panic!("expected errors") };
        assert_eq!(errors.fields()["startedOn"], "Appointment date is required");
        assert_eq!(errors.fields()["termYears"], TERM_YEARS_INVALID);
        assert_eq!(errors.fields()["endedOn"], "Date of leaving must be a date (YYYY-MM-DD)");
    }
}
