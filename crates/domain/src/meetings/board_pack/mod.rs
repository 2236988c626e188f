pub mod builder;
pub mod service;
