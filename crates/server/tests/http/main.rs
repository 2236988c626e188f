//! The HTTP tests: one binary (one link instead of one per file), a module per resource of the API.
//! Each test starts the real server on a fresh PostgreSQL database (`common::TestApp`).

#![allow(clippy::unwrap_used, clippy::expect_used)]
mod account_security;
mod actions;
mod audit;
mod auth;
mod chat_stream;
mod committee_documents;
mod committee_members;
mod committee_messages;
mod committees;
mod common;
mod dashboard;
mod declarations;
mod demo;
mod demo_governance;
mod documents;
mod errors;
mod first_admin;
mod hardening;
mod interests;
mod mail;
mod meetings;
mod minutes;
mod notices;
mod notifications;
mod openapi;
mod password_reset;
mod resolutions;
mod robots;
mod static_files;
mod terms;
mod trustees;
mod two_servers;
mod user_guide;
mod users;
