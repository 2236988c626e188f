//! Reading the papers in the portal: which meeting a paper belongs to, notes and reading records.

mod papers;

pub use papers::PgAgendaPaperMeetings;
