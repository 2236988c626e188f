//! Reading the papers in the portal: which meeting a paper belongs to, notes and reading records.

mod notes;
mod papers;
mod records;

pub use notes::PgNoteRepository;
pub use papers::PgAgendaPaperMeetings;
pub use records::PgReadingRecordRepository;
