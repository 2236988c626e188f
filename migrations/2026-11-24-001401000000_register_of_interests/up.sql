-- The register of interests (spec §10 Governance; Charity Commission CC29), every change kept as a version,
-- and the governance settings (who may read the register).

CREATE TABLE interests (
    id SERIAL PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('employment', 'directorship', 'trusteeship', 'shareholding', 'family',
                                       'gift-or-hospitality', 'other')),
    organisation TEXT NOT NULL,
    nature TEXT NOT NULL,
    started_on DATE NOT NULL,
    ended_on DATE CHECK (ended_on IS NULL OR ended_on >= started_on),
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX interests_user_id ON interests (user_id);

-- Append-only: one row per change, with the entry as it was before and after (JSON text).
CREATE TABLE interest_versions (
    id BIGSERIAL PRIMARY KEY,
    interest_id INTEGER NOT NULL REFERENCES interests (id) ON DELETE CASCADE,
    changed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    changed_by_name TEXT NOT NULL,
    changed_at TIMESTAMPTZ NOT NULL,
    before TEXT,
    after TEXT NOT NULL
);
CREATE INDEX interest_versions_interest_id ON interest_versions (interest_id);

-- One row: the board's governance settings.
CREATE TABLE governance_settings (
    id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
    register_visibility TEXT NOT NULL DEFAULT 'members' CHECK (register_visibility IN ('members', 'officers')),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO governance_settings DEFAULT VALUES;
