use crate::governance::term::{Term, TermFields, TrusteeTerms};
use crate::{RepoError, TermId, UserId};

/// Storage of the terms of office.
pub trait TermRepository: Send + Sync {
    /// Every active user with their terms (oldest first), by name.
    fn overview(&self) -> Result<Vec<TrusteeTerms>, RepoError>;
    fn get(&self, id: TermId) -> Result<Term, RepoError>;
    /// `RepoError::NotFound` when the user does not exist.
    fn create(&self, user: UserId, fields: TermFields) -> Result<Term, RepoError>;
    /// `RepoError::NotFound` when there is no such term.
    fn update(&self, id: TermId, fields: TermFields) -> Result<Term, RepoError>;
    /// `RepoError::NotFound` when there is no such term.
    fn delete(&self, id: TermId) -> Result<(), RepoError>;
}
