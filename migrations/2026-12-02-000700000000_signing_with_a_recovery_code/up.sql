-- Signing with a recovery code (docs/spec.md §16 Signing): a trustee who lost their phone still signs with
-- one of their two-factor recovery codes, and the signature records that, not an authenticator's code.
ALTER TABLE signatures DROP CONSTRAINT signatures_method_check;
ALTER TABLE signatures ADD CONSTRAINT signatures_method_check
    CHECK (method IN ('password', 'totp', 'recovery_code'));
