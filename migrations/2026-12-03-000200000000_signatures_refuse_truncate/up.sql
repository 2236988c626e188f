-- Signatures are append-only (docs/spec.md §16): TRUNCATE, which row triggers do not see, is refused too.
CREATE TRIGGER signatures_refuse_truncate
    BEFORE TRUNCATE ON signatures
    FOR EACH STATEMENT EXECUTE FUNCTION signatures_append_only();
