#![doc = include_str!("../README.md")]

#[macro_use]
pub mod shared;

pub mod actions;
pub mod audit;
pub mod committees;
pub mod dashboard;
pub mod governance;
pub mod identity;
pub mod library;
pub mod meetings;
pub mod notices;
pub mod notifications;

pub use shared::error::{DomainError, RepoError};
pub use shared::ids::*;
