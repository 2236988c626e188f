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
pub mod reading;
pub mod search;
pub mod signing;

/// Test doubles of every area's ports, for the use cases' unit tests.
#[cfg(test)]
pub(crate) mod testing;

pub use shared::error::{DomainError, RepoError};
pub use shared::ids::*;
