-- Paper announcements (spec §11 Notifications and reminders): "Agenda published" is the mail of the agenda's
-- FIRST publication, "N papers added" of a later one. Which it is comes from the meeting's publication state
-- when the trigger fires (the agenda had not been published before), stored on the event; not from whether
-- papers were announced before (an agenda first published without papers would otherwise later mail
-- "Agenda published" for one added paper).

-- Whether a 'meeting-papers' event announced the agenda's first publication; FALSE for other kinds.
ALTER TABLE notification_events ADD COLUMN first_publication BOOLEAN NOT NULL DEFAULT FALSE;
-- Events already stored keep the reading they were written for: no paper of the meeting announced before.
UPDATE notification_events e SET first_publication = NOT EXISTS (
    SELECT 1 FROM agenda_papers p JOIN agenda_items i ON i.id = p.agenda_item_id
    WHERE i.meeting_id = e.subject_id AND p.announced_in < e.id)
WHERE e.kind = 'meeting-papers';

CREATE OR REPLACE FUNCTION notification_on_agenda_published() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    event BIGINT;
BEGIN
    IF NEW.agenda_published_at IS NULL OR NOT EXISTS (
        SELECT 1 FROM agenda_papers p JOIN agenda_items i ON i.id = p.agenda_item_id
        WHERE i.meeting_id = NEW.id AND p.announced_in IS NULL) THEN
        RETURN NULL;
    END IF;
    INSERT INTO notification_events (kind, subject_id, first_publication)
    VALUES ('meeting-papers', NEW.id, OLD.agenda_published_at IS NULL) RETURNING id INTO event;
    UPDATE agenda_papers SET announced_in = event
    WHERE announced_in IS NULL
      AND agenda_item_id IN (SELECT id FROM agenda_items WHERE meeting_id = NEW.id);
    RETURN NULL;
END $$;
