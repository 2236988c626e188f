ALTER TABLE actions DROP COLUMN agenda_item_id, DROP COLUMN meeting_id;
DROP TABLE minute_entries;
DROP TABLE written_minutes;
