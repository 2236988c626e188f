//! The HTTP machinery every area shares: application state, errors, extractors, request and response
//! bodies, middleware, the wire schemas the OpenAPI document names, and the service's own endpoints
//! (probes, user guide, the OpenAPI document's bytes).

pub mod audit;
pub(crate) mod blocking;
pub mod body;
pub mod error;
pub(crate) mod extractors;
pub(crate) mod fallback;
pub mod middleware;
pub(crate) mod schemas;
pub(crate) mod service;
pub(crate) mod state;
