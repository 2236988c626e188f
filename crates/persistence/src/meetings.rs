use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use domain::entities::meeting::{
    LinkedMinutes, Meeting, MeetingCommittee, MeetingKind, MeetingWindow, NewMeeting,
};
use domain::ports::MeetingRepository;
use domain::{CommitteeId, MeetingId, MinutesId, RepoError};

use crate::error::{bad_value, pool_error, repo_error};
use crate::schema::{committees, meetings, minutes};
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
    kind: String,
    committee_id: Option<i32>,
}

impl MeetingRow {
    fn into_meeting(
        self,
        committee_name: Option<String>,
        minutes: Option<LinkedMinutes>,
    ) -> Result<Meeting, RepoError> {
        let kind = MeetingKind::parse(&self.kind).ok_or_else(|| bad_value("meetings.kind", &self.kind))?;
        let committee = self
            .committee_id
            .zip(committee_name)
            .map(|(id, name)| MeetingCommittee { id: CommitteeId(id), name });
        Ok(Meeting {
            id: MeetingId(self.id),
            title: self.title,
            description: self.description,
            meeting_date: self.meeting_date,
            location: self.location,
            meeting_link: self.meeting_link,
            agenda_link: self.agenda_link,
            kind,
            committee,
            minutes,
            created_at: self.created_at,
        })
    }
}

/// The names of these committees.
fn committee_names(conn: &mut PgConnection, ids: &[i32]) -> QueryResult<HashMap<i32, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = committees::table
        .filter(committees::id.eq_any(ids))
        .select((committees::id, committees::name))
        .load::<(i32, String)>(conn)?;
    Ok(rows.into_iter().collect())
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
        let (rows, mut linked, names) = conn
            .transaction(|conn| {
                let rows: Vec<MeetingRow> = query.load(conn)?;
                let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
                let linked = latest_minutes(conn, &ids)?;
                let committee_ids: Vec<i32> = rows.iter().filter_map(|r| r.committee_id).collect();
                let names = committee_names(conn, &committee_ids)?;
                Ok::<_, diesel::result::Error>((rows, linked, names))
            })
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|row| {
                let minutes = linked.remove(&row.id);
                let name = row.committee_id.and_then(|id| names.get(&id).cloned());
                row.into_meeting(name, minutes)
            })
            .collect()
    }

    fn create(&self, meeting: NewMeeting) -> Result<Meeting, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // The committee's name, which also proves it exists (NotFound otherwise).
        let committee_name = match meeting.committee_id {
            Some(id) => Some(
                committees::table
                    .find(id.0)
                    .select(committees::name)
                    .first::<String>(&mut conn)
                    .map_err(repo_error)?,
            ),
            None => None,
        };
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
                meetings::kind.eq(meeting.kind.as_str()),
                meetings::committee_id.eq(meeting.committee_id.map(|id| id.0)),
            ))
            .returning(MeetingRow::as_returning())
            .get_result(&mut conn)
            .map_err(repo_error)?;
        row.into_meeting(committee_name, None)
    }
}
