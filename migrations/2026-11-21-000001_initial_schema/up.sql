-- The whole board schema of spec §3. Enumerations are TEXT with CHECK constraints so that the values on the
-- wire, in Rust and in the database are the same strings.

CREATE TABLE users (
    id                      SERIAL PRIMARY KEY,
    name                    TEXT        NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    email                   TEXT        NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    role                    TEXT        NOT NULL CHECK (role IN ('admin', 'chair', 'trustee')),
    active                  BOOLEAN     NOT NULL DEFAULT TRUE,
    phone                   TEXT        CHECK (phone IS NULL OR length(phone) <= 40),
    password_hash           TEXT        NOT NULL,
    require_password_change BOOLEAN     NOT NULL DEFAULT FALSE,
    -- Carried in every session token; bumping it revokes all of the user's tokens at once.
    token_version           INTEGER     NOT NULL DEFAULT 0,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE password_reset_requests (
    id           SERIAL PRIMARY KEY,
    email        TEXT        NOT NULL CHECK (length(email) <= 254),
    user_id      INTEGER     REFERENCES users (id) ON DELETE CASCADE,
    requested_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    resolved_at  TIMESTAMPTZ
);
CREATE INDEX password_reset_requests_pending_idx ON password_reset_requests (requested_at) WHERE resolved_at IS NULL;

CREATE TABLE documents (
    id          SERIAL PRIMARY KEY,
    title       TEXT        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    category    TEXT        NOT NULL CHECK (category IN ('governance', 'finance', 'safeguarding', 'risk-register', 'policies', 'misc')),
    version     TEXT        NOT NULL DEFAULT '1.0' CHECK (length(version) <= 20),
    file_name   TEXT        NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    mime_type   TEXT        NOT NULL,
    file_size   BIGINT      NOT NULL CHECK (file_size >= 0),
    storage_key TEXT        NOT NULL UNIQUE,
    uploaded_by INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX documents_category_idx ON documents (category);

CREATE TABLE actions (
    id           SERIAL PRIMARY KEY,
    title        TEXT        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    description  TEXT        NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
    -- Kept when the assignee's account is deleted, so nothing the board recorded is lost.
    assigned_to  INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    created_by   INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    due_date     DATE,
    priority     TEXT        NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high')),
    -- 'overdue' is derived from due_date when read, never stored.
    status       TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in-progress', 'complete')),
    completed_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK ((status = 'complete') = (completed_at IS NOT NULL))
);
CREATE INDEX actions_assigned_to_idx ON actions (assigned_to);

CREATE TABLE meetings (
    id           SERIAL PRIMARY KEY,
    title        TEXT        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    description  TEXT        NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
    meeting_date TIMESTAMPTZ NOT NULL,
    location     TEXT        CHECK (location IS NULL OR length(location) <= 200),
    meeting_link TEXT        CHECK (meeting_link IS NULL OR meeting_link ~* '^https?://'),
    agenda_link  TEXT        CHECK (agenda_link IS NULL OR agenda_link ~* '^https?://'),
    created_by   INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX meetings_meeting_date_idx ON meetings (meeting_date);

CREATE TABLE minutes (
    id            SERIAL PRIMARY KEY,
    title         TEXT        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    meeting_date  TIMESTAMPTZ NOT NULL,
    meeting_id    INTEGER     REFERENCES meetings (id) ON DELETE SET NULL,
    file_name     TEXT,
    file_size     BIGINT      CHECK (file_size IS NULL OR file_size >= 0),
    storage_key   TEXT        UNIQUE,
    external_link TEXT        CHECK (external_link IS NULL OR external_link ~* '^https?://'),
    uploaded_by   INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- Exactly one of an uploaded PDF or an external link.
    CHECK ((storage_key IS NOT NULL AND file_name IS NOT NULL AND file_size IS NOT NULL AND external_link IS NULL)
        OR (storage_key IS NULL AND file_name IS NULL AND file_size IS NULL AND external_link IS NOT NULL))
);
CREATE INDEX minutes_meeting_id_idx ON minutes (meeting_id);

CREATE TABLE notices (
    id           SERIAL PRIMARY KEY,
    title        TEXT        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    content      TEXT        NOT NULL CHECK (length(btrim(content)) BETWEEN 1 AND 10000),
    priority     TEXT        NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high')),
    pinned       BOOLEAN     NOT NULL DEFAULT FALSE,
    expires_at   TIMESTAMPTZ,
    created_by   INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    published_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE committees (
    id          SERIAL PRIMARY KEY,
    name        TEXT        NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    description TEXT        NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
    archived    BOOLEAN     NOT NULL DEFAULT FALSE,
    created_by  INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    archived_at TIMESTAMPTZ,
    CHECK (archived = (archived_at IS NOT NULL))
);

CREATE TABLE committee_members (
    committee_id INTEGER     NOT NULL REFERENCES committees (id) ON DELETE CASCADE,
    user_id      INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role         TEXT        NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'committee_chair')),
    joined_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (committee_id, user_id)
);
CREATE INDEX committee_members_user_id_idx ON committee_members (user_id);

CREATE TABLE committee_messages (
    id           BIGSERIAL PRIMARY KEY,
    committee_id INTEGER     NOT NULL REFERENCES committees (id) ON DELETE CASCADE,
    user_id      INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    message      TEXT        NOT NULL CHECK (length(btrim(message)) BETWEEN 1 AND 4000),
    sent_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX committee_messages_committee_idx ON committee_messages (committee_id, id);

CREATE TABLE committee_documents (
    id           SERIAL PRIMARY KEY,
    committee_id INTEGER     NOT NULL REFERENCES committees (id) ON DELETE CASCADE,
    title        TEXT        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 255),
    file_name    TEXT        NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    mime_type    TEXT        NOT NULL,
    file_size    BIGINT      NOT NULL CHECK (file_size >= 0),
    storage_key  TEXT        NOT NULL UNIQUE,
    uploaded_by  INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    uploaded_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX committee_documents_committee_idx ON committee_documents (committee_id);
