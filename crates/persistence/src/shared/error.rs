use diesel::result::{DatabaseErrorKind, Error as DieselError};
use domain::RepoError;

/// Driver errors in the domain's vocabulary.
pub(crate) fn repo_error(error: DieselError) -> RepoError {
    match error {
        DieselError::NotFound => RepoError::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            RepoError::Duplicate(info.constraint_name().unwrap_or("unique constraint").to_string())
        }
        // PostgreSQL text cannot hold NUL; validation refuses it first, this is the backstop for any
        // field it missed (SQLSTATE 22021).
        DieselError::DatabaseError(_, info) if info.message().contains("invalid byte sequence") => {
            RepoError::UnstorableText
        }
        // The connection broke under the query: the server was stopped or restarted meanwhile (SQLSTATE
        // class 57, "operator intervention", or a closed socket).
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, ref info) => lost(info.message()),
        DieselError::DatabaseError(_, ref info) if connection_lost(info.message()) => lost(info.message()),
        other => RepoError::Unexpected(anyhow::Error::new(other)),
    }
}

/// The database went away under a query: logged here, with the driver's words, and answered 503.
fn lost(message: &str) -> RepoError {
    tracing::warn!(message, "the database connection broke under a query");
    RepoError::Unavailable
}

/// Whether a driver message says the server went away (libpq's wording).
fn connection_lost(message: &str) -> bool {
    [
        "terminating connection",
        "server closed the connection",
        "connection to server",
        "no connection to the server",
    ]
    .iter()
    .any(|sign| message.contains(sign))
}

/// The pool gave no connection within its wait: the database is down or restarting, or every connection
/// stayed busy (docs/spec.md §13: answered 503 at once).
pub(crate) fn pool_error(error: r2d2::Error) -> RepoError {
    tracing::warn!(%error, "no database connection available");
    RepoError::Unavailable
}

/// A stored enum value the domain does not know: the data is corrupt, not the request.
pub(crate) fn bad_value(column: &str, value: &str) -> RepoError {
    RepoError::Unexpected(anyhow::anyhow!("unexpected value '{value}' in column {column}"))
}

/// Errors inside a transaction that must roll it back.
#[derive(Debug)]
pub(crate) enum TxError {
    Db(DieselError),
    Repo(RepoError),
}

impl From<DieselError> for TxError {
    fn from(error: DieselError) -> Self {
        TxError::Db(error)
    }
}

impl From<TxError> for RepoError {
    fn from(error: TxError) -> Self {
        match error {
            TxError::Db(e) => repo_error(e),
            TxError::Repo(e) => e,
        }
    }
}

/// How a transaction that a port may refuse ends: with the port's refusal `E` or a driver error. Both
/// roll the transaction back.
#[derive(Debug)]
pub(crate) enum Refusal<E> {
    Refused(E),
    Db(DieselError),
}

impl<E> From<DieselError> for Refusal<E> {
    fn from(error: DieselError) -> Self {
        Refusal::Db(error)
    }
}

impl<E: From<RepoError>> From<TxError> for Refusal<E> {
    fn from(error: TxError) -> Self {
        match error {
            TxError::Db(e) => Refusal::Db(e),
            TxError::Repo(e) => Refusal::Refused(e.into()),
        }
    }
}

impl<E> Refusal<E> {
    /// The same end of the transaction in another area's refusal (one that wraps `E`).
    pub(crate) fn map<F>(self, wrap: impl FnOnce(E) -> F) -> Refusal<F> {
        match self {
            Refusal::Refused(e) => Refusal::Refused(wrap(e)),
            Refusal::Db(e) => Refusal::Db(e),
        }
    }
}

impl<E: From<RepoError>> Refusal<E> {
    pub(crate) fn into_error(self) -> E {
        match self {
            Refusal::Refused(e) => e,
            Refusal::Db(e) => E::from(repo_error(e)),
        }
    }
}
