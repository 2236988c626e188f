DROP TABLE resolution_votes;
DROP FUNCTION resolution_votes_are_immutable();
DROP TABLE resolution_voters;
DROP TABLE resolution_papers;
DROP TABLE resolutions;
