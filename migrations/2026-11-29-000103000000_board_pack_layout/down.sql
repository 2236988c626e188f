ALTER TABLE board_packs DROP COLUMN layout;
