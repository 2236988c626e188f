//! `meetings.chaired_by`: who chaired a meeting (docs/spec.md §16 Signing).

use diesel::prelude::*;

use domain::meetings::meeting::MeetingStatus;
use domain::meetings::{MeetingChair, MeetingChairRepository, MeetingsRefusal};
use domain::{MeetingId, RepoError, UserId};

use crate::schema::{meetings, users};
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

pub struct PgMeetingChairs {
    pool: PgPool,
}

impl PgMeetingChairs {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl MeetingChairRepository for PgMeetingChairs {
    fn chaired_by(&self, meeting: MeetingId) -> Result<Option<MeetingChair>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row: Option<(i32, String)> = meetings::table
            .inner_join(users::table.on(meetings::chaired_by.eq(users::id.nullable())))
            .filter(meetings::id.eq(meeting.0))
            .select((users::id, users::name))
            .first(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Ok(row.map(|(id, name)| MeetingChair { user_id: UserId(id), name }))
    }

    fn record(&self, meeting: MeetingId, chair: Option<UserId>) -> Result<(), MeetingsRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // The status is checked in the update itself: a meeting cancelled meanwhile is left as it is.
        let updated = diesel::update(
            meetings::table.find(meeting.0).filter(meetings::status.eq(MeetingStatus::Scheduled.as_str())),
        )
        .set(meetings::chaired_by.eq(chair.map(|c| c.0)))
        .execute(&mut conn)
        .map_err(repo_error)?;
        if updated == 1 {
            return Ok(());
        }
        let exists: bool = diesel::select(diesel::dsl::exists(meetings::table.find(meeting.0)))
            .get_result(&mut conn)
            .map_err(repo_error)?;
        Err(if exists { MeetingsRefusal::Cancelled } else { MeetingsRefusal::MeetingNotFound })
    }
}
