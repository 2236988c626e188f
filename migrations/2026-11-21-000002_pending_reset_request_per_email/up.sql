-- One pending reset request per e-mail: repeating "forgot password" must not flood the review list.
DELETE FROM password_reset_requests newer
USING password_reset_requests older
WHERE newer.resolved_at IS NULL
  AND older.resolved_at IS NULL
  AND lower(newer.email) = lower(older.email)
  AND (older.requested_at, older.id) < (newer.requested_at, newer.id);

CREATE UNIQUE INDEX password_reset_requests_one_pending_per_email
    ON password_reset_requests (lower(email))
    WHERE resolved_at IS NULL;
