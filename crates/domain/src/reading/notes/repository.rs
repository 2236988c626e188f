use crate::reading::notes::{Note, NoteId, NoteRecord};
use crate::reading::{PaperRef, ReadingRefusal};
use crate::RepoError;

/// What `NoteRepository::put` does once it has seen the stored note.
#[derive(Debug, Clone, PartialEq)]
pub enum NoteWrite {
    /// Stores the note (new, or in place of the stored one, keeping its author and creation time).
    Store(Box<NoteRecord>),
    /// Leaves the stored note as it is (it was edited later than this change).
    Keep,
}

/// The notes on papers.
pub trait NoteRepository: Send + Sync {
    fn find(&self, id: NoteId) -> Result<Option<Note>, RepoError>;
    /// Every note on these papers, by page then position (top to bottom, left to right).
    fn on_papers(&self, papers: &[PaperRef]) -> Result<Vec<Note>, RepoError>;
    /// In one transaction with the stored note's row locked: `decide` sees the stored note (`None` when
    /// there is none) and says what to write, or refuses. Answers the note as stored afterwards and
    /// whether it is new.
    fn put(
        &self,
        id: NoteId,
        decide: &dyn Fn(Option<&Note>) -> Result<NoteWrite, ReadingRefusal>,
    ) -> Result<(Note, bool), ReadingRefusal>;
    /// Removes the note, if there is one.
    fn delete(&self, id: NoteId) -> Result<(), RepoError>;
}
