-- Writing a record's search row afresh (search_put_*) no longer loses its file's text (docs/spec.md §15 Search).
-- Rows are now written after share-locking the record's file_texts row: an extraction committing meanwhile is
-- waited for and its text read, and one starting meanwhile waits and then updates the new row. Before, a row
-- rewritten while the text was being stored (publishing an agenda as its paper was read, say) kept ''.
-- Locks are taken file_texts first, then search_entries, as the extraction's trigger does: no deadlock.

CREATE OR REPLACE FUNCTION public.search_put_document(p_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM 1 FROM file_texts WHERE kind = 'document' AND record_id = p_id FOR SHARE;
    DELETE FROM search_entries WHERE kind = 'document' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, file_text, happened_at, category, document_id,
                                has_file, is_pdf)
    SELECT 'document', d.id, d.title, d.file_name, search_file_text('document', d.id), d.updated_at,
           d.category, d.id, true, d.mime_type = 'application/pdf'
    FROM documents d WHERE d.id = p_id;
END $function$;

CREATE OR REPLACE FUNCTION public.search_put_committee_document(p_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM 1 FROM file_texts WHERE kind = 'committee_document' AND record_id = p_id FOR SHARE;
    DELETE FROM search_entries WHERE kind = 'committee_document' AND record_id = p_id;
    INSERT INTO search_entries (kind, record_id, title, body, file_text, happened_at, committee_id, document_id,
                                has_file, is_pdf)
    SELECT 'committee_document', d.id, d.title, d.file_name, search_file_text('committee_document', d.id),
           d.uploaded_at, d.committee_id, d.id, true, d.mime_type = 'application/pdf'
    FROM committee_documents d WHERE d.id = p_id;
END $function$;

CREATE OR REPLACE FUNCTION public.search_put_uploaded_minutes(p_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM 1 FROM file_texts WHERE kind = 'uploaded_minutes' AND record_id = p_id FOR SHARE;
    DELETE FROM search_entries WHERE kind = 'uploaded_minutes' AND record_id = p_id;
    -- Uploaded minutes are PDF files (spec §5 Minutes upload) or a link.
    INSERT INTO search_entries (kind, record_id, title, body, file_text, happened_at, meeting_id, has_file, is_pdf)
    SELECT 'uploaded_minutes', m.id, m.title, coalesce(m.file_name, ''),
           search_file_text('uploaded_minutes', m.id), m.meeting_date, m.meeting_id,
           m.storage_key IS NOT NULL, m.storage_key IS NOT NULL
    FROM minutes m WHERE m.id = p_id;
END $function$;

CREATE OR REPLACE FUNCTION public.search_put_agenda_paper(p_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM 1 FROM file_texts WHERE kind = 'agenda_paper' AND record_id = p_id FOR SHARE;
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
END $function$;

-- Rows that lost their text that way get it back.
UPDATE search_entries s SET file_text = f.text
FROM file_texts f
WHERE f.kind = s.kind AND f.record_id = s.record_id AND f.status = 'indexed' AND s.file_text IS DISTINCT FROM f.text;
