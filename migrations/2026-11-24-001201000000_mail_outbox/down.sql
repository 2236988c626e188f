ALTER TABLE password_reset_requests DROP COLUMN resolved_by;
DROP TABLE password_tokens;
DROP TABLE mail_outbox;
