-- Written resolutions decided between meetings (spec §10 Governance).
CREATE TABLE resolutions (
    id SERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    closes_at TIMESTAMPTZ NOT NULL,
    threshold TEXT NOT NULL CHECK (threshold IN ('majority', 'count', 'unanimous')),
    threshold_count INTEGER CHECK ((threshold = 'count') = (threshold_count IS NOT NULL) AND threshold_count > 0
                                   OR threshold_count IS NULL AND threshold <> 'count'),
    proposed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    proposed_by_name TEXT NOT NULL,
    proposed_at TIMESTAMPTZ NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'passed', 'failed')),
    decided_at TIMESTAMPTZ,
    decided_early BOOLEAN NOT NULL DEFAULT FALSE,
    CHECK ((status = 'open') = (decided_at IS NULL))
);
CREATE INDEX resolutions_open_closes_at ON resolutions (closes_at) WHERE status = 'open';

CREATE TABLE resolution_papers (
    resolution_id INTEGER NOT NULL REFERENCES resolutions (id) ON DELETE CASCADE,
    document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    PRIMARY KEY (resolution_id, document_id)
);

-- The serving trustees when it was proposed; `conflicted` ones are not eligible to vote.
CREATE TABLE resolution_voters (
    resolution_id INTEGER NOT NULL REFERENCES resolutions (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    conflicted BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (resolution_id, user_id)
);

-- Who voted how: written once, never changed (the trigger refuses updates and deletes). No foreign key to
-- users, so that deleting a user cannot rewrite the record; the voter's name is kept.
CREATE TABLE resolution_votes (
    resolution_id INTEGER NOT NULL REFERENCES resolutions (id),
    user_id INTEGER NOT NULL,
    voter_name TEXT NOT NULL,
    vote TEXT NOT NULL CHECK (vote IN ('for', 'against', 'abstain')),
    comment TEXT,
    voted_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (resolution_id, user_id)
);

CREATE FUNCTION resolution_votes_are_immutable() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'resolution votes cannot be changed';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER resolution_votes_immutable BEFORE UPDATE OR DELETE ON resolution_votes
    FOR EACH ROW EXECUTE FUNCTION resolution_votes_are_immutable();
