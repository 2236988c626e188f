DROP TABLE notification_gathered_documents;
DROP TRIGGER meetings_agenda_published ON meetings;
DROP FUNCTION notification_on_agenda_published();
ALTER TABLE agenda_papers DROP COLUMN announced_in;
DELETE FROM notification_events WHERE kind = 'meeting-papers';
ALTER TABLE notification_events DROP CONSTRAINT notification_events_kind_check;
ALTER TABLE notification_events ADD CONSTRAINT notification_events_kind_check CHECK (kind IN
    ('action-assigned', 'meeting-scheduled', 'meeting-changed', 'notice-high', 'document-new'));
