//! Minutes written in the portal and the decisions register (spec §2 Written minutes and the decisions
//! register).
//!
//! Admins and chairs write the minutes of a meeting they see: notes, decisions and actions at each
//! agenda item (an action also goes into the action tracker, linked to the meeting and item). The
//! minutes move draft -> circulated -> approved -> locked. A draft exists only for admins and chairs (404
//! to others); from circulation on the meeting's members read them. Approval records the date and the
//! later meeting at which they were approved. Approved and locked minutes refuse every edit (409); a
//! correction is a new version with a reason, the old one kept and readable.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

use crate::identity::user::User;
use crate::identity::{records_reader, GuestRepository, RecordsReader};
use crate::meetings::meeting::{Meeting, MeetingScope};
use crate::meetings::rules::scope_of;
use crate::meetings::written_minutes::{
    DatedDecision, Decision, MinuteEntry, MinuteEntryKind, NewMinuteAction, NewMinuteEntry, WrittenMinutes,
    WrittenMinutesStatus, WrittenMinutesSummary,
};
use crate::meetings::{
    MeetingRepository, MeetingsRefusal, PrintBlock, PrintDocument, Typesetter, WrittenMinutesRepository,
};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::{Clock, FieldLimits, IsoDate, Limit, Received};
use crate::{AgendaItemId, MeetingId, UserId};

pub const ENTRY_MAX: usize = 5000;
pub const ACTION_TITLE_MAX: usize = 200;
pub const REASON_MAX: usize = 1000;
pub const SEARCH_MAX: usize = 200;
pub const KIND_CHOICES: &str = "Kind must be note, decision or action";
pub use crate::meetings::refusal::{MINUTES_ALREADY_EXIST as ALREADY_EXISTS, NO_SUCH_ASSIGNEE, NO_SUCH_ITEM};
pub const ACTION_TOO_LONG: &str = "An action must be at most 200 characters (add detail as a note)";
pub const ONLY_ACTIONS_ASSIGNED: &str = "Only an action has an assignee or a due date";
pub const LATER_MEETING_REQUIRED: &str = "Choose the later meeting at which the minutes were approved";
pub const LATER_MEETING_AFTER: &str = "The approving meeting must be later than the meeting minuted";

/// The first id a record can have: an id below it names nothing.
pub const FIRST_ID: i32 = 1;
pub const DUE_DATE_FORMAT: &str = "Due date must be a date (YYYY-MM-DD)";
pub const APPROVAL_DATE_FORMAT: &str = "Approval date must be a date (YYYY-MM-DD)";

/// "Record an entry": a note, decision or action, at an item or under "General".
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryRequest {
    /// Optional: an item of this meeting's agenda.
    #[serde(default, deserialize_with = "crate::shared::input::received::optional_id")]
    #[schema(value_type = Option<i32>)]
    pub agenda_item_id: Option<AgendaItemId>,
    /// Required: `note`, `decision` or `action`.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub kind: Received<MinuteEntryKind>,
    /// Required, at most 5000 characters (an action: at most 200, its title in the tracker).
    // The document states the action's limit, the stricter one; it asks for a character without the
    // `\S` pattern of other required text (`Limit::FilledText`).
    #[schema(required = true, nullable = false, value_type = String)]
    pub text: Option<String>,
    /// Action only: the user the action is assigned to.
    #[serde(default, deserialize_with = "crate::shared::input::received::optional_id")]
    #[schema(value_type = Option<i32>)]
    pub assigned_to: Option<UserId>,
    /// Action only: `YYYY-MM-DD`.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Received<IsoDate>,
}

impl FieldLimits for EntryRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("agendaItemId", Limit::AtLeast { min: FIRST_ID as i64 }),
        ("text", Limit::FilledText { max: ACTION_TITLE_MAX }),
        ("assignedTo", Limit::AtLeast { min: FIRST_ID as i64 }),
    ];
}

/// "Approve": the date and the later meeting at which the minutes were approved.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApproveRequest {
    /// Required: the date of approval, `YYYY-MM-DD`.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    pub approved_on: Received<IsoDate>,
    /// Required: the later meeting at which the minutes were approved.
    #[serde(default, deserialize_with = "crate::shared::input::received::optional_id")]
    #[schema(required = true, nullable = false, value_type = i32)]
    pub approved_at_meeting_id: Option<MeetingId>,
}

impl FieldLimits for ApproveRequest {
    const LIMITS: &'static [(&'static str, Limit)] =
        &[("approvedAtMeetingId", Limit::AtLeast { min: FIRST_ID as i64 })];
}

/// "Edit an entry": its new text.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryTextRequest {
    /// Required, at most 5000 characters.
    // Required text without the `\S` pattern in the document (`Limit::FilledText`).
    #[schema(required = true, nullable = false, value_type = String)]
    pub text: Option<String>,
}

impl FieldLimits for EntryTextRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("text", Limit::FilledText { max: ENTRY_MAX })];
}

/// "Correct approved minutes": why.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionRequest {
    /// Required, at most 1000 characters: why the approved minutes are corrected.
    // Required text without the `\S` pattern in the document (`Limit::FilledText`).
    #[schema(required = true, nullable = false, value_type = String)]
    pub reason: Option<String>,
}

impl FieldLimits for CorrectionRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("reason", Limit::FilledText { max: REASON_MAX })];
}

/// Lines of the attendance list for the minutes' PDF: implemented over the attendance records where
/// they exist (spec §2 Attendance section).
pub trait MinutesAttendance: Send + Sync {
    /// "Present: ...", "Apologies: ..." lines, or empty when nothing was recorded.
    fn lines(&self, meeting: MeetingId) -> anyhow::Result<Vec<String>>;
}

/// The conflicts of interest declared at the meeting (spec §10 Rules, Minutes): their standard records go
/// into a new draft at their items.
pub trait MinutesDeclarations: Send + Sync {
    /// Adds (or brings up to date) the record of each declaration in the current draft, if there is one.
    fn add_to_draft(&self, meeting: MeetingId) -> Result<(), MeetingsRefusal>;
}

/// The line saying how many members had read the papers (docs/spec.md "Reading records"): implemented by
/// the reading records, which sit above meetings.
pub trait PapersReadLine: Send + Sync {
    /// The line for `meeting` as `actor` (an admin or chair) sees it, or `None` when reading records are
    /// off or the meeting has no PDF papers.
    fn line(&self, actor: &User, meeting: MeetingId) -> anyhow::Result<Option<String>>;
}

#[derive(Clone)]
pub struct WrittenMinutesService {
    pub minutes: Arc<dyn WrittenMinutesRepository>,
    pub meetings: Arc<dyn MeetingRepository>,
    pub typesetter: Arc<dyn Typesetter>,
    /// Where the attendance list comes from (`None` in tests that do not need it: the PDF then says
    /// attendance was not recorded).
    pub attendance: Option<Arc<dyn MinutesAttendance>>,
    /// Where the declarations of interest come from (`None`: the minutes start empty).
    pub declarations: Option<Arc<dyn MinutesDeclarations>>,
    /// Where the "papers taken as read" line comes from (`None`: the draft starts without it).
    pub papers_read: Option<Arc<dyn PapersReadLine>>,
    pub clock: Arc<dyn Clock>,
    pub time_zone: Tz,
    /// Guests' passes: an auditor reads the approved minutes and decisions of their period (spec §6
    /// Guests).
    pub guests: Arc<dyn GuestRepository>,
}

impl WrittenMinutesService {
    fn meeting(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        match self.records(actor)? {
            RecordsReader::Member => {
                self.meetings.find(id, scope_of(actor))?.ok_or(MeetingsRefusal::MeetingNotFound)
            }
            // An auditor reads the board's meetings of their period, as a trustee of no committee would.
            RecordsReader::Auditor(period) => self
                .meetings
                .find(id, MeetingScope::VisibleTo(actor.id))?
                .filter(|m| period.covers(self.day_of(m.meeting_date)))
                .ok_or(MeetingsRefusal::MeetingNotFound),
        }
    }

    /// How `actor` reads minutes and decisions; a guest who is not an auditor reads none.
    fn records(&self, actor: &User) -> Result<RecordsReader, MeetingsRefusal> {
        match records_reader(self.guests.as_ref(), actor)? {
            Some(reader) => Ok(reader),
            None => Err(MeetingsRefusal::CannotRead),
        }
    }

    /// The reader's scope and whether drafts are theirs to read, for the archive and the register.
    fn records_scope(&self, actor: &User, reader: RecordsReader) -> (MeetingScope, bool) {
        match reader {
            RecordsReader::Member => (scope_of(actor), actor.role.is_officer()),
            RecordsReader::Auditor(_) => (MeetingScope::VisibleTo(actor.id), false),
        }
    }

    fn day_of(&self, at: DateTime<Utc>) -> NaiveDate {
        at.with_timezone(&self.time_zone).date_naive()
    }

    /// The meeting, seen by `actor`, who must be an admin or chair.
    fn writable(&self, actor: &User, id: MeetingId) -> Result<Meeting, MeetingsRefusal> {
        let meeting = self.meeting(actor, id)?;
        if !actor.role.is_officer() {
            return Err(MeetingsRefusal::OnlyOfficersWriteMinutes);
        }
        Ok(meeting)
    }

    /// The current version. Drafts exist only for admins and chairs: anyone else reads the newest
    /// version that is not a draft (the approved minutes while a correction is drafted), or gets 404.
    pub fn current(&self, actor: &User, id: MeetingId) -> Result<WrittenMinutes, MeetingsRefusal> {
        self.meeting(actor, id)?;
        let minutes = self.minutes.current(id)?.ok_or(MeetingsRefusal::MinutesNotFound)?;
        if minutes.status == WrittenMinutesStatus::Draft && !actor.role.is_officer() {
            return self
                .minutes
                .versions(id)?
                .into_iter()
                .find(|v| v.status != WrittenMinutesStatus::Draft)
                .ok_or(MeetingsRefusal::MinutesNotFound);
        }
        Ok(minutes)
    }

    /// Every version `actor` may read, newest first (drafts only for admins and chairs).
    pub fn versions(&self, actor: &User, id: MeetingId) -> Result<Vec<WrittenMinutes>, MeetingsRefusal> {
        self.meeting(actor, id)?;
        let versions: Vec<_> = self
            .minutes
            .versions(id)?
            .into_iter()
            .filter(|v| actor.role.is_officer() || v.status != WrittenMinutesStatus::Draft)
            .collect();
        if versions.is_empty() {
            return Err(MeetingsRefusal::MinutesNotFound);
        }
        Ok(versions)
    }

    pub fn create(&self, actor: &User, id: MeetingId) -> Result<WrittenMinutes, MeetingsRefusal> {
        self.writable(actor, id)?;
        let created = self.minutes.create(id, actor.id, self.clock.now())?;
        // The draft's first entry says how many had read the papers (docs/spec.md "Reading records").
        if let Some(papers_read) = &self.papers_read {
            if let Some(line) = papers_read.line(actor, id).map_err(DomainError::Unexpected)? {
                let entry = NewMinuteEntry {
                    agenda_item_id: None,
                    kind: MinuteEntryKind::Note,
                    text: line,
                    action: None,
                };
                self.minutes.add_entry(id, entry, self.clock.now())?;
            }
        }
        let Some(declarations) = &self.declarations else {
            return Ok(self.minutes.current(id)?.unwrap_or(created));
        };
        // The draft starts with the standard record of each conflict declared so far, at its item.
        declarations.add_to_draft(id)?;
        Ok(self.minutes.current(id)?.unwrap_or(created))
    }

    pub fn add_entry(
        &self,
        actor: &User,
        id: MeetingId,
        input: EntryRequest,
    ) -> Result<MinuteEntry, MeetingsRefusal> {
        let meeting = self.writable(actor, id)?;
        let mut errors = FieldErrors::new();
        let kind = match input.kind {
            Received::Given(kind) => Some(kind),
            // Left out or not one of the kinds: the same message.
            Received::Absent | Received::Unreadable => {
                errors.add("kind", KIND_CHOICES);
                None
            }
        };
        let text = validation::required_text(
            &mut errors,
            "text",
            "Text",
            input.text.as_deref().unwrap_or(""),
            ENTRY_MAX,
        );
        let due_date =
            input.due_date.read(&mut errors, "dueDate", DUE_DATE_FORMAT).map(chrono::NaiveDate::from);
        let is_action = kind == Some(MinuteEntryKind::Action);
        if is_action && text.chars().count() > ACTION_TITLE_MAX {
            errors.add("text", ACTION_TOO_LONG);
        }
        if !is_action && (input.assigned_to.is_some() || due_date.is_some()) {
            errors.add("kind", ONLY_ACTIONS_ASSIGNED);
        }
        if input.agenda_item_id.is_some_and(|item| item.0 < FIRST_ID) {
            errors.add("agendaItemId", NO_SUCH_ITEM);
        }
        if input.assigned_to.is_some_and(|user| user.0 < FIRST_ID) {
            errors.add("assignedTo", NO_SUCH_ASSIGNEE);
        }
        errors.into_result()?;
        let Some(kind) = kind else {
            return Err(DomainError::Unexpected(anyhow::anyhow!("validated entry lacks a kind")).into());
        };
        let action = is_action.then(|| NewMinuteAction {
            title: text.clone(),
            description: format!(
                "Recorded in the minutes of {} ({}).",
                meeting.title,
                self.date_of(&meeting)
            ),
            assigned_to: input.assigned_to,
            due_date,
            created_by: actor.id,
        });
        let entry = NewMinuteEntry { agenda_item_id: input.agenda_item_id, kind, text, action };
        self.minutes.add_entry(id, entry, self.clock.now())
    }

    pub fn update_entry(
        &self,
        actor: &User,
        id: MeetingId,
        entry: i32,
        input: EntryTextRequest,
    ) -> Result<MinuteEntry, MeetingsRefusal> {
        self.writable(actor, id)?;
        let mut errors = FieldErrors::new();
        let text = validation::required_text(
            &mut errors,
            "text",
            "Text",
            input.text.as_deref().unwrap_or(""),
            ENTRY_MAX,
        );
        errors.into_result()?;
        self.minutes.update_entry(id, entry, text, self.clock.now())
    }

    pub fn delete_entry(&self, actor: &User, id: MeetingId, entry: i32) -> Result<(), MeetingsRefusal> {
        self.writable(actor, id)?;
        self.minutes.delete_entry(id, entry, self.clock.now())
    }

    /// draft -> circulated: the meeting's members can now read them.
    pub fn circulate(&self, actor: &User, id: MeetingId) -> Result<WrittenMinutes, MeetingsRefusal> {
        self.writable(actor, id)?;
        self.minutes.transition(
            id,
            WrittenMinutesStatus::Draft,
            WrittenMinutesStatus::Circulated,
            None,
            self.clock.now(),
        )
    }

    /// circulated -> approved, at a later meeting on a date; from now on every edit is refused.
    pub fn approve(
        &self,
        actor: &User,
        id: MeetingId,
        input: ApproveRequest,
    ) -> Result<WrittenMinutes, MeetingsRefusal> {
        let meeting = self.writable(actor, id)?;
        let mut errors = FieldErrors::new();
        if input.approved_on.is_absent() {
            errors.add("approvedOn", "Approval date is required");
        }
        let approved_on = input
            .approved_on
            .read(&mut errors, "approvedOn", APPROVAL_DATE_FORMAT)
            .map(chrono::NaiveDate::from);
        let later = match input.approved_at_meeting_id {
            None => {
                errors.add("approvedAtMeetingId", LATER_MEETING_REQUIRED);
                None
            }
            Some(later) => match self.meetings.find(later, scope_of(actor))? {
                Some(later) if later.meeting_date > meeting.meeting_date => Some(later),
                Some(_) => {
                    errors.add("approvedAtMeetingId", LATER_MEETING_AFTER);
                    None
                }
                None => {
                    errors.add("approvedAtMeetingId", LATER_MEETING_REQUIRED);
                    None
                }
            },
        };
        errors.into_result()?;
        let (Some(approved_on), Some(later)) = (approved_on, later) else {
            return Err(
                DomainError::Unexpected(anyhow::anyhow!("validated approval lacks its fields")).into()
            );
        };
        self.minutes.transition(
            id,
            WrittenMinutesStatus::Circulated,
            WrittenMinutesStatus::Approved,
            Some((approved_on, later.id)),
            self.clock.now(),
        )
    }

    /// approved -> locked: the signed, final record.
    pub fn lock(&self, actor: &User, id: MeetingId) -> Result<WrittenMinutes, MeetingsRefusal> {
        self.writable(actor, id)?;
        self.minutes.transition(
            id,
            WrittenMinutesStatus::Approved,
            WrittenMinutesStatus::Locked,
            None,
            self.clock.now(),
        )
    }

    /// A new draft version of approved or locked minutes, with the reason; the old version is kept.
    pub fn correct(
        &self,
        actor: &User,
        id: MeetingId,
        input: CorrectionRequest,
    ) -> Result<WrittenMinutes, MeetingsRefusal> {
        self.writable(actor, id)?;
        let mut errors = FieldErrors::new();
        let reason = validation::required_text(
            &mut errors,
            "reason",
            "Reason",
            input.reason.as_deref().unwrap_or(""),
            REASON_MAX,
        );
        errors.into_result()?;
        self.minutes.correct(id, reason, actor.id, self.clock.now())
    }

    /// The current version as a PDF: each item's notes, decisions and actions, the attendance list and the
    /// approval line. Whoever may read the minutes may export them.
    pub fn export_pdf(
        &self,
        actor: &User,
        id: MeetingId,
        portal_name: &str,
    ) -> Result<(String, Vec<u8>), MeetingsRefusal> {
        let (file_name, document, _) = self.print_document(actor, id, portal_name)?;
        let pdf = self.typesetter.typeset(&document).map_err(DomainError::Unexpected)?;
        Ok((file_name, pdf))
    }

    /// The current version as a document to typeset (what `export_pdf` prints), with its file name and the
    /// version itself: signing adds a signature page to the very same document (spec §16).
    pub fn print_document(
        &self,
        actor: &User,
        id: MeetingId,
        portal_name: &str,
    ) -> Result<(String, PrintDocument, WrittenMinutes), MeetingsRefusal> {
        let minutes = self.current(actor, id)?;
        let meeting = self.meeting(actor, id)?;
        let mut blocks = vec![
            PrintBlock::Note(portal_name.to_string()),
            PrintBlock::Paragraph(
                format!("{} - {}", self.date_of(&meeting), meeting.location.clone().unwrap_or_default())
                    .trim_end_matches(" - ")
                    .to_string(),
            ),
            PrintBlock::Note(format!(
                "Version {} - {}{}",
                minutes.version,
                minutes.status,
                minutes.correction_reason.as_ref().map(|r| format!(" - correction: {r}")).unwrap_or_default()
            )),
            PrintBlock::Gap,
            PrintBlock::Heading("Attendance".into()),
        ];
        // The attendance list: what admins and chairs recorded (see `MinutesAttendance`).
        let attendance = match &self.attendance {
            Some(source) => source.lines(id).map_err(DomainError::Unexpected)?,
            None => Vec::new(),
        };
        if attendance.is_empty() {
            blocks.push(PrintBlock::Paragraph("Attendance was not recorded in the portal.".into()));
        } else {
            blocks.extend(attendance.into_iter().map(PrintBlock::Paragraph));
        }
        let mut current_item: Option<Option<String>> = None;
        for entry in &minutes.entries {
            let heading = entry.item_title.as_ref().map(|title| match entry.item_number {
                Some(n) => format!("{n}. {title}"),
                None => title.clone(),
            });
            if current_item.as_ref() != Some(&heading) {
                blocks.push(PrintBlock::Gap);
                blocks.push(PrintBlock::Heading(heading.clone().unwrap_or_else(|| "General".into())));
                current_item = Some(heading);
            }
            let line = match entry.kind {
                MinuteEntryKind::Note => entry.text.clone(),
                MinuteEntryKind::Decision => format!("DECISION: {}", entry.text),
                MinuteEntryKind::Action => format!("ACTION: {}", entry.text),
            };
            blocks.push(PrintBlock::Paragraph(line));
        }
        let decisions: Vec<_> =
            minutes.entries.iter().filter(|e| e.kind == MinuteEntryKind::Decision).collect();
        let actions: Vec<_> = minutes.entries.iter().filter(|e| e.kind == MinuteEntryKind::Action).collect();
        for (title, list) in [("Decisions", decisions), ("Actions", actions)] {
            blocks.push(PrintBlock::Gap);
            blocks.push(PrintBlock::Heading(title.into()));
            if list.is_empty() {
                blocks.push(PrintBlock::Paragraph("None recorded.".into()));
            }
            for entry in list {
                let item = entry.item_number.map(|n| format!("Item {n}: ")).unwrap_or_default();
                blocks.push(PrintBlock::Paragraph(format!("{item}{}", entry.text)));
            }
        }
        blocks.push(PrintBlock::Gap);
        blocks.push(PrintBlock::Paragraph(approval_line(&minutes)));
        let title = format!("Minutes: {}", meeting.title);
        let file_name = format!(
            "Minutes - {} - v{}.pdf",
            meeting.title.replace(['/', '\\', ':', '"'], "-"),
            minutes.version
        );
        Ok((file_name, PrintDocument { title, blocks }, minutes))
    }

    /// The decisions register, newest first (drafts' decisions only for admins and chairs).
    pub fn decisions(&self, actor: &User, search: Option<&str>) -> Result<Vec<Decision>, MeetingsRefusal> {
        let mut errors = FieldErrors::new();
        let search = validation::optional_text(&mut errors, "q", "Search", search, SEARCH_MAX);
        errors.into_result()?;
        let reader = self.records(actor)?;
        let (scope, drafts) = self.records_scope(actor, reader);
        let found = self.minutes.decisions(scope, drafts, search.as_deref())?;
        Ok(match reader {
            RecordsReader::Member => found,
            RecordsReader::Auditor(period) => {
                found.into_iter().filter(|d| period.covers(self.day_of(d.date))).collect()
            }
        })
    }

    /// The minutes archive's written minutes: one line per meeting `actor` sees, with the status of the
    /// version they read (drafts only for admins and chairs), latest meeting first.
    pub fn archive(
        &self,
        actor: &User,
        search: Option<&str>,
    ) -> Result<Vec<WrittenMinutesSummary>, MeetingsRefusal> {
        let mut errors = FieldErrors::new();
        let search = validation::optional_text(&mut errors, "search", "Search", search, SEARCH_MAX);
        errors.into_result()?;
        let reader = self.records(actor)?;
        let (scope, drafts) = self.records_scope(actor, reader);
        let found = self.minutes.summaries(scope, drafts, search.as_deref())?;
        Ok(match reader {
            RecordsReader::Member => found,
            RecordsReader::Auditor(period) => {
                found.into_iter().filter(|s| period.covers(self.day_of(s.meeting_date))).collect()
            }
        })
    }

    /// The register to export (for the annual report), each decision dated in the board's time zone.
    pub fn decisions_to_export(
        &self,
        actor: &User,
        search: Option<&str>,
    ) -> Result<Vec<DatedDecision>, MeetingsRefusal> {
        Ok(self
            .decisions(actor, search)?
            .into_iter()
            .map(|decision| DatedDecision {
                on: decision.date.with_timezone(&self.time_zone).date_naive(),
                decision,
            })
            .collect())
    }

    fn date_of(&self, meeting: &Meeting) -> String {
        meeting.meeting_date.with_timezone(&self.time_zone).format("%A %-d %B %Y, %H:%M").to_string()
    }
}

/// "Approved on 2026-04-02 at the meeting 'April board meeting'." or what remains to be done.
pub fn approval_line(minutes: &WrittenMinutes) -> String {
    match (&minutes.approved_on, &minutes.approved_at) {
        (Some(on), Some(at)) => format!(
            "Approved as a true record on {} at the meeting \"{}\".{}",
            on.format("%-d %B %Y"),
            at.meeting_title,
            if minutes.status == WrittenMinutesStatus::Locked { " Locked." } else { "" }
        ),
        _ => format!("Not yet approved (status: {}). Signed: ____________________ (chair)", minutes.status),
    }
}
