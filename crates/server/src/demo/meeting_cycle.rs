//! The demo board's meeting cycle (spec §2 Meeting page): the quarter-one board meeting held with an agenda
//! built from the standard items, answers and recorded attendance, and written minutes with a decision and an
//! action, circulated and approved at the next board meeting; and the coming board meeting with a
//! published agenda and papers (two PDFs merged into its board pack, one text file as a separate
//! download). Each step runs through the use cases with the clock of its day.

use anyhow::{anyhow, Context};
use chrono::{DateTime, Duration, Utc};

use domain::actions::{ActionService, ActionStatus};
use domain::meetings::agenda::AgendaPurpose;
use domain::meetings::attendance::{AttendanceResponse, RecordedAttendance};
use domain::meetings::meeting::Meeting;
use domain::meetings::written_minutes::MinuteEntryKind;
use domain::meetings::{
    AgendaItemRequest, ApproveRequest, AttendanceService, EntryRequest, MeetingService, RecordLine,
    ReorderRequest, RespondRequest, UploadPaper, WrittenMinutesService,
};
use domain::shared::{IsoDate, Received};
use domain::{AgendaItemId, MeetingId};

use super::data::Who;
use super::{files, Seeder};

/// Positions in `data::GATHERINGS`: the board meeting held twelve weeks ago, the one held four weeks ago
/// (which approved its minutes) and the next one, two weeks ahead.
pub const HELD: usize = 0;
pub const APPROVING: usize = 2;
pub const NEXT: usize = 3;

/// A business item: title, purpose, presenter, minutes, description, papers.
struct Business {
    title: &'static str,
    purpose: AgendaPurpose,
    presenter: Who,
    minutes: i64,
    description: &'static str,
    papers: &'static [Paper],
}

enum Paper {
    Pdf { title: &'static str, file_name: &'static str, paragraphs: &'static [&'static str] },
    Text { title: &'static str, file_name: &'static str, text: &'static str },
}

const HELD_BUSINESS: &[Business] = &[
    Business {
        title: "Finance report and reserves policy",
        purpose: AgendaPurpose::Decision,
        presenter: Who::Treasurer,
        minutes: 25,
        description: "Management accounts to the end of the quarter and the revised reserves policy.",
        papers: &[],
    },
    Business {
        title: "Safeguarding report",
        purpose: AgendaPurpose::Information,
        presenter: Who::Safeguarding,
        minutes: 15,
        description: "Concerns raised in the quarter and how they were handled.",
        papers: &[],
    },
];

const NEXT_BUSINESS: &[Business] = &[
    Business {
        title: "Annual report and accounts 2025/26",
        purpose: AgendaPurpose::Decision,
        presenter: Who::Treasurer,
        minutes: 30,
        description: "To approve the trustees' annual report and the accounts for signature.",
        papers: &[Paper::Pdf {
            title: "Draft annual report and accounts 2025/26",
            file_name: "Draft annual report and accounts 2025-26.pdf",
            paragraphs: &[
                "Trustees' annual report and financial statements for the year ended 31 March 2026 \
                 (draft for approval by the board).",
                "Income: £412,300 (last year £388,900), of which grants £281,000 and donations £74,500.",
                "Expenditure: £398,700 on charitable activities, fundraising and governance.",
                "Reserves at the year end: £136,400, 4.1 months of running costs, within the policy \
                 range of three to six months.",
                "The independent examiner's report is expected before the accounts are signed.",
            ],
        }],
    },
    Business {
        title: "Safeguarding report",
        purpose: AgendaPurpose::Information,
        presenter: Who::Safeguarding,
        minutes: 15,
        description: "The quarter's concerns, training completed and DBS renewals.",
        papers: &[Paper::Pdf {
            title: "Safeguarding report, quarter 2",
            file_name: "Safeguarding report Q2.pdf",
            paragraphs: &[
                "Five concerns were raised in the quarter; all were handled within the policy and two \
                 were referred to the local authority.",
                "Safeguarding training: 14 of 16 staff and volunteers are up to date.",
                "Trustee DBS renewals: all complete.",
            ],
        }],
    },
    Business {
        title: "Insurance renewal",
        purpose: AgendaPurpose::Decision,
        presenter: Who::Secretary,
        minutes: 10,
        description: "To choose between the three quotes received for the policy renewing next month.",
        papers: &[Paper::Text {
            title: "Insurance quotes summary",
            file_name: "Insurance quotes summary.txt",
            text: "Insurance renewal: quotes received\n\n\
                   1. Current insurer: GBP 3,950 a year, same cover.\n\
                   2. Charity specialist A: GBP 3,610 a year, adds trustee indemnity of GBP 1m.\n\
                   3. Broker B: GBP 3,480 a year, lower cyber cover.\n\n\
                   Recommendation: quote 2.\n",
        }],
    },
];

impl Seeder<'_> {
    fn meetings_at(&self, at: DateTime<Utc>) -> MeetingService {
        MeetingService { clock: self.clock_at(at), ..self.state.meetings.clone() }
    }

    /// Builds an agenda: the standard items, then the business items between "Matters arising and action
    /// log" and "Any other business", with their papers. Answers the business items' ids.
    fn build_agenda(
        &self,
        meeting: &Meeting,
        business: &[Business],
        at: DateTime<Utc>,
    ) -> anyhow::Result<Vec<i32>> {
        let service = self.meetings_at(at);
        let chair = self.person(Who::Chair)?;
        let (standard, _) = service
            .add_standard_items(chair, meeting.id)
            .with_context(|| format!("cannot add the standard items to '{}'", meeting.title))?;
        let mut added = Vec::new();
        for item in business {
            let input = AgendaItemRequest {
                title: Some(item.title.into()),
                purpose: Received::Given(item.purpose),
                presenter_user_id: Some(self.person(item.presenter)?.id),
                presenter_name: None,
                duration_minutes: Some(item.minutes),
                description: Some(item.description.into()),
            };
            let (new, _) = service
                .add_item(chair, meeting.id, input)
                .with_context(|| format!("cannot add the item '{}'", item.title))?;
            let secretary = self.person(Who::Secretary)?;
            for paper in item.papers {
                let (title, file_name, bytes) = match paper {
                    Paper::Pdf { title, file_name, paragraphs } => {
                        (*title, *file_name, files::typeset_pdf(title, paragraphs)?)
                    }
                    Paper::Text { title, file_name, text } => (*title, *file_name, text.as_bytes().to_vec()),
                };
                let file = files::received_file(service.files.as_ref(), file_name, &bytes)?;
                service
                    .upload_paper(
                        secretary,
                        meeting.id,
                        new.id,
                        UploadPaper { title: Some(title.into()), file: Some(file) },
                    )
                    .with_context(|| format!("cannot attach the paper '{title}'"))?;
            }
            added.push(new.id.0);
        }
        // Business after "Matters arising", before "Any other business" and "Date of next meeting".
        let split = standard.len().saturating_sub(2);
        let order: Vec<AgendaItemId> = standard[..split]
            .iter()
            .map(|i| i.id)
            .chain(added.iter().copied().map(AgendaItemId))
            .chain(standard[split..].iter().map(|i| i.id))
            .collect();
        service
            .reorder(chair, meeting.id, ReorderRequest { item_ids: Some(order) })
            .context("cannot order the agenda")?;
        Ok(added)
    }

    pub(super) fn meeting_cycle(&mut self, meetings: &[Meeting]) -> anyhow::Result<()> {
        let get = |at: usize| meetings.get(at).ok_or_else(|| anyhow!("the demo has no meeting {at}"));
        let (held, approving, next) = (get(HELD)?, get(APPROVING)?, get(NEXT)?);
        self.held_meeting(held, approving)?;
        // The coming meeting's agenda: built three days ago, published yesterday.
        self.build_agenda(next, NEXT_BUSINESS, self.now - Duration::days(3))?;
        self.meetings_at(self.now - Duration::days(1))
            .publish(self.person(Who::Chair)?, next.id)
            .context("cannot publish the next meeting's agenda")?;
        Ok(())
    }

    fn held_meeting(&mut self, held: &Meeting, approving: &Meeting) -> anyhow::Result<()> {
        let date = held.meeting_date;
        let business = self.build_agenda(held, HELD_BUSINESS, date - Duration::days(14))?;
        let chair = self.person(Who::Chair)?.clone();
        self.meetings_at(date - Duration::days(10)).publish(&chair, held.id).context("cannot publish")?;

        // Answers a week before, then what happened on the night.
        let attendance = AttendanceService {
            clock: self.clock_at(date - Duration::days(7)),
            ..self.state.attendance.clone()
        };
        attendance
            .respond(
                self.person(Who::LivedExperience)?,
                held.id,
                RespondRequest {
                    response: Received::Given(AttendanceResponse::Apologies),
                    reason: Some("Working late that week".into()),
                },
            )
            .context("cannot answer apologies")?;
        for who in [Who::Treasurer, Who::Safeguarding, Who::ViceChair] {
            attendance
                .respond(
                    self.person(who)?,
                    held.id,
                    RespondRequest { response: Received::Given(AttendanceResponse::Attending), reason: None },
                )
                .context("cannot answer")?;
        }
        let attendance = AttendanceService {
            clock: self.clock_at(date + Duration::hours(2)),
            ..self.state.attendance.clone()
        };
        let sheet = attendance.sheet(&chair, held.id).context("cannot read the attendance sheet")?;
        let newcomer = self.person(Who::NewTrustee)?.id;
        let apologies = self.person(Who::LivedExperience)?.id;
        let lines = sheet
            .members
            .iter()
            // The new trustee joined after this meeting.
            .filter(|m| m.user_id != newcomer)
            .map(|m| RecordLine {
                user_id: m.user_id,
                status: Received::Given(if m.user_id == apologies {
                    RecordedAttendance::Apologies
                } else {
                    RecordedAttendance::Present
                }),
            })
            .collect();
        attendance.record(&chair, held.id, lines).context("cannot record the attendance")?;

        self.held_minutes(held, approving, &business)
    }

    /// Written minutes with a note, a decision and an action, circulated a week after the meeting and
    /// approved at the next board meeting.
    fn held_minutes(&mut self, held: &Meeting, approving: &Meeting, business: &[i32]) -> anyhow::Result<()> {
        let chair = self.person(Who::Chair)?.clone();
        let treasurer = self.person(Who::Treasurer)?.clone();
        let written = |at: DateTime<Utc>| WrittenMinutesService {
            clock: self.clock_at(at),
            // The demo's minutes are written as the chair wrote them, without a reading line.
            papers_read: None,
            ..self.state.written_minutes.clone()
        };
        let id: MeetingId = held.id;
        let drafted = held.meeting_date + Duration::days(2);
        let service = written(drafted);
        service.create(&chair, id).context("cannot start the minutes")?;
        let finance = business.first().copied();
        let safeguarding = business.get(1).copied();
        let entries = [
            (finance, MinuteEntryKind::Note, "The Treasurer presented the management accounts: reserves of 4.1 months of running costs.", None, None),
            (finance, MinuteEntryKind::Decision, "The board approved the revised reserves policy: reserves of three to six months of running costs.", None, None),
            (
                finance,
                MinuteEntryKind::Action,
                "Publish the revised reserves policy on the website",
                Some(treasurer.id),
                Some(IsoDate((held.meeting_date + Duration::days(21)).date_naive())),
            ),
            (safeguarding, MinuteEntryKind::Note, "Seven concerns were raised in the quarter, all handled within the policy. The board thanked the Safeguarding Lead.", None, None),
        ];
        let mut action = None;
        for (item, kind, text, assigned_to, due_date) in entries {
            let entry = service
                .add_entry(
                    &chair,
                    id,
                    EntryRequest {
                        agenda_item_id: item.map(AgendaItemId),
                        kind: Received::Given(kind),
                        text: Some(text.into()),
                        assigned_to,
                        due_date: due_date.into(),
                    },
                )
                .with_context(|| format!("cannot record '{text}'"))?;
            action = action.or(entry.action_id);
        }
        written(held.meeting_date + Duration::days(7)).circulate(&chair, id).context("cannot circulate")?;
        written(approving.meeting_date + Duration::hours(1))
            .approve(
                &chair,
                id,
                ApproveRequest {
                    approved_on: Received::Given(IsoDate(approving.meeting_date.date_naive())),
                    approved_at_meeting_id: Some(approving.id),
                },
            )
            .context("cannot approve the minutes")?;
        // The Treasurer did the action a fortnight after the meeting.
        if let Some(action) = action {
            let actions = ActionService {
                clock: self.clock_at(held.meeting_date + Duration::days(14)),
                ..self.state.actions.clone()
            };
            actions
                .set_status(&treasurer, action, Received::Given(ActionStatus::Complete))
                .context("cannot complete the action")?;
            self.summary.actions += 1;
        }
        Ok(())
    }
}
