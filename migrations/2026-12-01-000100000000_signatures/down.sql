DELETE FROM sign_in_attempts WHERE scope = 'verify';
ALTER TABLE sign_in_attempts DROP CONSTRAINT sign_in_attempts_scope_check;
ALTER TABLE sign_in_attempts ADD CONSTRAINT sign_in_attempts_scope_check
    CHECK (scope IN ('password', 'code', 'reset'));
DROP TABLE signing_keys;
DROP TRIGGER signatures_append_only ON signatures;
DROP TABLE signatures;
DROP FUNCTION signatures_append_only();
