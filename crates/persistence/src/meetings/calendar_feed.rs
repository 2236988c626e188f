//! Private calendar feeds: each user's feed token, and what a feed needs of the meetings it lists.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use domain::meetings::{CalendarFacts, CalendarFeedRepository, FeedToken};
use domain::{MeetingId, RepoError, UserId};

use crate::schema::{calendar_feed_tokens, meetings, users};
use crate::shared::error::{pool_error, repo_error};
use crate::PgPool;

pub struct PgCalendarFeedRepository {
    pool: PgPool,
}

impl PgCalendarFeedRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl CalendarFeedRepository for PgCalendarFeedRepository {
    fn find(&self, user: UserId) -> Result<Option<FeedToken>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let row = calendar_feed_tokens::table
            .find(user.0)
            .select((calendar_feed_tokens::nonce, calendar_feed_tokens::token_hash))
            .first::<(String, String)>(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Ok(row.map(|(nonce, token_hash)| FeedToken { nonce, token_hash }))
    }

    fn create_if_absent(
        &self,
        user: UserId,
        token: FeedToken,
        at: DateTime<Utc>,
    ) -> Result<FeedToken, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::insert_into(calendar_feed_tokens::table)
            .values(token_row(user, &token, at))
            .on_conflict(calendar_feed_tokens::user_id)
            .do_nothing()
            .execute(&mut conn)
            .map_err(repo_error)?;
        // Two first requests at once: both answer the one that was stored.
        let (nonce, token_hash) = calendar_feed_tokens::table
            .find(user.0)
            .select((calendar_feed_tokens::nonce, calendar_feed_tokens::token_hash))
            .first::<(String, String)>(&mut conn)
            .map_err(repo_error)?;
        Ok(FeedToken { nonce, token_hash })
    }

    fn replace(&self, user: UserId, token: FeedToken, at: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        diesel::insert_into(calendar_feed_tokens::table)
            .values(token_row(user, &token, at))
            .on_conflict(calendar_feed_tokens::user_id)
            .do_update()
            .set((
                calendar_feed_tokens::nonce.eq(&token.nonce),
                calendar_feed_tokens::token_hash.eq(&token.token_hash),
                calendar_feed_tokens::created_at.eq(at),
            ))
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }

    fn active_user_by_token_hash(&self, token_hash: &str) -> Result<Option<UserId>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let user = calendar_feed_tokens::table
            .inner_join(users::table)
            .filter(calendar_feed_tokens::token_hash.eq(token_hash))
            .filter(users::active.eq(true))
            .select(users::id)
            .first::<i32>(&mut conn)
            .optional()
            .map_err(repo_error)?;
        Ok(user.map(UserId))
    }

    fn calendar_facts(&self, ids: &[MeetingId]) -> Result<HashMap<MeetingId, CalendarFacts>, RepoError> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let mut conn = self.pool.get().map_err(pool_error)?;
        let rows = meetings::table
            .filter(meetings::id.eq_any(ids.iter().map(|id| id.0)))
            .select((meetings::id, meetings::sequence, meetings::status))
            .load::<(i32, i32, String)>(&mut conn)
            .map_err(repo_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, sequence, status)| {
                let facts = CalendarFacts {
                    sequence: u32::try_from(sequence).unwrap_or(0),
                    cancelled: status == "cancelled",
                };
                (MeetingId(id), facts)
            })
            .collect())
    }
}

/// The columns of a user's feed token.
type TokenRow<'a> = (
    diesel::dsl::Eq<calendar_feed_tokens::user_id, i32>,
    diesel::dsl::Eq<calendar_feed_tokens::nonce, &'a String>,
    diesel::dsl::Eq<calendar_feed_tokens::token_hash, &'a String>,
    diesel::dsl::Eq<calendar_feed_tokens::created_at, DateTime<Utc>>,
);

fn token_row(user: UserId, token: &FeedToken, at: DateTime<Utc>) -> TokenRow<'_> {
    (
        calendar_feed_tokens::user_id.eq(user.0),
        calendar_feed_tokens::nonce.eq(&token.nonce),
        calendar_feed_tokens::token_hash.eq(&token.token_hash),
        calendar_feed_tokens::created_at.eq(at),
    )
}
