DROP TRIGGER agenda_papers_file_text ON agenda_papers;
DROP TRIGGER minutes_file_text ON minutes;
DROP TRIGGER committee_documents_file_text ON committee_documents;
DROP TRIGGER documents_file_text ON documents;
DROP FUNCTION file_texts_follow();
DROP TABLE file_texts;
