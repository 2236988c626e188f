//! Reading the papers in the portal (spec §2 Pack reader): the papers a reader may open, the notes made
//! on them and the pages shown. This area sits above the library and meetings: it uses them, they never
//! use it.

pub mod notes;
pub mod paper;
pub mod records;
pub mod refusal;

pub use paper::{AgendaPaperMeetings, PaperKind, PaperRef, Papers, ReadablePaper};
pub use refusal::ReadingRefusal;
