//! The document compared with a reference taken before request types moved into the domain: paths,
//! operations, status codes, parameters, request and response fields and their constraints must stay
//! the same. Schema names, descriptions and `null` defaults may differ (the domain's enums replaced the api's copies of
//! them), so references are inlined and descriptions left out before comparing.

use serde_json::{Map, Value};

const REFERENCE: &str = include_str!("reference.json");

/// The parts of a document that make the contract, with every `$ref` replaced by what it names.
fn contract(document: &Value) -> Value {
    let schemas = document.pointer("/components/schemas").cloned().unwrap_or(Value::Null);
    let mut paths = document.get("paths").cloned().unwrap_or(Value::Null);
    normalize(&mut paths, &schemas, 0);
    paths
}

fn normalize(value: &mut Value, schemas: &Value, depth: usize) {
    assert!(depth < 64, "the document's schemas nest deeper than any request or answer does");
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                let name = target.trim_start_matches("#/components/schemas/");
                let mut named = schemas.get(name).cloned().unwrap_or(Value::Null);
                normalize(&mut named, schemas, depth + 1);
                *value = named;
                return;
            }
            // Annotations are strings; a property named `title` or `description` is an object and stays.
            for annotation in ["description", "title"] {
                if map.get(annotation).is_some_and(Value::is_string) {
                    map.remove(annotation);
                }
            }
            // A `null` default says nothing a reader or a generator uses.
            if map.get("default") == Some(&Value::Null) {
                map.remove("default");
            }
            pattern_as_choices(map);
            for child in map.values_mut() {
                normalize(child, schemas, depth + 1);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| normalize(item, schemas, depth + 1)),
        _ => {}
    }
}

/// `pattern: "^(a|b)$"` (or `"^(a|b)?$"`, blank meaning absent) says what `enum: [a, b]` says.
fn pattern_as_choices(map: &mut Map<String, Value>) {
    let choices = map
        .get("pattern")
        .and_then(Value::as_str)
        .and_then(|p| p.strip_prefix("^("))
        .and_then(|p| p.strip_suffix(")$").or_else(|| p.strip_suffix(")?$")))
        .filter(|inner| inner.chars().all(|c| c.is_ascii_lowercase() || c == '|' || c == '_' || c == '-'))
        .map(|inner| inner.split('|').map(|choice| Value::String(choice.to_string())).collect::<Vec<_>>());
    if let Some(mut choices) = choices {
        map.remove("pattern");
        choices.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
        map.insert("enum".to_string(), Value::Array(choices));
    } else if let Some(Value::Array(choices)) = map.get_mut("enum") {
        choices.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
    }
}

/// The first place two values differ, as a JSON pointer, for a readable failure.
fn first_difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|key| match (x.get(key), y.get(key)) {
                (Some(p), Some(q)) => first_difference(p, q, format!("{at}/{key}")),
                (p, q) => Some(format!("{at}/{key}: {p:?} != {q:?}")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (p, q))| first_difference(p, q, format!("{at}/{i}")))
        }
        _ if a == b => None,
        _ => Some(format!("{at}: {a} != {b}")),
    }
}

#[test]
fn the_contract_is_the_reference() {
    let reference: Value = serde_json::from_str(REFERENCE).expect("the reference is JSON");
    let now: Value = serde_json::from_str(super::document_json()).expect("the document is JSON");
    let (before, after) = (contract(&reference), contract(&now));
    assert_eq!(first_difference(&before, &after, String::new()), None);
}

#[test]
fn a_changed_limit_is_noticed() {
    let reference: Value = serde_json::from_str(REFERENCE).expect("the reference is JSON");
    let mut changed = reference.clone();
    let limit = changed
        .pointer_mut("/components/schemas/AgendaItemRequest/properties/title/maxLength")
        .expect("the agenda item's title has a limit");
    *limit = Value::from(201);
    assert!(first_difference(&contract(&reference), &contract(&changed), String::new()).is_some());
}
