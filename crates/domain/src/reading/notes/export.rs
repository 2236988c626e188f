//! One's own notes on a meeting, as text or PDF (spec §2 Pack reader, Notes): grouped by paper in pack
//! order, then by page, each with its quoted words.

use chrono_tz::Tz;

use crate::meetings::meeting::Meeting;
use crate::meetings::{PrintBlock, PrintDocument, Typesetter};
use crate::reading::notes::{Note, NoteKind};
use crate::reading::{ReadablePaper, ReadingRefusal};
use crate::shared::error::DomainError;

string_enum!(
    /// The export's format.
    ExportFormat {
        Text => "text",
        Pdf => "pdf",
    }
);

/// The exported file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotesExport {
    /// `notes-2026-03-05.txt`: the meeting's date in the board's time zone.
    pub file_name: String,
    pub mime_type: &'static str,
    pub bytes: Vec<u8>,
}

/// `notes` are the caller's own, already in pack order.
pub fn export(
    meeting: &Meeting,
    papers: &[ReadablePaper],
    notes: &[Note],
    format: ExportFormat,
    time_zone: Tz,
    typesetter: &dyn Typesetter,
) -> Result<NotesExport, ReadingRefusal> {
    let date = meeting.meeting_date.with_timezone(&time_zone).format("%Y-%m-%d").to_string();
    let title = format!("My notes - {} - {date}", meeting.title);
    let document = document(title, papers, notes, time_zone);
    match format {
        ExportFormat::Text => Ok(NotesExport {
            file_name: format!("notes-{date}.txt"),
            mime_type: "text/plain; charset=utf-8",
            bytes: plain_text(&document).into_bytes(),
        }),
        ExportFormat::Pdf => Ok(NotesExport {
            file_name: format!("notes-{date}.pdf"),
            mime_type: "application/pdf",
            bytes: typesetter.typeset(&document).map_err(DomainError::Unexpected)?,
        }),
    }
}

/// The notes as a printed document: a heading per paper, then per note its page, its quote and its text.
fn document(title: String, papers: &[ReadablePaper], notes: &[Note], time_zone: Tz) -> PrintDocument {
    let mut blocks = Vec::new();
    if notes.is_empty() {
        blocks.push(PrintBlock::Paragraph("You have no notes on this meeting's papers.".into()));
    }
    for paper in papers {
        let on_paper: Vec<&Note> = notes.iter().filter(|note| note.paper == paper.paper).collect();
        if on_paper.is_empty() {
            continue;
        }
        blocks.push(PrintBlock::Heading(paper.title.clone()));
        for note in on_paper {
            let kind = match note.kind {
                NoteKind::Highlight => "highlight",
                NoteKind::Pin => "note",
            };
            blocks.push(PrintBlock::Note(format!(
                "Page {} - {kind} - {} - edited {}",
                note.page,
                note.visibility.as_str(),
                // In the board's time zone, as every other printed time (spec §2 Printed documents).
                note.edited_at.with_timezone(&time_zone).format("%Y-%m-%d %H:%M")
            )));
            if !note.anchor.quote.trim().is_empty() {
                blocks.push(PrintBlock::Paragraph(format!("\"{}\"", note.anchor.quote.trim())));
            }
            if !note.body.trim().is_empty() {
                blocks.push(PrintBlock::Paragraph(note.body.trim().to_string()));
            }
            blocks.push(PrintBlock::Gap);
        }
    }
    PrintDocument { title, blocks }
}

fn plain_text(document: &PrintDocument) -> String {
    let mut text = format!("{}\n", document.title);
    for block in &document.blocks {
        match block {
            PrintBlock::Heading(heading) => {
                text.push_str(&format!("\n{heading}\n{}\n", "=".repeat(heading.chars().count().min(80))))
            }
            PrintBlock::Paragraph(line) | PrintBlock::Note(line) => {
                text.push_str(line);
                text.push('\n');
            }
            PrintBlock::Gap => text.push('\n'),
        }
    }
    text
}
