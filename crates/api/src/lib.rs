#![doc = include_str!("../README.md")]

mod actions;
mod audit;
mod committees;
mod dashboard;
mod governance;
pub mod http;
mod identity;
mod library;
mod meetings;
mod notices;
mod notifications;
pub mod openapi;
mod reading;
pub mod routes;
mod search;
mod signing;

pub use http::state::AppState;

/// Registers the API: the route table, and the OpenAPI document it serves. The caller adds
/// `web::Data<AppState>`.
pub fn configure(cfg: &mut actix_web::web::ServiceConfig) {
    routes::configure(cfg);
    openapi::configure(cfg);
}
