use diesel::prelude::*;

use domain::entities::governance_settings::GovernanceSettings;
use domain::ports::GovernanceSettingsRepository;
use domain::RepoError;

use crate::error::{bad_value, pool_error, repo_error};
use crate::schema::governance_settings;
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

fn to_settings(visibility: String) -> Result<GovernanceSettings, RepoError> {
    let register_visibility =
        visibility.parse().map_err(|_| bad_value("governance_settings.register_visibility", &visibility))?;
    Ok(GovernanceSettings { register_visibility })
}

impl GovernanceSettingsRepository for PgGovernanceSettingsRepository {
    fn get(&self) -> Result<GovernanceSettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let visibility = governance_settings::table
            .select(governance_settings::register_visibility)
            .first::<String>(&mut conn)
            .map_err(repo_error)?;
        to_settings(visibility)
    }

    fn set(&self, settings: GovernanceSettings) -> Result<GovernanceSettings, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let visibility = diesel::update(governance_settings::table)
            .set((
                governance_settings::register_visibility.eq(settings.register_visibility.as_str()),
                governance_settings::updated_at.eq(diesel::dsl::now),
            ))
            .returning(governance_settings::register_visibility)
            .get_result::<String>(&mut conn)
            .map_err(repo_error)?;
        to_settings(visibility)
    }
}
