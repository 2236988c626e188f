pub mod repository;
pub mod service;
