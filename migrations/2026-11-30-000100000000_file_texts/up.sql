-- Placeholder of the shared search contract's `file_texts` table (its triggers, backfill and worker belong
-- to text extraction, which owns this migration): here only so that `search_entries` can be built and
-- tested beside it. The integrator keeps text extraction's version of this file.
CREATE TABLE file_texts (
    kind text NOT NULL CHECK (kind IN ('document', 'committee_document', 'uploaded_minutes', 'agenda_paper')),
    record_id bigint NOT NULL,
    storage_key text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'indexed', 'no_text')),
    text text NOT NULL DEFAULT '',
    reason text,
    attempts int NOT NULL DEFAULT 0,
    not_before timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, record_id)
);
