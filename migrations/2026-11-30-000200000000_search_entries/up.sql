-- One search over the board's records (docs/spec.md "Search"): `search_entries` holds one row per
-- searchable record, kept in step by triggers on the source tables in the same transaction as every write
-- (the index is never stale), and by a trigger on `file_texts` that brings in the text of a record's file
-- once it is extracted. Who may see a row is NOT stored here: the search query applies, per kind, the
-- rule of the list the record comes from, reading memberships, meetings and settings as they are now.

-- Both come with postgresql-contrib and are trusted extensions: the database's owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE (its dictionary could change), so indexes cannot use it; this wrapper with a
-- fixed dictionary is IMMUTABLE. The names are qualified with the extension's schema so that the function
-- also works under an empty search_path (pg_restore rebuilds the title index with one).
DO $$
DECLARE
    ext_schema text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent');
BEGIN
    EXECUTE format(
        'CREATE FUNCTION search_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT '
        'AS $f$ SELECT %1$s.unaccent(%2$L::regdictionary, $1) $f$',
        ext_schema, ext_schema || '.unaccent');
END $$;

-- The query of `GET /api/search`: websearch syntax ("quoted phrase", -exclusion, or) over `words`, and
-- `last_word` (the last word typed, when it is a plain word) as itself or as the start of a word, so
-- results come as one types. A stop word typed last is no prefix ("minutes of the" still finds).
CREATE FUNCTION search_tsquery(words text, last_word text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN coalesce(last_word, '') = ''
            OR numnode(websearch_to_tsquery('english'::regconfig, search_unaccent(last_word))) = 0
        THEN websearch_to_tsquery('english'::regconfig,
                 search_unaccent(concat_ws(' ', nullif(words, ''), nullif(last_word, ''))))
        ELSE websearch_to_tsquery('english'::regconfig, search_unaccent(coalesce(words, '')))
             && (websearch_to_tsquery('english'::regconfig, search_unaccent(last_word))
                 || to_tsquery('simple'::regconfig,
                        quote_literal(lower(search_unaccent(last_word))) || ':*'))
    END
$$;

CREATE TABLE search_entries (
    -- The table spelling of the contract's kinds.
    kind text NOT NULL CHECK (kind IN ('document', 'committee_document', 'uploaded_minutes', 'written_minutes',
        'decision', 'agenda_item', 'agenda_paper', 'notice', 'action', 'resolution', 'interest', 'chat_message')),
    -- The record's id: for 'decision' the minute entry's, for 'written_minutes' the version's.
    record_id bigint NOT NULL,
    -- Shown as the result's title and weighted highest (a chat message's is its start, not indexed).
    title text NOT NULL,
    body text NOT NULL DEFAULT '',
    -- The text of the record's file from `file_texts`, '' until extracted.
    file_text text NOT NULL DEFAULT '',
    -- The result's date, and the date filters and order.
    happened_at timestamptz NOT NULL,
    -- What the filters, the visibility rules and the result's links need.
    meeting_id integer,
    item_id integer,
    committee_id integer,
    category text,
    document_id integer,
    owner_id integer,
    minutes_id integer,
    minutes_version integer,
    minutes_status text,
    has_file boolean NOT NULL DEFAULT false,
    is_pdf boolean NOT NULL DEFAULT false,
    tsv tsvector NOT NULL DEFAULT ''::tsvector,
    PRIMARY KEY (kind, record_id)
);

CREATE INDEX search_entries_tsv ON search_entries USING gin (tsv);
CREATE INDEX search_entries_title_trgm ON search_entries USING gin (search_unaccent(title) gin_trgm_ops);
CREATE INDEX search_entries_happened_at ON search_entries (happened_at DESC, kind, record_id DESC);
CREATE INDEX search_entries_meeting ON search_entries (meeting_id) WHERE meeting_id IS NOT NULL;
CREATE INDEX search_entries_committee ON search_entries (committee_id) WHERE committee_id IS NOT NULL;

-- The vector: English stems of the unaccented text, title weight A, body B, file text C.
CREATE FUNCTION search_entries_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.tsv :=
        setweight(to_tsvector('english'::regconfig,
            search_unaccent(CASE WHEN NEW.kind = 'chat_message' THEN '' ELSE NEW.title END)), 'A')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.body)), 'B')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.file_text)), 'C');
    RETURN NEW;
END $$;

CREATE TRIGGER search_entries_vector BEFORE INSERT OR UPDATE OF title, body, file_text ON search_entries
    FOR EACH ROW EXECUTE FUNCTION search_entries_vector();

-- The extracted text of a record's file ('' unless indexed).
CREATE FUNCTION search_file_text(p_kind text, p_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT f.text FROM file_texts f
                     WHERE f.kind = p_kind AND f.record_id = p_id AND f.status = 'indexed'), '')
$$;

-- One function per kind writes the record's row afresh from its source (none once the source is gone).
-- The triggers below and the backfill at the end call them.

CREATE FUNCTION search_put_document(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'document' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, file_text, happened_at, category, document_id,
                                has_file, is_pdf)
    SELECT 'document', d.id, d.title, d.file_name, search_file_text('document', d.id), d.updated_at,
           d.category, d.id, true, d.mime_type = 'application/pdf'
    FROM documents d WHERE d.id = p_id;
END $$;

CREATE FUNCTION search_put_committee_document(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'committee_document' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, file_text, happened_at, committee_id, document_id,
                                has_file, is_pdf)
    SELECT 'committee_document', d.id, d.title, d.file_name, search_file_text('committee_document', d.id),
           d.uploaded_at, d.committee_id, d.id, true, d.mime_type = 'application/pdf'
    FROM committee_documents d WHERE d.id = p_id;
END $$;

CREATE FUNCTION search_put_uploaded_minutes(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'uploaded_minutes' AND record_id = p_id;
    -- Uploaded minutes are PDF files (spec §5 Minutes upload) or a link.
    INSERT INTO search_entries (kind, record_id, title, body, file_text, happened_at, meeting_id, has_file, is_pdf)
    SELECT 'uploaded_minutes', m.id, m.title, coalesce(m.file_name, ''),
           search_file_text('uploaded_minutes', m.id), m.meeting_date, m.meeting_id,
           m.storage_key IS NOT NULL, m.storage_key IS NOT NULL
    FROM minutes m WHERE m.id = p_id;
END $$;

-- A version of written minutes: its entries (item, text) in the order of the minutes.
CREATE FUNCTION search_put_written_minutes(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'written_minutes' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at, meeting_id, minutes_id,
                                minutes_version, minutes_status)
    SELECT 'written_minutes', w.id, 'Minutes: ' || m.title,
           coalesce((SELECT string_agg(concat_ws(': ', e.item_title, e.body), E'\n'
                                       ORDER BY e.item_number NULLS LAST, e.id)
                     FROM minute_entries e WHERE e.minutes_id = w.id), ''),
           m.meeting_date, w.meeting_id, w.id, w.version, w.status
    FROM written_minutes w JOIN meetings m ON m.id = w.meeting_id
    WHERE w.id = p_id;
END $$;

-- A decision recorded in written minutes, as the decisions register lists it.
CREATE FUNCTION search_put_decision(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'decision' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at, meeting_id, item_id, minutes_id,
                                minutes_version, minutes_status)
    SELECT 'decision', e.id,
           CASE WHEN e.item_title IS NULL THEN 'General'
                ELSE coalesce(e.item_number::text || '. ', '') || e.item_title END,
           e.body, m.meeting_date, w.meeting_id, e.agenda_item_id, w.id, w.version, w.status
    FROM minute_entries e
    JOIN written_minutes w ON w.id = e.minutes_id
    JOIN meetings m ON m.id = w.meeting_id
    WHERE e.id = p_id AND e.kind = 'decision';
END $$;

CREATE FUNCTION search_put_agenda_item(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'agenda_item' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at, meeting_id, item_id)
    SELECT 'agenda_item', i.id, i.title, concat_ws(E'\n', i.description, coalesce(i.presenter_name, u.name)),
           m.meeting_date, i.meeting_id, i.id
    FROM agenda_items i
    JOIN meetings m ON m.id = i.meeting_id
    -- The presenter: a name as typed, or a portal user's name (never both).
    LEFT JOIN users u ON u.id = i.presenter_user_id
    WHERE i.id = p_id;
END $$;

-- A paper: its own file, or a library document it points at (whose text is the document's result).
CREATE FUNCTION search_put_agenda_paper(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'agenda_paper' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, file_text, happened_at, meeting_id, item_id,
                                document_id, has_file, is_pdf)
    SELECT 'agenda_paper', p.id, coalesce(p.title, d.title, p.file_name, 'Paper'),
           coalesce(p.file_name, d.file_name, ''), search_file_text('agenda_paper', p.id), m.meeting_date,
           i.meeting_id, i.id, p.document_id, true,
           coalesce(p.mime_type, d.mime_type) = 'application/pdf'
    FROM agenda_papers p
    JOIN agenda_items i ON i.id = p.agenda_item_id
    JOIN meetings m ON m.id = i.meeting_id
    LEFT JOIN documents d ON d.id = p.document_id
    WHERE p.id = p_id;
END $$;

CREATE FUNCTION search_put_notice(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'notice' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at)
    SELECT 'notice', n.id, n.title, n.content, n.published_at FROM notices n WHERE n.id = p_id;
END $$;

CREATE FUNCTION search_put_action(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'action' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at, meeting_id, item_id, committee_id,
                                owner_id)
    SELECT 'action', a.id, a.title, a.description, a.created_at, a.meeting_id, a.agenda_item_id,
           a.committee_id, a.assigned_to
    FROM actions a WHERE a.id = p_id;
END $$;

CREATE FUNCTION search_put_resolution(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'resolution' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at)
    SELECT 'resolution', r.id, r.title, r.body, r.proposed_at FROM resolutions r WHERE r.id = p_id;
END $$;

-- An entry of the register of interests, under its trustee's name.
CREATE FUNCTION search_put_interest(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'interest' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at, owner_id)
    SELECT 'interest', i.id, u.name || ': ' || i.organisation, concat_ws(E'\n', i.nature, i.kind),
           i.created_at, i.user_id
    FROM interests i JOIN users u ON u.id = i.user_id
    WHERE i.id = p_id;
END $$;

-- A chat message: no title of its own, so its first words stand for one (not indexed twice).
CREATE FUNCTION search_put_chat_message(p_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_entries WHERE kind = 'chat_message' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, happened_at, committee_id)
    SELECT 'chat_message', c.id,
           CASE WHEN length(c.message) > 100 THEN left(c.message, 99) || '…' ELSE c.message END,
           c.message, c.sent_at, c.committee_id
    FROM committee_messages c WHERE c.id = p_id;
END $$;

-- The triggers: each source row's write rewrites its entry (and the entries that show it).

CREATE FUNCTION search_follow_documents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    PERFORM search_put_document(coalesce(NEW.id, OLD.id));
    -- Papers pointing at the document show its title.
    IF TG_OP = 'UPDATE' THEN
        FOR r IN SELECT id FROM agenda_papers WHERE document_id = NEW.id LOOP
            PERFORM search_put_agenda_paper(r.id);
        END LOOP;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER search_documents AFTER INSERT OR UPDATE OR DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION search_follow_documents();

CREATE FUNCTION search_follow_committee_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_committee_document(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_committee_documents AFTER INSERT OR UPDATE OR DELETE ON committee_documents
    FOR EACH ROW EXECUTE FUNCTION search_follow_committee_documents();

CREATE FUNCTION search_follow_minutes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_uploaded_minutes(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_minutes AFTER INSERT OR UPDATE OR DELETE ON minutes
    FOR EACH ROW EXECUTE FUNCTION search_follow_minutes();

CREATE FUNCTION search_follow_written_minutes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    PERFORM search_put_written_minutes(coalesce(NEW.id, OLD.id));
    -- A decision's visibility follows its minutes' status.
    IF TG_OP = 'UPDATE' THEN
        FOR r IN SELECT id FROM minute_entries WHERE minutes_id = NEW.id AND kind = 'decision' LOOP
            PERFORM search_put_decision(r.id);
        END LOOP;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER search_written_minutes AFTER INSERT OR UPDATE OR DELETE ON written_minutes
    FOR EACH ROW EXECUTE FUNCTION search_follow_written_minutes();

CREATE FUNCTION search_follow_minute_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_decision(coalesce(NEW.id, OLD.id));
    PERFORM search_put_written_minutes(coalesce(NEW.minutes_id, OLD.minutes_id));
    IF TG_OP = 'UPDATE' AND NEW.minutes_id <> OLD.minutes_id THEN
        PERFORM search_put_written_minutes(OLD.minutes_id);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER search_minute_entries AFTER INSERT OR UPDATE OR DELETE ON minute_entries
    FOR EACH ROW EXECUTE FUNCTION search_follow_minute_entries();

CREATE FUNCTION search_follow_agenda_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_agenda_item(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_agenda_items AFTER INSERT OR UPDATE OR DELETE ON agenda_items
    FOR EACH ROW EXECUTE FUNCTION search_follow_agenda_items();

CREATE FUNCTION search_follow_agenda_papers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_agenda_paper(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_agenda_papers AFTER INSERT OR UPDATE OR DELETE ON agenda_papers
    FOR EACH ROW EXECUTE FUNCTION search_follow_agenda_papers();

CREATE FUNCTION search_follow_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_notice(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_notices AFTER INSERT OR UPDATE OR DELETE ON notices
    FOR EACH ROW EXECUTE FUNCTION search_follow_notices();

CREATE FUNCTION search_follow_actions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_action(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_actions AFTER INSERT OR UPDATE OR DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION search_follow_actions();

CREATE FUNCTION search_follow_resolutions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_resolution(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_resolutions AFTER INSERT OR UPDATE OF title, body, proposed_at OR DELETE ON resolutions
    FOR EACH ROW EXECUTE FUNCTION search_follow_resolutions();

CREATE FUNCTION search_follow_interests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_interest(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_interests AFTER INSERT OR UPDATE OR DELETE ON interests
    FOR EACH ROW EXECUTE FUNCTION search_follow_interests();

CREATE FUNCTION search_follow_committee_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM search_put_chat_message(coalesce(NEW.id, OLD.id));
    RETURN NULL;
END $$;
CREATE TRIGGER search_committee_messages AFTER INSERT OR UPDATE OR DELETE ON committee_messages
    FOR EACH ROW EXECUTE FUNCTION search_follow_committee_messages();

-- A meeting's title names its minutes, and its date dates everything of it.
CREATE FUNCTION search_follow_meetings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT id FROM written_minutes WHERE meeting_id = NEW.id LOOP
        PERFORM search_put_written_minutes(r.id);
    END LOOP;
    UPDATE search_entries SET happened_at = NEW.meeting_date
    WHERE meeting_id = NEW.id AND kind IN ('decision', 'agenda_item', 'agenda_paper');
    RETURN NULL;
END $$;
CREATE TRIGGER search_meetings AFTER UPDATE OF title, meeting_date ON meetings
    FOR EACH ROW EXECUTE FUNCTION search_follow_meetings();

-- A trustee's name heads their register entries and is the text of the agenda items they present.
CREATE FUNCTION search_follow_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT id FROM interests WHERE user_id = NEW.id LOOP
        PERFORM search_put_interest(r.id);
    END LOOP;
    FOR r IN SELECT id FROM agenda_items WHERE presenter_user_id = NEW.id LOOP
        PERFORM search_put_agenda_item(r.id);
    END LOOP;
    RETURN NULL;
END $$;
CREATE TRIGGER search_users AFTER UPDATE OF name ON users
    FOR EACH ROW EXECUTE FUNCTION search_follow_users();

-- The text of a file, once extracted (and none again while it is pending after a replacement).
CREATE FUNCTION search_follow_file_texts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_kind text := coalesce(NEW.kind, OLD.kind);
    row_id bigint := coalesce(NEW.record_id, OLD.record_id);
    new_text text := CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'indexed' THEN NEW.text ELSE '' END;
BEGIN
    UPDATE search_entries SET file_text = new_text
    WHERE kind = row_kind AND record_id = row_id AND file_text IS DISTINCT FROM new_text;
    RETURN NULL;
END $$;
CREATE TRIGGER search_file_texts AFTER INSERT OR UPDATE OF status, text OR DELETE ON file_texts
    FOR EACH ROW EXECUTE FUNCTION search_follow_file_texts();

-- Every existing record.
SELECT search_put_document(id) FROM documents;
SELECT search_put_committee_document(id) FROM committee_documents;
SELECT search_put_uploaded_minutes(id) FROM minutes;
SELECT search_put_written_minutes(id) FROM written_minutes;
SELECT search_put_decision(id) FROM minute_entries WHERE kind = 'decision';
SELECT search_put_agenda_item(id) FROM agenda_items;
SELECT search_put_agenda_paper(id) FROM agenda_papers;
SELECT search_put_notice(id) FROM notices;
SELECT search_put_action(id) FROM actions;
SELECT search_put_resolution(id) FROM resolutions;
SELECT search_put_interest(id) FROM interests;
SELECT search_put_chat_message(id) FROM committee_messages;
