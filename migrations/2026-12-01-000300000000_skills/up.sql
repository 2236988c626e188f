-- The skills matrix (docs/spec.md §18 Skills matrix; Charity Governance Code 5.3: recruit for the skills
-- the board lacks). The list of skills is the board's own; each trustee rates themselves.
CREATE TABLE skills (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    -- The board's order of the list (and the matrix's columns), ascending.
    position INTEGER NOT NULL,
    -- A retired skill leaves the list and the matrix; its ratings are kept in case it is restored.
    retired BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- One skill per name, ignoring case, retired ones included (restore one rather than add it again).
CREATE UNIQUE INDEX skills_name_key ON skills (lower(name));

CREATE TABLE skill_ratings (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    skill_id INTEGER NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
    level TEXT NOT NULL CHECK (level IN ('none', 'some', 'strong')),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, skill_id)
);
CREATE INDEX skill_ratings_skill_id ON skill_ratings (skill_id);

INSERT INTO skills (name, position) VALUES
    ('Finance', 1),
    ('Legal', 2),
    ('Safeguarding', 3),
    ('Lived experience of recovery', 4),
    ('Fundraising', 5),
    ('People and HR', 6),
    ('Digital and data', 7),
    ('Governance', 8),
    ('Clinical or health', 9),
    ('Communications', 10);
