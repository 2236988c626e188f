-- The pack's layout (spec §2 Pack reader): where each merged paper's pages are, kept with the pack it
-- describes (JSON, like interest_versions' snapshots). Packs cached before have none: they are dropped and
-- rebuilt on the next download (the fingerprint's layout version changed too).
DELETE FROM board_packs;
ALTER TABLE board_packs ADD COLUMN layout TEXT NOT NULL;
