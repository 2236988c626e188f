//! How an area's use cases say no. Each area with refusals of its own declares one enum (for example
//! `ActionsRefusal`) whose variants carry their message (their `Display`) and, for a field error, the
//! field; a `Common` variant wraps the shared vocabulary (`DomainError`: forbidden, invalid input, rate
//! limits, storage failures). The `api` crate turns every area's refusal into an HTTP answer in one place.

use crate::shared::error::DomainError;

/// What kind of "no" a refusal is; `api` gives each kind its HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalKind {
    /// Input that breaks a rule of one field (400 with the field's message).
    Invalid,
    /// Bad input not tied to a field (400).
    BadRequest,
    /// A credential that is missing, expired or not valid (401).
    Unauthorized,
    Forbidden,
    NotFound,
    /// The record's state forbids the write (409).
    Conflict,
    TooLarge,
}

/// An area refusal taken apart for answering: either one of the area's own, with its kind, message and
/// field, or a shared `DomainError`.
#[derive(Debug)]
pub enum Answer {
    Own {
        kind: RefusalKind,
        message: String,
        /// The JSON name of the field at fault, for `RefusalKind::Invalid`.
        field: Option<&'static str>,
    },
    Common(DomainError),
}

impl Answer {
    /// One of the area's own refusals, its message being the refusal's `Display`.
    pub fn own(refusal: &impl std::fmt::Display, kind: RefusalKind) -> Self {
        Answer::Own { kind, message: refusal.to_string(), field: None }
    }

    /// A refusal of one field, its message being the refusal's `Display`.
    pub fn field(refusal: &impl std::fmt::Display, field: &'static str) -> Self {
        Answer::Own { kind: RefusalKind::Invalid, message: refusal.to_string(), field: Some(field) }
    }
}

/// An area's refusal enum.
pub trait Refusal: std::error::Error + Send + Sync + 'static {
    /// The kind, message and field of this refusal, or the shared error it wraps.
    fn answer(self) -> Answer;
}

impl Refusal for DomainError {
    fn answer(self) -> Answer {
        Answer::Common(self)
    }
}

/// Declares an area's refusal enum's conversions from the shared vocabulary: `DomainError` (its
/// `Common` variant) and `RepoError` (through `DomainError`), so `?` works on both inside the area.
#[macro_export]
macro_rules! common_refusals {
    ($area:ty) => {
        impl From<$crate::RepoError> for $area {
            fn from(error: $crate::RepoError) -> Self {
                Self::Common(error.into())
            }
        }
    };
}
