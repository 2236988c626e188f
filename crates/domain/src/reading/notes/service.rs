//! Notes on papers (spec §2 Pack reader, Notes): listing what a reader may see, writing one's own notes
//! with each note's last edit kept, and exporting one's notes on a meeting.

use std::sync::Arc;

use crate::committees::CommitteeRepository;
use crate::identity::role::CommitteeRole;
use crate::identity::user::User;
use crate::meetings::meeting::Meeting;
use crate::meetings::Typesetter;
use crate::reading::notes::export::{self, ExportFormat, NotesExport};
use crate::reading::notes::input::validate_note;
use crate::reading::notes::{Note, NoteId, NoteRecord, NoteRepository, NoteRequest, NoteWrite};
use crate::reading::{PaperRef, Papers, ReadablePaper, ReadingRefusal};
use crate::shared::Clock;
use crate::MeetingId;

/// What `put` did: the note as stored, and whether it is new (201) or was there already (200).
#[derive(Debug, Clone, PartialEq)]
pub struct PutNote {
    pub note: Note,
    pub created: bool,
}

#[derive(Clone)]
pub struct NoteService {
    pub notes: Arc<dyn NoteRepository>,
    pub papers: Papers,
    pub typesetter: Arc<dyn Typesetter>,
    pub clock: Arc<dyn Clock>,
    /// Who chairs a committee meeting (its committee's chair sees the notes for the chair and admins).
    pub committees: Arc<dyn CommitteeRepository>,
}

impl NoteService {
    /// The notes on one paper `actor` sees, by page then position; 404 when they may not read the paper.
    pub fn list_for_paper(&self, actor: &User, paper: PaperRef) -> Result<Vec<Note>, ReadingRefusal> {
        let readable = self.papers.readable(actor, paper)?;
        let chairs = self.chairs(actor, readable.meeting.as_ref())?;
        let notes = self.notes.on_papers(&[paper])?;
        Ok(notes.into_iter().filter(|note| note.seen_by(actor, chairs)).collect())
    }

    /// The notes `actor` sees on the board pack's own pages and on every paper merged into it (its PDF
    /// agenda papers), in pack order, then by page and position; 404 as the pack.
    pub fn list_for_pack(&self, actor: &User, meeting: MeetingId) -> Result<Vec<Note>, ReadingRefusal> {
        let (meeting, papers) = self.papers.meeting_papers(actor, meeting)?;
        let chairs = self.chairs(actor, Some(&meeting))?;
        let order = pack_order(&meeting, papers.iter().filter(|paper| paper.is_pdf));
        self.in_order(&order, |note| note.seen_by(actor, chairs))
    }

    /// Creates the note, or changes it when it is `actor`'s and not edited later than this change.
    pub fn put(&self, actor: &User, id: NoteId, request: NoteRequest) -> Result<PutNote, ReadingRefusal> {
        let input = validate_note(request)?;
        // A note the caller may not see is none of their business: 404 before anything else is said.
        if let Some(stored) = self.notes.find(id)? {
            self.visible(actor, &stored)?;
        }
        let readable = self.papers.readable(actor, input.paper)?;
        let chairs = self.chairs(actor, readable.meeting.as_ref())?;
        let now = self.clock.now();
        let edited_at = input.edited_at.map_or(now, |at| at.min(now));
        let decide = |stored: Option<&Note>| -> Result<NoteWrite, ReadingRefusal> {
            let Some(stored) = stored else {
                let record =
                    NoteRecord { id, author: actor.id, input: input.clone(), created_at: now, edited_at };
                return Ok(NoteWrite::Store(Box::new(record)));
            };
            if stored.author.id != actor.id {
                return Err(if stored.seen_by(actor, chairs) {
                    ReadingRefusal::NotYourNote
                } else {
                    ReadingRefusal::NoteNotFound
                });
            }
            if stored.paper != input.paper || stored.kind != input.kind {
                return Err(ReadingRefusal::NoteFixed);
            }
            if stored.edited_at > edited_at {
                return Ok(NoteWrite::Keep);
            }
            let record = NoteRecord {
                id,
                author: actor.id,
                input: input.clone(),
                created_at: stored.created_at,
                edited_at,
            };
            Ok(NoteWrite::Store(Box::new(record)))
        };
        let (note, created) = self.notes.put(id, &decide)?;
        Ok(PutNote { note, created })
    }

    /// Deletes `actor`'s own note; an unknown id is no error (a delete sent twice from an offline queue).
    pub fn delete(&self, actor: &User, id: NoteId) -> Result<(), ReadingRefusal> {
        let Some(stored) = self.notes.find(id)? else {
            return Ok(());
        };
        self.visible(actor, &stored)?;
        if stored.author.id != actor.id {
            return Err(ReadingRefusal::NotYourNote);
        }
        Ok(self.notes.delete(id)?)
    }

    /// `actor`'s own notes on the meeting's pack and papers, grouped by paper (pack order) then page.
    pub fn export(
        &self,
        actor: &User,
        meeting: MeetingId,
        format: ExportFormat,
    ) -> Result<NotesExport, ReadingRefusal> {
        let (meeting, papers) = self.papers.meeting_papers(actor, meeting)?;
        let order = pack_order(&meeting, papers.iter());
        let notes = self.in_order(&order, |note| note.author.id == actor.id)?;
        let time_zone = self.papers.board_packs.time_zone;
        export::export(&meeting, &order, &notes, format, time_zone, self.typesetter.as_ref())
    }

    /// 404 unless `actor` may read the note's paper and sees the note.
    fn visible(&self, actor: &User, note: &Note) -> Result<(), ReadingRefusal> {
        match self.papers.readable(actor, note.paper) {
            Ok(paper) if note.seen_by(actor, self.chairs(actor, paper.meeting.as_ref())?) => Ok(()),
            Ok(_) | Err(ReadingRefusal::PaperNotFound) => Err(ReadingRefusal::NoteNotFound),
            Err(other) => Err(other),
        }
    }

    /// Whether `actor` chairs the committee whose meeting this is (never for a board meeting or a paper
    /// of no meeting).
    fn chairs(&self, actor: &User, meeting: Option<&Meeting>) -> Result<bool, ReadingRefusal> {
        let Some(committee) = meeting.and_then(|meeting| meeting.committee.as_ref()) else {
            return Ok(false);
        };
        let members = self.committees.members(committee.id)?;
        Ok(members
            .iter()
            .any(|member| member.user_id == actor.id && member.role == CommitteeRole::CommitteeChair))
    }

    /// The notes on `order`'s papers that `keep` keeps, paper by paper in that order.
    fn in_order(
        &self,
        order: &[ReadablePaper],
        keep: impl Fn(&Note) -> bool,
    ) -> Result<Vec<Note>, ReadingRefusal> {
        let refs: Vec<PaperRef> = order.iter().map(|paper| paper.paper).collect();
        let mut notes: Vec<Note> = self.notes.on_papers(&refs)?.into_iter().filter(keep).collect();
        // The repository orders by page and position; a stable sort keeps that within each paper.
        notes.sort_by_key(|note| refs.iter().position(|paper| *paper == note.paper));
        Ok(notes)
    }
}

/// The board pack's own pages first, then the papers in agenda order.
fn pack_order<'a>(meeting: &Meeting, papers: impl Iterator<Item = &'a ReadablePaper>) -> Vec<ReadablePaper> {
    std::iter::once(Papers::board_pack_of(meeting)).chain(papers.cloned()).collect()
}
