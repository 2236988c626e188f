use diesel::prelude::*;

use domain::reading::AgendaPaperMeetings;
use domain::{AgendaPaperId, MeetingId, RepoError};

use crate::schema::{agenda_items, agenda_papers};
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

pub struct PgAgendaPaperMeetings {
    pool: PgPool,
}

impl PgAgendaPaperMeetings {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl AgendaPaperMeetings for PgAgendaPaperMeetings {
    fn meeting_of(&self, paper: AgendaPaperId) -> Result<Option<MeetingId>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        agenda_papers::table
            .inner_join(agenda_items::table)
            .filter(agenda_papers::id.eq(paper.0))
            .select(agenda_items::meeting_id)
            .first::<i32>(&mut conn)
            .optional()
            .map(|meeting| meeting.map(MeetingId))
            .map_err(repo_error)
    }
}
