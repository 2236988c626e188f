-- Minutes written against the agenda, through approval, in versions; the decisions register reads their
-- decisions (spec §2 Written minutes and the decisions register). Actions recorded in minutes link back to
-- their meeting.
CREATE TABLE written_minutes (
    id SERIAL PRIMARY KEY,
    meeting_id INTEGER NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    status TEXT NOT NULL CHECK (status IN ('draft', 'circulated', 'approved', 'locked')),
    correction_reason TEXT CHECK ((version = 1) = (correction_reason IS NULL)),
    superseded_at TIMESTAMPTZ,
    circulated_at TIMESTAMPTZ,
    approved_on DATE,
    approved_at_meeting_id INTEGER REFERENCES meetings (id) ON DELETE SET NULL,
    approved_at_meeting_title TEXT,
    locked_at TIMESTAMPTZ,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    UNIQUE (meeting_id, version),
    CHECK ((status IN ('approved', 'locked')) = (approved_on IS NOT NULL AND approved_at_meeting_title IS NOT NULL))
);

CREATE TABLE minute_entries (
    id SERIAL PRIMARY KEY,
    minutes_id INTEGER NOT NULL REFERENCES written_minutes (id) ON DELETE CASCADE,
    agenda_item_id INTEGER REFERENCES agenda_items (id) ON DELETE SET NULL,
    item_number INTEGER,
    item_title TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('note', 'decision', 'action')),
    body TEXT NOT NULL,
    action_id INTEGER REFERENCES actions (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX minute_entries_by_minutes ON minute_entries (minutes_id, id);
CREATE INDEX minute_entries_decisions ON minute_entries (minutes_id) WHERE kind = 'decision';

ALTER TABLE actions
    ADD COLUMN meeting_id INTEGER REFERENCES meetings (id) ON DELETE SET NULL,
    ADD COLUMN agenda_item_id INTEGER REFERENCES agenda_items (id) ON DELETE SET NULL;
