use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use domain::governance::interest::{Interest, InterestFields, InterestKind, InterestVersion};
use domain::governance::settings::{GovernanceSettings, RegisterVisibility};
use domain::meetings::attendance::QuorumRuleKind;

/// A register entry as it reads on a given day (`current` until its end date has passed).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Interest)]
pub struct InterestBody {
    pub id: i32,
    pub user_id: i32,
    pub user_name: String,
    #[serde(flatten)]
    pub fields: InterestFieldsBody,
    pub current: bool,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
}

impl InterestBody {
    pub fn at(interest: Interest, today: NaiveDate) -> Self {
        let current = interest.is_current(today);
        Self {
            id: interest.id.0,
            user_id: interest.user_id.0,
            user_name: interest.user_name,
            fields: interest.fields.into(),
            current,
            updated_at: interest.updated_at,
        }
    }
}

/// The stated fields of an entry (also each version's `before` and `after`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InterestFields)]
pub struct InterestFieldsBody {
    #[schema(value_type = crate::schemas::InterestKindSchema)]
    pub kind: InterestKind,
    pub organisation: String,
    pub nature: String,
    #[schema(value_type = String, format = Date)]
    pub started_on: NaiveDate,
    #[serde(serialize_with = "super::time::date_option")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub ended_on: Option<NaiveDate>,
}

impl From<InterestFields> for InterestFieldsBody {
    fn from(fields: InterestFields) -> Self {
        Self {
            kind: fields.kind,
            organisation: fields.organisation,
            nature: fields.nature,
            started_on: fields.started_on,
            ended_on: fields.ended_on,
        }
    }
}

/// One change of an entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InterestVersion)]
pub struct InterestVersionBody {
    /// `null` once that user has been deleted; `changedByName` stays.
    pub changed_by: Option<i32>,
    pub changed_by_name: String,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub changed_at: DateTime<Utc>,
    /// `null` for the version that created the entry.
    #[schema(required = true)]
    pub before: Option<InterestFieldsBody>,
    pub after: InterestFieldsBody,
}

impl From<InterestVersion> for InterestVersionBody {
    fn from(version: InterestVersion) -> Self {
        Self {
            changed_by: version.changed_by.map(|id| id.0),
            changed_by_name: version.changed_by_name,
            changed_at: version.changed_at,
            before: version.before.map(Into::into),
            after: version.after.into(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GovernanceSettings)]
pub struct GovernanceSettingsBody {
    #[schema(value_type = crate::schemas::RegisterVisibilitySchema)]
    pub register_visibility: RegisterVisibility,
    /// How a meeting's quorum is worked out (issue 13).
    #[schema(value_type = crate::schemas::QuorumRuleKindSchema)]
    pub quorum_rule: QuorumRuleKind,
    /// `count`: the trustees needed; `fraction`: the floor under the fraction.
    #[schema(minimum = 1, maximum = 100)]
    pub quorum_minimum: u32,
    #[schema(minimum = 1, maximum = 100)]
    pub quorum_numerator: u32,
    #[schema(minimum = 1, maximum = 100)]
    pub quorum_denominator: u32,
}

impl From<GovernanceSettings> for GovernanceSettingsBody {
    fn from(settings: GovernanceSettings) -> Self {
        Self {
            register_visibility: settings.register_visibility,
            quorum_rule: settings.quorum.kind,
            quorum_minimum: settings.quorum.minimum,
            quorum_numerator: settings.quorum.numerator,
            quorum_denominator: settings.quorum.denominator,
        }
    }
}
