-- Board evaluation (spec §17): rounds built from a template of statements and free-text questions, answered
-- anonymously. The answers carry no person's id and no time finer than the day; who answered is recorded
-- apart, only to refuse a second answer and to remind those who have not.
CREATE TABLE evaluation_rounds (
    id                INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title             TEXT        NOT NULL,
    -- 'board': the board evaluates itself; 'chair': the chair's appraisal.
    kind              TEXT        NOT NULL CHECK (kind IN ('board', 'chair')),
    -- The chair appraised (kind 'chair'): left out of answering and of the results.
    appraised_user_id INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    -- The vice-chair who reads a chair appraisal's results.
    results_user_id   INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    status            TEXT        NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'open', 'closed')),
    closes_on         DATE,
    created_by        INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    opened_at         TIMESTAMPTZ,
    closed_at         TIMESTAMPTZ
);

CREATE TABLE evaluation_questions (
    id        INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    round_id  INTEGER NOT NULL REFERENCES evaluation_rounds (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    principle TEXT    NOT NULL,
    -- 'scale': 1 to 5 or "don't know"; 'text': free text.
    kind      TEXT    NOT NULL CHECK (kind IN ('scale', 'text')),
    text      TEXT    NOT NULL
);
CREATE INDEX evaluation_questions_round_idx ON evaluation_questions (round_id, position);

-- Only that a person answered a round: no answer, no time.
CREATE TABLE evaluation_respondents (
    round_id INTEGER NOT NULL REFERENCES evaluation_rounds (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (round_id, user_id)
);

-- The answers: no user id, a random key (a sequence would give the order of answering), the day only.
-- A scale question's `score` is 1 to 5, NULL for "don't know"; a text question's answer is `text`.
CREATE TABLE evaluation_answers (
    id          UUID     PRIMARY KEY DEFAULT gen_random_uuid(),
    round_id    INTEGER  NOT NULL REFERENCES evaluation_rounds (id) ON DELETE CASCADE,
    question_id INTEGER  NOT NULL REFERENCES evaluation_questions (id) ON DELETE CASCADE,
    score       SMALLINT CHECK (score BETWEEN 1 AND 5),
    text        TEXT,
    answered_on DATE     NOT NULL
);
CREATE INDEX evaluation_answers_round_idx ON evaluation_answers (round_id);
