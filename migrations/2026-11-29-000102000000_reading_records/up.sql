-- Reading records (docs/spec.md "Reading records"): which pages of which paper each person has shown in the
-- reader, with the first and last time. A paper is named as on the wire (kind, id) rather than by a foreign
-- key per kind: the records of a paper that goes away are unreachable (nobody may read it) and harmless.
CREATE TABLE reading_records (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    paper_kind TEXT NOT NULL CHECK (paper_kind IN ('document', 'agendaPaper', 'minutes')),
    paper_id INTEGER NOT NULL,
    page INTEGER NOT NULL CHECK (page >= 1),
    first_shown_at TIMESTAMPTZ NOT NULL,
    last_shown_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, paper_kind, paper_id, page)
);
-- The officers' summary reads every person's pages of a meeting's papers.
CREATE INDEX reading_records_paper ON reading_records (paper_kind, paper_id);

-- Each stored file's page count, parsed once (a stored file never changes under its key); NULL when the
-- file is not a PDF that can be read (damaged or password-protected).
CREATE TABLE pdf_page_counts (
    storage_key TEXT PRIMARY KEY,
    page_count INTEGER CHECK (page_count IS NULL OR page_count >= 1)
);

-- The board's switch: on by default; switching it off deletes every record.
ALTER TABLE governance_settings ADD COLUMN reading_records BOOLEAN NOT NULL DEFAULT TRUE;
