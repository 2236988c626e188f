-- An action recorded in the minutes of a committee meeting is seen only by that committee's members, admins,
-- chairs and its assignee (docs/spec.md §6 Committee meetings). The rule reads the action's meeting;
-- deleting the meeting sets actions.meeting_id to NULL, so first the action keeps what it came from: it
-- stays committee-only, and seen by the members of the committee the meeting belonged to (or, once that
-- committee is deleted too, by admins, chairs and the assignee only).
ALTER TABLE actions
    ADD COLUMN committee_only BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN committee_id INTEGER REFERENCES committees (id) ON DELETE SET NULL;

CREATE FUNCTION actions_keep_committee_of_deleted_meeting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.kind = 'committee' THEN
        UPDATE actions SET committee_only = TRUE, committee_id = OLD.committee_id WHERE meeting_id = OLD.id;
    END IF;
    RETURN OLD;
END;
$$;

CREATE TRIGGER meetings_keep_committee_actions_private BEFORE DELETE ON meetings
    FOR EACH ROW EXECUTE FUNCTION actions_keep_committee_of_deleted_meeting();
