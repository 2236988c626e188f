-- A "meeting changed" mail (spec §11) also goes out when the planned length changes (the calendar's end
-- time) or the meeting is cancelled (its status), so the .ics it carries (with the SEQUENCE the feed has
-- by then, bumped BEFORE UPDATE by meetings_bump_sequence) updates the copy in members' calendars. A new
-- description alone still sends nothing: the feed shows it, a mail would be noise.
CREATE OR REPLACE FUNCTION notification_on_meeting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO notification_events (kind, subject_id, actor_id)
        VALUES ('meeting-scheduled', NEW.id, NEW.created_by);
    ELSIF ROW(NEW.title, NEW.meeting_date, NEW.location, NEW.meeting_link, NEW.duration_minutes, NEW.status)
          IS DISTINCT FROM
          ROW(OLD.title, OLD.meeting_date, OLD.location, OLD.meeting_link, OLD.duration_minutes, OLD.status) THEN
        INSERT INTO notification_events (kind, subject_id) VALUES ('meeting-changed', NEW.id);
    END IF;
    RETURN NULL;
END $$;
