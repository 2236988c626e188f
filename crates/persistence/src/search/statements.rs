//! The statements of a search (docs/spec.md "Search", Ranking and counts), each small enough to plan
//! quickly and each reading one kind at a time, so that PostgreSQL uses that kind's own full-text index
//! (a word in most chat messages does not make counting documents dear) or reads the kind newest first
//! and stops once it has enough.
//!
//! Every statement takes the same binds: the reader (`$1` id, `$2` officer), the words (`$3` websearch
//! words, `$4` the last word as a prefix, `$5` a single word for titles spelt like it), the filters
//! (`$6`..`$10`), the order (`$11` by date), the time recency is weighed at (`$12`), the cursor (`$13`
//! key, `$14` kind, `$15` id), the page's size plus one (`$16`) and where a snippet's passage starts
//! (`$17`); the page's details also the page (`$18` kinds, `$19` ids, `$20` sort keys).

use domain::search::{SearchKind, COUNT_CAP};

use super::snippet::{START, STOP};
use crate::actions::ACTION_VISIBLE_SQL;

/// How many of the newest matches relevance ranks, besides the newest `TITLE_WINDOW` whose title matches
/// (of any age: a title outranks newer records that only mention the words).
const RANK_WINDOW: i64 = 500;
const TITLE_WINDOW: i64 = 100;

/// The longest passage of a record's text given to `ts_headline`: a 200,000-character file is cut to
/// this much around the first place the first searched word starts (the start of the text otherwise),
/// so a snippet costs the same for every record.
const SNIPPET_WINDOW: i32 = 3000;

/// The reader, their committees and the words, which every statement starts with.
const PREAMBLE: &str = "WITH reader AS MATERIALIZED (
        SELECT CASE WHEN $2::bool THEN NULL ELSE $1::int4 END AS id, $2::bool AS officer,
               coalesce((SELECT g.register_visibility FROM governance_settings g LIMIT 1), 'officers') AS register
    ),
    mine AS MATERIALIZED (SELECT cm.committee_id FROM committee_members cm WHERE cm.user_id = $1),
    words AS MATERIALIZED (SELECT search_tsquery($3, $4) AS q)";

/// A meeting the reader may see (spec §6 Committee meetings): every meeting for admins and chairs; for
/// anyone else every meeting but the committee meetings of committees they are not a member of (so none
/// whose committee was deleted). The rule of the meetings' `visible_to`. `m` is the entry's meeting.
pub(super) const MEETING_VISIBLE: &str =
    "(r.officer OR m.kind <> 'committee' OR m.committee_id IN (SELECT committee_id FROM mine))";

/// Who may see an entry `s` of `kind`: exactly the rule of the list the record comes from, as SQL over the
/// entry, its meeting `m`, the reader `r` (`id`, null for an officer; `officer`; the register's `register`
/// setting) and the reader's committees `mine`.
fn visible(kind: SearchKind) -> String {
    match kind {
        // Library documents (spec §2 Documents, §6): every signed-in user reads the library. Notices
        // (spec §2 Notices, §4 Notice expiry): everyone, expired ones too, as the list shows them with
        // 'Show expired notices'. Written resolutions (spec §10 Permissions): every member reads them.
        SearchKind::Document | SearchKind::Notice | SearchKind::Resolution => "true".to_string(),
        // Committee documents and chat (spec §6 Roles and permissions: "Chat, documents and members: its
        // members, admins and chairs", the committees' `accessible`), archived committees included:
        // their members still read them.
        SearchKind::CommitteeDocument | SearchKind::ChatMessage => {
            "(r.officer OR s.committee_id IN (SELECT committee_id FROM mine))".to_string()
        }
        // Uploaded minutes (spec §2 Minutes, the minutes list): those of no meeting, and those of a
        // meeting the reader sees.
        SearchKind::UploadedMinutes => format!("(s.meeting_id IS NULL OR {MEETING_VISIBLE})"),
        // Written minutes (spec §2 Minutes, the card 'Written minutes', and Written minutes): of a
        // meeting the reader sees, the newest version they may read; drafts only for admins and chairs.
        SearchKind::WrittenMinutes => format!(
            "({MEETING_VISIBLE} AND s.minutes_version = \
              (SELECT max(v.version) FROM written_minutes v WHERE v.meeting_id = s.meeting_id \
               AND (r.officer OR v.status <> 'draft')))"
        ),
        // Decisions (spec §2 the decisions register): those of the current version of the minutes of a
        // meeting the reader sees; of a draft only for admins and chairs.
        SearchKind::Decision => format!(
            "({MEETING_VISIBLE} AND (r.officer OR s.minutes_status <> 'draft') AND s.minutes_version = \
              (SELECT max(v.version) FROM written_minutes v WHERE v.meeting_id = s.meeting_id))"
        ),
        // Agenda items and their papers (spec §2 Meeting page, Board pack): of a meeting the reader
        // sees, once the agenda is published; the draft agenda for admins and chairs only.
        SearchKind::AgendaItem | SearchKind::AgendaPaper => {
            format!("({MEETING_VISIBLE} AND (r.officer OR m.agenda_published_at IS NOT NULL))")
        }
        // Actions (spec §2 Actions, §6 Committee meetings): the actions' own rule (`action_visible_to`),
        // the same text: from no meeting and not kept to a committee, from a meeting the reader sees, kept
        // to a committee of theirs, or assigned to them.
        SearchKind::Action => format!(
            "EXISTS (SELECT 1 FROM actions, reader WHERE actions.id = s.record_id AND ({ACTION_VISIBLE_SQL}))"
        ),
        // The register of interests (spec §10 Rules): readable by every member unless the setting keeps
        // it to officers, when a trustee reads only their own entries.
        SearchKind::Interest => "(r.officer OR r.register = 'members' OR s.owner_id = r.id)".to_string(),
    }
}

/// Any kind's rule, for the one statement that reads every kind at once (titles spelt alike).
fn visible_any() -> String {
    SearchKind::ALL
        .iter()
        .map(|kind| format!("(s.kind = '{}' AND {})", kind.table_name(), visible(*kind)))
        .collect::<Vec<_>>()
        .join("\n OR ")
}

/// The filters but the kinds: dates (`$6`, `$7`), meeting (`$8`), committee (`$9`, the entry's own or its
/// meeting's), category (`$10`). A record is filtered by its meeting or committee only where the reader may
/// see that meeting or committee, as its result names them (spec §15, Who finds what): an action of a
/// committee meeting assigned to a trustee outside the committee is found by neither filter, so trying ids
/// never tells where it came from.
fn filters() -> String {
    format!(
        "($6::timestamptz IS NULL OR s.happened_at >= $6) \
         AND ($7::timestamptz IS NULL OR s.happened_at < $7) \
         AND ($8::int4 IS NULL OR (s.meeting_id = $8 AND {MEETING_VISIBLE})) \
         AND ($9::int4 IS NULL OR (coalesce(s.committee_id, m.committee_id) = $9 \
              AND (r.officer OR $9 IN (SELECT committee_id FROM mine)))) \
         AND ($10::text IS NULL OR s.category = $10)"
    )
}

/// The words as a `tsquery` the planner sees when it plans (the function is immutable and its arguments
/// are bound), so that it weighs how common they are: a word in most entries of a kind is read newest
/// first through the date index, a rare one through the full-text index.
const WORDS: &str = "search_tsquery($3, $4)";

/// The visible matches of one kind under the words and every filter but the kinds: `FROM` on, for the
/// entry `s`, its meeting `m` and the reader `r`.
fn matches_of(kind: SearchKind) -> String {
    format!(
        "FROM search_entries s CROSS JOIN reader r LEFT JOIN meetings m ON m.id = s.meeting_id
         WHERE s.kind = '{}' AND s.tsv @@ {WORDS} AND {} AND {}",
        kind.table_name(),
        filters(),
        visible(kind)
    )
}

/// Newest first, as each kind's date index runs.
const NEWEST_FIRST: &str = "s.happened_at DESC, s.record_id DESC";

/// The same across kinds, with the kind between date and id (as a cursor compares).
const NEWEST_FIRST_ACROSS: &str = "happened_at DESC, kind, record_id DESC";

/// `parts` (each a statement's `SELECT`), one per kind, as one set.
fn per_kind(kinds: &[SearchKind], part: impl Fn(SearchKind) -> String) -> String {
    kinds.iter().map(|kind| format!("({})", part(*kind))).collect::<Vec<_>>().join("\n UNION ALL ")
}

/// The entry `alias` comes after the cursor (`$13` key, `$14` kind, `$15` id) whose sort key is `key`.
fn after_cursor(key: &str, alias: &str) -> String {
    format!(
        "($13::float8 IS NULL OR {key} < $13 \
          OR ({key} = $13 AND ({alias}.kind > $14::text OR ({alias}.kind = $14::text AND {alias}.record_id < $15::int8))))"
    )
}

/// Relevance as of `$12`: the rank of the words in the entry `s` (title above body above file text),
/// up to doubled for what happened lately (half as much again a year before `$12`).
fn recent(score: &str) -> String {
    format!(
        "{score} * (1.0 + 1.0 / (1.0 + greatest(0.0, \
         extract(epoch FROM ($12::timestamptz - s.happened_at))::float8) / 31557600.0))"
    )
}

/// The sort key of an entry ordered by date: its time in seconds.
const BY_DATE: &str = "extract(epoch FROM s.happened_at)::float8";

/// The sort key of a match past the ranked window: its date, below every relevance (ranks are never
/// negative), so the window's matches come first and older ones follow newest first.
const PAST_WINDOW: &str = "(extract(epoch FROM s.happened_at)::float8 - 1e10)";

/// The visible matches of each kind, counted up to one past `COUNT_CAP` (a kind with more says
/// "1,000+"): rows of `kind`, `n`.
pub(super) fn counts() -> String {
    let cap = COUNT_CAP + 1;
    let parts = per_kind(SearchKind::ALL, |kind| {
        format!(
            "SELECT '{}'::text AS kind, (SELECT count(*) FROM (SELECT 1 {} LIMIT {cap}) x) AS n",
            kind.table_name(),
            matches_of(kind)
        )
    });
    format!("{PREAMBLE}\n{parts}")
}

/// The entries of the newest `RANK_WINDOW` matches of `kinds` (`newest`) and of the newest `TITLE_WINDOW`
/// matching in their title (`titled`).
fn window(kinds: &[SearchKind]) -> String {
    let newest = per_kind(kinds, |kind| {
        format!(
            "SELECT s.kind, s.record_id, s.happened_at {} ORDER BY {NEWEST_FIRST} LIMIT {RANK_WINDOW}",
            matches_of(kind)
        )
    });
    // A chat message's title is its own start, not indexed as a title.
    let entitled: Vec<SearchKind> =
        kinds.iter().copied().filter(|kind| *kind != SearchKind::ChatMessage).collect();
    let titled = if entitled.is_empty() {
        "SELECT NULL::text AS kind, NULL::int8 AS record_id, NULL::timestamptz AS happened_at WHERE false"
            .to_string()
    } else {
        per_kind(&entitled, |kind| {
            format!(
                "SELECT s.kind, s.record_id, s.happened_at {} AND s.title_tsv @@ {WORDS} \
                 ORDER BY {NEWEST_FIRST} LIMIT {TITLE_WINDOW}",
                matches_of(kind)
            )
        })
    };
    format!(
        "newest AS MATERIALIZED (SELECT * FROM ({newest}) n ORDER BY {NEWEST_FIRST_ACROSS} LIMIT {RANK_WINDOW}),
        titled AS MATERIALIZED (SELECT * FROM ({titled}) t ORDER BY {NEWEST_FIRST_ACROSS} LIMIT {TITLE_WINDOW})"
    )
}

/// By relevance: the window's matches ranked, the page of them after the cursor. Rows of `kind`,
/// `record_id`, `sort_key` (null in the one row of an empty page) and `full`, whether the window is full
/// (so older matches may follow).
pub(super) fn ranked(kinds: &[SearchKind]) -> String {
    let window = window(kinds);
    let relevance = recent("ts_rank('{0.1, 0.2, 0.4, 1.0}', s.tsv, w.q)::float8");
    let after = after_cursor("c.sort_key", "c");
    format!(
        "{PREAMBLE},
        {window},
        ranked AS (
            SELECT s.kind, s.record_id, {relevance} AS sort_key
            FROM (SELECT kind, record_id FROM newest UNION SELECT kind, record_id FROM titled) c
            JOIN search_entries s ON s.kind = c.kind AND s.record_id = c.record_id
            CROSS JOIN words w
        ),
        page AS (
            SELECT c.* FROM ranked c WHERE {after}
            ORDER BY c.sort_key DESC, c.kind, c.record_id DESC LIMIT $16
        )
        SELECT p.kind, p.record_id, p.sort_key, f.full
        FROM (SELECT count(*) = {RANK_WINDOW} AS full FROM newest) f
        LEFT JOIN page p ON true
        ORDER BY p.sort_key DESC, p.kind, p.record_id DESC"
    )
}

/// By relevance past the window: the matches older than the window's oldest, but those matching in
/// their title (which the window ranked), newest first after the cursor (where it is past the window
/// too). Rows of `kind`, `record_id`, `sort_key`.
pub(super) fn past_window(kinds: &[SearchKind]) -> String {
    let window = window(kinds);
    let after = after_cursor(PAST_WINDOW, "s");
    let parts = per_kind(kinds, |kind| {
        let name = kind.table_name();
        format!(
            "SELECT s.kind, s.record_id, s.happened_at, {PAST_WINDOW} AS sort_key {matches}
               AND s.happened_at <= e.happened_at
               AND (s.happened_at < e.happened_at OR '{name}' > e.kind
                    OR ('{name}' = e.kind AND s.record_id < e.record_id))
               AND (s.kind, s.record_id) NOT IN (SELECT kind, record_id FROM titled)
               AND ($13::float8 IS NULL OR $13 >= 0 OR s.happened_at <= to_timestamp($13 + 1e10 + 1))
               AND {after}
             ORDER BY {NEWEST_FIRST} LIMIT $16",
            matches = matches_of(kind)
        )
    });
    format!(
        "{PREAMBLE},
        {window},
        edge AS MATERIALIZED (
            SELECT * FROM newest ORDER BY happened_at, kind DESC, record_id LIMIT 1
        )
        SELECT x.kind, x.record_id, x.sort_key
        FROM edge e CROSS JOIN LATERAL ({parts}) x
        ORDER BY x.sort_key DESC, x.kind, x.record_id DESC
        LIMIT $16"
    )
}

/// By date: the page after the cursor, newest first. Rows of `kind`, `record_id`, `sort_key`.
pub(super) fn by_date(kinds: &[SearchKind]) -> String {
    let after = after_cursor(BY_DATE, "s");
    let parts = per_kind(kinds, |kind| {
        format!(
            "SELECT s.kind, s.record_id, s.happened_at, {BY_DATE} AS sort_key {}
               AND ($13::float8 IS NULL OR s.happened_at <= to_timestamp($13 + 1))
               AND {after}
             ORDER BY {NEWEST_FIRST} LIMIT $16",
            matches_of(kind)
        )
    });
    format!(
        "{PREAMBLE}
        SELECT x.kind, x.record_id, x.sort_key FROM ({parts}) x
        ORDER BY x.sort_key DESC, x.kind, x.record_id DESC
        LIMIT $16"
    )
}

/// For a single word nothing contains: the titles spelt like it (pg_trgm's `<%`, which the title's
/// trigram index serves), chat messages aside (their titles are their own start), at most one past
/// `COUNT_CAP` of them. Rows of `kind` and `n` (the count of the kind, `record_id` null), then the page of
/// `kinds` after the cursor: `kind`, `record_id`, `sort_key`.
pub(super) fn spelt_alike(kinds: &[SearchKind]) -> String {
    let cap = COUNT_CAP + 1;
    let similarity = recent("word_similarity(search_unaccent($5), search_unaccent(s.title))::float8");
    let after = after_cursor("c.sort_key", "c");
    let names = kinds.iter().map(|kind| format!("'{}'", kind.table_name())).collect::<Vec<_>>().join(", ");
    format!(
        "{PREAMBLE},
        alike AS MATERIALIZED (
            SELECT s.kind, s.record_id, CASE WHEN $11::bool THEN {BY_DATE} ELSE {similarity} END AS sort_key
            FROM search_entries s
            CROSS JOIN reader r
            LEFT JOIN meetings m ON m.id = s.meeting_id
            WHERE s.kind <> 'chat_message'
              AND search_unaccent($5) <% search_unaccent(s.title)
              AND {filters} AND ({visible})
            LIMIT {cap}
        )
        SELECT kind, NULL::int8 AS record_id, NULL::float8 AS sort_key, count(*) AS n FROM alike GROUP BY kind
        UNION ALL
        (SELECT c.kind, c.record_id, c.sort_key, 0 FROM alike c WHERE c.kind IN ({names}) AND {after}
         ORDER BY c.sort_key DESC, c.kind, c.record_id DESC LIMIT $16)
        ORDER BY record_id NULLS FIRST, sort_key DESC, kind, record_id DESC",
        filters = filters(),
        visible = visible_any()
    )
}

/// The page's details (`$18` kinds, `$19` ids, `$20` sort keys, in order): title, date, where it lives
/// (the meeting and committee named only where the reader may see them) and the snippet.
pub(super) fn details() -> String {
    format!(
        "{PREAMBLE}
        SELECT p.kind, p.record_id, p.sort_key,
               s.title, s.happened_at, s.category, s.item_id, s.document_id, s.has_file, s.is_pdf,
               CASE WHEN {MEETING_VISIBLE} THEN m.id END AS meeting_id,
               CASE WHEN {MEETING_VISIBLE} THEN m.title END AS meeting_title,
               CASE WHEN r.officer OR co.id IN (SELECT committee_id FROM mine) THEN co.id END AS committee_id,
               CASE WHEN r.officer OR co.id IN (SELECT committee_id FROM mine) THEN co.name END AS committee_name,
               ts_headline('english', (
                   SELECT CASE WHEN length(t.src) <= {SNIPPET_WINDOW} THEN t.src
                          ELSE substr(t.src, greatest(1, coalesce(nullif(strpos(lower(t.src), $17), 0), 1) - 300),
                                      {SNIPPET_WINDOW}) END
                   FROM (SELECT translate(CASE WHEN s.has_file AND s.file_text <> '' THEN s.file_text ELSE s.body END,
                                          '{START}{STOP}', '') AS src) t),
                   w.q, 'StartSel={START}, StopSel={STOP}, MaxWords=35, MinWords=15, MaxFragments=2, \
                         FragmentDelimiter=\" … \"') AS snippet
        FROM unnest($18::text[], $19::int8[], $20::float8[]) WITH ORDINALITY AS p(kind, record_id, sort_key, place)
        JOIN search_entries s ON s.kind = p.kind AND s.record_id = p.record_id
        CROSS JOIN reader r
        CROSS JOIN words w
        LEFT JOIN meetings m ON m.id = s.meeting_id
        LEFT JOIN committees co ON co.id = coalesce(s.committee_id, m.committee_id)
        ORDER BY p.place"
    )
}
