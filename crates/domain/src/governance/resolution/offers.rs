//! A decided written resolution goes to the next board meeting (spec §2 Meeting page): the meeting's agenda
//! builder is offered the resolutions decided since the board last met, and adding one makes a noting item
//! that reports the result, with the resolution's supporting papers linked.
//!
//! A resolution belongs to the window of the first board meeting on or after its decision: decided after
//! the previous (not cancelled) board meeting began and no later than this one begins. The next board
//! meeting to come is also offered every earlier resolution no agenda reports yet (its own meeting went by
//! without it). Scheduling a meeting in between moves the offer to it; a resolution goes on one agenda
//! only, and cancelling a meeting frees the resolutions on its agenda.

use chrono::{DateTime, Utc};

use crate::governance::resolution::service::ResolutionService;
use crate::governance::resolution::{Resolution, ResolutionStatus};
use crate::governance::GovernanceRefusal;
use crate::identity::user::User;
use crate::meetings::agenda::service::{Published, DESCRIPTION_MAX, TITLE_MAX};
use crate::meetings::agenda::{AgendaItem, AgendaPurpose, NewAgendaItem};
use crate::meetings::meeting::{Meeting, MeetingKind, MeetingScope, MeetingWindow};
use crate::shared::error::DomainError;
use crate::{MeetingId, ResolutionId};

pub use crate::governance::refusal::{BOARD_MEETINGS_ONLY, STILL_OPEN};
pub const RESOLUTION_REQUIRED: &str = "Choose a decided written resolution";
// "Add a decided resolution to the agenda".
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FromResolutionRequest {
    /// A decided written resolution that is on no agenda yet.
    #[schema(required = true, nullable = false, value_type = i32)]
    pub resolution_id: Option<ResolutionId>,
}

/// The item's planned minutes: the board notes a result it has already decided.
pub const ITEM_MINUTES: i32 = 5;

impl ResolutionService {
    /// The decided resolutions this meeting's agenda is offered (earliest decided first): empty for a
    /// meeting that is not a board meeting. Admins and chairs who may build the agenda only.
    pub fn agenda_offers(
        &self,
        actor: &User,
        meeting: MeetingId,
    ) -> Result<Vec<Resolution>, GovernanceRefusal> {
        let meeting = self.meetings.editable(actor, meeting)?;
        if meeting.kind != MeetingKind::Board {
            return Ok(Vec::new());
        }
        self.resolutions.decide_due(self.clock.now(), None)?;
        let after = self.previous_board_meeting(&meeting)?;
        Ok(self.resolutions.decided_off_agenda(after, Some(meeting.meeting_date))?)
    }

    /// Adds a noting item reporting the decided resolution at the end of the board meeting's agenda.
    pub fn add_to_agenda(
        &self,
        actor: &User,
        meeting: MeetingId,
        input: FromResolutionRequest,
    ) -> Result<(AgendaItem, Published), GovernanceRefusal> {
        let meeting = self.meetings.editable(actor, meeting)?;
        let Some(id) = input.resolution_id else {
            return Err(DomainError::invalid("resolutionId", RESOLUTION_REQUIRED).into());
        };
        if meeting.kind != MeetingKind::Board {
            return Err(GovernanceRefusal::BoardMeetingsOnly);
        }
        self.resolutions.decide_due(self.clock.now(), Some(id))?;
        let resolution = self.resolution(id)?;
        if resolution.status == ResolutionStatus::Open {
            return Err(GovernanceRefusal::ResolutionStillOpen);
        }
        let papers: Vec<_> = resolution.papers.iter().map(|p| p.document_id).collect();
        let item = self.report_item(&resolution);
        let added = self.meetings.meetings.add_resolution_item(
            meeting.id,
            item,
            &papers,
            actor.id,
            self.clock.now(),
        )?;
        Ok((added, meeting.agenda_published_at))
    }

    /// The start of the offer window: when the board last met before this meeting (not counting cancelled
    /// meetings). `None` (every unreported resolution) for the next board meeting to come, so that a
    /// resolution whose own meeting went by without it is offered again rather than lost.
    fn previous_board_meeting(&self, meeting: &Meeting) -> Result<Option<DateTime<Utc>>, DomainError> {
        let now = self.clock.now();
        let all = self.meetings.meetings.list(MeetingWindow::All, now, MeetingScope::Everything)?;
        let previous = all
            .iter()
            .filter(|m| m.kind == MeetingKind::Board && !m.is_cancelled() && m.id != meeting.id)
            .map(|m| m.meeting_date)
            .filter(|date| *date < meeting.meeting_date)
            .max();
        let next_to_come = meeting.meeting_date > now && previous.is_none_or(|date| date <= now);
        Ok(if next_to_come { None } else { previous })
    }

    /// The item: "Written resolution: <title>", and the result, tally and wording as its description.
    fn report_item(&self, resolution: &Resolution) -> NewAgendaItem {
        NewAgendaItem {
            title: truncated(&format!("Written resolution: {}", resolution.title), TITLE_MAX),
            purpose: AgendaPurpose::Noting,
            presenter: None,
            duration_minutes: ITEM_MINUTES,
            description: truncated(&self.report(resolution), DESCRIPTION_MAX),
            resolution: Some(resolution.id),
        }
    }

    fn report(&self, resolution: &Resolution) -> String {
        let tally = resolution.tally();
        let outcome = match resolution.status {
            ResolutionStatus::Passed => "Passed",
            _ => "Not passed",
        };
        let decided = resolution
            .decided_at
            .unwrap_or(resolution.closes_at)
            .with_timezone(&self.time_zone)
            .format("%-d %B %Y");
        format!(
            "{outcome} by written resolution on {decided}: {} for, {} against, {} abstained, of {} eligible \
             trustees. For the board to note.\n\n{}",
            tally.for_votes, tally.against, tally.abstain, tally.eligible, resolution.text
        )
    }
}

/// At most `max` characters, ending with an ellipsis when cut.
fn truncated(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::truncated;

    #[test]
    fn long_texts_are_cut_to_the_limit_with_an_ellipsis() {
        assert_eq!(truncated("Budget", 200), "Budget");
        let cut = truncated(&"é".repeat(300), 200);
        assert_eq!(cut.chars().count(), 200);
        assert!(cut.ends_with('…'));
    }
}
