//! Committees: committees, their members and chat, and committee documents.

mod committee_documents;
mod committees;

pub use committee_documents::PgCommitteeDocumentRepository;
pub use committees::PgCommitteeRepository;
