//! The HTTP machinery every area shares: application state, errors, extractors, request and response
//! bodies, middleware, the OpenAPI document, and the service's own endpoints (probes, user guide).

pub mod audit;
pub(crate) mod blocking;
pub mod body;
pub mod error;
pub(crate) mod extractors;
pub(crate) mod fallback;
pub mod middleware;
pub mod openapi;
pub(crate) mod service;
pub(crate) mod state;
