//! The papers a reader opens and who may open them (spec §2 Pack reader, Paper references): exactly who
//! may download each today. Anyone else learns nothing about a paper, its notes or its reading records.

use std::sync::Arc;

use crate::identity::permissions;
use crate::identity::user::User;
use crate::library::files::{FileKind, StorageKey};
use crate::library::minutes::MinutesSource;
use crate::library::{DocumentRepository, MinutesRepository};
use crate::meetings::meeting::Meeting;
use crate::meetings::rules::scope_of;
use crate::meetings::BoardPackService;
use crate::reading::ReadingRefusal;
use crate::{AgendaPaperId, DocumentId, MeetingId, MinutesId, RepoError};

string_enum!(
    /// What a paper is: a library document, an agenda paper, uploaded minutes, or the board pack's own
    /// front pages (cover and agenda) of a meeting.
    PaperKind {
        Document => "document",
        AgendaPaper => "agendaPaper",
        Minutes => "minutes",
        BoardPack => "boardPack",
    }
);

impl PaperKind {
    /// The kind's spelling in URLs (`/api/papers/agenda-paper/17/notes`).
    pub fn slug(self) -> &'static str {
        match self {
            PaperKind::Document => "document",
            PaperKind::AgendaPaper => "agenda-paper",
            PaperKind::Minutes => "minutes",
            PaperKind::BoardPack => "board-pack",
        }
    }

    /// The kind a URL names, if any.
    pub fn from_slug(slug: &str) -> Option<Self> {
        PaperKind::ALL.iter().copied().find(|kind| kind.slug() == slug)
    }
}

/// What a note or a reading record is about. For a board pack, `id` is the meeting's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperRef {
    pub kind: PaperKind,
    /// The document's, agenda paper's or minutes' id; the meeting's for a board pack.
    pub id: i32,
}

impl PaperRef {
    pub fn document(id: DocumentId) -> Self {
        PaperRef { kind: PaperKind::Document, id: id.0 }
    }

    pub fn agenda_paper(id: AgendaPaperId) -> Self {
        PaperRef { kind: PaperKind::AgendaPaper, id: id.0 }
    }

    pub fn minutes(id: MinutesId) -> Self {
        PaperRef { kind: PaperKind::Minutes, id: id.0 }
    }

    pub fn board_pack(meeting: MeetingId) -> Self {
        PaperRef { kind: PaperKind::BoardPack, id: meeting.0 }
    }
}

/// A paper the reader may open, with what the reading area needs of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadablePaper {
    pub paper: PaperRef,
    pub title: String,
    /// The agenda paper's or the board pack's meeting.
    pub meeting: Option<Meeting>,
    /// The stored file; `None` for the board pack, which is built.
    pub storage_key: Option<StorageKey>,
    pub is_pdf: bool,
}

/// Finds the meeting an agenda paper belongs to (its agenda item's), so its readers are the meeting's.
pub trait AgendaPaperMeetings: Send + Sync {
    fn meeting_of(&self, paper: AgendaPaperId) -> Result<Option<MeetingId>, RepoError>;
}

/// Who may read which paper: the download rules of the library, the agenda, the minutes archive and the
/// board pack, in one place for notes and reading records.
#[derive(Clone)]
pub struct Papers {
    pub documents: Arc<dyn DocumentRepository>,
    pub minutes: Arc<dyn MinutesRepository>,
    pub agenda_papers: Arc<dyn AgendaPaperMeetings>,
    /// Its meetings repository reads the agendas; its `readable_meeting` is the pack's rule.
    pub board_packs: BoardPackService,
}

impl Papers {
    /// The paper, when `actor` may download it; `PaperNotFound` otherwise, whatever the reason.
    pub fn readable(&self, actor: &User, paper: PaperRef) -> Result<ReadablePaper, ReadingRefusal> {
        match paper.kind {
            PaperKind::Document => self.document(actor, DocumentId(paper.id)),
            PaperKind::Minutes => self.uploaded_minutes(actor, MinutesId(paper.id)),
            PaperKind::AgendaPaper => self.agenda_paper(actor, AgendaPaperId(paper.id)),
            PaperKind::BoardPack => {
                let meeting = self
                    .board_packs
                    .readable_meeting(actor, MeetingId(paper.id))
                    .map_err(ReadingRefusal::paper_from)?;
                Ok(board_pack(meeting))
            }
        }
    }

    /// The meeting, readable by `actor` as its board pack is, and its agenda papers in agenda order (PDFs
    /// and others; `is_pdf` tells them apart). `MeetingNotFound` as the pack.
    pub fn meeting_papers(
        &self,
        actor: &User,
        meeting: MeetingId,
    ) -> Result<(Meeting, Vec<ReadablePaper>), ReadingRefusal> {
        let meeting =
            self.board_packs.readable_meeting(actor, meeting).map_err(ReadingRefusal::meeting_from)?;
        let papers = self.agenda_of(&meeting)?;
        Ok((meeting, papers))
    }

    /// The board pack's own pages as a paper of its meeting.
    pub fn board_pack_of(meeting: &Meeting) -> ReadablePaper {
        board_pack(meeting.clone())
    }

    fn document(&self, actor: &User, id: DocumentId) -> Result<ReadablePaper, ReadingRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(ReadingRefusal::PaperNotFound);
        }
        let document = self.documents.find(id)?.ok_or(ReadingRefusal::PaperNotFound)?;
        Ok(ReadablePaper {
            paper: PaperRef::document(id),
            title: document.title,
            meeting: None,
            is_pdf: document.mime_type == FileKind::Pdf.mime_type(),
            storage_key: Some(document.storage_key),
        })
    }

    fn uploaded_minutes(&self, actor: &User, id: MinutesId) -> Result<ReadablePaper, ReadingRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(ReadingRefusal::PaperNotFound);
        }
        let minutes = self.minutes.find(id, scope_of(actor))?.ok_or(ReadingRefusal::PaperNotFound)?;
        let MinutesSource::File { storage_key, .. } = minutes.source else {
            return Err(ReadingRefusal::PaperNotFound);
        };
        // Uploaded minutes are PDFs only (spec §3 Minutes).
        Ok(ReadablePaper {
            paper: PaperRef::minutes(id),
            title: minutes.title,
            meeting: None,
            storage_key: Some(storage_key),
            is_pdf: true,
        })
    }

    fn agenda_paper(&self, actor: &User, id: AgendaPaperId) -> Result<ReadablePaper, ReadingRefusal> {
        let meeting = self.agenda_papers.meeting_of(id)?.ok_or(ReadingRefusal::PaperNotFound)?;
        let meeting =
            self.board_packs.readable_meeting(actor, meeting).map_err(ReadingRefusal::paper_from)?;
        self.agenda_of(&meeting)?
            .into_iter()
            .find(|paper| paper.paper == PaperRef::agenda_paper(id))
            .ok_or(ReadingRefusal::PaperNotFound)
    }

    fn agenda_of(&self, meeting: &Meeting) -> Result<Vec<ReadablePaper>, ReadingRefusal> {
        let agenda = self.board_packs.meetings.agenda(meeting.id)?;
        Ok(agenda
            .into_iter()
            .flat_map(|item| item.papers)
            .map(|paper| ReadablePaper {
                paper: PaperRef::agenda_paper(paper.id),
                is_pdf: paper.is_pdf(),
                title: paper.title,
                meeting: Some(meeting.clone()),
                storage_key: Some(paper.storage_key),
            })
            .collect())
    }
}

fn board_pack(meeting: Meeting) -> ReadablePaper {
    ReadablePaper {
        paper: PaperRef::board_pack(meeting.id),
        title: format!("Board pack - {}", meeting.title),
        meeting: Some(meeting),
        storage_key: None,
        is_pdf: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_a_wire_name_and_a_url_slug() {
        for kind in PaperKind::ALL {
            assert_eq!(PaperKind::from_slug(kind.slug()), Some(*kind));
        }
        assert_eq!(PaperKind::from_slug("agenda-paper"), Some(PaperKind::AgendaPaper));
        assert_eq!(PaperKind::from_slug("agendaPaper"), None);
        let json = serde_json::to_value(PaperRef::agenda_paper(AgendaPaperId(17))).unwrap_or_default();
        assert_eq!(json, serde_json::json!({"kind": "agendaPaper", "id": 17}));
    }
}
