-- A decided written resolution is offered as an item for the next board meeting's agenda (spec §2
-- Meeting page). The item remembers the resolution it reports, and a resolution goes on one agenda only.
ALTER TABLE agenda_items
    ADD COLUMN resolution_id integer REFERENCES resolutions (id) ON DELETE SET NULL;

CREATE UNIQUE INDEX agenda_items_resolution_once ON agenda_items (resolution_id)
    WHERE resolution_id IS NOT NULL;

-- The offer looks for decided resolutions by when they were decided.
CREATE INDEX resolutions_decided_at ON resolutions (decided_at) WHERE decided_at IS NOT NULL;
