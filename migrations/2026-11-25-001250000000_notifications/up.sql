-- Notifications and reminders (spec §11 Notifications and reminders). See docs/operations.md "Notifications".

-- Each user's choices. No row means the defaults: every kind on, single mails, every category followed.
CREATE TABLE notification_settings (
    user_id             INTEGER     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    disabled_kinds      TEXT[]      NOT NULL DEFAULT '{}',
    weekly_digest       BOOLEAN     NOT NULL DEFAULT false,
    followed_categories TEXT[]      NOT NULL
        DEFAULT '{governance,finance,safeguarding,risk-register,policies,misc}',
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Events that cause notifications, written by the triggers below in the SAME transaction as the write that
-- causes them (so they are never lost nor sent for a rolled-back write). A worker claims pending rows
-- (FOR UPDATE SKIP LOCKED) and expands each into per-recipient outbox messages or digest items, marking it
-- processed in that one transaction.
CREATE TABLE notification_events (
    id           BIGSERIAL   PRIMARY KEY,
    kind         TEXT        NOT NULL CHECK (kind IN
                     ('action-assigned', 'meeting-scheduled', 'meeting-changed', 'notice-high', 'document-new')),
    subject_id   INTEGER     NOT NULL,
    -- The assignee of an assigned action; NULL for events addressed to an audience.
    recipient_id INTEGER,
    -- Who caused it when the row says so (creator, uploader); they are not told about their own act.
    actor_id     INTEGER,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    processed_at TIMESTAMPTZ
);
CREATE INDEX notification_events_pending_idx ON notification_events (id) WHERE processed_at IS NULL;

-- Scheduled notifications already sent (or put in a digest): one row per kind, subject, recipient and
-- occasion, inserted with ON CONFLICT DO NOTHING in the transaction that queues the mail, so each is sent once
-- even with two server processes or after a restart.
CREATE TABLE notification_ledger (
    kind         TEXT        NOT NULL,
    subject_id   BIGINT      NOT NULL,
    recipient_id INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    occasion     TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, subject_id, recipient_id, occasion)
);

-- What a user who chose the weekly digest would have received singly; the digest job sends and stamps them.
CREATE TABLE notification_digest_items (
    id         BIGSERIAL   PRIMARY KEY,
    user_id    INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT        NOT NULL,
    summary    TEXT        NOT NULL,
    link       TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at    TIMESTAMPTZ
);
CREATE INDEX notification_digest_items_pending_idx ON notification_digest_items (user_id) WHERE sent_at IS NULL;

-- The newest committee message each member has fetched with the chat open, and the newest one an "unread
-- messages" mail has covered.
CREATE TABLE committee_read_markers (
    committee_id     INTEGER NOT NULL REFERENCES committees (id) ON DELETE CASCADE,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_read_id     BIGINT  NOT NULL DEFAULT 0,
    last_notified_id BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (committee_id, user_id)
);
-- Messages written before this release count as read: nobody gets mail about old conversations.
INSERT INTO committee_read_markers (committee_id, user_id, last_read_id, last_notified_id)
SELECT m.committee_id, m.user_id, coalesce(max(msg.id), 0), coalesce(max(msg.id), 0)
FROM committee_members m LEFT JOIN committee_messages msg ON msg.committee_id = m.committee_id
GROUP BY m.committee_id, m.user_id;

-- Files sent with a queued message (a meeting's .ics), in the same transaction as the message.
CREATE TABLE mail_attachments (
    id           BIGSERIAL PRIMARY KEY,
    outbox_id    BIGINT    NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
    filename     TEXT      NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
    content_type TEXT      NOT NULL CHECK (length(content_type) BETWEEN 3 AND 200),
    content      BYTEA     NOT NULL
);
CREATE INDEX mail_attachments_outbox_idx ON mail_attachments (outbox_id);

CREATE FUNCTION notification_on_action() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.assigned_to IS NOT NULL
       AND (TG_OP = 'INSERT' OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to) THEN
        INSERT INTO notification_events (kind, subject_id, recipient_id, actor_id)
        VALUES ('action-assigned', NEW.id, NEW.assigned_to,
                CASE WHEN TG_OP = 'INSERT' THEN NEW.created_by END);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER actions_notification AFTER INSERT OR UPDATE OF assigned_to ON actions
    FOR EACH ROW EXECUTE FUNCTION notification_on_action();

CREATE FUNCTION notification_on_meeting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO notification_events (kind, subject_id, actor_id)
        VALUES ('meeting-scheduled', NEW.id, NEW.created_by);
    ELSIF ROW(NEW.title, NEW.meeting_date, NEW.location, NEW.meeting_link)
          IS DISTINCT FROM ROW(OLD.title, OLD.meeting_date, OLD.location, OLD.meeting_link) THEN
        INSERT INTO notification_events (kind, subject_id) VALUES ('meeting-changed', NEW.id);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER meetings_notification AFTER INSERT OR UPDATE ON meetings
    FOR EACH ROW EXECUTE FUNCTION notification_on_meeting();

CREATE FUNCTION notification_on_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.priority = 'high' THEN
        INSERT INTO notification_events (kind, subject_id, actor_id) VALUES ('notice-high', NEW.id, NEW.created_by);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER notices_notification AFTER INSERT ON notices
    FOR EACH ROW EXECUTE FUNCTION notification_on_notice();

CREATE FUNCTION notification_on_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO notification_events (kind, subject_id, actor_id) VALUES ('document-new', NEW.id, NEW.uploaded_by);
    RETURN NULL;
END $$;
CREATE TRIGGER documents_notification AFTER INSERT ON documents
    FOR EACH ROW EXECUTE FUNCTION notification_on_document();
