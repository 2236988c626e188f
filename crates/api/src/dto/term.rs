use chrono::NaiveDate;
use serde::Serialize;

use domain::governance::term::{ServiceSummary, Term, TrusteeTerms};
use domain::identity::role::Role;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Term)]
pub struct TermBody {
    pub id: i32,
    pub user_id: i32,
    #[schema(value_type = String, format = Date)]
    pub started_on: NaiveDate,
    pub term_years: u8,
    pub reappointment: bool,
    /// The day the trustee left early, or `null`.
    #[serde(serialize_with = "super::time::date_option")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub ended_on: Option<NaiveDate>,
    /// The earlier of the scheduled end (`startedOn` + `termYears`) and `endedOn`.
    #[schema(value_type = String, format = Date)]
    pub ends_on: NaiveDate,
}

impl From<Term> for TermBody {
    fn from(term: Term) -> Self {
        let ends_on = term.ends_on();
        Self {
            id: term.id.0,
            user_id: term.user_id.0,
            started_on: term.started_on,
            term_years: term.term_years,
            reappointment: term.reappointment,
            ended_on: term.ended_on,
            ends_on,
        }
    }
}

/// A serving trustee's terms and what they add up to today.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TrusteeService)]
pub struct TrusteeServiceBody {
    pub user_id: i32,
    pub name: String,
    pub email: String,
    #[schema(value_type = crate::schemas::RoleSchema)]
    pub role: Role,
    /// Oldest first.
    pub terms: Vec<TermBody>,
    /// The end of the term running today, or `null` when none is.
    #[serde(serialize_with = "super::time::date_option")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub current_term_ends_on: Option<NaiveDate>,
    /// Days served to date, overlapping terms counted once.
    pub service_days: i64,
    /// `serviceDays` in years, to one decimal place.
    pub service_years: f64,
    /// The current term ends within three months.
    pub term_ending_soon: bool,
    /// Total service passes nine years (Charity Governance Code 5.6).
    pub past_nine_years: bool,
}

impl From<(TrusteeTerms, ServiceSummary)> for TrusteeServiceBody {
    fn from((trustee, summary): (TrusteeTerms, ServiceSummary)) -> Self {
        Self {
            user_id: trustee.user_id.0,
            name: trustee.name,
            email: trustee.email,
            role: trustee.role,
            terms: trustee.terms.into_iter().map(TermBody::from).collect(),
            current_term_ends_on: summary.current_term_ends_on,
            service_days: summary.service_days,
            service_years: (summary.service_days as f64 / 365.25 * 10.0).round() / 10.0,
            term_ending_soon: summary.term_ending_soon,
            past_nine_years: summary.past_nine_years,
        }
    }
}
