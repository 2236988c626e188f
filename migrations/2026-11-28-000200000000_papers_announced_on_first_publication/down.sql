CREATE OR REPLACE FUNCTION notification_on_agenda_published() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    event BIGINT;
BEGIN
    IF NEW.agenda_published_at IS NULL OR NOT EXISTS (
        SELECT 1 FROM agenda_papers p JOIN agenda_items i ON i.id = p.agenda_item_id
        WHERE i.meeting_id = NEW.id AND p.announced_in IS NULL) THEN
        RETURN NULL;
    END IF;
    INSERT INTO notification_events (kind, subject_id) VALUES ('meeting-papers', NEW.id) RETURNING id INTO event;
    UPDATE agenda_papers SET announced_in = event
    WHERE announced_in IS NULL
      AND agenda_item_id IN (SELECT id FROM agenda_items WHERE meeting_id = NEW.id);
    RETURN NULL;
END $$;
ALTER TABLE notification_events DROP COLUMN first_publication;
