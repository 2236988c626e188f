//! The search over `search_entries` (docs/spec.md "Search"): full-text matches (English stems, accents
//! ignored, the last word also as a prefix), or, for a single word nothing contains, titles spelt like
//! it; only what the reader may see, by each kind's list rule; counts per kind; one page after the
//! cursor; snippets for that page only. The statements are in `statements`; this runs them in turn in one
//! read-only transaction, each only when the one before leaves it something to do.

use std::sync::LazyLock;

use chrono::{DateTime, Utc};
use diesel::connection::SimpleConnection;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::BoxedSqlQuery;
use diesel::sql_types::{Array, BigInt, Bool, Double, Int4, Nullable, Text, Timestamptz};

use domain::search::{
    SearchHit, SearchKind, SearchMatches, SearchOrder, SearchQuery, SearchReader, SearchRepository,
};
use domain::{CommitteeId, MeetingId, RepoError};

use super::snippet;
use super::statements;
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

/// How alike a title must be to a single searched word that nothing contains (pg_trgm's
/// `word_similarity`, 0 to 1): "saftey" is 0.43 like "Safety policy".
const FUZZY_THRESHOLD: &str = "0.4";

static COUNTS_SQL: LazyLock<String> = LazyLock::new(statements::counts);
static DETAILS_SQL: LazyLock<String> = LazyLock::new(statements::details);

#[derive(QueryableByName)]
struct Counted {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// An entry of a page, in order.
#[derive(QueryableByName, Clone)]
struct Key {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    record_id: i64,
    #[diesel(sql_type = Double)]
    sort_key: f64,
}

/// A row of the ranked page: an entry (none in the one row of an empty page), and whether the ranked
/// window is full.
#[derive(QueryableByName)]
struct Ranked {
    #[diesel(sql_type = Nullable<Text>)]
    kind: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    record_id: Option<i64>,
    #[diesel(sql_type = Nullable<Double>)]
    sort_key: Option<f64>,
    #[diesel(sql_type = Bool)]
    full: bool,
}

/// `sql` with every statement's binds (see `statements`).
fn bound<'a>(
    sql: &str,
    reader: SearchReader,
    query: &'a SearchQuery,
    asof: DateTime<Utc>,
) -> BoxedSqlQuery<'a, Pg, diesel::query_builder::SqlQuery> {
    let cursor = query.cursor;
    diesel::sql_query(sql.to_string())
        .into_boxed()
        .bind::<Int4, _>(reader.user.0)
        .bind::<Bool, _>(reader.officer)
        .bind::<Text, _>(query.text.words.as_str())
        .bind::<Nullable<Text>, _>(query.text.last_word.as_deref())
        .bind::<Nullable<Text>, _>(query.text.fuzzy.as_deref())
        .bind::<Nullable<Timestamptz>, _>(query.starts_at)
        .bind::<Nullable<Timestamptz>, _>(query.ends_before)
        .bind::<Nullable<Int4>, _>(query.meeting.map(|id| id.0))
        .bind::<Nullable<Int4>, _>(query.committee.map(|id| id.0))
        .bind::<Nullable<Text>, _>(query.category.as_deref())
        .bind::<Bool, _>(query.order == SearchOrder::Date)
        .bind::<Timestamptz, _>(asof)
        .bind::<Nullable<Double>, _>(cursor.map(|c| c.key))
        .bind::<Nullable<Text>, _>(cursor.map(|c| c.kind.table_name()))
        .bind::<Nullable<BigInt>, _>(cursor.map(|c| c.id))
        .bind::<BigInt, _>(query.limit + 1)
        .bind::<Nullable<Text>, _>(query.text.hint.as_deref())
}

/// What a search finds before the details: the counts per kind (as the index spells kinds, up to one past
/// the cap) and the page's entries in order.
struct Found {
    counts: Vec<(String, i64)>,
    keys: Vec<Key>,
}

/// The counts and the page's entries (at most `limit + 1`, in order).
fn find(
    conn: &mut PgConnection,
    reader: SearchReader,
    query: &SearchQuery,
    asof: DateTime<Utc>,
) -> QueryResult<Found> {
    // Each kind is counted through its own full-text index: reading a kind in date order (or whole)
    // until enough match costs far more whenever the planner misjudges how common the words are.
    conn.batch_execute("SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off")?;
    let counted: Vec<Counted> = bound(&COUNTS_SQL, reader, query, asof).load(conn)?;
    conn.batch_execute("SET LOCAL enable_seqscan = on; SET LOCAL enable_indexscan = on")?;
    let counts: Vec<(String, i64)> = counted.into_iter().filter(|c| c.n > 0).map(|c| (c.kind, c.n)).collect();
    if counts.is_empty() {
        if query.text.fuzzy.is_none() {
            return Ok(Found { counts, keys: Vec::new() });
        }
        return spelt_alike(conn, reader, query, asof);
    }
    // The kinds of the page that have matches at all.
    let kinds: Vec<SearchKind> = SearchKind::ALL
        .iter()
        .copied()
        .filter(|kind| query.wants(*kind) && counts.iter().any(|(name, _)| name == kind.table_name()))
        .collect();
    if kinds.is_empty() {
        return Ok(Found { counts, keys: Vec::new() });
    }
    let wanted = usize::try_from(query.limit + 1).unwrap_or(usize::MAX);
    let keys = if query.order == SearchOrder::Date {
        bound(&statements::by_date(&kinds), reader, query, asof).load::<Key>(conn)?
    } else {
        let ranked: Vec<Ranked> = bound(&statements::ranked(&kinds), reader, query, asof).load(conn)?;
        let full = ranked.first().is_some_and(|row| row.full);
        let mut keys: Vec<Key> = ranked
            .into_iter()
            .filter_map(|row| {
                Some(Key { kind: row.kind?, record_id: row.record_id?, sort_key: row.sort_key? })
            })
            .collect();
        // Older matches follow the window's by date, read only when the page reaches them.
        if full && keys.len() < wanted {
            let past: Vec<Key> = bound(&statements::past_window(&kinds), reader, query, asof).load(conn)?;
            keys.extend(past.into_iter().take(wanted - keys.len()));
        }
        keys
    };
    Ok(Found { counts, keys })
}

/// A row of the titles spelt alike: a kind's count (no entry), or an entry of the page.
#[derive(QueryableByName)]
struct Alike {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    record_id: Option<i64>,
    #[diesel(sql_type = Nullable<Double>)]
    sort_key: Option<f64>,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The titles spelt like the single word searched: their counts per kind and the page of them.
fn spelt_alike(
    conn: &mut PgConnection,
    reader: SearchReader,
    query: &SearchQuery,
    asof: DateTime<Utc>,
) -> QueryResult<Found> {
    // The similarity `<%` asks for (the trigram index serves that operator only).
    diesel::sql_query(format!("SET LOCAL pg_trgm.word_similarity_threshold = {FUZZY_THRESHOLD}"))
        .execute(conn)?;
    let kinds: Vec<SearchKind> = SearchKind::ALL.iter().copied().filter(|kind| query.wants(*kind)).collect();
    let rows: Vec<Alike> = bound(&statements::spelt_alike(&kinds), reader, query, asof).load(conn)?;
    let mut counts = Vec::new();
    let mut page = Vec::new();
    for row in rows {
        match (row.record_id, row.sort_key) {
            (Some(record_id), Some(sort_key)) => page.push(Key { kind: row.kind, record_id, sort_key }),
            _ => counts.push((row.kind, row.n)),
        }
    }
    Ok(Found { counts, keys: page })
}

/// A result's details.
#[derive(QueryableByName)]
struct Detail {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    record_id: i64,
    #[diesel(sql_type = Double)]
    sort_key: f64,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Timestamptz)]
    happened_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    category: Option<String>,
    #[diesel(sql_type = Nullable<Int4>)]
    item_id: Option<i32>,
    #[diesel(sql_type = Nullable<Int4>)]
    document_id: Option<i32>,
    #[diesel(sql_type = Bool)]
    has_file: bool,
    #[diesel(sql_type = Bool)]
    is_pdf: bool,
    #[diesel(sql_type = Nullable<Int4>)]
    meeting_id: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    meeting_title: Option<String>,
    #[diesel(sql_type = Nullable<Int4>)]
    committee_id: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    committee_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    snippet: Option<String>,
}

/// The kind the index spells `name`.
fn kind_of(name: &str) -> Result<SearchKind, RepoError> {
    SearchKind::from_table_name(name).ok_or_else(|| bad_value("search_entries.kind", name))
}

impl Detail {
    fn hit(self) -> Result<SearchHit, RepoError> {
        Ok(SearchHit {
            kind: kind_of(&self.kind)?,
            id: self.record_id,
            title: self.title,
            date: self.happened_at,
            meeting: self.meeting_id.zip(self.meeting_title).map(|(id, title)| (MeetingId(id), title)),
            committee: self.committee_id.zip(self.committee_name).map(|(id, name)| (CommitteeId(id), name)),
            category: self.category,
            snippet: snippet::runs(self.snippet.as_deref().unwrap_or_default()),
            item_id: self.item_id,
            document_id: self.document_id,
            has_file: self.has_file,
            is_pdf: self.is_pdf,
            sort_key: self.sort_key,
        })
    }
}

pub struct PgSearchRepository {
    pool: PgPool,
}

impl PgSearchRepository {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl SearchRepository for PgSearchRepository {
    #[tracing::instrument(skip_all, fields(officer = reader.officer))]
    fn search(
        &self,
        reader: SearchReader,
        query: &SearchQuery,
        asof: DateTime<Utc>,
    ) -> Result<SearchMatches, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let (counts, details) = conn
            .build_transaction()
            .read_only()
            .run(|conn| {
                // These statements are cheap to run but often estimated dear, and compiling them with
                // JIT costs more than running them.
                conn.batch_execute("SET LOCAL jit = off")?;
                let Found { counts, keys } = find(conn, reader, query, asof)?;
                if keys.is_empty() {
                    return Ok((counts, Vec::new()));
                }
                let kinds: Vec<&str> = keys.iter().map(|key| key.kind.as_str()).collect();
                let ids: Vec<i64> = keys.iter().map(|key| key.record_id).collect();
                let sort_keys: Vec<f64> = keys.iter().map(|key| key.sort_key).collect();
                let details: Vec<Detail> = bound(&DETAILS_SQL, reader, query, asof)
                    .bind::<Array<Text>, _>(kinds)
                    .bind::<Array<BigInt>, _>(ids)
                    .bind::<Array<Double>, _>(sort_keys)
                    .load(conn)?;
                Ok::<_, diesel::result::Error>((counts, details))
            })
            .map_err(repo_error)?;

        let mut counted =
            counts.iter().map(|(name, n)| Ok((kind_of(name)?, *n))).collect::<Result<Vec<_>, RepoError>>()?;
        counted.sort_by_key(|(kind, _)| SearchKind::ALL.iter().position(|k| k == kind));
        let hits = details.into_iter().map(Detail::hit).collect::<Result<Vec<_>, RepoError>>()?;
        Ok(SearchMatches { hits, counts: counted })
    }
}
