-- The noticeboard's read cache (spec §9, Notices list). Every server process keeps the encoded notices list
-- until a notice is written on any process: one notification per statement (ids are not needed, the list is
-- read whole again), on the channel of 2026-11-25-001501000000_change_notifications.

CREATE FUNCTION portal_notify_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_changes', 'notices');
    RETURN NULL;
END $$;
CREATE TRIGGER notices_notify AFTER INSERT OR UPDATE OR DELETE ON notices
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_notices();
CREATE TRIGGER notices_truncate_notify AFTER TRUNCATE ON notices
    FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_notices();
