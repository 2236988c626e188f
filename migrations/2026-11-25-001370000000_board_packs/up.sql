-- The newest board pack (spec §2 Board pack) built for each meeting, kept until its fingerprint (a hash of
-- the meeting's details, its agenda and its papers' files) no longer matches; then it is rebuilt.
CREATE TABLE board_packs (
    meeting_id INTEGER PRIMARY KEY REFERENCES meetings (id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
    pdf BYTEA NOT NULL,
    built_at TIMESTAMPTZ NOT NULL
);
