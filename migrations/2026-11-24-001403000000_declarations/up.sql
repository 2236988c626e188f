-- Annual declarations rounds (spec §10 Governance: register current, eligibility under Charities Act
-- 2011 s.178, code of conduct).
CREATE TABLE declaration_rounds (
    id SERIAL PRIMARY KEY,
    year INTEGER NOT NULL UNIQUE CHECK (year BETWEEN 2000 AND 2100),
    deadline DATE NOT NULL,
    code_of_conduct_document_id INTEGER REFERENCES documents (id) ON DELETE SET NULL,
    -- The code's title when the round opened: the declaration keeps naming what was accepted.
    code_of_conduct_title TEXT NOT NULL,
    opened_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    opened_at TIMESTAMPTZ NOT NULL,
    closed_at TIMESTAMPTZ
);

-- The serving trustees asked to declare, fixed when the round opens, with their declaration once made.
CREATE TABLE declarations (
    round_id INTEGER NOT NULL REFERENCES declaration_rounds (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    declared_at TIMESTAMPTZ,
    -- The name the trustee declared under, as it was then.
    declared_name TEXT,
    register_complete BOOLEAN,
    over_18 BOOLEAN,
    no_disqualification BOOLEAN,
    accepts_code BOOLEAN,
    PRIMARY KEY (round_id, user_id),
    CHECK ((declared_at IS NULL) = (declared_name IS NULL))
);
