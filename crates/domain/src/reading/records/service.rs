//! The reading records' use cases (docs/spec.md "Reading records"). Every answer obeys the paper's rule:
//! a paper the caller may not read gets 404 and its pages are never stored.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::identity::user::User;
use crate::library::PageCounts;
use crate::meetings::meeting::{Meeting, MeetingKind};
use crate::meetings::{AttendanceRepository, PapersReadLine};
use crate::reading::records::summary::taken_as_read_line;
use crate::reading::records::{
    MeetingReading, PageRecord, PageShown, PagesRequest, PaperProgress, PaperReading, PaperState,
    PersonReading, ReadingRecordRepository, ReadingSummary,
};
use crate::reading::{PaperKind, PaperRef, Papers, ReadablePaper, ReadingRefusal};
use crate::shared::error::DomainError;
use crate::shared::Clock;
use crate::{MeetingId, UserId};

#[derive(Clone)]
pub struct ReadingRecordsService {
    pub papers: Papers,
    pub records: Arc<dyn ReadingRecordRepository>,
    pub page_counts: PageCounts,
    /// The meeting's invited members (the attendance sheet's rule).
    pub attendance: Arc<dyn AttendanceRepository>,
    pub clock: Arc<dyn Clock>,
}

/// A readable PDF paper with its page count.
struct CountedPaper {
    paper: ReadablePaper,
    page_count: u32,
}

impl ReadingRecordsService {
    /// Stores a batch of pages shown by `actor`. Entries on papers they may not read, on the board pack's
    /// own pages, on files that are not readable PDFs, and pages past a paper's count are dropped
    /// silently: the reader sends what it showed and never has to know why a page was not kept.
    pub fn record(&self, actor: &User, request: PagesRequest) -> Result<(), ReadingRefusal> {
        let pages = request.parse(self.clock.now()).map_err(DomainError::Invalid)?;
        if !self.records.enabled()? {
            return Ok(());
        }
        let mut counts: HashMap<PaperRef, Option<u32>> = HashMap::new();
        let mut kept: Vec<PageShown> = Vec::with_capacity(pages.len());
        for shown in pages {
            let count = match counts.get(&shown.paper) {
                Some(count) => *count,
                None => {
                    let count = self.recordable_count(actor, shown.paper)?;
                    counts.insert(shown.paper, count);
                    count
                }
            };
            if count.is_some_and(|count| shown.page <= count) {
                kept.push(shown);
            }
        }
        if kept.is_empty() {
            return Ok(());
        }
        Ok(self.records.record(actor.id, &kept)?)
    }

    /// The page count of a paper whose pages may be recorded, or `None` to drop them.
    fn recordable_count(&self, actor: &User, paper: PaperRef) -> Result<Option<u32>, ReadingRefusal> {
        if paper.kind == PaperKind::BoardPack {
            return Ok(None);
        }
        match self.papers.readable(actor, paper) {
            Ok(readable) => self.page_count(&readable),
            Err(ReadingRefusal::PaperNotFound) => Ok(None),
            Err(other) => Err(other),
        }
    }

    fn page_count(&self, paper: &ReadablePaper) -> Result<Option<u32>, ReadingRefusal> {
        match (&paper.storage_key, paper.is_pdf) {
            (Some(key), true) => Ok(self.page_counts.of(key).map_err(DomainError::Unexpected)?),
            _ => Ok(None),
        }
    }

    /// The caller's own record of one paper. The board pack's own pages have no record (404).
    pub fn paper(&self, actor: &User, paper: PaperRef) -> Result<PaperReading, ReadingRefusal> {
        if paper.kind == PaperKind::BoardPack {
            return Err(ReadingRefusal::PaperNotFound);
        }
        let readable = self.papers.readable(actor, paper)?;
        let page_count = self.page_count(&readable)?;
        let enabled = self.records.enabled()?;
        let records = if enabled { self.records.pages(Some(actor.id), &[paper])? } else { Vec::new() };
        let within = |record: &&PageRecord| page_count.is_some_and(|count| record.page <= count);
        let pages: BTreeSet<u32> = records.iter().filter(within).map(|record| record.page).collect();
        let last_read_at = records.iter().filter(within).map(|record| record.last_shown_at).max();
        Ok(PaperReading { enabled, page_count, pages: pages.into_iter().collect(), last_read_at })
    }

    /// The meeting (readable as its pack) and its PDF papers with a page count, in agenda order.
    fn counted_papers(
        &self,
        actor: &User,
        meeting: MeetingId,
    ) -> Result<(Meeting, Vec<CountedPaper>), ReadingRefusal> {
        let (meeting, papers) = self.papers.meeting_papers(actor, meeting)?;
        let mut counted = Vec::new();
        for paper in papers {
            if let Some(page_count) = self.page_count(&paper)? {
                counted.push(CountedPaper { paper, page_count });
            }
        }
        Ok((meeting, counted))
    }

    /// The caller's own record of a meeting's PDF papers.
    pub fn meeting(&self, actor: &User, meeting: MeetingId) -> Result<MeetingReading, ReadingRefusal> {
        let (_, papers) = self.counted_papers(actor, meeting)?;
        let enabled = self.records.enabled()?;
        let refs: Vec<PaperRef> = papers.iter().map(|p| p.paper.paper).collect();
        let records = if enabled { self.records.pages(Some(actor.id), &refs)? } else { Vec::new() };
        let progress: Vec<PaperProgress> = papers
            .into_iter()
            .map(|counted| {
                let mine: Vec<&PageRecord> = records
                    .iter()
                    .filter(|r| r.paper == counted.paper.paper && r.page <= counted.page_count)
                    .collect();
                PaperProgress {
                    paper: counted.paper.paper,
                    title: counted.paper.title,
                    page_count: counted.page_count,
                    pages_read: u32::try_from(mine.len()).unwrap_or(u32::MAX),
                    last_read_at: mine.iter().map(|r| r.last_shown_at).max(),
                }
            })
            .collect();
        Ok(MeetingReading {
            enabled,
            page_count: progress.iter().map(|p| p.page_count).sum(),
            pages_read: progress.iter().map(|p| p.pages_read).sum(),
            papers: progress,
        })
    }

    /// Who has read which of the meeting's papers: admins and chairs only, 404 as the pack first.
    pub fn summary(&self, actor: &User, meeting: MeetingId) -> Result<ReadingSummary, ReadingRefusal> {
        let (meeting, papers) = self.counted_papers(actor, meeting)?;
        if !actor.role.is_officer() {
            return Err(ReadingRefusal::OnlyOfficersSeeReading);
        }
        if !self.records.enabled()? {
            return Ok(ReadingSummary::disabled());
        }
        let sheet = self.attendance.meeting(meeting.id)?;
        let invitees = self.attendance.invitees(&sheet)?;
        let refs: Vec<PaperRef> = papers.iter().map(|p| p.paper.paper).collect();
        // Pages shown, per person and paper, within each paper's count.
        let mut shown: HashMap<(UserId, PaperRef), u32> = HashMap::new();
        let counts: HashMap<PaperRef, u32> = papers.iter().map(|p| (p.paper.paper, p.page_count)).collect();
        for record in self.records.pages(None, &refs)? {
            if counts.get(&record.paper).is_some_and(|count| record.page <= *count) {
                *shown.entry((record.user, record.paper)).or_default() += 1;
            }
        }
        let people: Vec<PersonReading> = invitees
            .into_iter()
            .map(|invitee| {
                let states: Vec<(PaperRef, PaperState, u32)> = papers
                    .iter()
                    .map(|p| {
                        let read = shown.get(&(invitee.user_id, p.paper.paper)).copied().unwrap_or(0);
                        (p.paper.paper, PaperState::of(read, p.page_count), read)
                    })
                    .collect();
                PersonReading {
                    user: invitee.user_id,
                    name: invitee.name,
                    read_all: states.iter().all(|(_, state, _)| *state == PaperState::Read),
                    papers: states,
                }
            })
            .collect();
        let line = (!papers.is_empty()).then(|| {
            let read_all = people.iter().filter(|person| person.read_all).count();
            taken_as_read_line(read_all, people.len(), meeting.kind == MeetingKind::Committee)
        });
        Ok(ReadingSummary {
            enabled: true,
            papers: papers.into_iter().map(|p| (p.paper.paper, p.paper.title, p.page_count)).collect(),
            people,
            line,
        })
    }
}

/// The minutes' draft starts with the summary's line (docs/spec.md "Reading records").
impl PapersReadLine for ReadingRecordsService {
    fn line(&self, actor: &User, meeting: MeetingId) -> anyhow::Result<Option<String>> {
        match self.summary(actor, meeting) {
            Ok(summary) => Ok(summary.line),
            // The minutes' own checks have let the writer in; a meeting whose papers they cannot read
            // as a pack (none) simply has no line.
            Err(ReadingRefusal::MeetingNotFound | ReadingRefusal::OnlyOfficersSeeReading) => Ok(None),
            Err(other) => Err(anyhow::anyhow!("the papers-read line: {other}")),
        }
    }
}
