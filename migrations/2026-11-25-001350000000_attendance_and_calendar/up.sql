-- Attendance and quorum, calendar feeds (spec §2 Attendance section, Calendar feed).

-- A meeting's status. The agenda's migration adds it too (cancelling a meeting): whichever migration
-- runs first creates it.
ALTER TABLE meetings ADD COLUMN IF NOT EXISTS status TEXT NOT NULL DEFAULT 'scheduled';

-- The iCalendar SEQUENCE of a meeting: bumped by the database whenever a field a calendar shows changes,
-- whichever code path (or hand-written SQL) changes it, so subscribed calendars replace their copy.
ALTER TABLE meetings ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;

-- The fields a calendar shows are compared by name through jsonb, so a column another migration adds
-- (the planned length, `duration_minutes`) counts wherever it exists.
CREATE FUNCTION meetings_bump_sequence() RETURNS trigger AS $$
DECLARE
    shown CONSTANT text[] := ARRAY['title', 'description', 'meeting_date', 'location', 'meeting_link',
                                   'status', 'kind', 'committee_id', 'duration_minutes'];
    new_row jsonb := to_jsonb(NEW);
    old_row jsonb := to_jsonb(OLD);
    field text;
BEGIN
    FOREACH field IN ARRAY shown LOOP
        IF new_row -> field IS DISTINCT FROM old_row -> field THEN
            NEW.sequence := OLD.sequence + 1;
            RETURN NEW;
        END IF;
    END LOOP;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER meetings_sequence BEFORE UPDATE ON meetings
    FOR EACH ROW EXECUTE FUNCTION meetings_bump_sequence();

-- The quorum rule (a governance setting): `count` needs `quorum_minimum` trustees; `fraction` needs
-- numerator/denominator of the serving trustees, rounded up, and at least `quorum_minimum`.
ALTER TABLE governance_settings
    ADD COLUMN quorum_rule TEXT NOT NULL DEFAULT 'count'
        CONSTRAINT governance_settings_quorum_rule_check CHECK (quorum_rule IN ('count', 'fraction')),
    ADD COLUMN quorum_minimum INTEGER NOT NULL DEFAULT 3
        CONSTRAINT governance_settings_quorum_minimum_check CHECK (quorum_minimum BETWEEN 1 AND 100),
    ADD COLUMN quorum_numerator INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN quorum_denominator INTEGER NOT NULL DEFAULT 3,
    ADD CONSTRAINT governance_settings_quorum_fraction_check
        CHECK (quorum_denominator BETWEEN 1 AND 100 AND quorum_numerator BETWEEN 1 AND quorum_denominator);

-- Who answered, and who was recorded at a meeting. A member's row has `user_id`; a guest who is not a
-- user has only a name. `name` keeps the name as it was, for the record.
CREATE TABLE meeting_attendance (
    id SERIAL PRIMARY KEY,
    meeting_id INTEGER NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    response TEXT CONSTRAINT meeting_attendance_response_check
        CHECK (response IN ('attending', 'apologies', 'not-sure')),
    reason TEXT,
    responded_at TIMESTAMPTZ,
    recorded TEXT CONSTRAINT meeting_attendance_recorded_check
        CHECK (recorded IN ('present', 'absent', 'apologies', 'guest')),
    recorded_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    recorded_at TIMESTAMPTZ,
    CONSTRAINT meeting_attendance_guest_check CHECK (user_id IS NOT NULL OR recorded = 'guest' OR response IS NOT NULL)
);
CREATE UNIQUE INDEX meeting_attendance_member ON meeting_attendance (meeting_id, user_id);
CREATE INDEX meeting_attendance_meeting ON meeting_attendance (meeting_id);

-- Each user's private calendar feed. The token in the URL is an HMAC (keyed by a server secret) of the
-- user and a random nonce, so the portal can show the URL again; only the nonce and the token's SHA-256
-- are kept, so the table alone gives nobody a working URL. Regenerating draws a new nonce.
CREATE TABLE calendar_feed_tokens (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    nonce TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
