DROP TRIGGER IF EXISTS notices_truncate_notify ON notices;
DROP TRIGGER IF EXISTS notices_notify ON notices;
DROP FUNCTION IF EXISTS portal_notify_notices();
