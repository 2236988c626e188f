#!/usr/bin/env python3
"""Checks docker-compose.yml, .env.example and the Dockerfiles without a Docker engine.

    python3 scripts/check-compose.py

1. When a docker client with the compose plugin works, `docker compose config -q` validates the file
   (in a temp copy with .env made from .env.example, so no real .env is needed).
2. Always: the file is parsed (PyYAML; else `ruby -ryaml`; else a small parser for the block-YAML subset
   the file uses) and these rules are asserted:
   - services db, api and web exist; db runs postgres:16 with a pg_isready healthcheck;
   - named volumes hold the database (/var/lib/postgresql/data) and the API's files (/data);
   - web publishes port 8080 (by default) to 80; api publishes nothing and reads env_file .env;
   - a mail service runs Mailpit (inbox on the loopback only) and api's SMTP_URL defaults to it;
   - api depends on db being healthy, builds deploy/Dockerfile.api, sets TRUST_PROXY=true;
   - deploy/Dockerfile.api ends as a non-root USER; deploy/Dockerfile.web renders deploy/nginx.conf;
   - profile `scale` (docs/operations.md "Running more than one server"): app-1 and app-2 run the API image
     with the api's database and JWT secret, the files in S3 (FILE_STORE_URL=s3://..., AWS_ENDPOINT_URL
     http://minio:9000), after db is healthy and minio-init has made the bucket; minio keeps its data on
     a named volume and is not published; balancer builds deploy/Dockerfile.web with both apps as its
     upstreams and publishes port 80; api and web stay outside any profile;
   - every variable referenced in docker-compose.yml, and every one the server reads
     (crates/server/src), is documented in .env.example with a comment, and in docs/operations.md.
Exits 1 with the list of problems, 0 when all hold.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
COMPOSE = os.path.join(ROOT, "docker-compose.yml")
ENV_EXAMPLE = os.path.join(ROOT, ".env.example")
DOCKERFILE_API = os.path.join(ROOT, "deploy", "Dockerfile.api")
DOCKERFILE_WEB = os.path.join(ROOT, "deploy", "Dockerfile.web")
SERVER_SRC = os.path.join(ROOT, "crates", "server", "src")

problems = []


def problem(message):
    problems.append(message)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# --- YAML ------------------------------------------------------------------------------------------------

def _scalar(text):
    text = text.strip()
    if not text:
        return None
    if text[0] in "\"'":
        quote = text[0]
        end = text.rfind(quote)
        inner = text[1:end] if end > 0 else text[1:]
        if quote == '"':
            inner = inner.replace('\\"', '"').replace("\\\\", "\\")
        else:
            inner = inner.replace("''", "'")
        return inner
    if text[0] == "[" and text.endswith("]"):
        return [_scalar(part) for part in _split_flow(text[1:-1])]
    if text in ("true", "True"):
        return True
    if text in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _split_flow(text):
    parts, current, quote = [], "", None
    for ch in text:
        if quote:
            current += ch
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            current += ch
        elif ch == ",":
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts


def _strip_comment(line):
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def minimal_yaml(text):
    """Block mappings, block sequences of scalars or mappings, flow lists, quoted and plain scalars."""
    lines = []
    for raw in text.splitlines():
        line = _strip_comment(raw)
        if line.strip():
            lines.append((len(line) - len(line.lstrip(" ")), line.strip()))

    def parse_block(i, indent):
        if i >= len(lines):
            return None, i
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return parse_seq(i, lines[i][0])
        return parse_map(i, lines[i][0])

    def parse_map(i, indent):
        result = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            content = lines[i][1]
            m = re.match(r"^(\"[^\"]*\"|'[^']*'|[^:]+?):(?:\s+(.*))?$", content)
            if not m:
                raise ValueError("cannot parse line: " + content)
            key = _scalar(m.group(1))
            rest = m.group(2)
            i += 1
            if rest is None or rest == "":
                if i < len(lines) and (lines[i][0] > indent or (lines[i][0] == indent and lines[i][1].startswith("- "))):
                    value, i = parse_block(i, lines[i][0])
                else:
                    value = None
            else:
                value = _scalar(rest)
            result[key] = value
        return result, i

    def parse_seq(i, indent):
        result = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            content = lines[i][1][1:].strip()
            if re.match(r"^(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_.-]+):(\s|$)", content):
                # A mapping inside the sequence: re-read this line as the first key, indented.
                lines[i] = (indent + 2, content)
                value, i = parse_map(i, indent + 2)
                result.append(value)
            else:
                result.append(_scalar(content))
                i += 1
        return result, i

    value, _ = parse_block(0, 0)
    return value


def load_compose(text):
    forced = os.environ.get("CHECK_COMPOSE_PARSER")
    if forced in (None, "", "pyyaml"):
        try:
            import yaml  # noqa: PLC0415

            return yaml.safe_load(text), "PyYAML"
        except ImportError:
            if forced == "pyyaml":
                raise
    if forced in (None, "", "ruby") and shutil.which("ruby"):
        out = subprocess.run(
            ["ruby", "-ryaml", "-rjson", "-e", "puts JSON.generate(YAML.safe_load(STDIN.read, aliases: true))"],
            input=text, capture_output=True, text=True, check=False,
        )
        if out.returncode == 0:
            return json.loads(out.stdout), "ruby YAML"
    return minimal_yaml(text), "built-in minimal parser"


# --- docker compose config ------------------------------------------------------------------------------

def docker_compose_config():
    docker = shutil.which("docker")
    if not docker:
        return "skipped (no docker client)"
    try:
        probe = subprocess.run([docker, "compose", "version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "skipped (docker compose did not answer)"
    if probe.returncode != 0:
        return "skipped (no compose plugin)"
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(COMPOSE, os.path.join(tmp, "docker-compose.yml"))
        env = read(ENV_EXAMPLE)
        env = re.sub(r"(?m)^POSTGRES_PASSWORD=.*$", "POSTGRES_PASSWORD=0123456789abcdef", env)
        env = re.sub(r"(?m)^JWT_SECRET=.*$", "JWT_SECRET=" + "0" * 64, env)
        env = re.sub(r"(?m)^SECRETS_KEY=.*$", "SECRETS_KEY=" + "1" * 64, env)
        with open(os.path.join(tmp, ".env"), "w", encoding="utf-8") as f:
            f.write(env)
        out = subprocess.run(
            [docker, "compose", "--project-directory", tmp, "-f", os.path.join(tmp, "docker-compose.yml"),
             "config", "-q"],
            capture_output=True, text=True, timeout=30,
        )
    if out.returncode != 0:
        problem("docker compose config rejected docker-compose.yml:\n" + (out.stderr or out.stdout).strip())
        return "failed"
    return "ok"


# --- Rules ----------------------------------------------------------------------------------------------

def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def env_file_paths(service):
    paths = []
    for item in as_list(service.get("env_file")):
        paths.append(item.get("path") if isinstance(item, dict) else item)
    return paths


def environment(service):
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) if "=" in item else (item, None) for item in env)
    return env


def volume_sources(service):
    sources = {}
    for item in as_list(service.get("volumes")):
        if isinstance(item, dict):
            sources[item.get("target")] = item.get("source")
        else:
            parts = str(item).split(":")
            if len(parts) >= 2:
                sources[parts[1]] = parts[0]
    return sources


def default_of(text):
    """'${WEB_PORT:-8080}:80' -> '8080:80' (the value compose uses when the variable is unset)."""
    return re.sub(r"\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-?])([^}]*)\}", lambda m: m.group(1), text)


def published_ports(service):
    result = []
    for item in as_list(service.get("ports")):
        if isinstance(item, dict):
            result.append((str(item.get("published")), str(item.get("target"))))
        else:
            parts = default_of(str(item)).split(":")
            if len(parts) >= 2:
                result.append((parts[-2], parts[-1]))
            else:
                result.append(("(random)", parts[0]))
    return result


def check_compose(data, raw):
    if not isinstance(data, dict):
        problem("docker-compose.yml is not a mapping")
        return
    services = data.get("services") or {}
    named_volumes = set((data.get("volumes") or {}).keys())
    for name in ("db", "api", "web"):
        if name not in services:
            problem(f"service '{name}' is missing")
    db, api, web = (services.get(n) or {} for n in ("db", "api", "web"))

    if db:
        if str(db.get("image")) != "postgres:16":
            problem(f"db must run image postgres:16, not {db.get('image')}")
        source = volume_sources(db).get("/var/lib/postgresql/data")
        if not source or source not in named_volumes:
            problem("db must keep /var/lib/postgresql/data on a named volume (declared under volumes:)")
        test = " ".join(str(t) for t in as_list((db.get("healthcheck") or {}).get("test")))
        if "pg_isready" not in test:
            problem("db needs a healthcheck running pg_isready")
        if db.get("ports"):
            problem("db must not be published to the host")

    if api:
        if api.get("ports"):
            problem("api must not be published to the host (only web reaches it)")
        if ".env" not in env_file_paths(api):
            problem("api must read env_file .env")
        source = volume_sources(api).get("/data")
        if not source or source not in named_volumes:
            problem("api must keep /data (DATA_DIR) on a named volume")
        env = environment(api)
        if str(env.get("DATA_DIR")) != "/data":
            problem("api must set DATA_DIR=/data")
        if str(env.get("TRUST_PROXY")).lower() != "true":
            problem("api must set TRUST_PROXY=true (it runs behind nginx)")
        depends = api.get("depends_on") or {}
        if not isinstance(depends, dict) or (depends.get("db") or {}).get("condition") != "service_healthy":
            problem("api must depend on db with condition service_healthy")
        build = api.get("build") or {}
        if not isinstance(build, dict) or build.get("dockerfile") != "deploy/Dockerfile.api":
            problem("api must build deploy/Dockerfile.api")

    mail = services.get("mail") or {}
    if not mail:
        problem("service 'mail' (Mailpit, the default SMTP server in compose) is missing")
    else:
        if not str(mail.get("image", "")).startswith("axllent/mailpit"):
            problem(f"mail must run axllent/mailpit, not {mail.get('image')}")
        if any(not str(item).startswith("127.0.0.1:") for item in as_list(mail.get("ports"))):
            problem("mail may publish its web inbox on the loopback only")
    if api and "smtp://mail:1025" not in str(environment(api).get("SMTP_URL")):
        problem("api must default SMTP_URL to the mail service (smtp://mail:1025)")

    if web:
        ports = published_ports(web)
        if not any(published.endswith("8080") and target == "80" for published, target in ports):
            problem(f"web must publish 8080 (by default) to port 80, found {ports or 'nothing'}")
        build = web.get("build") or {}
        if not isinstance(build, dict) or build.get("dockerfile") != "deploy/Dockerfile.web":
            problem("web must build deploy/Dockerfile.web")
        if "api" not in (web.get("depends_on") or {}):
            problem("web must depend on api")

    check_scale_profile(services, named_volumes, api)

    # Every variable the file references must be documented in .env.example.
    referenced = set(re.findall(r"(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)", raw))
    referenced |= set(re.findall(r"(?<!\$)\$([A-Za-z_][A-Za-z0-9_]*)", raw))
    return referenced


def check_scale_profile(services, named_volumes, api):
    """Profile `scale`: two API processes on one database and one bucket, behind nginx."""
    def in_scale(name):
        service = services.get(name)
        if not service:
            problem(f"profile scale: service '{name}' is missing")
            return {}
        if "scale" not in as_list(service.get("profiles")):
            problem(f"service '{name}' must be in profile scale")
        return service

    for name in ("api", "web", "db", "mail"):
        if (services.get(name) or {}).get("profiles"):
            problem(f"service '{name}' must stay outside any profile (plain `docker compose up`)")
    api_env = environment(api) if api else {}
    apps = [in_scale("app-1"), in_scale("app-2")]
    for n, app in enumerate(apps, start=1):
        if not app:
            continue
        name = f"app-{n}"
        build = app.get("build") or {}
        if not isinstance(build, dict) or build.get("dockerfile") != "deploy/Dockerfile.api":
            problem(f"{name} must build deploy/Dockerfile.api")
        if app.get("ports"):
            problem(f"{name} must not be published to the host (only the balancer reaches it)")
        env = environment(app)
        for same in ("DATABASE_URL", "JWT_SECRET", "SECRETS_KEY"):
            if str(env.get(same)) != str(api_env.get(same)):
                problem(f"{name} must use the same {same} as api (one database, one signing and sealing key)")
        if str(env.get("TRUST_PROXY")).lower() != "true":
            problem(f"{name} must set TRUST_PROXY=true (it runs behind nginx)")
        if not str(env.get("FILE_STORE_URL", "")).startswith("s3://"):
            problem(f"{name} must keep its files in S3 (FILE_STORE_URL=s3://bucket/prefix)")
        if str(env.get("AWS_ENDPOINT_URL")) != "http://minio:9000":
            problem(f"{name} must reach MinIO with AWS_ENDPOINT_URL=http://minio:9000")
        for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"):
            if not env.get(key):
                problem(f"{name} must set {key}")
        depends = app.get("depends_on") or {}
        if not isinstance(depends, dict) or (depends.get("db") or {}).get("condition") != "service_healthy":
            problem(f"{name} must depend on db with condition service_healthy")
        if not isinstance(depends, dict) or \
                (depends.get("minio-init") or {}).get("condition") != "service_completed_successfully":
            problem(f"{name} must wait for minio-init (condition service_completed_successfully)")
    if all(apps):
        env1, env2 = environment(apps[0]), environment(apps[1])
        if env1 != env2:
            problem("app-1 and app-2 must have the same environment")

    minio = in_scale("minio")
    if minio:
        if not str(minio.get("image", "")).startswith("minio/minio"):
            problem(f"minio must run minio/minio, not {minio.get('image')}")
        if minio.get("ports"):
            problem("minio must not be published to the host")
        source = volume_sources(minio).get("/data")
        if not source or source not in named_volumes:
            problem("minio must keep /data on a named volume")
    init = in_scale("minio-init")
    if init and "mc mb --ignore-existing" not in " ".join(str(c) for c in as_list(init.get("command"))):
        problem("minio-init must create the bucket (mc mb --ignore-existing)")

    balancer = in_scale("balancer")
    if balancer:
        build = balancer.get("build") or {}
        if not isinstance(build, dict) or build.get("dockerfile") != "deploy/Dockerfile.web":
            problem("balancer must build deploy/Dockerfile.web")
        upstreams = str(((build.get("args") or {}) if isinstance(build, dict) else {}).get("API_UPSTREAM", ""))
        if sorted(upstreams.split(",")) != ["app-1:8080", "app-2:8080"]:
            problem(f"balancer must balance between app-1:8080 and app-2:8080 (API_UPSTREAM), not '{upstreams}'")
        if not any(target == "80" for _, target in published_ports(balancer)):
            problem("balancer must publish its port 80")
        depends = balancer.get("depends_on") or {}
        if not all(name in depends for name in ("app-1", "app-2")):
            problem("balancer must depend on app-1 and app-2")
    if os.path.isfile(DOCKERFILE_WEB) and "ARG API_UPSTREAM" not in read(DOCKERFILE_WEB):
        problem("deploy/Dockerfile.web must take the upstream as build argument API_UPSTREAM")


def documented_variables():
    """Variables assigned in .env.example (also commented out), each preceded by a comment line."""
    documented, undocumented = set(), []
    previous = ""
    for line in read(ENV_EXAMPLE).splitlines():
        stripped = line.strip()
        m = re.match(r"^#?\s*([A-Z][A-Z0-9_]*)=", stripped)
        if m:
            documented.add(m.group(1))
            if not previous.startswith("#") or re.match(r"^#?\s*[A-Z][A-Z0-9_]*=", previous):
                undocumented.append(m.group(1))
        previous = stripped
    return documented, undocumented


def server_variables():
    names = set()
    if not os.path.isdir(SERVER_SRC):
        return names
    pattern = re.compile(r"\b(?:var|flag|env::var|env::var_os|try_from_env)\(\s*\"([A-Z][A-Z0-9_]+)\"")
    for dirpath, _, files in os.walk(SERVER_SRC):
        for name in files:
            if name.endswith(".rs"):
                names |= set(pattern.findall(read(os.path.join(dirpath, name))))
    return names


def final_stage_user(dockerfile):
    user = None
    for line in read(dockerfile).splitlines():
        words = line.strip().split()
        if not words or words[0].startswith("#"):
            continue
        if words[0].upper() == "FROM":
            user = None
        elif words[0].upper() == "USER" and len(words) > 1:
            user = words[1]
    return user


def check_dockerfiles():
    if not os.path.isfile(DOCKERFILE_API):
        problem("deploy/Dockerfile.api is missing")
    else:
        user = final_stage_user(DOCKERFILE_API)
        if user is None or user.split(":")[0] in ("root", "0"):
            problem(f"deploy/Dockerfile.api must run as a non-root USER in its final stage (found {user})")
        text = read(DOCKERFILE_API)
        if "debian:bookworm-slim" not in text or "libpq5" not in text:
            problem("deploy/Dockerfile.api should run on debian:bookworm-slim with libpq5")
    if not os.path.isfile(DOCKERFILE_WEB):
        problem("deploy/Dockerfile.web is missing")
    else:
        text = read(DOCKERFILE_WEB)
        if "render-nginx.sh" not in text or "deploy/nginx.conf" not in text:
            problem("deploy/Dockerfile.web must render deploy/nginx.conf with scripts/render-nginx.sh")


def main():
    for path in (COMPOSE, ENV_EXAMPLE):
        if not os.path.isfile(path):
            print(f"check-compose: FAIL: {os.path.relpath(path, ROOT)} is missing", file=sys.stderr)
            return 1
    raw = read(COMPOSE)
    compose_status = docker_compose_config()
    try:
        data, parser = load_compose(raw)
    except Exception as e:  # noqa: BLE001 - any parse error is a failed check
        print(f"check-compose: FAIL: docker-compose.yml does not parse: {e}", file=sys.stderr)
        return 1
    referenced = check_compose(data, raw) or set()
    check_dockerfiles()

    documented, uncommented = documented_variables()
    missing = sorted(referenced - documented)
    if missing:
        problem("variables used in docker-compose.yml but not documented in .env.example: " + ", ".join(missing))
    missing = sorted(server_variables() - documented)
    if missing:
        problem("variables the server reads (crates/server/src) but .env.example does not document: "
                + ", ".join(missing) + " (document them there and in docs/operations.md)")
    operations = os.path.join(ROOT, "docs", "operations.md")
    if os.path.isfile(operations):
        guide = read(operations)
        missing = sorted(v for v in (server_variables() | referenced) if "`" + v + "`" not in guide)
        if missing:
            problem("variables not in the configuration tables of docs/operations.md: " + ", ".join(missing))
    else:
        problem("docs/operations.md is missing")
    if uncommented:
        problem("variables in .env.example without a comment line above them: " + ", ".join(uncommented))

    if problems:
        for p in problems:
            print(f"check-compose: FAIL: {p}", file=sys.stderr)
        return 1
    print(f"check-compose: OK (parsed with {parser}; docker compose config: {compose_status}; "
          f"{len(referenced)} variables referenced, all documented)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
