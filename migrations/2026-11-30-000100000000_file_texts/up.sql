-- Text from files (docs/spec.md "Search", "Text from files"): one row per file-bearing record, which is
-- also the extraction job queue. Triggers keep it in step with the records in the same transaction as
-- the write, so no upload path can forget a file; the server's workers fill in `text` in the background
-- (claiming rows with FOR UPDATE SKIP LOCKED), so an upload answers at once.
CREATE TABLE file_texts (
    kind text NOT NULL CHECK (kind IN ('document', 'committee_document', 'uploaded_minutes', 'agenda_paper')),
    record_id bigint NOT NULL,
    -- The file the text was (or is to be) taken from: a worker records its text only while the row still
    -- names the file it read, so a file replaced during extraction never gets the old file's text.
    storage_key text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'indexed', 'no_text')),
    -- At most 200,000 characters (the cap is the worker's); '' unless 'indexed'.
    text text NOT NULL DEFAULT '',
    -- Why a file has no text ('no_text' only): encrypted, damaged, no text layer, unsupported type, empty,
    -- too large (a ZIP bomb posing as a spreadsheet), too many attempts.
    reason text,
    -- Claims so far of the current file: each claim counts one, so a file that fails (or crashes its
    -- worker) again and again ends as 'no_text' rather than blocking the queue.
    attempts int NOT NULL DEFAULT 0,
    -- A claimed row is leased until then; a failed one waits until then before its next attempt.
    not_before timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, record_id)
);

-- The workers' claim: due pending rows, newest first (an upload is searchable within seconds even while
-- the files that existed before the upgrade are still being read).
CREATE INDEX file_texts_pending ON file_texts (updated_at DESC) WHERE status = 'pending';

-- One trigger function for the four tables, told the kind by its argument. Every table has `id` and
-- `storage_key` (nullable for minutes, which may be a link, and for agenda papers, which may point at a
-- library document and then have no file of their own).
CREATE FUNCTION file_texts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM file_texts WHERE kind = TG_ARGV[0] AND record_id = OLD.id;
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.storage_key IS NOT DISTINCT FROM OLD.storage_key THEN
        RETURN NULL;
    END IF;
    IF NEW.storage_key IS NULL THEN
        DELETE FROM file_texts WHERE kind = TG_ARGV[0] AND record_id = NEW.id;
        RETURN NULL;
    END IF;
    -- A new or replaced file starts again: pending, no text, no attempts, due now.
    INSERT INTO file_texts (kind, record_id, storage_key)
    VALUES (TG_ARGV[0], NEW.id, NEW.storage_key)
    ON CONFLICT (kind, record_id) DO UPDATE
        SET storage_key = EXCLUDED.storage_key, status = 'pending', text = '', reason = NULL,
            attempts = 0, not_before = now(), updated_at = now();
    -- Heard by the workers once the write commits (NOTIFY is transactional, and repeated in one
    -- transaction it is sent once).
    PERFORM pg_notify('file_texts', '');
    RETURN NULL;
END $$;

CREATE TRIGGER documents_file_text AFTER INSERT OR UPDATE OF storage_key OR DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION file_texts_follow('document');
CREATE TRIGGER committee_documents_file_text AFTER INSERT OR UPDATE OF storage_key OR DELETE ON committee_documents
    FOR EACH ROW EXECUTE FUNCTION file_texts_follow('committee_document');
CREATE TRIGGER minutes_file_text AFTER INSERT OR UPDATE OF storage_key OR DELETE ON minutes
    FOR EACH ROW EXECUTE FUNCTION file_texts_follow('uploaded_minutes');
CREATE TRIGGER agenda_papers_file_text AFTER INSERT OR UPDATE OF storage_key OR DELETE ON agenda_papers
    FOR EACH ROW EXECUTE FUNCTION file_texts_follow('agenda_paper');

-- Every file that exists already is queued: the workers read them after the upgrade while the portal
-- serves (uploads made meanwhile go first).
INSERT INTO file_texts (kind, record_id, storage_key, updated_at)
SELECT 'document', id, storage_key, updated_at FROM documents
UNION ALL
SELECT 'committee_document', id, storage_key, uploaded_at FROM committee_documents
UNION ALL
SELECT 'uploaded_minutes', id, storage_key, created_at FROM minutes WHERE storage_key IS NOT NULL
UNION ALL
SELECT 'agenda_paper', id, storage_key, added_at FROM agenda_papers WHERE storage_key IS NOT NULL
ON CONFLICT (kind, record_id) DO NOTHING;
