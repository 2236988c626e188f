-- The search reads one kind at a time (docs/spec.md "Search", Ranking and counts): each kind has a
-- full-text index of its own, so counting documents for a word in most chat messages reads only the
-- documents' part, and a date index, so a kind is read newest first, stopping once it has enough.
-- Relevance ranks the newest matches and the newest matching in their title: a vector of the title
-- alone, indexed, finds the latter without reading the long texts of the full vector.
ALTER TABLE search_entries ADD COLUMN title_tsv tsvector NOT NULL DEFAULT ''::tsvector;

CREATE OR REPLACE FUNCTION search_entries_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- A chat message's title is its own start, so it is not indexed twice.
    NEW.title_tsv := setweight(to_tsvector('english'::regconfig,
        search_unaccent(CASE WHEN NEW.kind = 'chat_message' THEN '' ELSE NEW.title END)), 'A');
    NEW.tsv := NEW.title_tsv
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.body)), 'B')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.file_text)), 'C');
    RETURN NEW;
END $$;

-- The entries there are (the trigger above fires on changes of title, body or file text only).
UPDATE search_entries
SET title_tsv = setweight(to_tsvector('english'::regconfig, search_unaccent(title)), 'A')
WHERE kind <> 'chat_message';

CREATE INDEX search_entries_title_tsv ON search_entries USING gin (title_tsv);

CREATE INDEX search_entries_tsv_document ON search_entries USING gin (tsv) WHERE kind = 'document';
CREATE INDEX search_entries_tsv_committee_document ON search_entries USING gin (tsv) WHERE kind = 'committee_document';
CREATE INDEX search_entries_tsv_uploaded_minutes ON search_entries USING gin (tsv) WHERE kind = 'uploaded_minutes';
CREATE INDEX search_entries_tsv_written_minutes ON search_entries USING gin (tsv) WHERE kind = 'written_minutes';
CREATE INDEX search_entries_tsv_decision ON search_entries USING gin (tsv) WHERE kind = 'decision';
CREATE INDEX search_entries_tsv_agenda_item ON search_entries USING gin (tsv) WHERE kind = 'agenda_item';
CREATE INDEX search_entries_tsv_agenda_paper ON search_entries USING gin (tsv) WHERE kind = 'agenda_paper';
CREATE INDEX search_entries_tsv_notice ON search_entries USING gin (tsv) WHERE kind = 'notice';
CREATE INDEX search_entries_tsv_action ON search_entries USING gin (tsv) WHERE kind = 'action';
CREATE INDEX search_entries_tsv_resolution ON search_entries USING gin (tsv) WHERE kind = 'resolution';
CREATE INDEX search_entries_tsv_interest ON search_entries USING gin (tsv) WHERE kind = 'interest';
CREATE INDEX search_entries_tsv_chat_message ON search_entries USING gin (tsv) WHERE kind = 'chat_message';
DROP INDEX search_entries_tsv;

CREATE INDEX search_entries_kind_happened_at ON search_entries (kind, happened_at DESC, record_id DESC);
DROP INDEX search_entries_happened_at;
