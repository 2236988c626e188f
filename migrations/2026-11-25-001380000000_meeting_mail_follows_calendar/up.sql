-- A "meeting changed" mail (issue 12) goes out whenever the meeting's calendar event changes: the same
-- test as the feed's SEQUENCE (bumped BEFORE UPDATE by meetings_bump_sequence), so a new duration, a new
-- description or a cancellation reaches members with an .ics that replaces the one they were sent.
CREATE OR REPLACE FUNCTION notification_on_meeting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO notification_events (kind, subject_id, actor_id)
        VALUES ('meeting-scheduled', NEW.id, NEW.created_by);
    ELSIF NEW.sequence IS DISTINCT FROM OLD.sequence
       OR ROW(NEW.title, NEW.meeting_date, NEW.location, NEW.meeting_link)
          IS DISTINCT FROM ROW(OLD.title, OLD.meeting_date, OLD.location, OLD.meeting_link) THEN
        INSERT INTO notification_events (kind, subject_id) VALUES ('meeting-changed', NEW.id);
    END IF;
    RETURN NULL;
END $$;
