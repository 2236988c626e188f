CREATE INDEX search_entries_happened_at ON search_entries (happened_at DESC, kind, record_id DESC);
DROP INDEX search_entries_kind_happened_at;
CREATE INDEX search_entries_tsv ON search_entries USING gin (tsv);
DROP INDEX search_entries_tsv_document;
DROP INDEX search_entries_tsv_committee_document;
DROP INDEX search_entries_tsv_uploaded_minutes;
DROP INDEX search_entries_tsv_written_minutes;
DROP INDEX search_entries_tsv_decision;
DROP INDEX search_entries_tsv_agenda_item;
DROP INDEX search_entries_tsv_agenda_paper;
DROP INDEX search_entries_tsv_notice;
DROP INDEX search_entries_tsv_action;
DROP INDEX search_entries_tsv_resolution;
DROP INDEX search_entries_tsv_interest;
DROP INDEX search_entries_tsv_chat_message;
DROP INDEX search_entries_title_tsv;

CREATE OR REPLACE FUNCTION search_entries_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.tsv :=
        setweight(to_tsvector('english'::regconfig,
            search_unaccent(CASE WHEN NEW.kind = 'chat_message' THEN '' ELSE NEW.title END)), 'A')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.body)), 'B')
        || setweight(to_tsvector('english'::regconfig, search_unaccent(NEW.file_text)), 'C');
    RETURN NEW;
END $$;

ALTER TABLE search_entries DROP COLUMN title_tsv;
