-- Signatures are evidence and append-only: those confirmed with a recovery code are kept, not deleted or
-- rewritten as 'totp' (which would be false). The narrower check is restored for new rows only (NOT
-- VALID); an older server cannot read those rows (docs/operations.md, Upgrading).
ALTER TABLE signatures DROP CONSTRAINT signatures_method_check;
ALTER TABLE signatures ADD CONSTRAINT signatures_method_check
    CHECK (method IN ('password', 'totp')) NOT VALID;
