-- The audit trail (spec §12 Audit log): an append-only record of who did what, when, to which object.
--
-- Append-only is enforced here, not only by the API: a trigger refuses UPDATE, DELETE and TRUNCATE. The
-- two exceptions are the ones the design needs:
--   * deleting a user sets actor_id to NULL (the foreign key's ON DELETE SET NULL); actor_name and
--     actor_email were copied when the event was recorded, so the history still reads. Only that change,
--     made by the foreign key's own trigger, passes.
--   * pruning past the retention period (AUDIT_RETENTION_DAYS) runs in a transaction that has said
--     `SET LOCAL trustee.audit_prune = 'on'` (persistence::audit, PgAuditTrail::prune).
CREATE TABLE audit_events (
    id BIGSERIAL PRIMARY KEY,
    occurred_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    actor_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_name TEXT,
    actor_email TEXT,
    kind TEXT NOT NULL CHECK (kind IN (
        'sign_in_succeeded', 'sign_in_failed', 'signed_out',
        'password_changed', 'password_reset',
        'mfa_enabled', 'mfa_disabled', 'mfa_reset', 'recovery_codes_regenerated', 'session_revoked',
        'user_created', 'user_updated', 'user_role_changed', 'user_status_changed', 'user_deleted',
        'document_uploaded', 'document_deleted', 'document_downloaded', 'document_viewed',
        'minutes_uploaded', 'minutes_deleted', 'minutes_downloaded', 'minutes_viewed',
        'committee_member_added', 'committee_member_removed',
        'committee_document_uploaded', 'committee_document_deleted', 'committee_document_downloaded',
        'notice_deleted', 'settings_changed'
    )),
    object_type TEXT,
    object_id TEXT,
    object_label TEXT,
    details TEXT,
    client_address TEXT
);

CREATE INDEX audit_events_newest ON audit_events (occurred_at DESC, id DESC);
CREATE INDEX audit_events_by_actor ON audit_events (actor_id, occurred_at DESC);
CREATE INDEX audit_events_by_kind ON audit_events (kind, occurred_at DESC);

CREATE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        -- The foreign key's ON DELETE SET NULL runs inside its own trigger (depth > 1) and changes
        -- actor_id alone, to NULL.
        IF pg_trigger_depth() > 1 AND NEW.actor_id IS NULL
           AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
            RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_events is append-only: rows cannot be changed'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF current_setting('trustee.audit_prune', true) = 'on' THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
    END IF;
    RAISE EXCEPTION 'audit_events is append-only: rows are removed only by pruning past the retention period'
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_events_no_update_or_delete
    BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

CREATE TRIGGER audit_events_no_truncate
    BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
