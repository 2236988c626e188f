-- Every server process LISTENs on `portal_changes` and learns of the writes that matter to what it
-- holds in memory (open chat streams, the session cache). Triggers, so that no write path can forget to
-- tell; NOTIFY is transactional, so a listener hears of a change only once it has committed, in commit order.
-- Payloads are ids only (a NOTIFY payload is limited to 8000 bytes; a chat message may be longer).

CREATE FUNCTION portal_notify_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_changes', 'message:' || NEW.committee_id || ':' || NEW.id);
    RETURN NULL;
END $$;
CREATE TRIGGER committee_messages_notify AFTER INSERT ON committee_messages
    FOR EACH ROW EXECUTE FUNCTION portal_notify_message();

CREATE FUNCTION portal_notify_member_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_changes', 'member_removed:' || OLD.committee_id || ':' || OLD.user_id);
    RETURN NULL;
END $$;
CREATE TRIGGER committee_members_notify AFTER DELETE ON committee_members
    FOR EACH ROW EXECUTE FUNCTION portal_notify_member_removed();

CREATE FUNCTION portal_notify_committee_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR (NEW.archived AND NOT OLD.archived) THEN
        PERFORM pg_notify('portal_changes', 'committee_closed:' || OLD.id);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER committees_notify AFTER UPDATE OR DELETE ON committees
    FOR EACH ROW EXECUTE FUNCTION portal_notify_committee_closed();

-- The session cache: any change to a session, a user or the security settings drops what depends on it.
CREATE FUNCTION portal_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_changes', 'session:' || OLD.id);
    RETURN NULL;
END $$;
CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION portal_notify_session();

CREATE FUNCTION portal_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_changes', 'user:' || OLD.id);
    RETURN NULL;
END $$;
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION portal_notify_user();

CREATE FUNCTION portal_notify_security_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_changes', 'security_settings');
    RETURN NULL;
END $$;
CREATE TRIGGER security_settings_notify AFTER INSERT OR UPDATE OR DELETE ON security_settings
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_security_settings();
