DROP TABLE evaluation_answers;
DROP TABLE evaluation_respondents;
DROP TABLE evaluation_questions;
DROP TABLE evaluation_rounds;
