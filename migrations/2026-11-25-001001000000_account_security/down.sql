DROP TABLE security_settings;
DROP TABLE mfa_recovery_codes;
ALTER TABLE users DROP COLUMN mfa_last_step;
ALTER TABLE users DROP COLUMN mfa_pending_secret;
ALTER TABLE users DROP COLUMN mfa_secret;
ALTER TABLE users DROP COLUMN temp_password_expires_at;
DROP TABLE sessions;
DROP TABLE sign_in_attempts;
