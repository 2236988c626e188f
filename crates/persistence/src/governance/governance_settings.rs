use diesel::prelude::*;

use domain::governance::settings::{GovernanceSettings, Secretary};
use domain::governance::GovernanceSettingsRepository;
use domain::meetings::attendance::QuorumRule;
use domain::{RepoError, UserId};

use crate::schema::{governance_settings, reading_records, users};
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

/// The one row of `governance_settings` (inserted by its migration).
pub struct PgGovernanceSettingsRepository {
    pool: PgPool,
}

impl PgGovernanceSettingsRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

type Row = (String, String, i32, i32, i32, bool, Option<i32>);

const COLUMNS: (
    governance_settings::register_visibility,
    governance_settings::quorum_rule,
    governance_settings::quorum_minimum,
    governance_settings::quorum_numerator,
    governance_settings::quorum_denominator,
    governance_settings::reading_records,
    governance_settings::secretary_id,
) = (
    governance_settings::register_visibility,
    governance_settings::quorum_rule,
    governance_settings::quorum_minimum,
    governance_settings::quorum_numerator,
    governance_settings::quorum_denominator,
    governance_settings::reading_records,
    governance_settings::secretary_id,
);

fn count(column: &str, value: i32) -> Result<u32, RepoError> {
    u32::try_from(value).map_err(|_| bad_value(column, &value.to_string()))
}

/// The secretary named in the row, while their account is active: a deactivated account is no secretary
/// (docs/spec.md §16 Signing).
fn secretary(conn: &mut PgConnection, id: Option<i32>) -> QueryResult<Option<Secretary>> {
    let Some(id) = id else { return Ok(None) };
    let found: Option<(i32, String)> = users::table
        .find(id)
        .filter(users::active.eq(true))
        .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
        .select((users::id, users::name))
        .first(conn)
        .optional()?;
    Ok(found.map(|(id, name)| Secretary { user_id: UserId(id), name }))
}

fn to_settings(
    (visibility, rule, minimum, numerator, denominator, reading_records, _): Row,
    secretary: Option<Secretary>,
) -> Result<GovernanceSettings, RepoError> {
    let register_visibility =
        visibility.parse().map_err(|_| bad_value("governance_settings.register_visibility", &visibility))?;
    let quorum = QuorumRule {
        kind: rule.parse().map_err(|_| bad_value("governance_settings.quorum_rule", &rule))?,
        minimum: count("governance_settings.quorum_minimum", minimum)?,
        numerator: count("governance_settings.quorum_numerator", numerator)?,
        denominator: count("governance_settings.quorum_denominator", denominator)?,
    };
    Ok(GovernanceSettings { register_visibility, quorum, reading_records, secretary })
}

/// A validated count (at most `QUORUM_MAX`) as a column value.
fn column(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

impl GovernanceSettingsRepository for PgGovernanceSettingsRepository {
    fn get(&self) -> Result<GovernanceSettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = governance_settings::table.select(COLUMNS).first::<Row>(&mut conn).map_err(repo_error)?;
        let named = secretary(&mut conn, row.6).map_err(repo_error)?;
        to_settings(row, named)
    }

    /// Switching reading records off deletes every record in the same transaction (docs/spec.md "Reading
    /// records"): no record outlives the board's decision.
    fn set(&self, settings: GovernanceSettings) -> Result<GovernanceSettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let quorum = settings.quorum;
        let (row, named) = conn
            .transaction(|conn| -> QueryResult<(Row, Option<Secretary>)> {
                let row = diesel::update(governance_settings::table)
                    .set((
                        governance_settings::register_visibility.eq(settings.register_visibility.as_str()),
                        governance_settings::quorum_rule.eq(quorum.kind.as_str()),
                        governance_settings::quorum_minimum.eq(column(quorum.minimum)),
                        governance_settings::quorum_numerator.eq(column(quorum.numerator)),
                        governance_settings::quorum_denominator.eq(column(quorum.denominator)),
                        governance_settings::reading_records.eq(settings.reading_records),
                        governance_settings::secretary_id
                            .eq(settings.secretary.as_ref().map(|s| s.user_id.0)),
                        governance_settings::updated_at.eq(diesel::dsl::now),
                    ))
                    .returning(COLUMNS)
                    .get_result::<Row>(conn)?;
                if !settings.reading_records {
                    diesel::delete(reading_records::table).execute(conn)?;
                }
                let named = secretary(conn, row.6)?;
                Ok((row, named))
            })
            .map_err(repo_error)?;
        to_settings(row, named)
    }
}
