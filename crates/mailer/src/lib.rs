#![doc = include_str!("../README.md")]

mod file;
mod message;
mod smtp;
mod templates;

pub use file::FileMailer;
pub use message::build_message;
pub use smtp::SmtpMailer;
pub use templates::TemplateRenderer;
