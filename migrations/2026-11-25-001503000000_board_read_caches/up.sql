-- The read caches of the documents list and the dashboard's figures (spec §9). Every server process keeps
-- their encoded answers until a table they are read from is written on any process: one notification per
-- statement, naming the table's topic (the answers are read whole again, so no ids), on the channel of
-- 2026-11-25-001501000000_change_notifications. NOTIFY is transactional and folds equal payloads of one
-- transaction into one.

CREATE FUNCTION portal_notify_topic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_changes', TG_ARGV[0]);
    RETURN NULL;
END $$;

-- The library (the documents list, the dashboard's count).
CREATE TRIGGER documents_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON documents
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_topic('documents');
-- The dashboard's pending actions.
CREATE TRIGGER actions_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON actions
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_topic('actions');
-- The dashboard's next meeting.
CREATE TRIGGER meetings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON meetings
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_topic('meetings');
-- Which committee meetings a trustee sees (the row trigger `committee_members_notify` tells the chat of
-- removals only).
CREATE TRIGGER committee_members_topic_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON committee_members
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_topic('memberships');
-- Uploaders' names in the documents list and the dashboard's count of active accounts. Other writes to
-- `users` (passwords, sign-in state) leave these answers alone; `users_notify` tells the session cache of
-- every change.
CREATE TRIGGER users_people_notify AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, active ON users
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_topic('people');
