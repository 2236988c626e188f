CREATE OR REPLACE FUNCTION notification_on_meeting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO notification_events (kind, subject_id, actor_id)
        VALUES ('meeting-scheduled', NEW.id, NEW.created_by);
    ELSIF ROW(NEW.title, NEW.meeting_date, NEW.location, NEW.meeting_link)
          IS DISTINCT FROM ROW(OLD.title, OLD.meeting_date, OLD.location, OLD.meeting_link) THEN
        INSERT INTO notification_events (kind, subject_id) VALUES ('meeting-changed', NEW.id);
    END IF;
    RETURN NULL;
END $$;
