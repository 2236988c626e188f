DROP INDEX IF EXISTS resolutions_decided_at;
DROP INDEX IF EXISTS agenda_items_resolution_once;
ALTER TABLE agenda_items DROP COLUMN IF EXISTS resolution_id;
