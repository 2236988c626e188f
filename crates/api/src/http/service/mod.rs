//! Endpoints of the service itself, in no area: the probes, the user guide and the OpenAPI document.

pub(crate) mod health;
pub(crate) mod openapi;
pub(crate) mod user_guide;
