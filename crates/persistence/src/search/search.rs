//! The search query over `search_entries` (docs/spec.md "Search"): full-text matches (English stems,
//! accents ignored, the last word also as a prefix), or, for a single word nothing contains, titles
//! spelt like it; only what the reader may see, by each kind's list rule; counts per kind; one page
//! after the cursor; snippets for that page only.

use std::sync::LazyLock;

use chrono::{DateTime, Utc};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Double, Int4, Nullable, Text, Timestamptz};

use domain::search::{
    SearchHit, SearchKind, SearchMatches, SearchOrder, SearchQuery, SearchReader, SearchRepository,
};
use domain::{CommitteeId, MeetingId, RepoError};

use super::snippet::{self, START, STOP};
use crate::actions::ACTION_VISIBLE_SQL;
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

/// How alike a title must be to a single searched word that nothing contains (pg_trgm's
/// `word_similarity`, 0 to 1): "saftey" is 0.43 like "Safety policy".
const FUZZY_THRESHOLD: &str = "0.4";

/// The longest passage of a record's text given to `ts_headline`: a 200,000-character file is cut to
/// this much around the first place the first searched word starts (the start of the text otherwise),
/// so a snippet costs the same for every record. About 180 words, room for the snippet's two fragments
/// of at most 35 words; `ts_headline` costs in proportion to it, for every result of a page.
const SNIPPET_WINDOW: i32 = 1200;
/// How far before the first searched word the passage starts, so the fragment can open before it.
const SNIPPET_LEAD: i32 = 200;

/// The rank of an entry whose own words (title, text) do not match, only its file's (spec §15: titles
/// weigh most, then the record's own text, then its file's): what `ts_rank` gives one word in the file's
/// weight (0.2). Ranking reads only the small vector of an entry's own words (`head_tsv`), never the
/// file's, which for a common word would mean reading every matching paper's whole vector.
const FILE_ONLY_RANK: &str = "0.1216";

/// The order key of a match of rank `rank` (SQL over the entry `s`): its date for the date order (`$12`),
/// else its rank raised for recency, up to twice as high today (`$13`) as long ago (spec §15).
fn sort_key(rank: &str) -> String {
    format!(
        "CASE WHEN $12::bool THEN extract(epoch FROM s.happened_at)::float8 \
         ELSE ({rank})::float8 * (1.0 + 1.0 / (1.0 + greatest(0.0, \
              extract(epoch FROM ($13::timestamptz - s.happened_at))::float8) / 31557600.0)) END"
    )
}

/// A meeting the reader may see (spec §6 Committee meetings): every meeting for admins and chairs; for
/// anyone else every meeting but the committee meetings of committees they are not a member of (so none
/// whose committee was deleted). The rule of the meetings' `visible_to`. `m` is the entry's meeting.
const MEETING_VISIBLE: &str =
    "(r.officer OR m.kind <> 'committee' OR m.committee_id IN (SELECT committee_id FROM mine))";

/// Each kind's visibility: exactly the rule of the list the record comes from, as SQL over the entry
/// `s`, its meeting `m`, the reader `r` (`id`, null for an officer; `officer`; the register's `register`
/// setting) and the reader's committees `mine`.
static VISIBLE: LazyLock<String> = LazyLock::new(|| {
    [
        // Library documents (spec §2 Documents, §6): every signed-in user reads the library.
        "s.kind = 'document'".to_string(),
        // Committee documents and chat (spec §6 Roles and permissions: "Chat, documents and members: its
        // members, admins and chairs", the committees' `accessible`), archived committees included:
        // their members still read them.
        "(s.kind IN ('committee_document', 'chat_message') \
          AND (r.officer OR s.committee_id IN (SELECT committee_id FROM mine)))"
            .to_string(),
        // Uploaded minutes (spec §2 Minutes, the minutes list): those of no meeting, and those of a
        // meeting the reader sees.
        format!("(s.kind = 'uploaded_minutes' AND (s.meeting_id IS NULL OR {MEETING_VISIBLE}))"),
        // Written minutes (spec §2 Minutes, the card 'Written minutes', and Written minutes): of a
        // meeting the reader sees, the newest version they may read; drafts only for admins and chairs.
        format!(
            "(s.kind = 'written_minutes' AND {MEETING_VISIBLE} AND s.minutes_version = \
              (SELECT max(v.version) FROM written_minutes v WHERE v.meeting_id = s.meeting_id \
               AND (r.officer OR v.status <> 'draft')))"
        ),
        // Decisions (spec §2 the decisions register): those of the current version of the minutes of a
        // meeting the reader sees; of a draft only for admins and chairs.
        format!(
            "(s.kind = 'decision' AND {MEETING_VISIBLE} AND (r.officer OR s.minutes_status <> 'draft') \
              AND s.minutes_version = \
              (SELECT max(v.version) FROM written_minutes v WHERE v.meeting_id = s.meeting_id))"
        ),
        // Agenda items and their papers (spec §2 Meeting page, Board pack): of a meeting the reader
        // sees, once the agenda is published; the draft agenda for admins and chairs only.
        format!(
            "(s.kind IN ('agenda_item', 'agenda_paper') AND {MEETING_VISIBLE} \
              AND (r.officer OR m.agenda_published_at IS NOT NULL))"
        ),
        // Notices (spec §2 Notices, §4 Notice expiry): everyone; expired ones too, as the list shows
        // them with 'Show expired notices'.
        "s.kind = 'notice'".to_string(),
        // Actions (spec §2 Actions, §6 Committee meetings): the actions' own rule (`action_visible_to`),
        // the same text: from no meeting and not kept to a committee, from a meeting the reader sees, kept
        // to a committee of theirs, or assigned to them.
        format!(
            "(s.kind = 'action' AND EXISTS (SELECT 1 FROM actions, reader \
              WHERE actions.id = s.record_id AND ({ACTION_VISIBLE_SQL})))"
        ),
        // Written resolutions (spec §10 Permissions): every member reads them.
        "s.kind = 'resolution'".to_string(),
        // The register of interests (spec §10 Rules): readable by every member unless the setting keeps
        // it to officers, when a trustee reads only their own entries.
        "(s.kind = 'interest' AND (r.officer OR r.register = 'members' OR s.owner_id = r.id))".to_string(),
    ]
    .join("\n OR ")
});

/// The filters but the kinds: dates (`$6`, `$7`), meeting (`$8`), committee (`$9`, the entry's own or its
/// meeting's), category (`$10`). A record is filtered by its meeting or committee only where the reader may
/// see that meeting or committee, as its result names them (spec §15, Who finds what): an action of a
/// committee meeting assigned to a trustee outside the committee is found by neither filter, so trying ids
/// never tells where it came from.
static FILTERS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "($6::timestamptz IS NULL OR s.happened_at >= $6) \
         AND ($7::timestamptz IS NULL OR s.happened_at < $7) \
         AND ($8::int4 IS NULL OR (s.meeting_id = $8 AND {MEETING_VISIBLE})) \
         AND ($9::int4 IS NULL OR (coalesce(s.committee_id, m.committee_id) = $9 \
              AND (r.officer OR $9 IN (SELECT committee_id FROM mine)))) \
         AND ($10::text IS NULL OR s.category = $10)"
    )
});

/// The query. Binds: the reader (`$1` id, `$2` officer), the words (`$3` websearch words, `$4` the last
/// word as a prefix, `$5` a single word for titles spelt like it), the filters (`$6`..`$10`), the kinds
/// of the page (`$11`), the order (`$12` by date), the time recency is weighed at (`$13`), the cursor
/// (`$14` key, `$15` kind, `$16` id), the page's size plus one (`$17`) and where a snippet's passage
/// starts (`$18`).
static SEARCH_SQL: LazyLock<String> = LazyLock::new(|| {
    let visible = VISIBLE.as_str();
    let filters = FILTERS.as_str();
    let sort_key_head = sort_key(&format!(
        "coalesce(nullif(ts_rank('{{0.1, 0.2, 0.4, 1.0}}', s.head_tsv, w.q), 0), {FILE_ONLY_RANK})"
    ));
    let sort_key_fuzzy = sort_key("word_similarity(search_unaccent($5), search_unaccent(s.title))");
    format!(
        "WITH reader AS MATERIALIZED (
            SELECT CASE WHEN $2::bool THEN NULL ELSE $1::int4 END AS id, $2::bool AS officer,
                   coalesce((SELECT g.register_visibility FROM governance_settings g LIMIT 1), 'officers') AS register
        ),
        mine AS MATERIALIZED (SELECT cm.committee_id FROM committee_members cm WHERE cm.user_id = $1),
        words AS MATERIALIZED (SELECT search_tsquery($3, $4) AS q),
        hits AS MATERIALIZED (
            SELECT s.kind, s.record_id,
                   {sort_key_head} AS sort_key
            FROM search_entries s
            CROSS JOIN words w
            CROSS JOIN reader r
            LEFT JOIN meetings m ON m.id = s.meeting_id
            WHERE s.tsv @@ w.q AND {filters} AND ({visible})
        ),
        fuzzy AS MATERIALIZED (
            SELECT s.kind, s.record_id,
                   {sort_key_fuzzy} AS sort_key
            FROM search_entries s
            CROSS JOIN reader r
            LEFT JOIN meetings m ON m.id = s.meeting_id
            WHERE $5::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM hits)
              AND s.kind <> 'chat_message'
              AND search_unaccent($5) <% search_unaccent(s.title)
              AND {filters} AND ({visible})
        ),
        found AS (
            SELECT kind, record_id, sort_key FROM hits UNION ALL SELECT kind, record_id, sort_key FROM fuzzy
        ),
        counts AS (
            SELECT array_agg(c.kind ORDER BY c.kind) AS kinds, array_agg(c.n ORDER BY c.kind) AS ns
            FROM (SELECT kind, count(*) AS n FROM found GROUP BY kind) c
        ),
        page AS (
            SELECT f.* FROM found f
            WHERE ($11::text[] IS NULL OR f.kind = ANY($11))
              AND ($14::float8 IS NULL OR f.sort_key < $14
                   OR (f.sort_key = $14 AND (f.kind > $15::text OR (f.kind = $15::text AND f.record_id < $16::int8))))
            ORDER BY f.sort_key DESC, f.kind, f.record_id DESC
            LIMIT $17
        )
        SELECT c.kinds, c.ns, p.kind, p.record_id, p.sort_key,
               s.title, s.happened_at, s.category, s.item_id, s.document_id, s.has_file, s.is_pdf,
               CASE WHEN {MEETING_VISIBLE} THEN m.id END AS meeting_id,
               CASE WHEN {MEETING_VISIBLE} THEN m.title END AS meeting_title,
               CASE WHEN r.officer OR co.id IN (SELECT committee_id FROM mine) THEN co.id END AS committee_id,
               CASE WHEN r.officer OR co.id IN (SELECT committee_id FROM mine) THEN co.name END AS committee_name,
               CASE WHEN p.kind IS NOT NULL THEN ts_headline('english', (
                   SELECT CASE WHEN length(t.src) <= {SNIPPET_WINDOW} THEN t.src
                          ELSE substr(t.src, greatest(1, coalesce(nullif(strpos(lower(t.src), $18), 0), 1) - {SNIPPET_LEAD}),
                                      {SNIPPET_WINDOW}) END
                   FROM (SELECT translate(CASE WHEN s.has_file AND s.file_text <> '' THEN s.file_text ELSE s.body END,
                                          '{START}{STOP}', '') AS src) t),
                   w.q, 'StartSel={START}, StopSel={STOP}, MaxWords=35, MinWords=15, MaxFragments=2, \
                         FragmentDelimiter=\" … \"') END AS snippet
        FROM counts c
        CROSS JOIN reader r
        CROSS JOIN words w
        LEFT JOIN (page p
                   JOIN search_entries s ON s.kind = p.kind AND s.record_id = p.record_id
                   LEFT JOIN meetings m ON m.id = s.meeting_id
                   LEFT JOIN committees co ON co.id = coalesce(s.committee_id, m.committee_id)) ON true
        ORDER BY p.sort_key DESC, p.kind, p.record_id DESC"
    )
});

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Nullable<Array<Text>>)]
    kinds: Option<Vec<String>>,
    #[diesel(sql_type = Nullable<Array<BigInt>>)]
    ns: Option<Vec<i64>>,
    #[diesel(sql_type = Nullable<Text>)]
    kind: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    record_id: Option<i64>,
    #[diesel(sql_type = Nullable<Double>)]
    sort_key: Option<f64>,
    #[diesel(sql_type = Nullable<Text>)]
    title: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    happened_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Text>)]
    category: Option<String>,
    #[diesel(sql_type = Nullable<Int4>)]
    item_id: Option<i32>,
    #[diesel(sql_type = Nullable<Int4>)]
    document_id: Option<i32>,
    #[diesel(sql_type = Nullable<Bool>)]
    has_file: Option<bool>,
    #[diesel(sql_type = Nullable<Bool>)]
    is_pdf: Option<bool>,
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

impl Row {
    /// The hit of a row of the page (`None` for the row that only carries the counts of an empty page).
    fn hit(self) -> Result<Option<SearchHit>, RepoError> {
        let (Some(kind), Some(id), Some(sort_key), Some(title), Some(date)) =
            (self.kind, self.record_id, self.sort_key, self.title, self.happened_at)
        else {
            return Ok(None);
        };
        Ok(Some(SearchHit {
            kind: kind_of(&kind)?,
            id,
            title,
            date,
            meeting: self.meeting_id.zip(self.meeting_title).map(|(id, title)| (MeetingId(id), title)),
            committee: self.committee_id.zip(self.committee_name).map(|(id, name)| (CommitteeId(id), name)),
            category: self.category,
            snippet: snippet::runs(self.snippet.as_deref().unwrap_or_default()),
            item_id: self.item_id,
            document_id: self.document_id,
            has_file: self.has_file.unwrap_or(false),
            is_pdf: self.is_pdf.unwrap_or(false),
            sort_key,
        }))
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
        let kinds: Option<Vec<String>> =
            query.kinds.as_ref().map(|kinds| kinds.iter().map(|k| k.table_name().to_string()).collect());
        let cursor = query.cursor;
        let rows: Vec<Row> = conn
            .build_transaction()
            .read_only()
            .run(|conn| {
                // The query is cheap to run but often estimated dear (a word in most entries), and
                // compiling it with JIT then costs more than running it.
                conn.batch_execute("SET LOCAL jit = off")?;
                // The similarity `<%` asks for (the trigram index serves that operator only).
                diesel::sql_query(format!("SET LOCAL pg_trgm.word_similarity_threshold = {FUZZY_THRESHOLD}"))
                    .execute(conn)?;
                diesel::sql_query(SEARCH_SQL.as_str())
                    .bind::<Int4, _>(reader.user.0)
                    .bind::<Bool, _>(reader.officer)
                    .bind::<Text, _>(&query.text.words)
                    .bind::<Nullable<Text>, _>(query.text.last_word.as_deref())
                    .bind::<Nullable<Text>, _>(query.text.fuzzy.as_deref())
                    .bind::<Nullable<Timestamptz>, _>(query.starts_at)
                    .bind::<Nullable<Timestamptz>, _>(query.ends_before)
                    .bind::<Nullable<Int4>, _>(query.meeting.map(|id| id.0))
                    .bind::<Nullable<Int4>, _>(query.committee.map(|id| id.0))
                    .bind::<Nullable<Text>, _>(query.category.as_deref())
                    .bind::<Nullable<Array<Text>>, _>(kinds.as_deref())
                    .bind::<Bool, _>(query.order == SearchOrder::Date)
                    .bind::<Timestamptz, _>(asof)
                    .bind::<Nullable<Double>, _>(cursor.map(|c| c.key))
                    .bind::<Nullable<Text>, _>(cursor.map(|c| c.kind.table_name()))
                    .bind::<Nullable<BigInt>, _>(cursor.map(|c| c.id))
                    .bind::<BigInt, _>(query.limit + 1)
                    .bind::<Nullable<Text>, _>(query.text.hint.as_deref())
                    .load::<Row>(conn)
            })
            .map_err(repo_error)?;

        let mut matches = SearchMatches::default();
        if let Some(first) = rows.first() {
            let names = first.kinds.clone().unwrap_or_default();
            let counts = first.ns.clone().unwrap_or_default();
            let mut counted = names
                .iter()
                .zip(counts)
                .map(|(name, n)| Ok((kind_of(name)?, n)))
                .collect::<Result<Vec<_>, RepoError>>()?;
            counted.sort_by_key(|(kind, _)| SearchKind::ALL.iter().position(|k| k == kind));
            matches.counts = counted;
        }
        for row in rows {
            if let Some(hit) = row.hit()? {
                matches.hits.push(hit);
            }
        }
        Ok(matches)
    }
}
