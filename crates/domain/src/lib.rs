#![doc = include_str!("../README.md")]

pub mod entities;
pub mod error;
pub mod files;
pub mod ids;
pub mod mail_templates;
pub mod password_policy;
pub mod permissions;
pub mod ports;
pub mod secret_token;
pub mod services;
pub mod temporary_password;
pub mod timestamps;
pub mod unsubscribe;
pub mod validation;

pub use error::{DomainError, RepoError};
pub use ids::*;
