-- A weekly digest line about a meeting names that meeting, so that a line about a committee meeting is left
-- out of the digest of someone who no longer sees the meeting when it goes (a member who has left the
-- committee; docs/spec.md §6 Committee meetings). Lines written before this have none and go as before.
ALTER TABLE notification_digest_items
    ADD COLUMN meeting_id INTEGER REFERENCES meetings (id) ON DELETE SET NULL;
