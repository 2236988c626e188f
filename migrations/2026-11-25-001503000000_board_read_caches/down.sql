DROP TRIGGER IF EXISTS users_people_notify ON users;
DROP TRIGGER IF EXISTS committee_members_topic_notify ON committee_members;
DROP TRIGGER IF EXISTS meetings_notify ON meetings;
DROP TRIGGER IF EXISTS actions_notify ON actions;
DROP TRIGGER IF EXISTS documents_notify ON documents;
DROP FUNCTION IF EXISTS portal_notify_topic();
