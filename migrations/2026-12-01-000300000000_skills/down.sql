DROP TABLE skill_ratings;
DROP TABLE skills;
