DROP TRIGGER meetings_keep_committee_actions_private ON meetings;
DROP FUNCTION actions_keep_committee_of_deleted_meeting();
ALTER TABLE actions DROP COLUMN committee_id, DROP COLUMN committee_only;
