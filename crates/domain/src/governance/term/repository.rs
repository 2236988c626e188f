use crate::governance::term::{Term, TermFields, TrusteeTerms};
use crate::governance::GovernanceRefusal;
use crate::{RepoError, TermId, UserId};

/// Storage of the terms of office.
pub trait TermRepository: Send + Sync {
    /// Every active user with their terms (oldest first), by name.
    fn overview(&self) -> Result<Vec<TrusteeTerms>, RepoError>;
    /// `GovernanceRefusal::TermNotFound` when there is no such term.
    fn get(&self, id: TermId) -> Result<Term, GovernanceRefusal>;
    /// `GovernanceRefusal::NoSuchTrustee` when the user does not exist.
    fn create(&self, user: UserId, fields: TermFields) -> Result<Term, GovernanceRefusal>;
    /// `GovernanceRefusal::TermNotFound` when there is no such term.
    fn update(&self, id: TermId, fields: TermFields) -> Result<Term, GovernanceRefusal>;
    /// `GovernanceRefusal::TermNotFound` when there is no such term.
    fn delete(&self, id: TermId) -> Result<(), GovernanceRefusal>;
}
