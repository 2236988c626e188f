DROP TABLE board_packs;
