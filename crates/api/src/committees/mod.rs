//! Committees: committees, their members, chat and documents.

pub mod committee_documents;
pub mod committee_members;
pub mod committee_messages;
#[allow(clippy::module_inception)] // the route table names operations `<module>_<handler>`: `committees_list`
pub mod committees;
