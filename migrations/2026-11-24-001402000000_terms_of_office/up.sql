-- Terms of office (spec §10 Governance; Charity Governance Code 5.5: renewal, and trustees serving over
-- nine years).
CREATE TABLE terms_of_office (
    id SERIAL PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    started_on DATE NOT NULL,
    term_years SMALLINT NOT NULL CHECK (term_years BETWEEN 1 AND 10),
    reappointment BOOLEAN NOT NULL DEFAULT FALSE,
    -- Set when the trustee left before the term's scheduled end.
    ended_on DATE CHECK (ended_on IS NULL OR ended_on >= started_on),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX terms_of_office_user_id ON terms_of_office (user_id);
