//! Notes on papers (spec §2 Pack reader, Notes): a highlight of quoted words or a pin at a point of a
//! page, seen by its author, by admins and chairs as well, or by everyone, and never by anyone who may
//! not read the paper.

pub mod export;
pub mod input;
pub mod repository;
pub mod service;

use chrono::{DateTime, Utc};

use crate::identity::user::User;
use crate::reading::PaperRef;
use crate::UserId;

pub use input::{NoteAnchorRequest, NoteRectRequest, NoteRequest};
pub use repository::{NoteRepository, NoteWrite};
pub use service::{NoteService, PutNote};

/// A note's id: a UUID made by the client, so a note made offline is stored once however often it is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoteId(pub uuid::Uuid);

impl NoteId {
    /// The id a URL names, if it is a UUID.
    pub fn parse(text: &str) -> Option<Self> {
        uuid::Uuid::parse_str(text).ok().map(NoteId)
    }
}

impl std::fmt::Display for NoteId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.hyphenated().fmt(f)
    }
}

string_enum!(
    /// A highlight of quoted words, or a pin at a point of the page.
    NoteKind {
        Highlight => "highlight",
        Pin => "pin",
    }
);

string_enum!(
    /// Who sees a note besides its author: nobody (`private`, the default), admins and chairs
    /// (`officers`), or everyone (`shared`); always only people who may read the paper.
    Visibility {
        Private => "private",
        Officers => "officers",
        Shared => "shared",
    }
);

/// A rectangle of highlighted text, in fractions of the page (y from the top).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NoteRect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// Where a note sits: a point and the highlighted rectangles on its page, and the quoted words with a
/// little text either side, so the reader finds the same words when the pack is rebuilt.
#[derive(Debug, Clone, PartialEq)]
pub struct NoteAnchor {
    pub x: f64,
    pub y: f64,
    pub rects: Vec<NoteRect>,
    pub quote: String,
    pub prefix: String,
    pub suffix: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteAuthor {
    pub id: UserId,
    pub name: String,
}

/// A stored note.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub id: NoteId,
    pub paper: PaperRef,
    /// The page within the paper, from 1 (the pack's page for a board pack's own pages).
    pub page: i32,
    pub kind: NoteKind,
    pub anchor: NoteAnchor,
    pub body: String,
    pub visibility: Visibility,
    pub author: NoteAuthor,
    pub created_at: DateTime<Utc>,
    pub edited_at: DateTime<Utc>,
}

impl Note {
    /// Whether `reader`, who may read the note's paper, sees the note. `chairs_meeting`: the reader
    /// chairs the committee whose meeting the paper is for (a meeting's chair sees the notes for the chair
    /// and admins, as the board's admins and chairs do; spec §2 Pack reader, Notes).
    pub fn seen_by(&self, reader: &User, chairs_meeting: bool) -> bool {
        self.author.id == reader.id
            || match self.visibility {
                Visibility::Private => false,
                Visibility::Officers => reader.role.is_officer() || chairs_meeting,
                Visibility::Shared => true,
            }
    }
}

/// A validated note as the client sent it.
#[derive(Debug, Clone, PartialEq)]
pub struct NoteInput {
    pub paper: PaperRef,
    pub page: i32,
    pub kind: NoteKind,
    pub anchor: NoteAnchor,
    pub body: String,
    pub visibility: Visibility,
    /// When the client last edited it; `None`: now.
    pub edited_at: Option<DateTime<Utc>>,
}

/// What a note's row holds: its content, author and times.
#[derive(Debug, Clone, PartialEq)]
pub struct NoteRecord {
    pub id: NoteId,
    pub author: UserId,
    pub input: NoteInput,
    pub created_at: DateTime<Utc>,
    pub edited_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::role::Role;
    use crate::reading::PaperKind;
    use crate::testing::user;

    fn note(author: UserId, visibility: Visibility) -> Note {
        Note {
            id: NoteId(uuid::Uuid::nil()),
            paper: PaperRef { kind: PaperKind::Document, id: 1 },
            page: 1,
            kind: NoteKind::Pin,
            anchor: NoteAnchor {
                x: 0.5,
                y: 0.5,
                rects: Vec::new(),
                quote: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            },
            body: "b".into(),
            visibility,
            author: NoteAuthor { id: author, name: "A".into() },
            created_at: DateTime::<Utc>::UNIX_EPOCH,
            edited_at: DateTime::<Utc>::UNIX_EPOCH,
        }
    }

    #[test]
    fn each_visibility_is_seen_by_its_readers() {
        let trustee = user(Role::Trustee);
        let chair = user(Role::Chair);
        let other = UserId(trustee.id.0 + 100);
        assert!(note(trustee.id, Visibility::Private).seen_by(&trustee, false));
        assert!(!note(other, Visibility::Private).seen_by(&chair, true));
        assert!(note(other, Visibility::Officers).seen_by(&chair, false));
        assert!(!note(other, Visibility::Officers).seen_by(&trustee, false));
        // A trustee chairing the committee whose meeting the paper is for sees them.
        assert!(note(other, Visibility::Officers).seen_by(&trustee, true));
        assert!(note(other, Visibility::Shared).seen_by(&trustee, false));
    }
}
