# Trustee Portal: `make run` serves the portal, `make test` runs every check and test.
# Both install what they need, and find or start PostgreSQL (scripts/ensure-postgres.sh).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8080
LOCAL := .local
DB_NAME ?= trustee_portal
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)

.PHONY: help run test deps test-deps system-deps frontend-deps build build-server build-frontend \
        lint-rust test-rust test-frontend check-deploy test-backup-restore schema db-stop clean

help:
	@echo "make run    build and serve the portal on http://localhost:$(PORT)"
	@echo "make test   formatting, lints and every test (needs nothing but this machine)"

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

# Development settings: the JWT secret is generated into the data folder; the first admin's password is
# generated once into .local/admin-password and printed at every start.
run: deps build
	@mkdir -p $(LOCAL)/data
	@[ -s $(LOCAL)/admin-password ] || { umask 077; python3 -c 'import secrets; a="ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789"; print("".join(secrets.choice(a) for _ in range(16)), end="")' > $(LOCAL)/admin-password; }
	@server=$$(scripts/ensure-postgres.sh); \
	  psql "$$server/postgres" -Atqc "select 1 from pg_database where datname='$(DB_NAME)'" | grep -q 1 \
	    || psql "$$server/postgres" -qc 'create database $(DB_NAME)'; \
	  echo; \
	  echo "  Trustee Portal: http://localhost:$(PORT)"; \
	  echo "  First admin:    admin@example.org / $$(cat $(LOCAL)/admin-password)"; \
	  echo "                  (the first start's password; if you changed it, use yours)"; \
	  echo; \
	  APP_ENV=development DATABASE_URL="$$server/$(DB_NAME)" PORT=$(PORT) DATA_DIR=$(LOCAL)/data \
	  STATIC_DIR=frontend/dist ADMIN_EMAIL=admin@example.org ADMIN_PASSWORD="$$(cat $(LOCAL)/admin-password)" \
	  exec $(TARGET_DIR)/release/trustee-portal serve

db-stop:
	@if [ -f $(LOCAL)/pg/data/postmaster.pid ]; then \
	  bin=$$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1); \
	  if [ "$$(id -u)" -eq 0 ]; then runuser -u postgres -- $$bin/pg_ctl -D $(LOCAL)/pg/data stop; \
	  else $$bin/pg_ctl -D $(LOCAL)/pg/data stop; fi; fi

## --- test -----------------------------------------------------------------------------------

test: deps test-deps lint-rust test-rust check-deploy test-backup-restore
	@echo "All checks and tests passed."

lint-rust:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings

# Each test binary creates and drops its own database on this server.
test-rust:
	@server=$$(scripts/ensure-postgres.sh); \
	  TEST_DATABASE_URL="$$server/postgres" $(CARGO) test --locked --workspace

test-frontend: frontend-deps
	cd frontend && npm run format:check && npm run lint && npm run typecheck && npm test

# Back up a running portal, wipe it, restore it: the same documents download byte for byte.
test-backup-restore:
	$(CARGO) build --locked --bin trustee-portal
	@TRUSTEE_PORTAL_BIN=$(TARGET_DIR)/debug/trustee-portal scripts/test-backup-restore.sh

check-deploy:
	@if [ -x scripts/check-deploy.sh ]; then scripts/check-deploy.sh; fi

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
