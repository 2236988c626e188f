//! The board packs already built (spec §2 Board pack), one row per meeting.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use domain::meetings::{BoardPackCache, CachedPack, PackLayout};
use domain::{MeetingId, RepoError};

use crate::schema::board_packs;
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

pub struct PgBoardPackCache {
    pool: PgPool,
}

impl PgBoardPackCache {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl BoardPackCache for PgBoardPackCache {
    fn find(&self, meeting: MeetingId, fingerprint: &str) -> Result<Option<CachedPack>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row: Option<(String, Vec<u8>, String, DateTime<Utc>)> = board_packs::table
            .filter(board_packs::meeting_id.eq(meeting.0))
            .filter(board_packs::fingerprint.eq(fingerprint))
            .select((board_packs::fingerprint, board_packs::pdf, board_packs::layout, board_packs::built_at))
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?;
        let Some((fingerprint, pdf, layout, built_at)) = row else { return Ok(None) };
        // A layout this version cannot read is a pack to rebuild, not an error.
        let Ok(layout) = serde_json::from_str::<PackLayout>(&layout) else { return Ok(None) };
        Ok(Some(CachedPack { fingerprint, pdf, layout, built_at }))
    }

    fn store(&self, meeting: MeetingId, pack: &CachedPack) -> Result<(), RepoError> {
        let layout = serde_json::to_string(&pack.layout).map_err(|e| RepoError::Unexpected(e.into()))?;
        let mut conn = self.pool.get().map_err(pool_error)?;
        let written = diesel::insert_into(board_packs::table)
            .values((
                board_packs::meeting_id.eq(meeting.0),
                board_packs::fingerprint.eq(&pack.fingerprint),
                board_packs::pdf.eq(&pack.pdf),
                board_packs::layout.eq(&layout),
                board_packs::built_at.eq(pack.built_at),
            ))
            .on_conflict(board_packs::meeting_id)
            .do_update()
            .set((
                board_packs::fingerprint.eq(&pack.fingerprint),
                board_packs::pdf.eq(&pack.pdf),
                board_packs::layout.eq(&layout),
                board_packs::built_at.eq(pack.built_at),
            ))
            .execute(&mut conn);
        match written {
            Ok(_) => Ok(()),
            // The meeting was deleted while its pack was being built: there is nothing to keep.
            Err(DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _)) => Ok(()),
            Err(error) => Err(repo_error(error)),
        }
    }
}
