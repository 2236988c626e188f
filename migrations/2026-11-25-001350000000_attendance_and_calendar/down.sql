DROP TABLE calendar_feed_tokens;
DROP TABLE meeting_attendance;
ALTER TABLE governance_settings
    DROP CONSTRAINT governance_settings_quorum_fraction_check,
    DROP COLUMN quorum_denominator,
    DROP COLUMN quorum_numerator,
    DROP COLUMN quorum_minimum,
    DROP COLUMN quorum_rule;
DROP TRIGGER meetings_sequence ON meetings;
DROP FUNCTION meetings_bump_sequence();
ALTER TABLE meetings DROP COLUMN sequence;
