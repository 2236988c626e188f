//! `minutes_signers`: the trustee the board names to sign a meeting's minutes (docs/spec.md §16 Signing).

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::signing::{MinutesSignerRepository, NamedSigner};
use domain::{MeetingId, RepoError, UserId};

use crate::schema::{minutes_signers, users};
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

pub struct PgMinutesSigners {
    pool: PgPool,
}

impl PgMinutesSigners {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl MinutesSignerRepository for PgMinutesSigners {
    fn named(&self, meeting: MeetingId) -> Result<Option<NamedSigner>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row: Option<(i32, String)> = minutes_signers::table
            .inner_join(users::table.on(users::id.eq(minutes_signers::user_id)))
            .filter(minutes_signers::meeting_id.eq(meeting.0))
            .select((users::id, users::name))
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Ok(row.map(|(id, name)| NamedSigner { user_id: UserId(id), name }))
    }

    fn name(
        &self,
        meeting: MeetingId,
        signer: Option<UserId>,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        match signer {
            Some(user) => diesel::insert_into(minutes_signers::table)
                .values((
                    minutes_signers::meeting_id.eq(meeting.0),
                    minutes_signers::user_id.eq(user.0),
                    minutes_signers::named_by.eq(by.0),
                    minutes_signers::named_at.eq(at),
                ))
                .on_conflict(minutes_signers::meeting_id)
                .do_update()
                .set((
                    minutes_signers::user_id.eq(user.0),
                    minutes_signers::named_by.eq(by.0),
                    minutes_signers::named_at.eq(at),
                ))
                .execute(&mut conn),
            None => diesel::delete(minutes_signers::table.find(meeting.0)).execute(&mut conn),
        }
        .map_err(repo_error)?;
        Ok(())
    }
}
