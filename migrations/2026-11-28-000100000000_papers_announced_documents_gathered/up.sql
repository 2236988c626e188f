-- Mail that respects attention (spec §11 Notifications and reminders):
-- a meeting's papers are announced once per publication of its agenda (not one mail per paper), and other
-- new documents are gathered into at most one mail per person per hour.

ALTER TABLE notification_events DROP CONSTRAINT notification_events_kind_check;
ALTER TABLE notification_events ADD CONSTRAINT notification_events_kind_check CHECK (kind IN
    ('action-assigned', 'meeting-scheduled', 'meeting-changed', 'notice-high', 'document-new', 'meeting-papers'));

-- The 'meeting-papers' event that announced a paper; NULL while it is unannounced (a draft agenda, or a
-- paper added to a published agenda whose changes are not yet published). Papers of agendas published
-- before this release count as announced (0: no event).
ALTER TABLE agenda_papers ADD COLUMN announced_in BIGINT;
UPDATE agenda_papers p SET announced_in = 0
FROM agenda_items i JOIN meetings m ON m.id = i.meeting_id
WHERE p.agenda_item_id = i.id AND m.agenda_published_at IS NOT NULL;

-- Publishing the agenda (or its changes) announces the papers not yet announced, in the same transaction:
-- one event naming them (through announced_in); none when no paper is new.
CREATE FUNCTION notification_on_agenda_published() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER meetings_agenda_published AFTER UPDATE OF agenda_published_at ON meetings
    FOR EACH ROW EXECUTE FUNCTION notification_on_agenda_published();

-- New library documents waiting for a person's hourly mail ("5 new documents"); the scheduled run sends
-- them together and stamps sent_at in the transaction that queues the mail.
CREATE TABLE notification_gathered_documents (
    id          BIGSERIAL   PRIMARY KEY,
    user_id     INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    document_id INTEGER     NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    gathered_at TIMESTAMPTZ NOT NULL,
    sent_at     TIMESTAMPTZ,
    UNIQUE (user_id, document_id)
);
CREATE INDEX notification_gathered_documents_waiting_idx
    ON notification_gathered_documents (user_id) WHERE sent_at IS NULL;
