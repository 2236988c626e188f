//! The OpenAPI 3 document of the API, served at `GET /api/openapi.json`.
//!
//! Operations come from the `#[utoipa::path]` of the handlers that `routes.rs` registers (its one table
//! also lists them here, see `routes::ApiPaths`); schemas come from `ToSchema` on the DTOs and requests.
//! This module adds what is the same for every call: the bearer scheme, the 401 of signed-in calls, the
//! 400 and 413 the framework answers for malformed input, and the 500.

use std::sync::OnceLock;

use actix_web::web;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi, ToSchema};

use crate::http::error::ErrorBody;
use crate::http::schemas;
use crate::http::service::openapi::OpenApiJson;

mod limits;

/// The name of the security scheme of signed-in calls (`Authorization: Bearer <session token>`).
pub const BEARER: &str = "bearerAuth";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Trustee Portal API",
        description = "The HTTP API of the Trustee Portal. JSON is camelCase; timestamps are RFC 3339 UTC \
                       strings; every error is `ErrorBody`. The human reference is docs/api.md.",
    ),
    components(schemas(
        ErrorBody,
        schemas::ActionStatusFilterSchema,
        schemas::DocumentCategoryFilterSchema,
        schemas::BooleanFilterSchema,
        domain::audit::AuditKindFilter,
        domain::search::SearchKind,
        domain::search::SearchOrder
    )),
    tags(
        (name = "auth", description = "Sign-in, session, password changes and reset requests"),
        (name = "users", description = "User management (admins and chairs)"),
        (name = "guests", description = "Guests: people outside the board let in until an end date for named meetings and documents, or an audit period (spec §6 Guests)"),
        (name = "documents", description = "The document library"),
        (name = "minutes", description = "The minutes archive"),
        (name = "meetings", description = "The board calendar"),
        (name = "actions", description = "The action tracker"),
        (name = "notices", description = "The noticeboard"),
        (name = "committees", description = "Committees, their members, chat and documents"),
        (name = "trustees", description = "The trustee directory"),
        (name = "mail", description = "The outbox: delivery log and test e-mail (admins)"),
        (name = "dashboard", description = "The dashboard's figures and the signed-in person's tasks"),
        (name = "user-guide", description = "The trustees' guide (HTML, no sign-in)"),
        (name = "health", description = "Liveness and readiness probes"),
        (name = "openapi", description = "This document"),
        (name = "resolutions", description = "Written resolutions decided between meetings"),
        (name = "declarations", description = "Annual declarations rounds (register, eligibility, code)"),
        (name = "evaluations", description = "Board evaluation: anonymous answers, results from 3 answers"),
        (name = "terms", description = "Terms of office and length of service"),
        (name = "skills", description = "The skills matrix: the board's skills and trustees' self-ratings"),
        (name = "interests", description = "The register of interests (CC29) and governance settings"),
        (name = "notifications", description = "The caller's e-mail notification settings"),
        (name = "audit", description = "The audit log: who did what, when (admins, read-only)"),
        (name = "reading", description = "The pack reader: notes and reading records"),
        (name = "search", description = "One search over the board's records, only what the caller may open"),
        (name = "signing", description = "Signatures on approved minutes, the signing certificate and the public check (spec §16)"),
    )
)]
struct ApiDoc;

/// The whole document, generated from the code.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = document_without_limits();
    if let Err(why) = limits::apply_all(&mut doc) {
        // A unit test (limits.rs) proves every listed limit lands; this only guards a served document.
        tracing::error!(%why, "a request field's limit is missing from the OpenAPI document");
    }
    doc
}

/// The document before the request fields' limits are set from the domain's constants.
fn document_without_limits() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi().merge_from(crate::routes::ApiPaths::openapi());
    OperationIds.modify(&mut doc);
    BearerScheme.modify(&mut doc);
    CommonResponses.modify(&mut doc);
    doc
}

/// The document as JSON, serialized on first use.
pub fn document_json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| match document().to_json() {
        Ok(json) => json,
        Err(error) => {
            tracing::error!(%error, "the OpenAPI document could not be serialized");
            String::from("{}")
        }
    })
}

/// Serves the document at `GET /api/openapi.json` from memory: the handler of the route table
/// (`service::openapi::document`) answers with these bytes, encoded once by `document_json`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::Data::new(OpenApiJson::new(document_json())));
}

/// Handlers in different modules share names (`list`, `create`): the table's unique `module_handler`
/// becomes the operation id.
struct OperationIds;

impl Modify for OperationIds {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for route in crate::routes::ROUTES {
            let operation =
                openapi.paths.paths.get_mut(route.path).and_then(|item| operation_mut(item, route.method));
            if let Some(operation) = operation {
                operation.operation_id = Some(route.operation_id.to_string());
            }
        }
    }
}

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "The session token from `POST /api/auth/login`. A user who must still replace a \
                         temporary password may only call me, logout and change-password-temp (403 \
                         elsewhere).",
                    ))
                    .build(),
            ),
        );
    }
}

const PENDING_PASSWORD_CALLS: [&str; 3] =
    ["/api/auth/me", "/api/auth/logout", "/api/auth/change-password-temp"];

/// Statuses every call of a kind can answer, added where an operation does not list them itself.
struct CommonResponses;

impl Modify for CommonResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for (path, item) in openapi.paths.paths.iter_mut() {
            // The calls a user with a temporary password may still make (spec §4).
            let open_to_pending = PENDING_PASSWORD_CALLS.contains(&path.as_str());
            for operation in operations_mut(item) {
                let secured = operation.security.as_ref().is_some_and(|s| !s.is_empty());
                let has_params = operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
                let json_body = operation.request_body.as_ref().is_some_and(|body| match body {
                    RefOr::T(body) => body.content.contains_key("application/json"),
                    RefOr::Ref(_) => false,
                });
                if has_params || json_body {
                    add_error(
                        operation,
                        "400",
                        "Malformed input: an id in the path that is not a number, a query value of the \
                         wrong type, or a JSON body that does not parse (\"Invalid request body: ...\")",
                    );
                }
                if secured {
                    add_error(
                        operation,
                        "401",
                        "No valid, current session: the bearer token is missing, expired or revoked \
                         (answered with `WWW-Authenticate: Bearer`)",
                    );
                }
                if secured && !open_to_pending {
                    add_error(
                        operation,
                        "403",
                        "Not allowed for the caller's role, or the caller must first replace a temporary \
                         password (\"You must set a new password before using the portal.\")",
                    );
                }
                if path.contains('{') {
                    add_error(operation, "404", "No such record, or none the caller may see");
                }
                if json_body {
                    add_error(operation, "413", "The JSON body is larger than 256 KB");
                }
                add_error(
                    operation,
                    "500",
                    "Unexpected error; the message is generic and the cause is logged",
                );
            }
        }
    }
}

/// The operations of a path, whatever their method.
fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch].into_iter().flatten()
}

fn operation_mut<'a>(item: &'a mut PathItem, method: &str) -> Option<&'a mut Operation> {
    match method {
        "get" => item.get.as_mut(),
        "put" => item.put.as_mut(),
        "post" => item.post.as_mut(),
        "delete" => item.delete.as_mut(),
        "patch" => item.patch.as_mut(),
        _ => None,
    }
}

fn add_error(operation: &mut Operation, status: &str, description: &str) {
    operation.responses.responses.entry(status.to_string()).or_insert_with(|| {
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(Ref::from_schema_name(ErrorBody::name()))).build(),
            )
            .build()
            .into()
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json() -> serde_json::Value {
        serde_json::from_str(document_json()).unwrap()
    }

    #[test]
    fn enums_use_the_domain_spellings() {
        let doc = json();
        let schemas = &doc["components"]["schemas"];
        assert_eq!(schemas["Role"]["enum"], serde_json::json!(["admin", "chair", "trustee", "guest"]));
        assert_eq!(
            schemas["SettableActionStatus"]["enum"],
            serde_json::json!(["pending", "in-progress", "complete"])
        );
        assert_eq!(schemas["DirectoryCommitteeRole"]["enum"], serde_json::json!(["member", "chair"]));
    }

    #[test]
    fn every_reference_resolves() {
        let doc = json();
        let mut refs = Vec::new();
        collect_refs(&doc, &mut refs);
        assert!(!refs.is_empty());
        for reference in refs {
            let name =
                reference.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{reference}"));
            assert!(doc["components"]["schemas"].get(name).is_some(), "{reference} is not in components");
        }
    }

    fn collect_refs(value: &serde_json::Value, refs: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    match value {
                        serde_json::Value::String(s) if key == "$ref" => refs.push(s.clone()),
                        other => collect_refs(other, refs),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|item| collect_refs(item, refs)),
            _ => {}
        }
    }
}
