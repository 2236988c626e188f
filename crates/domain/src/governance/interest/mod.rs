//! The register of interests (spec §10 Governance; Charity Commission guidance CC29).

pub mod export;
pub mod matches;
pub mod repository;
pub mod service;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::{InterestId, UserId};

string_enum!(
    /// What kind of interest an entry records.
    InterestKind {
        Employment => "employment",
        Directorship => "directorship",
        Trusteeship => "trusteeship",
        Shareholding => "shareholding",
        Family => "family",
        GiftOrHospitality => "gift-or-hospitality",
        Other => "other",
    }
);

impl InterestKind {
    /// The kind as a reader of the published register reads it.
    pub fn label(self) -> &'static str {
        match self {
            InterestKind::Employment => "Employment",
            InterestKind::Directorship => "Directorship",
            InterestKind::Trusteeship => "Trusteeship",
            InterestKind::Shareholding => "Shareholding",
            InterestKind::Family => "Family or personal relationship",
            InterestKind::GiftOrHospitality => "Gift or hospitality",
            InterestKind::Other => "Other",
        }
    }
}

/// What a trustee states about one interest. Also the shape of a version's before and after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InterestFields {
    pub kind: InterestKind,
    /// The organisation or person the interest is in.
    pub organisation: String,
    /// The nature of the interest (role, holding, relationship...).
    pub nature: String,
    pub started_on: NaiveDate,
    /// `None` while the interest is current; once set, the entry is a past interest and stays listed.
    pub ended_on: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interest {
    pub id: InterestId,
    pub user_id: UserId,
    pub user_name: String,
    pub fields: InterestFields,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// One entry of the register as exported: whether it is current is decided on the day of the export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportedInterest {
    pub entry: Interest,
    pub current: bool,
}

impl Interest {
    /// Current until the day it ended: an interest ending today is still declared today.
    pub fn is_current(&self, today: NaiveDate) -> bool {
        self.fields.ended_on.is_none_or(|ended| ended >= today)
    }
}

/// One change of an entry: who made it, when, and the entry before (none when created) and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InterestVersion {
    pub interest_id: InterestId,
    pub changed_by: Option<UserId>,
    /// Kept as it was, so the history reads the same after the user is renamed or deleted.
    pub changed_by_name: String,
    pub changed_at: DateTime<Utc>,
    pub before: Option<InterestFields>,
    pub after: InterestFields,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interest(ended_on: Option<NaiveDate>) -> Interest {
        Interest {
            id: InterestId(1),
            user_id: UserId(1),
            user_name: "Tina".into(),
            fields: InterestFields {
                kind: InterestKind::Employment,
                organisation: "Acme".into(),
                nature: "Employee".into(),
                started_on: NaiveDate::from_ymd_opt(2020, 1, 1).unwrap_or_default(),
                ended_on,
            },
            created_at: DateTime::<Utc>::MIN_UTC,
            updated_at: DateTime::<Utc>::MIN_UTC,
        }
    }

    #[test]
    fn an_interest_is_past_after_its_end_date() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap_or_default();
        assert!(interest(None).is_current(today));
        assert!(interest(Some(today)).is_current(today));
        assert!(!interest(today.pred_opt()).is_current(today));
    }

    #[test]
    fn kinds_use_the_issues_spellings() {
        assert_eq!("gift-or-hospitality".parse::<InterestKind>(), Ok(InterestKind::GiftOrHospitality));
        assert_eq!(InterestKind::ALL.len(), 7);
    }
}
