ALTER TABLE notification_digest_items DROP COLUMN meeting_id;
