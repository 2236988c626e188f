//! One error vocabulary for every use case. The `api` crate maps it to HTTP in a single `match`.

use crate::shared::input::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum DomainError {
    /// Input that breaks a validation rule; carries a message per field.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// Bad input that is not tied to one field (a malformed upload, say).
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    /// The record's name ("Meeting"), which the message completes: "Meeting not found". A name that
    /// already says "not found" would be doubled ("Meeting not found not found").
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    TooLarge(String),
    #[error("Too many attempts. Please wait a few minutes and try again.")]
    RateLimited { retry_after_secs: u64 },
    /// The database cannot be reached now (stopped, restarting, or every connection busy past the pool's
    /// wait): answered at once with 503 and a retry hint, never a hang or a 500 (docs/spec.md §13).
    #[error("{UNAVAILABLE_MESSAGE}")]
    Unavailable,
    /// Anything the user cannot fix: logged with its cause chain, answered with a generic message.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl DomainError {
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::Forbidden(message.into())
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        Self::Conflict(message.into())
    }

    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        Self::Invalid(FieldErrors::single(field, message))
    }
}

impl FieldErrors {
    /// `Ok(())` when nothing was added, so a validator can end with `errors.into_result()?`.
    pub fn into_result(self) -> Result<(), DomainError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(DomainError::Invalid(self))
        }
    }
}

/// What a repository can report. Adapters translate their driver errors into these.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("record not found")]
    NotFound,
    /// A unique constraint was violated; carries the constraint's name.
    #[error("duplicate value violates {0}")]
    Duplicate(String),
    /// The write would leave the portal without an active admin.
    #[error("the last active admin cannot be removed")]
    LastAdmin,
    /// Text the database cannot store (a NUL character).
    #[error("text the database cannot store")]
    UnstorableText,
    /// The account signed records, which keep its name for good (docs/spec.md §16: signatures are
    /// append-only), so it cannot be deleted.
    #[error("the account has signed records")]
    HasSigned,
    /// No connection to the database: it is stopped or restarting, or the pool stayed busy too long.
    #[error("the database is unavailable")]
    Unavailable,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl RepoError {
    /// The domain error for this repository error, naming the record when it was not found
    /// ("Term not found" rather than "Record not found").
    pub fn naming(self, record: &'static str) -> DomainError {
        match self {
            RepoError::NotFound => DomainError::NotFound(record),
            other => other.into(),
        }
    }
}

impl From<RepoError> for DomainError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => DomainError::NotFound("Record"),
            RepoError::Duplicate(constraint) => {
                DomainError::Conflict(format!("A record with the same value already exists ({constraint})"))
            }
            RepoError::LastAdmin => DomainError::Conflict(LAST_ADMIN_MESSAGE.to_string()),
            RepoError::UnstorableText => DomainError::BadRequest(UNSTORABLE_TEXT_MESSAGE.to_string()),
            RepoError::HasSigned => DomainError::Conflict(HAS_SIGNED_MESSAGE.to_string()),
            RepoError::Unavailable => DomainError::Unavailable,
            RepoError::Unexpected(e) => DomainError::Unexpected(e),
        }
    }
}

pub const UNSTORABLE_TEXT_MESSAGE: &str = "Text must not contain NUL (\\0) characters.";

pub const HAS_SIGNED_MESSAGE: &str =
    "This person has signed records, which keep their name: deactivate the account instead of deleting it.";

pub const UNAVAILABLE_MESSAGE: &str =
    "The portal cannot reach its database just now. Nothing was changed; please try again in a minute.";

pub const LAST_ADMIN_MESSAGE: &str = "The last active admin cannot be demoted, deactivated or deleted.";
