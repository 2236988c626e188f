#!/usr/bin/env python3
"""Renders docs/api-contract.md, the wire format at a glance, from the OpenAPI document on stdin.

The document (`trustee-portal openapi`) is the one source; this page is generated from it by
`make api-types` and checked by `make test`. Rules, permissions and messages are in docs/api.md.
"""
import json
import sys


def type_of(schema, schemas):
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return " | ".join(type_of(s, schemas) for s in schema[key])
    if "allOf" in schema:
        return " & ".join(type_of(s, schemas) for s in schema["allOf"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    kind = schema.get("type", "any")
    kinds = kind if isinstance(kind, list) else [kind]
    names = []
    for k in kinds:
        if k == "array":
            names.append(type_of(schema.get("items", {}), schemas) + "[]")
        elif k == "string" and schema.get("format") in ("date", "date-time", "binary"):
            names.append(schema["format"])
        else:
            names.append(k)
    return " | ".join(names)


def limits(schema):
    notes = []
    for key, label in (("minLength", "min length"), ("maxLength", "max length"), ("minimum", "min"),
                       ("maximum", "max"), ("pattern", "pattern")):
        if key in schema:
            notes.append(f"{label} {schema[key]}")
    return notes


def render(doc):
    schemas = doc.get("components", {}).get("schemas", {})
    out = [
        "<!-- Generated from the OpenAPI document by scripts/api-contract.py (make api-types); do not edit. -->",
        "# API contract (the wire format at a glance)",
        "",
        "Generated from the OpenAPI document the server serves at `GET /api/openapi.json`, the one source of",
        "the wire format. JSON is camelCase; timestamps are RFC 3339 with a zone; every error is `ErrorBody`",
        "(`{\"message\", \"errors\"?}`). Who may call what, the messages and the rules: `docs/api.md`.",
        "",
        "## Calls",
        "",
        "| Method | Path | Request | Answers |",
        "| --- | --- | --- | --- |",
    ]
    for path, item in doc.get("paths", {}).items():
        for method in ("get", "post", "put", "patch", "delete"):
            op = item.get(method)
            if not op:
                continue
            request = "-"
            body = op.get("requestBody", {}).get("content", {})
            if body:
                media, content = next(iter(body.items()))
                request = f"`{type_of(content.get('schema', {}), schemas)}` ({media})"
            params = [p["name"] for p in op.get("parameters", []) if p.get("in") == "query"]
            if params:
                request = (request + "; " if request != "-" else "") + "query " + ", ".join(f"`{p}`" for p in params)
            answers = []
            for status, response in op.get("responses", {}).items():
                content = response.get("content", {})
                shape = ""
                if content:
                    media, value = next(iter(content.items()))
                    shape = " " + (f"`{type_of(value.get('schema', {}), schemas)}`" if media == "application/json"
                                   else f"({', '.join(content)})")
                answers.append(f"{status}{shape}")
            out.append(f"| {method.upper()} | `{path}` | {request} | {'; '.join(answers)} |")
    out += ["", "## Types", ""]
    for name, schema in sorted(schemas.items()):
        if "properties" not in schema:
            out.append(f"- **{name}**: `{type_of(schema, schemas)}`")
            continue
        required = set(schema.get("required", []))
        out.append(f"- **{name}**")
        for field, prop in schema["properties"].items():
            notes = ([] if field in required else ["optional"]) + limits(prop)
            suffix = f" ({', '.join(notes)})" if notes else ""
            out.append(f"  - `{field}`: `{type_of(prop, schemas)}`{suffix}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render(json.load(sys.stdin)))
