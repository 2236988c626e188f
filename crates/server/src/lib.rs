#![doc = include_str!("../README.md")]

pub mod background;
pub mod config;
pub mod demo;
pub mod file_text_worker;
pub mod first_admin;
pub mod governance_mail;
pub mod http;
pub mod mail_worker;
pub mod no_index;
pub mod wiring;
