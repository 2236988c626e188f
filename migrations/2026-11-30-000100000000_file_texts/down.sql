DROP TABLE file_texts;
