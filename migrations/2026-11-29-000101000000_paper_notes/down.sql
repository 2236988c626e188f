DROP TRIGGER paper_notes_of_board_pack ON meetings;
DROP TRIGGER paper_notes_of_minutes ON minutes;
DROP TRIGGER paper_notes_of_agenda_paper ON agenda_papers;
DROP TRIGGER paper_notes_of_document ON documents;
DROP FUNCTION paper_notes_follow_paper();
DROP TABLE paper_notes;
