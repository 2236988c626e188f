//! The board pack (spec §2 Board pack): `GET /api/meetings/{id}/board-pack` answers one PDF with a cover,
//! the agenda (the page on which each item's papers start) and every PDF paper in agenda order, one
//! bookmark per item with papers. Papers that are not PDFs, or PDFs that cannot be merged (encrypted,
//! damaged), are listed on the agenda page as separate downloads.
//!
//! Who may download it: whoever may see the papers, i.e. whoever sees the meeting (a committee meeting:
//! that committee's members, admins and chairs) and its agenda (a draft agenda: admins and chairs only).
//! Everyone else gets 404, as for the meeting itself.
//!
//! The pack is cached by a fingerprint of everything printed in it (the meeting's details, every item and
//! every paper's stored file): any change to the meeting, the agenda or a paper gives another fingerprint,
//! and the next download rebuilds it.

use std::fmt::Write as _;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sha2::{Digest, Sha256};

use crate::identity::user::User;
use crate::library::FileStore;
use crate::meetings::agenda::{running_times, AgendaItem};
use crate::meetings::meeting::Meeting;
use crate::meetings::rules::scope_of;
use crate::meetings::{
    BoardPackBuilder, BoardPackCache, CachedPack, MeetingRepository, MeetingsRefusal, PackCover, PackItem,
    PackLayout, PackPaper, PackSource,
};
use crate::shared::error::DomainError;
use crate::shared::Clock;
use crate::MeetingId;

/// Changes whenever the layout changes, so packs built by an older version are rebuilt.
const LAYOUT_VERSION: &str = "board-pack-2";

/// The pack's file name and bytes, and the fingerprint they were built from (its `ETag`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardPackFile {
    pub file_name: String,
    pub fingerprint: String,
    pub pdf: Vec<u8>,
}

#[derive(Clone)]
pub struct BoardPackService {
    pub meetings: Arc<dyn MeetingRepository>,
    pub files: Arc<dyn FileStore>,
    pub builder: Arc<dyn BoardPackBuilder>,
    pub cache: Arc<dyn BoardPackCache>,
    pub clock: Arc<dyn Clock>,
    /// `PORTAL_NAME`, on the cover.
    pub portal_name: String,
    /// `BOARD_TIME_ZONE`: the cover's and the agenda's times.
    pub time_zone: Tz,
}

/// The scope a user sees meetings in (admins and chairs everything; others their committees' and the
/// board's).
impl BoardPackService {
    /// The meeting whose papers `actor` may read: 404 for a meeting they cannot see, and for a draft
    /// agenda unless they are an admin or chair.
    pub fn readable_meeting(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        let meeting = self.meetings.find(id, scope_of(actor))?.ok_or(MeetingsRefusal::MeetingNotFound)?;
        if !(actor.role.is_officer() || meeting.agenda_published()) {
            return Err(MeetingsRefusal::MeetingNotFound);
        }
        Ok(meeting)
    }

    /// The board pack, from the cache when nothing in it has changed since it was built.
    pub fn download(&self, actor: &User, id: MeetingId) -> Result<BoardPackFile, MeetingsRefusal> {
        let meeting = self.readable_meeting(actor, id)?;
        let pack = self.current(&meeting)?;
        Ok(BoardPackFile {
            file_name: file_name(&meeting, self.time_zone),
            fingerprint: pack.fingerprint,
            pdf: pack.pdf,
        })
    }

    /// Where each merged paper sits in the pack (spec §2 Pack reader), with the fingerprint of the pack it
    /// describes: built with the pack when needed, so it always matches the bytes `download` answers.
    pub fn layout(&self, actor: &User, id: MeetingId) -> Result<(String, PackLayout), MeetingsRefusal> {
        let meeting = self.readable_meeting(actor, id)?;
        let pack = self.current(&meeting)?;
        Ok((pack.fingerprint, pack.layout))
    }

    /// The meeting's pack as its agenda stands: the cached one, or a new one built and kept.
    fn current(&self, meeting: &Meeting) -> Result<CachedPack, MeetingsRefusal> {
        let id = meeting.id;
        let agenda = self.meetings.agenda(id)?;
        let fingerprint = self.fingerprint(meeting, &agenda);
        if let Some(cached) = self.cache.find(id, &fingerprint)? {
            return Ok(cached);
        }
        let source = self.source(meeting, &agenda)?;
        let built = self.builder.build(&source).map_err(DomainError::Unexpected)?;
        if !built.unreadable.is_empty() {
            tracing::warn!(meeting = id.0, papers = ?built.unreadable, "board pack: papers listed, not merged");
        }
        let layout = PackLayout::of(&source, &built);
        let cached = CachedPack { fingerprint, pdf: built.pdf, layout, built_at: self.clock.now() };
        self.cache.store(id, &cached)?;
        Ok(cached)
    }

    /// A hash of everything the pack prints and of every paper's stored file.
    pub fn fingerprint(&self, meeting: &Meeting, agenda: &[AgendaItem]) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{LAYOUT_VERSION}\n{}\n{}\n{}|{}|{}|{}|{:?}|{:?}|{}|{}",
            self.portal_name,
            self.time_zone.name(),
            meeting.id.0,
            meeting.title,
            meeting.meeting_date.to_rfc3339(),
            meeting.duration_minutes,
            meeting.location,
            meeting.meeting_link,
            meeting.status.as_str(),
            meeting.agenda_changed_at.to_rfc3339(),
        );
        for item in agenda {
            let _ = writeln!(
                text,
                "item {}|{}|{}|{}|{:?}|{}|{}|{}",
                item.id.0,
                item.number,
                item.title,
                item.purpose.as_str(),
                item.presenter.as_ref().map(|p| p.name()),
                item.duration_minutes,
                item.description,
                item.changed_at.to_rfc3339(),
            );
            for paper in &item.papers {
                let _ = writeln!(
                    text,
                    "paper {}|{}|{}|{}|{}",
                    paper.id.0, paper.title, paper.file_name, paper.mime_type, paper.storage_key
                );
            }
        }
        crate::shared::secret_token::hex(&Sha256::digest(text.as_bytes()))
    }

    /// What the builder prints: the cover in the board's time zone, each item with its papers' bytes.
    fn source(&self, meeting: &Meeting, agenda: &[AgendaItem]) -> Result<PackSource, DomainError> {
        let tz = self.time_zone;
        let cover = PackCover {
            portal_name: self.portal_name.clone(),
            meeting_title: if meeting.is_cancelled() {
                format!("{} (cancelled)", meeting.title)
            } else {
                meeting.title.clone()
            },
            when: when(meeting.meeting_date, meeting.planned_end(), tz),
            location: meeting.location.clone(),
            link: meeting.meeting_link.clone(),
        };
        let durations: Vec<i32> = agenda.iter().map(|item| item.duration_minutes).collect();
        let times = running_times(meeting.meeting_date, &durations);
        let mut items = Vec::with_capacity(agenda.len());
        for (item, timing) in agenda.iter().zip(times) {
            let mut details = format!(
                "{} - {} - {} min",
                capitalised(item.purpose.as_str()),
                timing.starts_at.with_timezone(&tz).format("%H:%M"),
                item.duration_minutes
            );
            if let Some(presenter) = &item.presenter {
                let _ = write!(details, " - presented by {}", presenter.name());
            }
            let mut papers = Vec::with_capacity(item.papers.len());
            for paper in &item.papers {
                let pdf = if paper.is_pdf() { Some(self.files.read(&paper.storage_key)?) } else { None };
                papers.push(PackPaper {
                    id: paper.id,
                    title: paper.title.clone(),
                    file_name: paper.file_name.clone(),
                    pdf,
                });
            }
            items.push(PackItem {
                number: item.number,
                title: item.title.clone(),
                details,
                description: item.description.clone(),
                papers,
            });
        }
        Ok(PackSource { cover, items })
    }
}

/// "Thursday 5 March 2026, 18:30 to 20:30 (Europe/London)".
pub fn when(start: DateTime<Utc>, end: DateTime<Utc>, tz: Tz) -> String {
    let start = start.with_timezone(&tz);
    let end = end.with_timezone(&tz);
    let end_text = if start.date_naive() == end.date_naive() {
        end.format("%H:%M").to_string()
    } else {
        end.format("%A %-d %B %Y, %H:%M").to_string()
    };
    format!("{}, {} to {} ({})", start.format("%A %-d %B %Y"), start.format("%H:%M"), end_text, tz.name())
}

/// "Board pack - Board meeting - 2026-03-05.pdf", without characters file systems refuse.
fn file_name(meeting: &Meeting, tz: Tz) -> String {
    let title: String = meeting
        .title
        .chars()
        .map(|c| if c.is_control() || "/\\:*?\"<>|".contains(c) { '-' } else { c })
        .take(100)
        .collect();
    format!(
        "Board pack - {} - {}.pdf",
        title.trim(),
        meeting.meeting_date.with_timezone(&tz).format("%Y-%m-%d")
    )
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn times_are_printed_in_the_board_time_zone() {
        // 17:30 UTC in June is 18:30 in London (summer time).
        let start = Utc.with_ymd_and_hms(2026, 6, 4, 17, 30, 0).single().unwrap_or_default();
        let end = start + chrono::Duration::minutes(120);
        assert_eq!(
            when(start, end, chrono_tz::Europe::London),
            "Thursday 4 June 2026, 18:30 to 20:30 (Europe/London)"
        );
        assert_eq!(when(start, end, chrono_tz::UTC), "Thursday 4 June 2026, 17:30 to 19:30 (UTC)");
    }

    #[test]
    fn capitalised_purpose() {
        assert_eq!(capitalised("decision"), "Decision");
        assert_eq!(capitalised(""), "");
    }
}
