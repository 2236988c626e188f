//! Written resolutions, their voters and their (immutable) votes.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::governance::resolution::{
    decide, Paper, Resolution, ResolutionStatus, Threshold, ThresholdKind, Vote, VoteChoice, Voter,
};
use domain::governance::{GovernanceRefusal, NewResolution, ResolutionRepository};
use domain::{DocumentId, RepoError, ResolutionId, UserId};

use crate::schema::{
    agenda_items, documents, resolution_papers, resolution_voters, resolution_votes, resolutions, users,
};
use crate::shared::error::{bad_value, pool_error, repo_error, Refusal};
use crate::PgPool;

#[derive(Queryable, Selectable)]
#[diesel(table_name = resolutions)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ResolutionRow {
    id: i32,
    title: String,
    body: String,
    closes_at: DateTime<Utc>,
    threshold: String,
    threshold_count: Option<i32>,
    proposed_by_name: String,
    proposed_at: DateTime<Utc>,
    status: String,
    decided_at: Option<DateTime<Utc>>,
    decided_early: bool,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = resolution_votes)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct VoteRow {
    user_id: i32,
    voter_name: String,
    vote: String,
    comment: Option<String>,
    voted_at: DateTime<Utc>,
}

type Refused = Refusal<GovernanceRefusal>;

fn threshold_of(row: &ResolutionRow) -> Result<Threshold, RepoError> {
    let bad = || bad_value("resolutions.threshold", &row.threshold);
    Ok(match row.threshold.parse::<ThresholdKind>().map_err(|_| bad())? {
        ThresholdKind::Majority => Threshold::Majority,
        ThresholdKind::Unanimous => Threshold::Unanimous,
        ThresholdKind::Count => {
            Threshold::Count(row.threshold_count.and_then(|n| u32::try_from(n).ok()).ok_or_else(bad)?)
        }
    })
}

/// Loads one resolution with its papers, voters and votes.
fn load(conn: &mut PgConnection, row: ResolutionRow) -> Result<Resolution, RepoError> {
    let papers: Vec<(i32, String)> = resolution_papers::table
        .inner_join(documents::table)
        .filter(resolution_papers::resolution_id.eq(row.id))
        .order(documents::title.asc())
        .select((documents::id, documents::title))
        .load(conn)
        .map_err(repo_error)?;
    let voters: Vec<(i32, String, bool)> = resolution_voters::table
        .filter(resolution_voters::resolution_id.eq(row.id))
        .order((resolution_voters::name.asc(), resolution_voters::user_id.asc()))
        .select((resolution_voters::user_id, resolution_voters::name, resolution_voters::conflicted))
        .load(conn)
        .map_err(repo_error)?;
    let votes: Vec<VoteRow> = resolution_votes::table
        .filter(resolution_votes::resolution_id.eq(row.id))
        .order((resolution_votes::voted_at.asc(), resolution_votes::user_id.asc()))
        .select(VoteRow::as_select())
        .load(conn)
        .map_err(repo_error)?;
    let votes = votes
        .into_iter()
        .map(|v| {
            Ok(Vote {
                user_id: UserId(v.user_id),
                choice: v
                    .vote
                    .parse::<VoteChoice>()
                    .map_err(|_| bad_value("resolution_votes.vote", &v.vote))?,
                voter_name: v.voter_name,
                comment: v.comment,
                voted_at: v.voted_at,
            })
        })
        .collect::<Result<Vec<_>, RepoError>>()?;
    Ok(Resolution {
        id: ResolutionId(row.id),
        threshold: threshold_of(&row)?,
        status: row.status.parse().map_err(|_| bad_value("resolutions.status", &row.status))?,
        title: row.title,
        text: row.body,
        closes_at: row.closes_at,
        proposed_by_name: row.proposed_by_name,
        proposed_at: row.proposed_at,
        decided_at: row.decided_at,
        decided_early: row.decided_early,
        papers: papers.into_iter().map(|(id, title)| Paper { document_id: DocumentId(id), title }).collect(),
        voters: voters
            .into_iter()
            .map(|(id, name, conflicted)| Voter { user_id: UserId(id), name, conflicted })
            .collect(),
        votes,
    })
}

/// Locks the resolution row and loads it; `NotFound` when there is none.
/// The resolution locked, while it is open and `user` has not voted on it: what a vote and a declared
/// conflict both need.
fn lock_open_to(
    conn: &mut PgConnection,
    id: ResolutionId,
    user: UserId,
    at: DateTime<Utc>,
) -> Result<Resolution, Refused> {
    let resolution = lock(conn, id)?;
    if resolution.status != ResolutionStatus::Open || at >= resolution.closes_at {
        return Err(Refusal::Refused(GovernanceRefusal::VotingClosed));
    }
    if resolution.vote_of(user).is_some() {
        return Err(Refusal::Refused(GovernanceRefusal::AlreadyVoted));
    }
    Ok(resolution)
}

fn lock(conn: &mut PgConnection, id: ResolutionId) -> Result<Resolution, Refused> {
    let row = resolutions::table
        .find(id.0)
        .select(ResolutionRow::as_select())
        .for_update()
        .first(conn)
        .optional()?
        .ok_or(Refusal::Refused(GovernanceRefusal::ResolutionNotFound))?;
    load(conn, row).map_err(|e| Refusal::Refused(e.into()))
}

/// Records the result when it is known (`closed`: the closing time has come).
fn settle(
    conn: &mut PgConnection,
    resolution: &mut Resolution,
    now: DateTime<Utc>,
    closed: bool,
) -> QueryResult<()> {
    if resolution.status != ResolutionStatus::Open {
        return Ok(());
    }
    if let Some(status) = decide(resolution.threshold, resolution.tally(), closed) {
        let early = now < resolution.closes_at;
        diesel::update(resolutions::table.find(resolution.id.0))
            .set((
                resolutions::status.eq(status.as_str()),
                resolutions::decided_at.eq(now),
                resolutions::decided_early.eq(early),
            ))
            .execute(conn)?;
        resolution.status = status;
        resolution.decided_at = Some(now);
        resolution.decided_early = early;
    }
    Ok(())
}

pub struct PgResolutionRepository {
    pool: PgPool,
}

impl PgResolutionRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl ResolutionRepository for PgResolutionRepository {
    fn list(&self) -> Result<Vec<Resolution>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<ResolutionRow> = resolutions::table
            .order((resolutions::proposed_at.desc(), resolutions::id.desc()))
            .select(ResolutionRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(|row| load(&mut conn, row)).collect()
    }

    fn get(&self, id: ResolutionId) -> Result<Resolution, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = resolutions::table
            .find(id.0)
            .select(ResolutionRow::as_select())
            .first(&mut conn)
            .map_err(repo_error)?;
        load(&mut conn, row)
    }

    fn open_at(&self, now: DateTime<Utc>) -> Result<Vec<Resolution>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows: Vec<ResolutionRow> = resolutions::table
            .filter(resolutions::status.eq(ResolutionStatus::Open.as_str()))
            .filter(resolutions::closes_at.gt(now))
            .order((resolutions::closes_at.asc(), resolutions::id.asc()))
            .select(ResolutionRow::as_select())
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(|row| load(&mut conn, row)).collect()
    }

    fn propose(&self, new: NewResolution) -> Result<Resolution, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            let found: i64 = documents::table
                .filter(documents::id.eq_any(new.papers.iter().map(|d| d.0)))
                .count()
                .get_result(conn)?;
            if found != new.papers.len() as i64 {
                return Err(Refusal::Refused(GovernanceRefusal::NoSuchPaper));
            }
            // Share-locked: a trustee deactivated meanwhile waits until the voters are fixed.
            let serving: Vec<(i32, String)> = users::table
                .filter(users::active.eq(true))
                .filter(users::role.ne(domain::identity::role::Role::Guest.as_str()))
                .select((users::id, users::name))
                .for_share()
                .load(conn)?;
            if new.conflicted.iter().any(|c| !serving.iter().any(|(id, _)| *id == c.0)) {
                return Err(Refusal::Refused(GovernanceRefusal::ConflictedNotServing));
            }
            let eligible =
                serving.iter().filter(|(id, _)| !new.conflicted.contains(&UserId(*id))).count() as u32;
            if eligible == 0 || new.threshold.votes_needed(eligible) > eligible {
                return Err(Refusal::Refused(GovernanceRefusal::ThresholdOutOfReach(eligible)));
            }
            let count = match new.threshold {
                Threshold::Count(n) => i32::try_from(n).ok(),
                _ => None,
            };
            let id: i32 = diesel::insert_into(resolutions::table)
                .values((
                    resolutions::title.eq(&new.title),
                    resolutions::body.eq(&new.text),
                    resolutions::closes_at.eq(new.closes_at),
                    resolutions::threshold.eq(new.threshold.kind().as_str()),
                    resolutions::threshold_count.eq(count),
                    resolutions::proposed_by.eq(new.proposed_by.0),
                    resolutions::proposed_by_name.eq(&new.proposed_by_name),
                    resolutions::proposed_at.eq(new.proposed_at),
                ))
                .returning(resolutions::id)
                .get_result(conn)?;
            let papers: Vec<_> = new
                .papers
                .iter()
                .map(|d| (resolution_papers::resolution_id.eq(id), resolution_papers::document_id.eq(d.0)))
                .collect();
            diesel::insert_into(resolution_papers::table).values(papers).execute(conn)?;
            let voters: Vec<_> = serving
                .iter()
                .map(|(user, name)| {
                    (
                        resolution_voters::resolution_id.eq(id),
                        resolution_voters::user_id.eq(*user),
                        resolution_voters::name.eq(name),
                        resolution_voters::conflicted.eq(new.conflicted.contains(&UserId(*user))),
                    )
                })
                .collect();
            diesel::insert_into(resolution_voters::table).values(voters).execute(conn)?;
            lock(conn, ResolutionId(id))
        })
        .map_err(Refused::into_error)
    }

    fn vote(
        &self,
        id: ResolutionId,
        user: UserId,
        choice: VoteChoice,
        comment: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<Resolution, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            // The row lock orders concurrent votes: each one sees the ones before it.
            let mut resolution = lock_open_to(conn, id, user, at)?;
            let Some(voter) = resolution.voters.iter().find(|v| v.user_id == user && !v.conflicted) else {
                return Err(Refusal::Refused(GovernanceRefusal::NotEligible));
            };
            let vote = Vote { user_id: user, voter_name: voter.name.clone(), choice, comment, voted_at: at };
            diesel::insert_into(resolution_votes::table)
                .values((
                    resolution_votes::resolution_id.eq(id.0),
                    resolution_votes::user_id.eq(user.0),
                    resolution_votes::voter_name.eq(&vote.voter_name),
                    resolution_votes::vote.eq(choice.as_str()),
                    resolution_votes::comment.eq(&vote.comment),
                    resolution_votes::voted_at.eq(at),
                ))
                .execute(conn)?;
            resolution.votes.push(vote);
            settle(conn, &mut resolution, at, false)?;
            Ok(resolution)
        })
        .map_err(Refused::into_error)
    }

    fn declare_conflict(
        &self,
        id: ResolutionId,
        user: UserId,
        at: DateTime<Utc>,
    ) -> Result<Resolution, GovernanceRefusal> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            let mut resolution = lock_open_to(conn, id, user, at)?;
            if !resolution.is_eligible(user) {
                return Err(Refusal::Refused(GovernanceRefusal::NotEligible));
            }
            diesel::update(
                resolution_voters::table
                    .filter(resolution_voters::resolution_id.eq(id.0))
                    .filter(resolution_voters::user_id.eq(user.0)),
            )
            .set(resolution_voters::conflicted.eq(true))
            .execute(conn)?;
            for voter in resolution.voters.iter_mut().filter(|v| v.user_id == user) {
                voter.conflicted = true;
            }
            // With one voter fewer the result may now be certain (or the threshold out of reach).
            settle(conn, &mut resolution, at, false)?;
            Ok(resolution)
        })
        .map_err(Refused::into_error)
    }

    fn decided_off_agenda(
        &self,
        after: Option<DateTime<Utc>>,
        until: Option<DateTime<Utc>>,
    ) -> Result<Vec<Resolution>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let reported = agenda_items::table
            .filter(agenda_items::resolution_id.eq(resolutions::id.nullable()))
            .select(agenda_items::id);
        let mut query = resolutions::table
            .filter(resolutions::status.ne(ResolutionStatus::Open.as_str()))
            .filter(resolutions::decided_at.is_not_null())
            .filter(diesel::dsl::not(diesel::dsl::exists(reported)))
            .select(ResolutionRow::as_select())
            .into_boxed();
        if let Some(after) = after {
            query = query.filter(resolutions::decided_at.gt(after));
        }
        if let Some(until) = until {
            query = query.filter(resolutions::decided_at.le(until));
        }
        let rows: Vec<ResolutionRow> = query
            .order((resolutions::decided_at.asc(), resolutions::id.asc()))
            .load(&mut conn)
            .map_err(repo_error)?;
        rows.into_iter().map(|row| load(&mut conn, row)).collect()
    }

    fn decide_due(
        &self,
        now: DateTime<Utc>,
        only: Option<ResolutionId>,
    ) -> Result<Vec<ResolutionId>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        conn.transaction(|conn| {
            // Locking queries cannot be boxed: one resolution is the range [id, id].
            let (from, to) = only.map_or((i32::MIN, i32::MAX), |id| (id.0, id.0));
            let due = resolutions::table
                .filter(resolutions::status.eq(ResolutionStatus::Open.as_str()))
                .filter(resolutions::closes_at.le(now))
                .filter(resolutions::id.between(from, to))
                .select(ResolutionRow::as_select())
                .for_update()
                .skip_locked();
            let rows: Vec<ResolutionRow> = due.load(conn)?;
            let mut decided = Vec::with_capacity(rows.len());
            for row in rows {
                let mut resolution = load(conn, row).map_err(Refusal::<RepoError>::Refused)?;
                // Decided as of its closing time, whenever this step runs.
                let closes_at = resolution.closes_at;
                settle(conn, &mut resolution, closes_at, true)?;
                decided.push(resolution.id);
            }
            Ok(decided)
        })
        .map_err(Refusal::<RepoError>::into_error)
    }
}
