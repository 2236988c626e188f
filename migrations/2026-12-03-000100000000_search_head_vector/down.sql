CREATE OR REPLACE FUNCTION search_entries_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.tsv :=
        setweight(to_tsvector('english'::regconfig,
            search_unaccent(CASE WHEN NEW.kind = 'chat_message' THEN '' ELSE NEW.title END)), 'A')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.body)), 'B')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.file_text)), 'C');
    RETURN NEW;
END $$;

ALTER TABLE search_entries DROP COLUMN head_tsv;
