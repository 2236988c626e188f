-- Signatures and checking (docs/spec.md §16): every signature of a record's version, append-only, and the
-- portal's signing key (sealed under SECRETS_KEY) with its self-signed certificate.

CREATE TABLE signatures (
    id                SERIAL PRIMARY KEY,
    kind              TEXT        NOT NULL CHECK (kind IN ('minutes')),
    record_id         INTEGER     NOT NULL,
    record_version    INTEGER     NOT NULL,
    signer_id         INTEGER     NOT NULL REFERENCES users (id),
    signer_name       TEXT        NOT NULL,
    role              TEXT        NOT NULL,
    method            TEXT        NOT NULL CHECK (method IN ('password', 'totp')),
    signed_at         TIMESTAMPTZ NOT NULL,
    document_sha256   TEXT        NOT NULL CHECK (document_sha256 ~ '^[0-9a-f]{64}$'),
    signed_sha256     TEXT        NOT NULL UNIQUE CHECK (signed_sha256 ~ '^[0-9a-f]{64}$'),
    verification_code TEXT        NOT NULL UNIQUE CHECK (verification_code ~ '^[A-Z2-7]{5}-[A-Z2-7]{5}$'),
    file_key          TEXT        NOT NULL,
    file_name         TEXT        NOT NULL,
    -- One signature per version of a record: a correction is a new version to sign.
    UNIQUE (kind, record_id, record_version)
);

-- A signature is evidence: nobody changes or removes it, not even the application.
CREATE FUNCTION signatures_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'signatures are append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER signatures_append_only
    BEFORE UPDATE OR DELETE ON signatures
    FOR EACH ROW EXECUTE FUNCTION signatures_append_only();

-- One key for the portal: made by the first server to start, read by every other.
CREATE TABLE signing_keys (
    id              INTEGER     PRIMARY KEY CHECK (id = 1),
    sealed_key      TEXT        NOT NULL,
    certificate_pem TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Checks on the public verification page are throttled like sign-in.
ALTER TABLE sign_in_attempts DROP CONSTRAINT sign_in_attempts_scope_check;
ALTER TABLE sign_in_attempts ADD CONSTRAINT sign_in_attempts_scope_check
    CHECK (scope IN ('password', 'code', 'reset', 'verify'));
