ALTER TABLE meetings
    DROP CONSTRAINT meetings_committee_only_for_committee_meetings,
    DROP COLUMN committee_id,
    DROP COLUMN kind;
