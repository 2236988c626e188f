-- A meeting's life and its agenda (spec §2 Meeting page, §6 Committee meetings).
--
-- meetings: cancelled meetings are kept (status 'cancelled', cancelled_at); the planned length gives the
-- planned end; the agenda is a draft until published (agenda_published_at); agenda_changed_at moves with
-- every change to the agenda or its papers (the board pack's cache key); revision counts edits and
-- cancellation (an iCalendar SEQUENCE).
ALTER TABLE meetings
    ADD COLUMN status TEXT NOT NULL DEFAULT 'scheduled'
        CONSTRAINT meetings_status_check CHECK (status IN ('scheduled', 'cancelled')),
    ADD COLUMN cancelled_at TIMESTAMPTZ,
    ADD COLUMN duration_minutes INTEGER NOT NULL DEFAULT 120
        CONSTRAINT meetings_duration_check CHECK (duration_minutes BETWEEN 1 AND 1440),
    ADD COLUMN agenda_published_at TIMESTAMPTZ,
    ADD COLUMN agenda_changed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    ADD COLUMN revision INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    ADD CONSTRAINT meetings_cancelled_at_with_status
        CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL));

-- The agenda: items in order (position 1, 2, ...; the item's number is its position). The presenter is a
-- portal user or a free-text name, never both. changed_at moves when the item or its papers change; after
-- publication an item changed later than agenda_published_at is "changed since publication".
CREATE TABLE agenda_items (
    id SERIAL PRIMARY KEY,
    meeting_id INTEGER NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 1),
    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    purpose TEXT NOT NULL CHECK (purpose IN ('decision', 'discussion', 'information', 'noting')),
    presenter_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    presenter_name TEXT CHECK (presenter_name IS NULL OR length(presenter_name) BETWEEN 1 AND 100),
    duration_minutes INTEGER NOT NULL CHECK (duration_minutes BETWEEN 0 AND 600),
    description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
    created_at TIMESTAMPTZ NOT NULL,
    changed_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT agenda_items_one_presenter CHECK (presenter_user_id IS NULL OR presenter_name IS NULL),
    CONSTRAINT agenda_items_position_unique UNIQUE (meeting_id, position) DEFERRABLE INITIALLY DEFERRED
);

CREATE INDEX agenda_items_presenter_idx ON agenda_items (presenter_user_id);

-- An item's papers: a file uploaded to the item (kept in the file store like library documents) or a
-- link to a library document (its file is the document's; deleting the document removes the link).
CREATE TABLE agenda_papers (
    id SERIAL PRIMARY KEY,
    agenda_item_id INTEGER NOT NULL REFERENCES agenda_items (id) ON DELETE CASCADE,
    title TEXT CHECK (title IS NULL OR length(title) BETWEEN 1 AND 200),
    file_name TEXT,
    mime_type TEXT,
    file_size BIGINT,
    storage_key TEXT UNIQUE,
    document_id INTEGER REFERENCES documents (id) ON DELETE CASCADE,
    added_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    added_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT agenda_papers_upload_or_link CHECK (
        (document_id IS NULL AND title IS NOT NULL AND file_name IS NOT NULL AND mime_type IS NOT NULL
            AND file_size IS NOT NULL AND storage_key IS NOT NULL)
        OR (document_id IS NOT NULL AND title IS NULL AND file_name IS NULL AND mime_type IS NULL
            AND file_size IS NULL AND storage_key IS NULL)),
    CONSTRAINT agenda_papers_link_once UNIQUE (agenda_item_id, document_id)
);

CREATE INDEX agenda_papers_document_idx ON agenda_papers (document_id);
CREATE INDEX agenda_papers_added_by_idx ON agenda_papers (added_by);
