//! The register of interests (spec §10 Governance; CC29): who may read and change it, its validation, its
//! history.

use std::sync::Arc;

use chrono::NaiveDate;

use crate::governance::interest::{
    ExportedInterest, Interest, InterestFields, InterestKind, InterestVersion,
};
use crate::governance::settings::{GovernanceSettings, RegisterVisibility, Secretary};
use crate::governance::{Editor, GovernanceRefusal, GovernanceSettingsRepository, InterestRepository};
use crate::identity::role::Role;
use crate::identity::user::User;
use crate::identity::{records_reader, GuestRepository, RecordsReader, UserRepository};
use crate::meetings::attendance::{QuorumRule, QuorumRuleKind, QUORUM_MAX};
use crate::meetings::Typesetter;
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::{Clock, FieldLimits, IsoDate, Limit, Received};
use crate::{InterestId, UserId};

pub const ORGANISATION_MAX: usize = 200;
pub const NATURE_MAX: usize = 2_000;
pub const KIND_INVALID: &str =
    "Kind must be employment, directorship, trusteeship, shareholding, family, gift-or-hospitality or other";
pub const ENDED_BEFORE_START: &str = "End date must not be before the start date";
pub const STARTED_IN_FUTURE: &str = "Start date must not be in the future";

/// A trustee changes their own entries; admins and chairs anyone's.
pub fn can_edit_interests_of(actor: Role, actor_id: UserId, owner: UserId) -> bool {
    actor.is_officer() || actor_id == owner
}

/// Whether the actor reads everyone's entries (otherwise only their own).
pub fn can_read_whole_register(actor: Role, visibility: RegisterVisibility) -> bool {
    actor.is_officer() || visibility == RegisterVisibility::Members
}

// A register entry's fields, for "add" and "edit" an entry (and a new entry made with a declaration).
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterestRequest {
    /// The trustee the entry belongs to (create only; default: the signed-in user). Admins and chairs may
    /// name anyone; a trustee only themselves.
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub user_id: Option<UserId>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = InterestKind)]
    pub kind: Received<InterestKind>,
    /// The organisation or person; required, at most 200 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub organisation: Option<String>,
    /// The nature of the interest; required, at most 2000 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub nature: Option<String>,
    /// `YYYY-MM-DD`, not in the future.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    pub started_on: Received<IsoDate>,
    /// `YYYY-MM-DD`, not before `startedOn`; null or `""` while current.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub ended_on: Received<IsoDate>,
}

impl FieldLimits for InterestRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("organisation", Limit::RequiredText { max: ORGANISATION_MAX }),
        ("nature", Limit::RequiredText { max: NATURE_MAX }),
    ];
}

// "Which entries does this text name?"
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchRequest {
    /// An agenda item's title and description, or any text (at most 20000 characters).
    #[serde(default)]
    pub text: Option<String>,
}

/// The longest text matched against the register.
pub const MATCH_TEXT_MAX: usize = 20_000;

#[derive(Clone)]
pub struct InterestService {
    pub interests: Arc<dyn InterestRepository>,
    pub settings: Arc<dyn GovernanceSettingsRepository>,
    /// To check that the secretary named is an active user.
    pub users: Arc<dyn UserRepository>,
    pub typesetter: Arc<dyn Typesetter>,
    pub clock: Arc<dyn Clock>,
    /// Guests' passes: an auditor reads the entries in force during their period (spec §6 Guests).
    pub guests: Arc<dyn GuestRepository>,
}

impl InterestService {
    /// The register as the actor may read it; `user` narrows it to one trustee.
    pub fn list(&self, actor: &User, user: Option<UserId>) -> Result<Vec<Interest>, GovernanceRefusal> {
        if actor.role == Role::Guest {
            let entries = self.audited_register(actor)?;
            return Ok(entries.into_iter().filter(|e| user.is_none_or(|u| e.user_id == u)).collect());
        }
        let visibility = self.settings.get()?.register_visibility;
        let scope = if can_read_whole_register(actor.role, visibility) {
            user
        } else {
            match user {
                Some(other) if other != actor.id => return Err(GovernanceRefusal::RegisterLimited),
                _ => Some(actor.id),
            }
        };
        Ok(self.interests.list(scope)?)
    }

    pub fn create(&self, actor: &User, input: InterestRequest) -> Result<Interest, GovernanceRefusal> {
        let owner = input.user_id.unwrap_or(actor.id);
        if !can_edit_interests_of(actor.role, actor.id, owner) {
            return Err(GovernanceRefusal::NotYourInterest);
        }
        let fields = validate(&input, self.today())?;
        self.interests.create(owner, fields, &editor(actor), self.clock.now())
    }

    pub fn update(
        &self,
        actor: &User,
        id: InterestId,
        input: InterestRequest,
    ) -> Result<Interest, GovernanceRefusal> {
        let existing = self.get(id)?;
        if !can_edit_interests_of(actor.role, actor.id, existing.user_id) {
            return Err(GovernanceRefusal::NotYourInterest);
        }
        let fields = validate(&input, self.today())?;
        self.interests.update(id, fields, &editor(actor), self.clock.now())
    }

    /// Every version of one entry, oldest first; readable by whoever may read the entry.
    pub fn history(&self, actor: &User, id: InterestId) -> Result<Vec<InterestVersion>, GovernanceRefusal> {
        let entry = self.get(id)?;
        let visibility = self.settings.get()?.register_visibility;
        if !can_read_whole_register(actor.role, visibility) && entry.user_id != actor.id {
            return Err(GovernanceRefusal::RegisterLimited);
        }
        Ok(self.interests.history(id)?)
    }

    /// The current entries an agenda text names, for the prompt to consider a declaration: admins and
    /// chairs get everyone's, a trustee only their own.
    pub fn named_in(&self, actor: &User, input: MatchRequest) -> Result<Vec<Interest>, GovernanceRefusal> {
        let text = input.text.unwrap_or_default();
        if text.chars().count() > MATCH_TEXT_MAX {
            return Err(DomainError::invalid(
                "text",
                format!("Text must be at most {MATCH_TEXT_MAX} characters"),
            )
            .into());
        }
        let scope = if actor.role.is_officer() { None } else { Some(actor.id) };
        let entries = self.interests.list(scope)?;
        Ok(crate::governance::interest::matches::named_in(&text, &entries, self.today())
            .into_iter()
            .cloned()
            .collect())
    }

    /// The whole register to export (for the annual report or a spreadsheet), each entry marked current
    /// or past today.
    pub fn export_register(&self, actor: &User) -> Result<Vec<ExportedInterest>, GovernanceRefusal> {
        let today = self.today();
        Ok(self
            .whole_register(actor)?
            .into_iter()
            .map(|entry| ExportedInterest { current: entry.is_current(today), entry })
            .collect())
    }

    /// The whole register as a PDF to publish: current interests, then past ones.
    pub fn export_pdf(&self, actor: &User, portal_name: &str) -> Result<Vec<u8>, GovernanceRefusal> {
        let entries = self.whole_register(actor)?;
        let document = crate::governance::interest::export::printable(&entries, self.today(), portal_name);
        Ok(self.typesetter.typeset(&document).map_err(DomainError::from)?)
    }

    pub fn settings(&self, _actor: &User) -> Result<GovernanceSettings, GovernanceRefusal> {
        Ok(self.settings.get()?)
    }

    pub fn set_settings(
        &self,
        actor: &User,
        input: SettingsRequest,
    ) -> Result<GovernanceSettings, GovernanceRefusal> {
        if !actor.role.is_officer() {
            return Err(GovernanceRefusal::SettingsOfficersOnly);
        }
        let mut errors = FieldErrors::new();
        let current = self.settings.get()?;
        let register_visibility = input
            .register_visibility
            .clone()
            .read(&mut errors, "registerVisibility", "Register visibility must be members or officers")
            .unwrap_or(current.register_visibility);
        let quorum = quorum_rule(&mut errors, &input, current.quorum);
        let secretary = match input.secretary_id {
            None => current.secretary,
            Some(received) => self.secretary(&mut errors, received)?,
        };
        errors.into_result()?;
        let reading_records = input.reading_records.unwrap_or(current.reading_records);
        Ok(self.settings.set(GovernanceSettings {
            register_visibility,
            quorum,
            reading_records,
            secretary,
        })?)
    }

    /// The secretary a settings change names: an active user, or (`null`) nobody.
    fn secretary(
        &self,
        errors: &mut FieldErrors,
        received: Received<UserId>,
    ) -> Result<Option<Secretary>, GovernanceRefusal> {
        let user = match received {
            Received::Absent => return Ok(None),
            Received::Unreadable => None,
            Received::Given(id) => self.users.find(id)?.filter(|u| u.active && u.role.is_board_member()),
        };
        match user {
            Some(user) => Ok(Some(Secretary { user_id: user.id, name: user.name })),
            None => {
                errors.add("secretaryId", NO_SUCH_SECRETARY);
                Ok(None)
            }
        }
    }

    fn whole_register(&self, actor: &User) -> Result<Vec<Interest>, GovernanceRefusal> {
        if actor.role == Role::Guest {
            return self.audited_register(actor);
        }
        let visibility = self.settings.get()?.register_visibility;
        if !can_read_whole_register(actor.role, visibility) {
            return Err(GovernanceRefusal::RegisterLimited);
        }
        Ok(self.interests.list(None)?)
    }

    /// An auditor's register: every entry in force at some time in their period; any other guest none.
    fn audited_register(&self, guest: &User) -> Result<Vec<Interest>, GovernanceRefusal> {
        let Some(RecordsReader::Auditor(period)) = records_reader(self.guests.as_ref(), guest)? else {
            return Err(GovernanceRefusal::RegisterLimited);
        };
        let entries = self.interests.list(None)?;
        Ok(entries
            .into_iter()
            .filter(|e| {
                e.fields.started_on <= period.to && e.fields.ended_on.is_none_or(|end| end >= period.from)
            })
            .collect())
    }

    fn get(&self, id: InterestId) -> Result<Interest, GovernanceRefusal> {
        self.interests.get(id)
    }

    /// The UTC date of the clock: the day on which "current" and "past" are decided.
    pub fn today(&self) -> NaiveDate {
        self.clock.now().date_naive()
    }
}

fn editor(actor: &User) -> Editor {
    Editor { id: actor.id, name: actor.name.clone() }
}

/// The entry form's rules: kind from the list, organisation and nature required, a start date not in the
/// future, and an end date (optional) not before the start.
pub fn validate(input: &InterestRequest, today: NaiveDate) -> Result<InterestFields, DomainError> {
    let mut errors = FieldErrors::new();
    let kind = match input.kind {
        Received::Given(kind) => Some(kind),
        Received::Absent | Received::Unreadable => {
            errors.add("kind", KIND_INVALID);
            None
        }
    };
    let organisation = validation::required_line(
        &mut errors,
        "organisation",
        "Organisation or person",
        input.organisation.as_deref().unwrap_or(""),
        ORGANISATION_MAX,
    );
    let nature = validation::required_text(
        &mut errors,
        "nature",
        "Nature of the interest",
        input.nature.as_deref().unwrap_or(""),
        NATURE_MAX,
    );
    if input.started_on.is_absent() {
        errors.add("startedOn", "Start date is required");
    }
    let started_on =
        input.started_on.clone().read(&mut errors, "startedOn", "Start date must be a date (YYYY-MM-DD)");
    let ended_on =
        input.ended_on.clone().read(&mut errors, "endedOn", "End date must be a date (YYYY-MM-DD)");
    let (started_on, ended_on) = (started_on.map(NaiveDate::from), ended_on.map(NaiveDate::from));
    if started_on.is_some_and(|start| start > today) {
        errors.add("startedOn", STARTED_IN_FUTURE);
    }
    if let (Some(start), Some(end)) = (started_on, ended_on) {
        if end < start {
            errors.add("endedOn", ENDED_BEFORE_START);
        }
    }
    errors.into_result()?;
    match (kind, started_on) {
        (Some(kind), Some(started_on)) => {
            Ok(InterestFields { kind, organisation, nature, started_on, ended_on })
        }
        _ => Err(DomainError::invalid("startedOn", "Start date is required")),
    }
}

// The governance settings to change; each absent field keeps its value.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsRequest {
    /// Unchanged when absent.
    #[serde(default)]
    #[schema(value_type = Option<RegisterVisibility>)]
    pub register_visibility: Received<RegisterVisibility>,
    /// `count` or `fraction`; unchanged when absent.
    #[serde(default)]
    #[schema(value_type = Option<QuorumRuleKind>)]
    pub quorum_rule: Received<QuorumRuleKind>,
    /// 1 to 100; unchanged when absent.
    #[serde(default)]
    pub quorum_minimum: Option<i64>,
    /// 1 to the denominator; unchanged when absent.
    #[serde(default)]
    pub quorum_numerator: Option<i64>,
    /// 1 to 100, at least the numerator; unchanged when absent.
    #[serde(default)]
    pub quorum_denominator: Option<i64>,
    /// Whether reading records are kept (docs/spec.md "Reading records"); `false` deletes every record.
    /// Unchanged when absent.
    #[serde(default)]
    pub reading_records: Option<bool>,
    /// The board's secretary, an active user; `null` names nobody. Unchanged when absent.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i32>, nullable = true)]
    pub secretary_id: Option<Received<UserId>>,
}

/// A field that was sent, even as `null`, is `Some`: `null` names nobody, an absent field changes nothing.
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Received<UserId>>, D::Error> {
    serde::Deserialize::deserialize(deserializer).map(Some)
}

pub const NO_SUCH_SECRETARY: &str = "Choose an active user";

impl FieldLimits for SettingsRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("quorumMinimum", Limit::Range { min: 1, max: QUORUM_MAX as i64 }),
        ("quorumNumerator", Limit::Range { min: 1, max: QUORUM_MAX as i64 }),
        ("quorumDenominator", Limit::Range { min: 1, max: QUORUM_MAX as i64 }),
    ];
}

pub const QUORUM_MINIMUM_RANGE: &str = "Quorum minimum must be a whole number from 1 to 100";
pub const QUORUM_FRACTION_RANGE: &str =
    "The quorum fraction must be numerator/denominator with 1 <= numerator <= denominator <= 100";

/// The quorum rule after these changes; errors under `quorumRule`, `quorumMinimum`, `quorumNumerator`.
fn quorum_rule(errors: &mut FieldErrors, input: &SettingsRequest, current: QuorumRule) -> QuorumRule {
    let kind = input
        .quorum_rule
        .clone()
        .read(errors, "quorumRule", "Quorum rule must be count or fraction")
        .unwrap_or(current.kind);
    let in_range = |value: Option<i64>, fallback: u32| -> Option<u32> {
        match value {
            None => Some(fallback),
            Some(v) => u32::try_from(v).ok().filter(|v| (1..=QUORUM_MAX).contains(v)),
        }
    };
    let minimum = in_range(input.quorum_minimum, current.minimum).unwrap_or_else(|| {
        errors.add("quorumMinimum", QUORUM_MINIMUM_RANGE);
        current.minimum
    });
    let fraction = in_range(input.quorum_numerator, current.numerator)
        .zip(in_range(input.quorum_denominator, current.denominator))
        .filter(|(numerator, denominator)| numerator <= denominator);
    let (numerator, denominator) = fraction.unwrap_or_else(|| {
        errors.add("quorumNumerator", QUORUM_FRACTION_RANGE);
        (current.numerator, current.denominator)
    });
    QuorumRule { kind, minimum, numerator, denominator }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 10).unwrap()
    }

    fn input() -> InterestRequest {
        request(serde_json::json!({
            "kind": "directorship",
            "organisation": " Acme Housing Ltd ",
            "nature": "Non-executive director",
            "startedOn": "2024-01-01",
        }))
    }

    fn request(body: serde_json::Value) -> InterestRequest {
        serde_json::from_value(body).unwrap()
    }

    fn date(text: &str) -> IsoDate {
        text.parse().unwrap()
    }

    fn errors_of(result: Result<InterestFields, DomainError>) -> std::collections::BTreeMap<String, String> {
        match result {
            Err(DomainError::Invalid(fields)) => fields.fields().clone(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn who_edits_whose_entries() {
        let (me, other) = (UserId(1), UserId(2));
        assert!(can_edit_interests_of(Role::Trustee, me, me));
        assert!(!can_edit_interests_of(Role::Trustee, me, other));
        assert!(can_edit_interests_of(Role::Chair, me, other));
        assert!(can_edit_interests_of(Role::Admin, me, other));
    }

    #[test]
    fn who_reads_the_whole_register() {
        use RegisterVisibility::{Members, Officers};
        assert!(can_read_whole_register(Role::Trustee, Members));
        assert!(!can_read_whole_register(Role::Trustee, Officers));
        assert!(can_read_whole_register(Role::Chair, Officers));
        assert!(can_read_whole_register(Role::Admin, Officers));
    }

    #[test]
    fn a_valid_entry_is_trimmed() {
        let fields = validate(&input(), today()).unwrap();
        assert_eq!(fields.organisation, "Acme Housing Ltd");
        assert_eq!(fields.kind, InterestKind::Directorship);
        assert_eq!(fields.ended_on, None);
    }

    #[test]
    fn each_field_is_checked() {
        let bad = request(serde_json::json!({
            "kind": "hobby",
            "organisation": " ",
            "nature": "",
            "startedOn": "",
            "endedOn": "soon",
        }));
        let errors = errors_of(validate(&bad, today()));
        assert_eq!(errors["kind"], KIND_INVALID);
        assert_eq!(errors["organisation"], "Organisation or person is required");
        assert_eq!(errors["nature"], "Nature of the interest is required");
        assert_eq!(errors["startedOn"], "Start date is required");
        assert_eq!(errors["endedOn"], "End date must be a date (YYYY-MM-DD)");
    }

    #[test]
    fn dates_must_make_sense() {
        let ended_early = InterestRequest { ended_on: Received::Given(date("2023-12-31")), ..input() };
        assert_eq!(errors_of(validate(&ended_early, today()))["endedOn"], ENDED_BEFORE_START);
        let future = InterestRequest { started_on: Received::Given(date("2026-03-11")), ..input() };
        assert_eq!(errors_of(validate(&future, today()))["startedOn"], STARTED_IN_FUTURE);
    }
}
