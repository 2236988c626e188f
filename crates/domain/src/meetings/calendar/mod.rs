pub mod repository;
pub mod service;
pub mod writer;
