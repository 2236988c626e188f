DROP TABLE governance_settings;
DROP TABLE interest_versions;
DROP TABLE interests;
