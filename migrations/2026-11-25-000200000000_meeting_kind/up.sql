-- What sort of meeting it is (spec §2 Calendar): the calendar's tag. Meetings recorded before are board
-- meetings. A committee meeting names its committee; deleting the committee keeps the meeting, without the
-- name.
ALTER TABLE meetings
    ADD COLUMN kind TEXT NOT NULL DEFAULT 'board'
        CONSTRAINT meetings_kind_check CHECK (kind IN ('board', 'committee', 'agm', 'other')),
    ADD COLUMN committee_id INTEGER REFERENCES committees (id) ON DELETE SET NULL,
    ADD CONSTRAINT meetings_committee_only_for_committee_meetings
        CHECK (committee_id IS NULL OR kind = 'committee');
