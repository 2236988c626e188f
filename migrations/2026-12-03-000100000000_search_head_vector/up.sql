-- A second, small vector of each entry's own words (title A, body B) without its file's text, for ranking
-- (docs/spec.md §15 "Search"): ranking by the full vector read every matching entry's file words from
-- TOAST (a 5,000-character paper's vector is about 5.6 KB), which cost most of a search for a common word.
-- A match only in the file ranks as one file occurrence would.
ALTER TABLE search_entries ADD COLUMN head_tsv tsvector NOT NULL DEFAULT ''::tsvector;

CREATE OR REPLACE FUNCTION search_entries_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.head_tsv :=
        setweight(to_tsvector('english'::regconfig,
            search_unaccent(CASE WHEN NEW.kind = 'chat_message' THEN '' ELSE NEW.title END)), 'A')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.body)), 'B');
    NEW.tsv := NEW.head_tsv
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.file_text)), 'C');
    RETURN NEW;
END $$;

-- Existing entries: only the small vector is computed (the full one stays as it is).
UPDATE search_entries SET head_tsv =
    setweight(to_tsvector('english'::regconfig,
        search_unaccent(CASE WHEN kind = 'chat_message' THEN '' ELSE title END)), 'A')
    || setweight(to_tsvector('english'::regconfig, search_unaccent(body)), 'B');
