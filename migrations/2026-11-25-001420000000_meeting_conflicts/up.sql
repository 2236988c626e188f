-- Conflicts of interest declared on agenda items (spec §10 Rules; Charity Commission CC29), each linked
-- to an entry on the register of interests, and how the board handled it. `minute_entry_id` is the note
-- carrying the declaration's standard record in the written minutes' draft (kept in step with it).
CREATE TABLE meeting_conflicts (
    id SERIAL PRIMARY KEY,
    meeting_id INTEGER NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    agenda_item_id INTEGER NOT NULL REFERENCES agenda_items (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    interest_id INTEGER NOT NULL REFERENCES interests (id) ON DELETE CASCADE,
    declared_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    declared_at TIMESTAMPTZ NOT NULL,
    handling TEXT CHECK (handling IN ('left', 'stayed-not-decided', 'no-conflict')),
    handled_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    handled_at TIMESTAMPTZ,
    minute_entry_id INTEGER REFERENCES minute_entries (id) ON DELETE SET NULL,
    UNIQUE (agenda_item_id, user_id)
);
CREATE INDEX meeting_conflicts_by_meeting ON meeting_conflicts (meeting_id, agenda_item_id, id);
