# Trustee Portal: `make run` serves the portal, `make demo` serves it with demo data, `make test` runs every
# check and test.
# Both install what they need, and find or start PostgreSQL (scripts/ensure-postgres.sh).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8080
LOCAL := .local
DB_NAME ?= trustee_portal
DEMO_DB_NAME ?= trustee_portal_demo
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)

.PHONY: help run demo demo-reset test guide-images deps test-deps system-deps frontend-deps build build-server \
        build-frontend lint-rust test-rust test-frontend test-e2e check-deploy test-backup-restore schema \
        api-types check-api-types schemathesis lighthouse bench t test-fast \
        db-stop mail-stop s3-stop oidc-stop clean

help:
	@echo "make run    build and serve the portal on http://localhost:$(PORT)"
	@echo "make demo   the same with a demo board in its own database (make demo-reset starts it again)"
	@echo "make test   formatting, lints and every test (needs nothing but this machine)"
	@echo "make t T=agenda::   the Rust tests matching a filter, with PostgreSQL, MailDev, S3 and the OpenID"
	@echo "                    provider provisioned"
	@echo "make run LOCAL_SSO=1  also 'Sign in with Local ID' through the tests' OpenID provider (any e-mail)"
	@echo "make test-fast      formatting, lints, the Rust unit tests and the front end's checks and tests"
	@echo "                    (no services; a few minutes on a warm build)"
	@echo "make bench  the release portal against a minimal actix-web ceiling (wrk), then search over 10,000"
	@echo "           documents and 100,000 chat messages: docs/performance.md"

## --- installation ---------------------------------------------------------------------------

# System packages the build and tests need, installed with apt-get only when missing.
system-deps:
	@scripts/install-system-deps.sh

frontend-deps: frontend/node_modules/.installed

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	@echo "[frontend] installing npm packages"
	@frontend/scripts/install.sh
	@touch $@

deps: system-deps

# Tests also need nginx (deployment checks, end-to-end) and Chromium (end-to-end).
test-deps:
	@WITH_BROWSER=1 scripts/install-system-deps.sh

# The front end joins every target once it exists.
ifneq ($(wildcard frontend/package.json),)
deps: frontend-deps
test: test-frontend
build: build-frontend
endif

## --- build ----------------------------------------------------------------------------------

build-server:
	$(CARGO) build --release --locked --bin trustee-portal

build-frontend: frontend-deps
	cd frontend && npm run build

build: build-server

## --- run ------------------------------------------------------------------------------------

# Finds or starts PostgreSQL (its URL into $server) and creates the database $(DB_NAME) when missing.
PROVISION_DB = server=$$(scripts/ensure-postgres.sh); \
	  psql "$$server/postgres" -Atqc "select 1 from pg_database where datname='$(DB_NAME)'" | grep -q 1 \
	    || psql "$$server/postgres" -qc 'create database $(DB_NAME)'

# Development settings: the JWT secret and SECRETS_KEY are generated into the data folder; the first admin's password is
# generated once into .local/admin-password and printed at every start.
run: deps build
	@mkdir -p $(LOCAL)/data
	@[ -s $(LOCAL)/admin-password ] || { umask 077; python3 -c 'import secrets; a="ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789"; print("".join(secrets.choice(a) for _ in range(16)), end="")' > $(LOCAL)/admin-password; }
	@$(PROVISION_DB); \
	  mail=$$(scripts/ensure-mail.sh) || mail=""; \
	  smtp=$$(sed -n 's/^SMTP_URL=//p' <<<"$$mail"); inbox=$$(sed -n 's/^MAILDEV_URL=//p' <<<"$$mail"); \
	  echo; \
	  echo "  Trustee Portal: http://localhost:$(PORT)"; \
	  if [ -n "$$inbox" ]; then echo "  Mail inbox:     $$inbox  (every message the portal sends)"; \
	  else echo "  Mail:           no MailDev; messages go to $(LOCAL)/data/outbox-files"; fi; \
	  echo "  First admin:    admin@example.org / $$(cat $(LOCAL)/admin-password)"; \
	  echo "                  (the first start's password; if you changed it, use yours)"; \
	  echo; \
	  if [ -n "$(LOCAL_SSO)" ]; then \
	    oidc=$$(scripts/ensure-oidc.sh); \
	    export OIDC_ISSUER_URL=$$(sed -n 's/^OIDC_ISSUER_URL=//p' <<<"$$oidc") OIDC_CLIENT_ID=$$(sed -n 's/^OIDC_CLIENT_ID=//p' <<<"$$oidc") \
	      OIDC_CLIENT_SECRET=$$(sed -n 's/^OIDC_CLIENT_SECRET=//p' <<<"$$oidc") OIDC_BUTTON_LABEL="Local ID"; \
	    echo "  Single sign-on: $$OIDC_ISSUER_URL  (the tests' provider: any e-mail signs in)"; echo; \
	  fi; \
	  SMTP_URL="$$smtp" PUBLIC_URL=http://localhost:$(PORT) \
	  APP_ENV=development DATABASE_URL="$$server/$(DB_NAME)" PORT=$(PORT) DATA_DIR=$(LOCAL)/data \
	  STATIC_DIR=frontend/dist ADMIN_EMAIL=admin@example.org ADMIN_PASSWORD="$$(cat $(LOCAL)/admin-password)" \
	  exec $(TARGET_DIR)/release/trustee-portal serve

# Like run, on its own database and data folder: seed-demo fills them the first time (it exits 2, and
# changes nothing, once they have content), then the portal serves them. Accounts: README.md.
demo: DB_NAME := $(DEMO_DB_NAME)
demo: deps build
	@mkdir -p $(LOCAL)/demo-data
	@$(PROVISION_DB); \
	  export APP_ENV=development DATABASE_URL="$$server/$(DB_NAME)" DATA_DIR=$(LOCAL)/demo-data; \
	  seeded=0; $(TARGET_DIR)/release/trustee-portal seed-demo || seeded=$$?; \
	  if [ $$seeded -eq 2 ]; then echo "  (The demo database is already seeded: serving it as it is.)"; \
	  elif [ $$seeded -ne 0 ]; then exit $$seeded; fi; \
	  echo; \
	  echo "  Trustee Portal with demo data: http://localhost:$(PORT)"; \
	  echo "  Sign in as margaret.okafor@example.org (chair) / demo-password; other accounts: README.md"; \
	  echo; \
	  PORT=$(PORT) STATIC_DIR=frontend/dist exec $(TARGET_DIR)/release/trustee-portal serve

# Drops the demo database and its files, for a fresh `make demo`.
demo-reset:
	@server=$$(scripts/ensure-postgres.sh); \
	  psql "$$server/postgres" -qc 'drop database if exists $(DEMO_DB_NAME) with (force)'
	rm -rf $(LOCAL)/demo-data

mail-stop:
	@scripts/ensure-mail.sh stop

s3-stop:
	@scripts/ensure-s3.sh stop

oidc-stop:
	@scripts/ensure-oidc.sh stop

db-stop:
	@if [ -f $(LOCAL)/pg/data/postmaster.pid ]; then \
	  bin=$$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1); \
	  if [ "$$(id -u)" -eq 0 ]; then runuser -u postgres -- $$bin/pg_ctl -D $(LOCAL)/pg/data stop; \
	  else $$bin/pg_ctl -D $(LOCAL)/pg/data stop; fi; fi

## --- test -----------------------------------------------------------------------------------

test: deps test-deps lint-rust test-rust check-api-types schemathesis check-deploy test-backup-restore
	@echo "All checks and tests passed."

lint-rust:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings
	python3 scripts/check-module-cycles.py

# Finds or starts the tests' services and exports where they are (TEST_*), for the rest of a recipe line.
# Each test gets its own database on this server (a copy of a migrated template: crates/test-support).
# The mail tests deliver to a real SMTP server (MailDev, scripts/ensure-mail.sh) and read it back.
# The file store's tests run against a real S3-compatible server (moto, scripts/ensure-s3.sh).
# Single sign-on's tests sign in through a real OpenID provider (oidc-provider, scripts/ensure-oidc.sh).
TEST_SERVICES = server=$$(scripts/ensure-postgres.sh); mail=$$(scripts/ensure-mail.sh); s3=$$(scripts/ensure-s3.sh); \
	  oidc=$$(scripts/ensure-oidc.sh); \
	  export TEST_OIDC_ISSUER_URL=$$(sed -n 's/^OIDC_ISSUER_URL=//p' <<<"$$oidc") TEST_OIDC_SECOND_ISSUER_URL=$$(sed -n 's/^OIDC_SECOND_ISSUER_URL=//p' <<<"$$oidc"); \
	  export TEST_OIDC_CLIENT_ID=$$(sed -n 's/^OIDC_CLIENT_ID=//p' <<<"$$oidc") TEST_OIDC_CLIENT_SECRET=$$(sed -n 's/^OIDC_CLIENT_SECRET=//p' <<<"$$oidc"); \
	  export TEST_OIDC_OTHER_CLIENT_ID=$$(sed -n 's/^OIDC_OTHER_CLIENT_ID=//p' <<<"$$oidc"); \
	  export TEST_SMTP_URL=$$(sed -n 's/^SMTP_URL=//p' <<<"$$mail") TEST_MAILDEV_URL=$$(sed -n 's/^MAILDEV_URL=//p' <<<"$$mail"); \
	  export TEST_S3_ENDPOINT_URL=$$(sed -n 's/^S3_ENDPOINT_URL=//p' <<<"$$s3") TEST_S3_BUCKET=$$(sed -n 's/^S3_BUCKET=//p' <<<"$$s3"); \
	  export TEST_DATABASE_URL="$$server/postgres"

# Every Rust test, then the HTTP file tests (documents, committee documents, minutes, upload hardening) a
# second time with every test app on S3 (TEST_FILE_STORE=s3), after the S3 adapter's conformance suite and
# the two-process tests.
S3_FILE_TESTS := documents:: committee_documents:: minutes:: hardening:: body_limits::
test-rust:
	@$(TEST_SERVICES); \
	  $(CARGO) test --locked --workspace; \
	  echo "[s3] the HTTP file tests again, with the files in S3"; \
	  TEST_FILE_STORE=s3 $(CARGO) test --locked -p server --test http -- $(S3_FILE_TESTS)

# The Rust tests whose names match T (cargo test's filter: `make t T=agenda::`, `make t T=sign_in`), with
# the services provisioned as test-rust does.
t:
	@$(TEST_SERVICES); \
	  $(CARGO) test --locked --workspace -- $(T)

# The loop before a commit, without any service: formatting and lints, the Rust unit tests (each crate's
# own, and the binary's), then the front end's checks and Jest. The S3 adapter's tests that need the S3
# server are left to test-rust. Timed in docs/performance.md ("Test suite").
S3_SERVER_TESTS := the_s3_store_passes_the_file_store_conformance_suite \
	uploads_are_invisible_in_the_bucket_until_committed a_bucket_that_does_not_exist_fails_the_start_up_check
test-fast: lint-rust
	$(CARGO) test --locked --workspace --lib --bins -- $(addprefix --skip ,$(S3_SERVER_TESTS))
	@$(MAKE) --no-print-directory test-frontend

test-frontend: frontend-deps
	cd frontend && npm run format:check && npm run lint && npm run typecheck && npm test

# Back up a running portal, wipe it, restore it: the same documents download byte for byte.
# The debug binary comes from the test build (integration tests build it with the tests' features), so
# after test-rust nothing is compiled again.
test-backup-restore:
	$(CARGO) test --locked --workspace --no-run
	@TRUSTEE_PORTAL_BIN=$(TARGET_DIR)/debug/trustee-portal scripts/test-backup-restore.sh

# The front end's wire types come from the server's OpenAPI document: `make api-types` regenerates
# frontend/src/types/api.generated.ts after an endpoint changes; make test fails when it has drifted.
api-types: frontend-deps
	$(CARGO) build --locked --bin trustee-portal
	scripts/api-types.sh

check-api-types: frontend-deps
	$(CARGO) test --locked --workspace --no-run
	TRUSTEE_PORTAL_BIN=$(TARGET_DIR)/debug/trustee-portal scripts/api-types.sh --check

# Property-based tests of the API against its OpenAPI document (docs/api-testing.md).
schemathesis:
	$(CARGO) test --locked --workspace --no-run
	TRUSTEE_PORTAL_BIN=$(TARGET_DIR)/debug/trustee-portal scripts/schemathesis.sh

check-deploy:
	@if [ -x scripts/check-deploy.sh ]; then scripts/check-deploy.sh; fi

# End-to-end (scripts/e2e.sh, e2e/): the debug server on a fresh database and the production front end
# behind the real nginx configuration, driven in Debian's Chromium. Runs last in `make test`: make takes
# the prerequisites of the rule with the recipe first, then those of the other rules in file order.
test: test-e2e

test-e2e: test-deps frontend-deps
	$(CARGO) test --locked --workspace --no-run
	cd frontend && npm run build
	TRUSTEE_PORTAL_BIN=$(TARGET_DIR)/debug/trustee-portal scripts/e2e.sh

# The user guide's pictures (docs/guide-images/, served by /api/user-guide/images/): the browser test that
# takes them on a phone, then copied into the repository. Rebuild the server afterwards to serve them.
guide-images: test-deps frontend-deps
	$(CARGO) build --locked --bin trustee-portal
	cd frontend && npm run build
	TRUSTEE_PORTAL_BIN=$(TARGET_DIR)/debug/trustee-portal scripts/e2e.sh e2e/tests/for-you.test.js
	cp e2e/test-results/guide/*.png docs/guide-images/

# Lighthouse 12 on the signed-in dashboard (scripts/lighthouse.sh): prints the desktop preset's scores (at
# least 98 for performance and 100 for accessibility, also checked by test-e2e) and the mobile preset's.
lighthouse: test-deps frontend-deps
	$(CARGO) build --locked --bin trustee-portal
	cd frontend && npm run build
	TRUSTEE_PORTAL_BIN=$(TARGET_DIR)/debug/trustee-portal scripts/lighthouse.sh

# Regenerates crates/persistence/src/schema.rs from the migrations (needs diesel_cli).
schema:
	@server=$$(scripts/ensure-postgres.sh); db=tp_schema_$$$$; \
	  psql "$$server/postgres" -qc "create database $$db"; \
	  diesel migration run --database-url "$$server/$$db" >/dev/null; \
	  diesel print-schema --database-url "$$server/$$db" > crates/persistence/src/schema.rs; \
	  psql "$$server/postgres" -qc "drop database $$db"

clean:
	$(CARGO) clean
	rm -rf frontend/dist frontend/node_modules

## --- benchmarks -------------------------------------------------------------------------------

# The release portal on a seeded database against a minimal actix-web server answering the
# same bytes, measured with wrk (Debian package, installed when missing). Figures: docs/performance.md.
bench: system-deps build-frontend
	WITH_BENCH=1 scripts/install-system-deps.sh
	cargo build --locked --release -p server -p bench
	CARGO_TARGET_DIR=$(TARGET_DIR) scripts/bench.sh
	CARGO_TARGET_DIR=$(TARGET_DIR) scripts/bench-search.sh
	CARGO_TARGET_DIR=$(TARGET_DIR) scripts/bench-pack.sh
