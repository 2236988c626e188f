DROP TABLE meeting_conflicts;
