//! Terms of office: the board overview (everyone), the warnings (admins and chairs), and recording
//! appointments (admins and chairs).

use std::sync::Arc;

use chrono::NaiveDate;

use crate::governance::term::{ServiceSummary, Term, TermFields, TrusteeTerms};
use crate::governance::{GovernanceRefusal, TermRepository};
use crate::identity::user::User;
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;
use crate::shared::{Clock, FieldLimits, IsoDate, Limit, Received};
use crate::{TermId, UserId};

pub const TERM_YEARS_INVALID: &str = "Term length must be a whole number of years from 1 to 10";

/// The shortest and longest term of office, in years.
pub const TERM_YEARS_MIN: i64 = 1;
pub const TERM_YEARS_MAX: i64 = 10;

// "Record" and "change" a term.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermRequest {
    /// The trustee (create only).
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub user_id: Option<UserId>,
    /// Appointment date, `YYYY-MM-DD`.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    pub started_on: Received<IsoDate>,
    /// 1 to 10.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = i64)]
    pub term_years: Option<i64>,
    /// Default `false`.
    #[serde(default)]
    pub reappointment: Option<bool>,
    /// The day the trustee left before the term's end; null while serving.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub ended_on: Received<IsoDate>,
}

impl FieldLimits for TermRequest {
    const LIMITS: &'static [(&'static str, Limit)] =
        &[("termYears", Limit::Range { min: TERM_YEARS_MIN, max: TERM_YEARS_MAX })];
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
    pub fn overview(&self, _actor: &User) -> Result<Vec<(TrusteeTerms, ServiceSummary)>, GovernanceRefusal> {
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
    pub fn warnings(&self, actor: &User) -> Result<Vec<(TrusteeTerms, ServiceSummary)>, GovernanceRefusal> {
        if !actor.role.is_officer() {
            return Err(GovernanceRefusal::WarningsOfficersOnly);
        }
        Ok(self
            .overview(actor)?
            .into_iter()
            .filter(|(_, s)| s.term_ending_soon || s.past_nine_years)
            .collect())
    }

    pub fn create(&self, actor: &User, input: TermRequest) -> Result<Term, GovernanceRefusal> {
        officer(actor)?;
        let fields = validate(&input)?;
        let Some(user) = input.user_id else {
            return Err(DomainError::invalid("userId", "Trustee is required").into());
        };
        self.terms.create(user, fields)
    }

    pub fn update(&self, actor: &User, id: TermId, input: TermRequest) -> Result<Term, GovernanceRefusal> {
        officer(actor)?;
        let fields = validate(&input)?;
        self.terms.update(id, fields)
    }

    pub fn delete(&self, actor: &User, id: TermId) -> Result<(), GovernanceRefusal> {
        officer(actor)?;
        self.terms.delete(id)
    }
}

fn officer(actor: &User) -> Result<(), GovernanceRefusal> {
    if actor.role.is_officer() {
        Ok(())
    } else {
        Err(GovernanceRefusal::TermsOfficersOnly)
    }
}

pub fn validate(input: &TermRequest) -> Result<TermFields, DomainError> {
    let mut errors = FieldErrors::new();
    if input.started_on.is_absent() {
        errors.add("startedOn", "Appointment date is required");
    }
    let started_on = input
        .started_on
        .clone()
        .read(&mut errors, "startedOn", "Appointment date must be a date (YYYY-MM-DD)")
        .map(NaiveDate::from);
    let ended_on = input
        .ended_on
        .clone()
        .read(&mut errors, "endedOn", "Date of leaving must be a date (YYYY-MM-DD)")
        .map(NaiveDate::from);
    let term_years = match input.term_years {
        Some(years @ TERM_YEARS_MIN..=TERM_YEARS_MAX) => u8::try_from(years).ok(),
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
        let read = |body: serde_json::Value| serde_json::from_value::<TermRequest>(body).unwrap();
        let ok = read(serde_json::json!({"startedOn": "2024-01-01", "termYears": 3}));
        assert_eq!(validate(&ok).unwrap().term_years, 3);
        let bad = read(serde_json::json!({"startedOn": "", "termYears": 11, "endedOn": "x"}));
        let Err(DomainError::Invalid(errors)) = validate(&bad) else { panic!("expected errors") };
        assert_eq!(errors.fields()["startedOn"], "Appointment date is required");
        assert_eq!(errors.fields()["termYears"], TERM_YEARS_INVALID);
        assert_eq!(errors.fields()["endedOn"], "Date of leaving must be a date (YYYY-MM-DD)");
    }
}
