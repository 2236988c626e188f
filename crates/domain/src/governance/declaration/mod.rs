//! Annual declarations (spec §10 Governance): each serving trustee confirms their register entries, their
//! eligibility under the Charities Act 2011 section 178, and the board's code of conduct.

pub mod print;
pub mod repository;
pub mod service;

use chrono::{DateTime, NaiveDate, Utc};

use crate::{DeclarationRoundId, DocumentId, UserId};

/// The automatic disqualifications of section 178 (as extended in 2018), in plain words. The form shows
/// every one; a trustee confirms that none applies or says that one may.
pub const DISQUALIFICATION_GROUNDS: [&str; 10] = [
    "I have an unspent conviction for an offence involving dishonesty or deception.",
    "I have an unspent conviction for a terrorism, money laundering, bribery or perjury offence, \
     misconduct in public office, or contempt of court.",
    "I am an undischarged bankrupt, or my estate has been sequestrated and I have not been discharged.",
    "I have made a composition or arrangement with my creditors (such as an IVA) and have not been \
     discharged.",
    "I am subject to a bankruptcy restrictions order, a debt relief restrictions order or an interim order.",
    "I have been removed as a trustee, officer, agent or employee of a charity by the Charity Commission, \
     the Scottish Charity Regulator or a court, for misconduct or mismanagement.",
    "I am disqualified from being a company director.",
    "I am designated under terrorism or sanctions asset-freezing legislation.",
    "I am on the sex offenders register.",
    "I am disqualified from acting as a trustee by an order of the Charity Commission.",
];

/// A declarations round for one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclarationRound {
    pub id: DeclarationRoundId,
    pub year: i32,
    pub deadline: NaiveDate,
    /// `None` once the document has been deleted from the library; the title stays.
    pub code_of_conduct_document_id: Option<DocumentId>,
    pub code_of_conduct_title: String,
    pub opened_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
}

/// What a trustee confirms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeclarationAnswers {
    /// My register entries are complete and current.
    pub register_complete: bool,
    /// I am 18 or over.
    pub over_18: bool,
    /// None of the section 178 grounds applies to me.
    pub no_disqualification: bool,
    /// I accept the board's code of conduct.
    pub accepts_code: bool,
}

impl DeclarationAnswers {
    /// A trustee who is under 18 or to whom a ground may apply is flagged to the chair (not blocked).
    pub fn may_be_disqualified(&self) -> bool {
        !self.over_18 || !self.no_disqualification
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    pub declared_at: DateTime<Utc>,
    /// The trustee's name when they declared.
    pub declared_name: String,
    pub answers: DeclarationAnswers,
}

/// A trustee asked to declare in a round (the serving trustees when it opened), with their declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundMember {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
    pub declaration: Option<Declaration>,
}

/// A round with its counts, as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundSummary {
    pub round: DeclarationRound,
    pub members: i64,
    pub declared: i64,
    pub flagged: i64,
    /// The viewer's own status: `None` when not asked in this round, else whether they have declared.
    pub mine: Option<bool>,
}
