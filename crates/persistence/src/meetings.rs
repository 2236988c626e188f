use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::entities::meeting::{LinkedMinutes, Meeting, MeetingWindow, NewMeeting};
use domain::ports::MeetingRepository;
use domain::{MeetingId, MinutesId, RepoError};

use crate::error::{pool_error, repo_error};
use crate::schema::{meetings, minutes};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = meetings)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct MeetingRow {
    id: i32,
    title: String,
    description: String,
    meeting_date: DateTime<Utc>,
    location: Option<String>,
    meeting_link: Option<String>,
    agenda_link: Option<String>,
    created_at: DateTime<Utc>,
}

impl MeetingRow {
    fn into_meeting(self, minutes: Option<LinkedMinutes>) -> Meeting {
        Meeting {
            id: MeetingId(self.id),
            title: self.title,
            description: self.description,
            meeting_date: self.meeting_date,
            location: self.location,
            meeting_link: self.meeting_link,
            agenda_link: self.agenda_link,
            minutes,
            created_at: self.created_at,
        }
    }
}

/// The most recently recorded minutes of each of these meetings.
fn latest_minutes(conn: &mut PgConnection, ids: &[i32]) -> QueryResult<HashMap<i32, LinkedMinutes>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = minutes::table
        .filter(minutes::meeting_id.eq_any(ids))
        .distinct_on(minutes::meeting_id)
        .order((minutes::meeting_id, minutes::created_at.desc(), minutes::id.desc()))
        .select((minutes::meeting_id, minutes::id, minutes::external_link))
        .load::<(Option<i32>, i32, Option<String>)>(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(meeting, id, external_link)| {
            meeting.map(|m| (m, LinkedMinutes { id: MinutesId(id), external_link }))
        })
        .collect())
}

pub struct PgMeetingRepository {
    pool: PgPool,
}

impl PgMeetingRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl MeetingRepository for PgMeetingRepository {
    fn list(&self, window: MeetingWindow, now: DateTime<Utc>) -> Result<Vec<Meeting>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let query = meetings::table.select(MeetingRow::as_select()).into_boxed();
        let query = match window {
            MeetingWindow::All => query.order((meetings::meeting_date.asc(), meetings::id.asc())),
            MeetingWindow::Upcoming => query
                .filter(meetings::meeting_date.ge(now))
                .order((meetings::meeting_date.asc(), meetings::id.asc())),
            MeetingWindow::Past => query
                .filter(meetings::meeting_date.lt(now))
                .order((meetings::meeting_date.desc(), meetings::id.desc())),
        };
        let (rows, mut linked) = conn
            .transaction(|conn| {
                let rows: Vec<MeetingRow> = query.load(conn)?;
                let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
                let linked = latest_minutes(conn, &ids)?;
                Ok::<_, diesel::result::Error>((rows, linked))
            })
            .map_err(repo_error)?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let minutes = linked.remove(&row.id);
                row.into_meeting(minutes)
            })
            .collect())
    }

    fn create(&self, meeting: NewMeeting) -> Result<Meeting, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row: MeetingRow = diesel::insert_into(meetings::table)
            .values((
                meetings::title.eq(meeting.title),
                meetings::description.eq(meeting.description),
                meetings::meeting_date.eq(meeting.meeting_date),
                meetings::location.eq(meeting.location),
                meetings::meeting_link.eq(meeting.meeting_link),
                meetings::agenda_link.eq(meeting.agenda_link),
                meetings::created_by.eq(meeting.created_by.0),
                meetings::created_at.eq(meeting.created_at),
            ))
            .returning(MeetingRow::as_returning())
            .get_result(&mut conn)
            .map_err(repo_error)?;
        Ok(row.into_meeting(None))
    }
}
