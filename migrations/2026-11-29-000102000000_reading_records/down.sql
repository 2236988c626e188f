ALTER TABLE governance_settings DROP COLUMN reading_records;
DROP TABLE pdf_page_counts;
DROP TABLE reading_records;
