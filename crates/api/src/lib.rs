#![doc = include_str!("../README.md")]

pub mod audit;
mod blocking;
pub mod cached;
pub mod download;
mod dto;
pub mod error;
mod extractors;
mod handlers;
mod json;
pub mod openapi;
pub mod request_log;
pub mod routes;
mod schemas;
mod state;
pub mod upload;

pub use routes::configure;
pub use state::AppState;
