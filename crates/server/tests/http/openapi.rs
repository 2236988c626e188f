//! `GET /api/openapi.json`: a valid OpenAPI 3 document that names exactly the operations the server serves.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::Value;

/// What a signed-in call answers without a token (`api::extractors`).
const AUTHENTICATION_REQUIRED: &str = "Authentication required. Please sign in.";

/// The calls that need no session token.
const PUBLIC: &[(&str, &str)] = &[
    ("get", "/healthz"),
    ("get", "/readyz"),
    ("get", "/api/openapi.json"),
    ("post", "/api/auth/login"),
    ("post", "/api/auth/register"),
    ("post", "/api/auth/forgot-password"),
    ("post", "/api/auth/reset-password"),
    ("post", "/api/auth/accept-invitation"),
    ("post", "/api/mail/unsubscribe"),
    ("post", "/api/auth/mfa/verify"),
    ("get", "/api/user-guide"),
    ("get", "/api/user-guide/images/{name}"),
    ("get", "/api/documents/{id}/view"),
    ("get", "/api/minutes/{id}/view"),
    ("get", "/api/calendar/feed/{token}.ics"),
    ("get", "/api/signing/certificate"),
    ("post", "/api/verify"),
    ("get", "/api/auth/sso"),
    ("get", "/api/auth/sso/start"),
    ("get", "/api/auth/sso/callback"),
    ("post", "/api/auth/sso/exchange"),
];

const METHODS: &[&str] = &["get", "put", "post", "delete", "patch", "options", "head", "trace"];

fn fetch(app: &TestApp) -> (String, Value) {
    let response = app.get("/api/openapi.json").send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let text = response.text().unwrap();
    let json = serde_json::from_str(&text).unwrap();
    (text, json)
}

/// `(method, path) -> operation` for every operation of the document.
fn operations(doc: &Value) -> BTreeMap<(String, String), Value> {
    let mut operations = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            assert!(METHODS.contains(&method.as_str()), "{path}: `{method}` is not an operation");
            operations.insert((method.clone(), path.clone()), operation.clone());
        }
    }
    operations
}

fn collect_refs(value: &Value, refs: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                match value {
                    Value::String(reference) if key == "$ref" => refs.push(reference.clone()),
                    other => collect_refs(other, refs),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_refs(item, refs)),
        _ => {}
    }
}

/// `{id}` and `{userId}` in a path template.
fn template_parameters(path: &str) -> BTreeSet<String> {
    path.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}'))
        .map(|(name, _)| name.to_string())
        .collect()
}

#[test]
fn the_document_is_valid_openapi_3_with_a_bearer_scheme() {
    let app = TestApp::spawn();
    let (text, doc) = fetch(&app);

    let spec = oas3::from_json(&text).expect("the document parses as OpenAPI 3.1");
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    spec.validate_version().expect("a supported OpenAPI version");
    assert_eq!(doc["info"]["title"], "Trustee Portal API");
    assert!(doc["info"]["version"].is_string());

    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["bearerAuth"]["type"], "http");
    assert_eq!(schemes["bearerAuth"]["scheme"], "bearer");

    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    for reference in &refs {
        let name = reference.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{reference}"));
        assert!(doc["components"]["schemas"].get(name).is_some(), "{reference} does not resolve");
    }

    let declared_tags: BTreeSet<&str> =
        doc["tags"].as_array().unwrap().iter().map(|tag| tag["name"].as_str().unwrap()).collect();
    let mut operation_ids = BTreeSet::new();
    let operations = operations(&doc);
    assert_eq!(operations.len(), spec.operations().count());
    for ((method, path), operation) in &operations {
        let call = format!("{} {path}", method.to_uppercase());
        let responses = operation["responses"].as_object().unwrap();
        // Single sign-on's browser steps answer with redirects only (spec §13 Single sign-on).
        assert!(
            responses.keys().any(|status| status.starts_with('2') || status == "302"),
            "{call} has no 2xx answer"
        );
        for (status, response) in responses {
            if status.starts_with('4') || status.starts_with('5') {
                assert_eq!(
                    response["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/ErrorBody",
                    "{call}: {status} is not an ErrorBody"
                );
            }
        }
        assert!(operation_ids.insert(operation["operationId"].as_str().unwrap().to_string()), "{call}: id");
        let tags = operation["tags"].as_array().unwrap_or_else(|| panic!("{call} has no tag"));
        assert!(tags.iter().all(|tag| declared_tags.contains(tag.as_str().unwrap())), "{call}: tag");

        let in_path: BTreeSet<String> = operation["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|parameter| parameter["in"] == "path")
            .map(|parameter| parameter["name"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(in_path, template_parameters(path), "{call}: path parameters");

        let public = PUBLIC.contains(&(method.as_str(), path.as_str()));
        let security = operation.get("security");
        if public {
            assert!(security.is_none(), "{call} is public but asks for a token");
        } else {
            assert_eq!(
                security,
                Some(&serde_json::json!([{"bearerAuth": []}])),
                "{call} needs the bearer token"
            );
            assert!(responses.contains_key("401"), "{call} does not list 401");
        }
    }
    for public in PUBLIC {
        assert!(operations.contains_key(&(public.0.to_string(), public.1.to_string())), "{public:?} missing");
    }
}

#[test]
fn the_document_names_exactly_the_routes_the_server_serves() {
    let app = TestApp::spawn();
    let (_, doc) = fetch(&app);
    let operations = operations(&doc);

    // The route table and the document name the same operations.
    let documented: BTreeSet<(String, String)> = operations.keys().cloned().collect();
    let registered: BTreeSet<(String, String)> =
        api::routes::ROUTES.iter().map(|route| (route.method.to_string(), route.path.to_string())).collect();
    assert_eq!(api::routes::ROUTES.len(), registered.len(), "a route is registered twice");
    let undocumented: Vec<_> = registered.difference(&documented).collect();
    let unserved: Vec<_> = documented.difference(&registered).collect();
    assert!(undocumented.is_empty(), "registered but not documented: {undocumented:?}");
    assert!(unserved.is_empty(), "documented but not registered: {unserved:?}");

    // The router's own answers, as a control: an unknown path and an unsupported method.
    let not_found = app.get("/api/no-such-thing").send().unwrap();
    assert_eq!(not_found.status(), StatusCode::NOT_FOUND);
    assert_eq!(not_found.json::<Value>().unwrap()["message"], "Not found");
    assert_eq!(app.delete("/api/auth/login").send().unwrap().status(), StatusCode::METHOD_NOT_ALLOWED);

    // Every documented operation reaches a handler on the live server, and asks for a token exactly when
    // the document says so.
    for ((method, path), operation) in &operations {
        let call = format!("{} {path}", method.to_uppercase());
        let url = template_parameters(path)
            .iter()
            .fold(path.clone(), |url, name| url.replace(&format!("{{{name}}}"), "1"));
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let response = app.client.request(method, app.url(&url)).send().unwrap();
        let status = response.status();
        let body: Value = serde_json::from_str(&response.text().unwrap()).unwrap_or(Value::Null);
        assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{call}: the router does not serve this method");
        assert!(
            !(status == StatusCode::NOT_FOUND && body["message"] == "Not found"),
            "{call}: the router does not know this path"
        );
        let asks_for_token = status == StatusCode::UNAUTHORIZED && body["message"] == AUTHENTICATION_REQUIRED;
        assert_eq!(asks_for_token, operation.get("security").is_some(), "{call}: {status} {body}");
    }
}

/// The contract a client relies on, without the names of components: for every operation its id, parameters,
/// request bodies, status codes and the schemas of what it takes and answers, with every `$ref` written out
/// in place and descriptions left aside.
fn contract(doc: &Value) -> Value {
    fn resolve(value: &Value, schemas: &serde_json::Map<String, Value>, seen: &mut Vec<String>) -> Value {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get("$ref") {
                    let name = reference.rsplit('/').next().unwrap_or_default().to_string();
                    if seen.contains(&name) {
                        return serde_json::json!({ "recursive": true });
                    }
                    let target = schemas.get(&name).unwrap_or_else(|| panic!("{reference} names no schema"));
                    seen.push(name);
                    let resolved = resolve(target, schemas, seen);
                    seen.pop();
                    return resolved;
                }
                let kept = map
                    .iter()
                    .filter(|(key, _)| {
                        !matches!(key.as_str(), "description" | "title" | "example" | "examples")
                    })
                    .map(|(key, value)| (key.clone(), resolve(value, schemas, seen)))
                    .collect();
                Value::Object(kept)
            }
            Value::Array(items) => {
                Value::Array(items.iter().map(|item| resolve(item, schemas, seen)).collect())
            }
            other => other.clone(),
        }
    }
    let empty = serde_json::Map::new();
    let schemas = doc["components"]["schemas"].as_object().unwrap_or(&empty);
    let mut contract = serde_json::Map::new();
    for ((method, path), operation) in operations(doc) {
        let mut parameters: Vec<Value> = operation["parameters"]
            .as_array()
            .map(|all| all.iter().map(|p| resolve(p, schemas, &mut Vec::new())).collect())
            .unwrap_or_default();
        parameters.sort_by_key(|p| (p["in"].to_string(), p["name"].to_string()));
        let responses = operation["responses"]
            .as_object()
            .map(|all| {
                all.iter()
                    .map(|(status, response)| {
                        (status.clone(), resolve(&response["content"], schemas, &mut Vec::new()))
                    })
                    .collect::<serde_json::Map<_, _>>()
            })
            .unwrap_or_default();
        contract.insert(
            format!("{} {path}", method.to_uppercase()),
            serde_json::json!({
                "operationId": operation["operationId"],
                "parameters": parameters,
                "requestBody": resolve(&operation["requestBody"], schemas, &mut Vec::new()),
                "responses": responses,
                "security": operation["security"],
            }),
        );
    }
    Value::Object(contract)
}

/// Moving code must not move the API: the operations, their status codes and the fields and constraints of
/// what they take and answer stay exactly as recorded in `tests/fixtures/openapi-contract.json`. After a
/// deliberate change of the API, `UPDATE_OPENAPI_CONTRACT=1` rewrites the record, and its diff is reviewed.
#[test]
fn the_api_contract_is_unchanged() {
    let app = TestApp::spawn();
    let (_, doc) = fetch(&app);
    // One operation a line, so that a change names its operation.
    let lines: Vec<String> = contract(&doc)
        .as_object()
        .expect("an object")
        .iter()
        .map(|(operation, terms)| format!("{}: {terms}", Value::String(operation.clone())))
        .collect();
    let actual = format!("{{\n{}\n}}\n", lines.join(",\n"));
    let recorded = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/openapi-contract.json");
    if std::env::var_os("UPDATE_OPENAPI_CONTRACT").is_some() {
        std::fs::write(recorded, &actual).unwrap();
    }
    let expected = std::fs::read_to_string(recorded).unwrap();
    let recorded_lines: BTreeSet<&str> = expected.lines().map(|l| l.trim_end_matches(',')).collect();
    let actual_lines: BTreeSet<&str> = actual.lines().map(|l| l.trim_end_matches(',')).collect();
    let gone: Vec<&&str> = recorded_lines.difference(&actual_lines).collect();
    let new: Vec<&&str> = actual_lines.difference(&recorded_lines).collect();
    assert!(
        gone.is_empty() && new.is_empty(),
        "the API contract changed:\n--- recorded\n{gone:#?}\n--- now\n{new:#?}"
    );
    assert_eq!(expected, actual, "the API contract's order changed");
}
