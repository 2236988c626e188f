//! Annual declarations rounds (spec §10 Governance): opened and closed by admins and chairs, made by each
//! trustee asked, readable afterwards. Section 178 answers are seen only by admins, chairs and the trustee.

use std::sync::Arc;

use chrono::NaiveDate;

use crate::governance::declaration::{DeclarationAnswers, DeclarationRound, RoundMember, RoundSummary};
use crate::governance::{
    DeclarationRepository, GovernanceMail, GovernanceRefusal, NewRound, ReminderRecipient,
};
use crate::identity::user::User;
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;
use crate::shared::{Clock, FieldLimits, IsoDate, Limit, Received};
use crate::{DeclarationRoundId, DocumentId, RepoError};

pub const MUST_CONFIRM_REGISTER: &str = "Please confirm that your register entries are complete and current";
pub const MUST_ACCEPT_CODE: &str = "Please confirm that you accept the code of conduct";
pub const ANSWER_REQUIRED: &str = "Please answer this question";

/// The first and last year a round may be opened for.
pub const YEAR_MIN: i64 = 2000;
pub const YEAR_MAX: i64 = 2100;

// "Open a round".
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenRoundRequest {
    /// 2000 to 2100; one round per year.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = i64)]
    pub year: Option<i64>,
    /// `YYYY-MM-DD`, not in the past.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    pub deadline: Received<IsoDate>,
    /// The code of conduct: a document of the library.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = i32)]
    pub code_of_conduct_document_id: Option<DocumentId>,
}

impl FieldLimits for OpenRoundRequest {
    const LIMITS: &'static [(&'static str, Limit)] =
        &[("year", Limit::Range { min: YEAR_MIN, max: YEAR_MAX })];
}

// "Declare": every answer must be given.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclareRequest {
    /// Must be `true`: my register entries are complete and current.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = bool)]
    pub register_complete: Option<bool>,
    /// I am 18 or over (`false` flags the declaration to the chair).
    #[serde(default, rename = "over18")]
    #[schema(required = true, nullable = false, value_type = bool)]
    pub over_18: Option<bool>,
    /// None of the section 178 grounds applies to me (`false` flags the declaration to the chair).
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = bool)]
    pub no_disqualification: Option<bool>,
    /// Must be `true`: I accept the code of conduct.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = bool)]
    pub accepts_code: Option<bool>,
}

/// A round as one user may read it.
#[derive(Debug, Clone)]
pub struct RoundView {
    pub round: DeclarationRound,
    pub members: Vec<RoundMember>,
    /// Admins and chairs read every member's answers; others only their own.
    pub viewer_is_officer: bool,
}

#[derive(Clone)]
pub struct DeclarationService {
    pub rounds: Arc<dyn DeclarationRepository>,
    pub mail: Arc<dyn GovernanceMail>,
    pub clock: Arc<dyn Clock>,
}

impl DeclarationService {
    pub fn list(&self, actor: &User) -> Result<Vec<RoundSummary>, GovernanceRefusal> {
        Ok(self.rounds.list(actor.id)?)
    }

    pub fn get(&self, actor: &User, id: DeclarationRoundId) -> Result<RoundView, GovernanceRefusal> {
        let (round, members) = self.round(id)?;
        Ok(RoundView { round, members, viewer_is_officer: actor.role.is_officer() })
    }

    pub fn open(&self, actor: &User, input: OpenRoundRequest) -> Result<DeclarationRound, GovernanceRefusal> {
        officer(actor)?;
        let mut errors = FieldErrors::new();
        let year = match input.year {
            Some(year @ YEAR_MIN..=YEAR_MAX) => i32::try_from(year).ok(),
            _ => None,
        };
        if year.is_none() {
            errors.add("year", "Year must be a year from 2000 to 2100");
        }
        if input.deadline.is_absent() {
            errors.add("deadline", "Deadline is required");
        }
        let deadline = input
            .deadline
            .read(&mut errors, "deadline", "Deadline must be a date (YYYY-MM-DD)")
            .map(NaiveDate::from);
        let now = self.clock.now();
        if deadline.is_some_and(|d| d < now.date_naive()) {
            errors.add("deadline", "Deadline must not be in the past");
        }
        if input.code_of_conduct_document_id.is_none() {
            errors.add("codeOfConductDocumentId", "Choose the code of conduct from the library");
        }
        errors.into_result()?;
        let (Some(year), Some(deadline), Some(code)) = (year, deadline, input.code_of_conduct_document_id)
        else {
            return Err(DomainError::invalid("year", "Year is required").into());
        };
        let round = NewRound { year, deadline, code_of_conduct: code, opened_by: actor.id, opened_at: now };
        self.rounds.open(round)
    }

    pub fn declare(
        &self,
        actor: &User,
        id: DeclarationRoundId,
        input: DeclareRequest,
    ) -> Result<RoundView, GovernanceRefusal> {
        let answers = validate_answers(input)?;
        self.rounds.declare(id, actor.id, &actor.name, answers, self.clock.now())?;
        if answers.may_be_disqualified() {
            // Flagged, not blocked: the chair sees it on the round and decides what to do.
            tracing::warn!(round_id = %id, user_id = %actor.id, "a trustee declared they may be disqualified");
        }
        self.get(actor, id)
    }

    pub fn close(&self, actor: &User, id: DeclarationRoundId) -> Result<DeclarationRound, GovernanceRefusal> {
        officer(actor)?;
        self.rounds.close(id, self.clock.now())
    }

    /// E-mails a reminder to every member who has not declared yet. Answers how many were reminded and
    /// whether mail is configured.
    pub fn remind(&self, actor: &User, id: DeclarationRoundId) -> Result<(usize, bool), GovernanceRefusal> {
        officer(actor)?;
        let (round, members) = self.round(id)?;
        if round.closed_at.is_some() {
            return Err(GovernanceRefusal::RoundClosed);
        }
        let recipients: Vec<ReminderRecipient> = members
            .into_iter()
            .filter(|m| m.declaration.is_none())
            .map(|m| ReminderRecipient { name: m.name, email: m.email })
            .collect();
        if recipients.is_empty() {
            return Ok((0, true));
        }
        let configured = self
            .mail
            .remind_declaration(&recipients, round.year, round.deadline)
            .map_err(DomainError::Unexpected)?;
        Ok((if configured { recipients.len() } else { 0 }, configured))
    }

    /// The round and its members; `RoundNotFound` when there is none.
    fn round(
        &self,
        id: DeclarationRoundId,
    ) -> Result<(DeclarationRound, Vec<RoundMember>), GovernanceRefusal> {
        match self.rounds.get(id) {
            Err(RepoError::NotFound) => Err(GovernanceRefusal::RoundNotFound),
            found => Ok(found?),
        }
    }
}

fn validate_answers(input: DeclareRequest) -> Result<DeclarationAnswers, DomainError> {
    let mut errors = FieldErrors::new();
    if input.register_complete != Some(true) {
        errors.add("registerComplete", MUST_CONFIRM_REGISTER);
    }
    if input.accepts_code != Some(true) {
        errors.add("acceptsCode", MUST_ACCEPT_CODE);
    }
    if input.over_18.is_none() {
        errors.add("over18", ANSWER_REQUIRED);
    }
    if input.no_disqualification.is_none() {
        errors.add("noDisqualification", ANSWER_REQUIRED);
    }
    errors.into_result()?;
    Ok(DeclarationAnswers {
        register_complete: true,
        over_18: input.over_18.unwrap_or(false),
        no_disqualification: input.no_disqualification.unwrap_or(false),
        accepts_code: true,
    })
}

fn officer(actor: &User) -> Result<(), GovernanceRefusal> {
    if actor.role.is_officer() {
        Ok(())
    } else {
        Err(GovernanceRefusal::RoundsOfficersOnly)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confirmations_are_required_and_eligibility_is_answered_either_way() {
        let Err(DomainError::Invalid(errors)) = validate_answers(DeclareRequest::default()) else {
            panic!("expected errors")
        };
        assert_eq!(errors.fields()["registerComplete"], MUST_CONFIRM_REGISTER);
        assert_eq!(errors.fields()["acceptsCode"], MUST_ACCEPT_CODE);
        assert_eq!(errors.fields()["over18"], ANSWER_REQUIRED);
        let flagged = DeclareRequest {
            register_complete: Some(true),
            over_18: Some(true),
            no_disqualification: Some(false),
            accepts_code: Some(true),
        };
        assert!(validate_answers(flagged).unwrap().may_be_disqualified());
        let clear = DeclareRequest { no_disqualification: Some(true), ..flagged };
        assert!(!validate_answers(clear).unwrap().may_be_disqualified());
    }
}
