//! Notifications and reminders by e-mail (spec §11 Notifications and reminders).
//!
//! - Event kinds (action assigned, meeting scheduled or changed, high-priority notice, new document) are
//!   recorded by the database in the transaction of the change; `expand_pending` turns each into one
//!   message per recipient (or a digest entry) in one transaction with marking it processed.
//! - A meeting's papers are announced once per publication of its agenda (one mail naming the papers the
//!   publication added); other new documents are gathered into at most one mail per person per hour,
//!   sent by the scheduled run once the oldest of them has waited `GATHER_MINUTES`.
//! - Scheduled kinds (action due in 3 days, overdue, meeting reminders 7 and 1 days ahead, unread committee
//!   messages, the weekly digest) are computed by `run_scheduled(at)` in the board's time zone; a ledger
//!   row per (kind, subject, recipient, occasion) written with the message makes each go out once.
//!
//! Every message has one recipient (nobody sees another's address); deactivated users get nothing.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Days, Duration, NaiveDate, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

use crate::dashboard::tasks::TasksOf;
use crate::identity::user::User;
use crate::library::document::DocumentCategory;
use crate::meetings::calendar::service::meeting_item_event;
use crate::meetings::CalendarWriter;
use crate::notifications::mail::templates::{MailTemplates, NotificationBody, Recipient};
use crate::notifications::mail::{Attachment, OutgoingMail};
use crate::notifications::notification::{
    Delivery, DigestEntry, DocumentItem, MeetingItem, Notification, NotificationKind, NotificationSettings,
    Notified, PendingEvent, ReminderRange, ScheduleWindow,
};
use crate::notifications::NotificationRepository;
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;
use crate::shared::Clock;

/// Daily reminders (due soon, overdue, meetings) and the weekly digest go out from this hour, board time.
pub const SEND_HOUR: u32 = 8;
/// "Your action is due in N days".
pub const DUE_SOON_DAYS: u64 = 3;
/// Meeting reminders this many days ahead.
pub const REMINDER_DAYS: [u64; 2] = [7, 1];
/// Committee messages unread this long are mailed about.
pub const UNREAD_AFTER_MINUTES: i64 = 60;
/// New library documents wait this long for the ones that follow before one mail lists them all: a
/// person gets at most one such mail an hour (spec §11 Notifications and reminders).
pub const GATHER_MINUTES: i64 = 60;
/// Events expanded per transaction.
const EVENT_BATCH: i64 = 50;

/// The whole new settings (they replace the old ones).
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettingsRequest {
    #[schema(value_type = Vec<NotificationKind>)]
    pub disabled_kinds: Vec<Spelled<NotificationKind>>,
    pub weekly_digest: bool,
    #[schema(value_type = Vec<DocumentCategory>)]
    pub followed_categories: Vec<Spelled<DocumentCategory>>,
}

/// A list entry as sent: one of an enum's spellings, exactly, or the text that is none of them, kept for
/// the field's message ("Unknown notification kind 'x'").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spelled<T> {
    Known(T),
    Unknown(String),
}

impl<'de, T: std::str::FromStr> serde::Deserialize<'de> for Spelled<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(match text.parse::<T>() {
            Ok(value) => Spelled::Known(value),
            Err(_) => Spelled::Unknown(text),
        })
    }
}

/// What one scheduled run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScheduledRun {
    /// Single notifications and digest entries recorded.
    pub notifications: usize,
    /// Weekly digests queued.
    pub digests: usize,
    /// Hourly mails of gathered new documents queued.
    pub documents: usize,
}

#[derive(Clone)]
pub struct NotificationService {
    pub repo: Arc<dyn NotificationRepository>,
    pub templates: Arc<MailTemplates>,
    pub clock: Arc<dyn Clock>,
    /// `BOARD_TIME_ZONE`: reminders are computed and times written in it.
    pub time_zone: Tz,
    /// Writes the `.ics` attachment of meeting mails (the same writer as the calendar feed).
    pub calendar: Arc<dyn CalendarWriter>,
    /// The "For you" list the weekly digest carries (spec §2 Dashboard, §11).
    pub tasks: Arc<dyn TasksOf>,
}

impl NotificationService {
    pub fn settings(&self, actor: &User) -> Result<NotificationSettings, DomainError> {
        Ok(self.repo.settings(actor.id)?)
    }

    pub fn update_settings(
        &self,
        actor: &User,
        input: NotificationSettingsRequest,
    ) -> Result<NotificationSettings, DomainError> {
        let mut errors = FieldErrors::new();
        let disabled_kinds = parse_all::<NotificationKind>(&input.disabled_kinds, NotificationKind::ALL);
        let followed_categories =
            parse_all::<DocumentCategory>(&input.followed_categories, DocumentCategory::ALL);
        let disabled_kinds = disabled_kinds.unwrap_or_else(|bad| {
            errors.add("disabledKinds", format!("Unknown notification kind '{bad}'"));
            Vec::new()
        });
        let followed_categories = followed_categories.unwrap_or_else(|bad| {
            errors.add("followedCategories", format!("Unknown document category '{bad}'"));
            Vec::new()
        });
        errors.into_result()?;
        let settings =
            NotificationSettings { disabled_kinds, weekly_digest: input.weekly_digest, followed_categories };
        self.repo.save_settings(actor.id, &settings, self.clock.now())?;
        Ok(settings)
    }

    /// Expands pending events into messages until none is left; answers how many were expanded.
    pub fn expand_pending(&self) -> anyhow::Result<usize> {
        let mut total = 0;
        loop {
            let n = self
                .repo
                .expand_events(EVENT_BATCH, self.clock.now(), &mut |event| self.plan_event(event))?;
            total += n;
            if n < usize::try_from(EVENT_BATCH).unwrap_or(usize::MAX) {
                return Ok(total);
            }
        }
    }

    /// Runs the scheduled kinds as they are due at `at` (the clock's time in the server; any time in
    /// tests and `trustee-portal run-scheduled --at`). Safe to call as often as wanted and from several
    /// processes at once: each notification goes out once.
    pub fn run_scheduled(&self, at: DateTime<Utc>) -> anyhow::Result<ScheduledRun> {
        let window = self.window(at);
        let notifications =
            self.repo.run_scheduled(&window, &mut |due| self.plan_for(&due.notification, &due.recipient))?;
        let digests = match self.digest_week(at) {
            // The digest also lists the reader's "For you" tasks, from the dashboard's own service (spec
            // §11): a subscriber with tasks and no entries still gets one; with neither, none.
            Some(week) => self.repo.send_digests(&week, at, &mut |user, entries| {
                let tasks = self.tasks.tasks_of(user.id, at)?;
                if entries.is_empty() && tasks.is_empty() {
                    return Ok(None);
                }
                self.templates.digest(&recipient(user), entries, &tasks).map(Some)
            })?,
            None => 0,
        };
        let documents = self.repo.send_gathered_documents(
            at - Duration::minutes(GATHER_MINUTES),
            at,
            &mut |user, gathered| self.plan_gathered(user, gathered),
        )?;
        Ok(ScheduledRun { notifications, digests, documents })
    }

    /// The window of one run at `at`, in the board's time zone.
    pub fn window(&self, at: DateTime<Utc>) -> ScheduleWindow {
        let local = at.with_timezone(&self.time_zone);
        let today = local.date_naive();
        let daily = local.hour() >= SEND_HOUR;
        let meeting_reminders = if daily {
            REMINDER_DAYS
                .iter()
                .filter_map(|&days| {
                    let day = today.checked_add_days(Days::new(days))?;
                    let next = day.checked_add_days(Days::new(1))?;
                    Some(ReminderRange {
                        days_before: i64::try_from(days).ok()?,
                        from: self.start_of(day),
                        until: self.start_of(next),
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        ScheduleWindow {
            now: at,
            due_soon_on: daily.then(|| today.checked_add_days(Days::new(DUE_SOON_DAYS))).flatten(),
            overdue_on: daily.then(|| today.checked_sub_days(Days::new(1))).flatten(),
            meeting_reminders,
            unread_before: at - Duration::minutes(UNREAD_AFTER_MINUTES),
        }
    }

    /// The ISO week (`2026-W13`) when `at` is digest time: Monday from `SEND_HOUR`, board time.
    pub fn digest_week(&self, at: DateTime<Utc>) -> Option<String> {
        let local = at.with_timezone(&self.time_zone);
        if local.weekday() != chrono::Weekday::Mon || local.hour() < SEND_HOUR {
            return None;
        }
        let week = local.iso_week();
        Some(format!("{}-W{:02}", week.year(), week.week()))
    }

    /// The first instant of `day` in the board's time zone (midnight, or the first hour that exists).
    fn start_of(&self, day: NaiveDate) -> DateTime<Utc> {
        (0..3)
            .find_map(|hour| {
                let naive = day.and_hms_opt(hour, 0, 0)?;
                self.time_zone.from_local_datetime(&naive).earliest()
            })
            .map_or_else(
                || Utc.from_utc_datetime(&day.and_time(chrono::NaiveTime::MIN)),
                |t| t.with_timezone(&Utc),
            )
    }

    fn plan_event(&self, event: &PendingEvent) -> anyhow::Result<Vec<Delivery>> {
        let mut deliveries = Vec::new();
        for user in &event.audience {
            if let Some(delivery) = self.plan_for(&event.notification, user)? {
                deliveries.push(delivery);
            }
        }
        Ok(deliveries)
    }

    /// What `notification` becomes for `user`: nothing (kind off, category not followed), a digest entry
    /// (weekly digest chosen), a new document kept for their hourly mail, or a message.
    fn plan_for(&self, notification: &Notification, user: &Notified) -> anyhow::Result<Option<Delivery>> {
        let settings = &user.settings;
        if !settings.wants(notification.kind()) {
            return Ok(None);
        }
        if let Notification::DocumentNew(document) = notification {
            if !settings.followed_categories.contains(&document.category) {
                return Ok(None);
            }
            if !settings.weekly_digest {
                return Ok(Some(Delivery::Gathered { user_id: user.id, document: document.id }));
            }
        }
        let text = self.describe(notification);
        if settings.weekly_digest {
            let entry =
                DigestEntry { kind: notification.kind(), summary: text.summary, link: text.body.link };
            return Ok(Some(Delivery::Digest { user_id: user.id, entry }));
        }
        let mut mail = self.templates.notification(
            notification.kind().mail_kind(),
            &recipient(user),
            text.subject,
            &text.body,
        )?;
        if let Notification::MeetingScheduled(meeting) | Notification::MeetingChanged(meeting) = notification
        {
            mail.attachments.push(self.meeting_invite_attachment(meeting));
        }
        Ok(Some(Delivery::Mail(mail)))
    }

    /// The hourly mail listing the new documents gathered for `user`, as their settings are now: none
    /// when the kind is switched off or no document is in a category they still follow.
    fn plan_gathered(
        &self,
        user: &Notified,
        gathered: &[DocumentItem],
    ) -> anyhow::Result<Option<OutgoingMail>> {
        let settings = &user.settings;
        let followed: Vec<DocumentItem> =
            gathered.iter().filter(|d| settings.followed_categories.contains(&d.category)).cloned().collect();
        if !settings.wants(NotificationKind::DocumentNew) || followed.is_empty() {
            return Ok(None);
        }
        let notification = Notification::DocumentsGathered(followed);
        let text = self.describe(&notification);
        let mail = self.templates.notification(
            notification.kind().mail_kind(),
            &recipient(user),
            text.subject,
            &text.body,
        )?;
        Ok(Some(mail))
    }

    /// The words of a notification: subject, body and digest line.
    pub fn describe(&self, notification: &Notification) -> Described {
        let t = &self.templates;
        match notification {
            Notification::ActionAssigned(a) => Described::new(
                format!("Action assigned to you: {}", a.title),
                "An action has been assigned to you.",
                &a.title,
                a.due_date.map(|d| format!("Due: {}", long_date(d))).into_iter().collect(),
                t.link("/actions"),
                "Open your actions",
            ),
            Notification::ActionDueSoon(a) => Described::new(
                format!("Action due in {DUE_SOON_DAYS} days: {}", a.title),
                &format!("Your action is due in {DUE_SOON_DAYS} days."),
                &a.title,
                a.due_date.map(|d| format!("Due: {}", long_date(d))).into_iter().collect(),
                t.link("/actions"),
                "Open your actions",
            ),
            Notification::ActionOverdue(a) => Described::new(
                format!("Action overdue: {}", a.title),
                "Your action is overdue: it was due yesterday and is not marked complete.",
                &a.title,
                a.due_date.map(|d| format!("Was due: {}", long_date(d))).into_iter().collect(),
                t.link("/actions"),
                "Open your actions",
            ),
            Notification::MeetingScheduled(m) => Described::new(
                format!("Meeting scheduled: {} on {}", m.title, self.short_time(m.starts_at)),
                "A meeting has been scheduled.",
                &m.title,
                self.meeting_details(m),
                t.link("/calendar"),
                "Open the calendar",
            ),
            Notification::MeetingChanged(m) if m.cancelled => Described::new(
                format!("Meeting cancelled: {} on {}", m.title, self.short_time(m.starts_at)),
                "A meeting has been cancelled. The attached calendar file marks it cancelled in your calendar.",
                &m.title,
                self.meeting_details(m),
                t.link(&format!("/meetings/{}", m.id)),
                "Open the meeting",
            ),
            Notification::MeetingChanged(m) => Described::new(
                format!("Meeting changed: {} on {}", m.title, self.short_time(m.starts_at)),
                "A meeting has been changed. Here are its details now.",
                &m.title,
                self.meeting_details(m),
                t.link("/calendar"),
                "Open the calendar",
            ),
            Notification::MeetingReminder { meeting, days_before } => {
                let when =
                    if *days_before == 1 { "tomorrow".to_string() } else { format!("in {days_before} days") };
                Described::new(
                    format!("Reminder: {} {when}", meeting.title),
                    &format!("A reminder: this meeting is {when}."),
                    &meeting.title,
                    self.meeting_details(meeting),
                    t.link("/calendar"),
                    "Open the calendar",
                )
            }
            Notification::NoticeHigh(n) => Described::new(
                format!("High-priority notice: {}", n.title),
                "A high-priority notice has been posted.",
                &n.title,
                vec![excerpt(&n.content)],
                t.link("/notices"),
                "Read the notice",
            ),
            Notification::DocumentNew(d) => Described::new(
                format!("New document in {}: {}", category_label(d.category), d.title),
                &format!(
                    "A new document was added to {}, a category you follow.",
                    category_label(d.category)
                ),
                &d.title,
                Vec::new(),
                t.link("/documents"),
                "Open the documents",
            ),
            Notification::MeetingPapers(p) => {
                let m = &p.meeting;
                let count = papers_count(p.papers.len());
                let (subject, intro) = if p.first {
                    (
                        format!("Agenda published: {} on {} ({count})", m.title, self.short_time(m.starts_at)),
                        format!("The agenda of this meeting has been published with {count}:"),
                    )
                } else {
                    (
                        format!("{} added: {} on {}", capitalised(&count), m.title, self.short_time(m.starts_at)),
                        format!("The published agenda of this meeting now has {count} more:"),
                    )
                };
                let mut details: Vec<String> = p.papers.iter().map(|title| format!("- {title}")).collect();
                details.extend(self.meeting_details(m));
                Described::new(
                    subject,
                    &intro,
                    &m.title,
                    details,
                    t.link(&format!("/meetings/{}", m.id)),
                    "Open the meeting",
                )
            }
            Notification::DocumentsGathered(documents) => {
                let count = if documents.len() == 1 {
                    "1 new document".to_string()
                } else {
                    format!("{} new documents", documents.len())
                };
                Described::new(
                    count.clone(),
                    &format!("{} added to categories you follow:", capitalised(&count)),
                    &count,
                    documents
                        .iter()
                        .map(|d| format!("- {} ({})", d.title, category_label(d.category)))
                        .collect(),
                    t.link("/documents"),
                    "Open the documents",
                )
            }
            Notification::CommitteeUnread(c) => {
                let count = if c.unread == 1 {
                    "1 new message".to_string()
                } else {
                    format!("{} new messages", c.unread)
                };
                Described::new(
                    format!("{count} in {}", c.name),
                    &format!("You have {count} in the committee {} that you have not read.", c.name),
                    &c.name,
                    Vec::new(),
                    t.link("/committees"),
                    "Open the committee",
                )
            }
        }
    }

    fn meeting_details(&self, m: &MeetingItem) -> Vec<String> {
        let mut lines = vec![format!("When: {}", self.long_time(m.starts_at))];
        if let Some(committee) = &m.committee {
            lines.push(format!("Committee: {committee}"));
        }
        if let Some(location) = &m.location {
            lines.push(format!("Where: {location}"));
        }
        if let Some(link) = &m.meeting_link {
            lines.push(format!("Joining link: {link}"));
        }
        lines
    }

    /// "Monday 30 March 2026, 09:00 (BST)".
    fn long_time(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.time_zone).format("%A %-d %B %Y, %H:%M (%Z)").to_string()
    }

    fn short_time(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.time_zone).format("%-d %B %Y, %H:%M").to_string()
    }
}

/// The content type of a meeting mail's `.ics`: an iTIP PUBLISH (RFC 5546), as the portal, not the
/// calendar, collects the answers; calendars add or update the event by its UID and SEQUENCE.
pub const INVITE_CONTENT_TYPE: &str = "text/calendar; charset=utf-8; method=PUBLISH";

impl NotificationService {
    /// The `.ics` attachment of a meeting mail: the meeting as one event, written by the calendar writer
    /// with the feed's UID (`meeting-<id>@<host>`) and SEQUENCE.
    pub fn meeting_invite_attachment(&self, meeting: &MeetingItem) -> Attachment {
        let settings = self.templates.settings();
        let event = meeting_item_event(meeting, &settings.public_url);
        let name = format!("{} - {}", settings.portal_name, meeting.title);
        Attachment {
            filename: format!("meeting-{}.ics", meeting.id),
            content_type: INVITE_CONTENT_TYPE.to_string(),
            content: self.calendar.calendar(&name, std::slice::from_ref(&event)).into_bytes(),
        }
    }
}

/// A notification's words.
#[derive(Debug, Clone)]
pub struct Described {
    pub subject: String,
    pub body: NotificationBody,
    /// Its line in a weekly digest.
    pub summary: String,
}

impl Described {
    fn new(
        subject: String,
        intro: &str,
        title: &str,
        details: Vec<String>,
        link: String,
        label: &str,
    ) -> Self {
        Self {
            summary: subject.clone(),
            subject,
            body: NotificationBody {
                intro: intro.to_string(),
                title: title.to_string(),
                details,
                link,
                link_label: label.to_string(),
            },
        }
    }
}

fn recipient(user: &Notified) -> Recipient<'_> {
    Recipient { user_id: Some(user.id), name: &user.name, email: &user.email }
}

/// "1 paper", "3 papers".
fn papers_count(n: usize) -> String {
    if n == 1 {
        "1 paper".to_string()
    } else {
        format!("{n} papers")
    }
}

/// The text with its first letter upper-case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

fn long_date(date: NaiveDate) -> String {
    date.format("%A %-d %B %Y").to_string()
}

/// The first 300 characters of a notice.
fn excerpt(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= 300 {
        return text.to_string();
    }
    let cut: String = text.chars().take(300).collect();
    format!("{}…", cut.trim_end())
}

fn category_label(category: DocumentCategory) -> &'static str {
    match category {
        DocumentCategory::Governance => "Governance",
        DocumentCategory::Finance => "Finance",
        DocumentCategory::Safeguarding => "Safeguarding",
        DocumentCategory::RiskRegister => "Risk Register",
        DocumentCategory::Policies => "Policies",
        DocumentCategory::Misc => "Misc",
    }
}

/// Every value parsed, without duplicates, in the enum's order; or the first unknown one.
fn parse_all<T: Copy + PartialEq>(values: &[Spelled<T>], all: &[T]) -> Result<Vec<T>, String> {
    let mut parsed = Vec::new();
    for value in values {
        let v = match value {
            Spelled::Known(v) => *v,
            Spelled::Unknown(text) => return Err(text.clone()),
        };
        if !parsed.contains(&v) {
            parsed.push(v);
        }
    }
    Ok(all.iter().copied().filter(|v| parsed.contains(v)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notifications::mail::templates::MailSettings;
    use crate::notifications::unsubscribe::UnsubscribeKey;

    struct NoRepo;
    impl NotificationRepository for NoRepo {
        fn settings(&self, _: crate::UserId) -> Result<NotificationSettings, crate::RepoError> {
            Ok(NotificationSettings::default())
        }
        fn save_settings(
            &self,
            _: crate::UserId,
            _: &NotificationSettings,
            _: DateTime<Utc>,
        ) -> Result<(), crate::RepoError> {
            Ok(())
        }
        fn switch_off(
            &self,
            _: crate::UserId,
            _: &[NotificationKind],
            _: DateTime<Utc>,
        ) -> Result<(), crate::notifications::NotificationsRefusal> {
            Ok(())
        }
        fn expand_events(
            &self,
            _: i64,
            _: DateTime<Utc>,
            _: &mut crate::notifications::PlanEvent<'_>,
        ) -> Result<usize, crate::RepoError> {
            Ok(0)
        }
        fn run_scheduled(
            &self,
            _: &ScheduleWindow,
            _: &mut crate::notifications::PlanDue<'_>,
        ) -> Result<usize, crate::RepoError> {
            Ok(0)
        }
        fn send_digests(
            &self,
            _: &str,
            _: DateTime<Utc>,
            _: &mut crate::notifications::PlanDigest<'_>,
        ) -> Result<usize, crate::RepoError> {
            Ok(0)
        }
        fn send_gathered_documents(
            &self,
            _: DateTime<Utc>,
            _: DateTime<Utc>,
            _: &mut crate::notifications::PlanGathered<'_>,
        ) -> Result<usize, crate::RepoError> {
            Ok(0)
        }
    }

    fn service() -> NotificationService {
        NotificationService {
            repo: Arc::new(NoRepo),
            templates: Arc::new(
                MailTemplates::new(
                    MailSettings {
                        public_url: "https://portal.example.org".into(),
                        portal_name: "Hope".into(),
                    },
                    Arc::new(crate::testing::DebugRenderer),
                )
                .with_unsubscribe_key(UnsubscribeKey::new(b"a key for the test")),
            ),
            clock: Arc::new(crate::shared::ports::clock::SystemClock),
            time_zone: chrono_tz::Europe::London,
            calendar: Arc::new(ListEvents),
            tasks: Arc::new(NoTasks),
        }
    }

    /// Nobody has anything to do.
    struct NoTasks;

    impl crate::dashboard::tasks::TasksOf for NoTasks {
        fn tasks_of(
            &self,
            _: crate::UserId,
            _: DateTime<Utc>,
        ) -> Result<Vec<crate::dashboard::tasks::Task>, DomainError> {
            Ok(Vec::new())
        }
    }

    /// A calendar writer that lists what it was given (the real one is the `ical` crate's).
    struct ListEvents;

    impl CalendarWriter for ListEvents {
        fn calendar(&self, name: &str, events: &[crate::meetings::CalendarEvent]) -> String {
            let mut out = format!("{name}\n");
            for e in events {
                out.push_str(&format!(
                    "{} {} {} {} {} {:?} {:?}\n",
                    e.uid, e.sequence, e.starts_at, e.ends_at, e.cancelled, e.location, e.url
                ));
            }
            out
        }
    }

    #[test]
    fn meeting_mails_carry_the_meetings_ics_with_the_feeds_uid_and_sequence() {
        let s = service();
        let meeting = MeetingItem {
            id: crate::MeetingId(12),
            title: "Board meeting".into(),
            starts_at: utc("2026-06-10T17:30:00Z"),
            ends_at: utc("2026-06-10T19:00:00Z"),
            description: "Quarterly".into(),
            location: None,
            meeting_link: Some("https://meet.example.org/b".into()),
            committee: None,
            sequence: 2,
            cancelled: false,
        };
        let file = s.meeting_invite_attachment(&meeting);
        assert_eq!(file.filename, "meeting-12.ics");
        assert_eq!(file.content_type, "text/calendar; charset=utf-8; method=PUBLISH");
        let text = String::from_utf8(file.content).unwrap();
        assert_eq!(
            text,
            "Hope - Board meeting\nmeeting-12@portal.example.org 2 2026-06-10 17:30:00 UTC \
             2026-06-10 19:00:00 UTC false Some(\"https://meet.example.org/b\") \
             Some(\"https://portal.example.org/meetings/12\")\n"
        );
    }

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_window_is_in_london_time_across_the_clocks_going_forward() {
        let s = service();
        // 07:30 GMT on Saturday 28 March 2026: before the send hour, nothing daily.
        let early = s.window(utc("2026-03-28T07:30:00Z"));
        assert_eq!(early.due_soon_on, None);
        assert!(early.meeting_reminders.is_empty());
        // 08:30 BST on Sunday 29 March (07:30 UTC): the clocks went forward at 01:00, so it is send time.
        let w = s.window(utc("2026-03-29T07:30:00Z"));
        assert_eq!(w.due_soon_on, NaiveDate::from_ymd_opt(2026, 4, 1));
        assert_eq!(w.overdue_on, NaiveDate::from_ymd_opt(2026, 3, 28));
        let tomorrow = &w.meeting_reminders[1];
        assert_eq!(tomorrow.days_before, 1);
        // Monday 30 March starts at 00:00 BST = 23:00 UTC on the 29th.
        assert_eq!(tomorrow.from, utc("2026-03-29T23:00:00Z"));
        assert_eq!(tomorrow.until, utc("2026-03-30T23:00:00Z"));
    }

    #[test]
    fn the_digest_goes_on_mondays_from_eight_board_time() {
        let s = service();
        assert_eq!(s.digest_week(utc("2026-03-30T06:59:00Z")), None);
        assert_eq!(s.digest_week(utc("2026-03-30T07:00:00Z")).as_deref(), Some("2026-W14"));
        assert_eq!(s.digest_week(utc("2026-03-31T09:00:00Z")), None);
    }

    #[test]
    fn a_user_gets_a_mail_a_digest_line_or_nothing_by_their_settings() {
        use crate::notifications::notification::DocumentItem;
        let s = service();
        let paper = Notification::DocumentNew(DocumentItem {
            id: crate::DocumentId(4),
            title: "<Budget>".into(),
            category: DocumentCategory::Finance,
        });
        let mut user = Notified {
            id: crate::UserId(7),
            name: "Ann".into(),
            email: "ann@example.org".into(),
            settings: NotificationSettings::default(),
        };
        // A new document waits for the user's hourly mail, which lists every one gathered since the last.
        assert_eq!(
            s.plan_for(&paper, &user).unwrap(),
            Some(Delivery::Gathered { user_id: crate::UserId(7), document: crate::DocumentId(4) })
        );
        let Notification::DocumentNew(budget) = paper.clone() else { unreachable!() };
        let minutes = DocumentItem {
            id: crate::DocumentId(5),
            title: "Minutes".into(),
            category: DocumentCategory::Governance,
        };
        let Some(mail) = s.plan_gathered(&user, &[budget.clone(), minutes.clone()]).unwrap() else {
            panic!("a mail")
        };
        assert_eq!(mail.subject, "2 new documents");
        assert!(mail.text.contains("- Minutes (Governance)"), "{}", mail.text);
        assert_eq!(mail.to, "ann@example.org");
        assert!(mail.text.contains("<Budget>"), "escaping is the renderer's");
        assert!(mail.text.contains("https://portal.example.org/documents"));
        assert!(mail.text.contains("https://portal.example.org/notification-settings"));
        // The one-click link is signed for this user and kind, and the footer links its confirmation page.
        let key = UnsubscribeKey::new(b"a key for the test");
        let token = key.token(crate::UserId(7), crate::notifications::mail::MailKind::DocumentNew);
        assert_eq!(
            mail.list_unsubscribe,
            Some(format!("https://portal.example.org/api/mail/unsubscribe?token={token}"))
        );
        assert!(mail.text.contains(&format!("https://portal.example.org/unsubscribe?token={token}")));

        user.settings.followed_categories = vec![DocumentCategory::Governance];
        assert_eq!(s.plan_for(&paper, &user).unwrap(), None);
        // Followed categories are those of the moment the hourly mail goes.
        let Some(mail) = s.plan_gathered(&user, &[budget.clone(), minutes]).unwrap() else {
            panic!("a mail")
        };
        assert_eq!(mail.subject, "1 new document");
        assert!(!mail.text.contains("Budget"), "{}", mail.text);
        assert_eq!(s.plan_gathered(&user, std::slice::from_ref(&budget)).unwrap(), None);
        user.settings.followed_categories = DocumentCategory::ALL.to_vec();
        user.settings.weekly_digest = true;
        let Some(Delivery::Digest { user_id, entry }) = s.plan_for(&paper, &user).unwrap() else {
            panic!("a digest line")
        };
        assert_eq!(user_id, crate::UserId(7));
        assert_eq!(entry.summary, "New document in Finance: <Budget>");
        assert_eq!(entry.link, "https://portal.example.org/documents");
        user.settings.disabled_kinds = vec![NotificationKind::DocumentNew];
        assert_eq!(s.plan_for(&paper, &user).unwrap(), None);
        user.settings.weekly_digest = false;
        assert_eq!(s.plan_gathered(&user, &[budget]).unwrap(), None);
    }

    #[test]
    fn a_meetings_papers_are_announced_in_one_mail_naming_them_and_the_new_document_switch_turns_it_off() {
        let s = service();
        let meeting = MeetingItem {
            id: crate::MeetingId(12),
            title: "Board meeting".into(),
            starts_at: utc("2026-06-10T17:30:00Z"),
            ends_at: utc("2026-06-10T19:00:00Z"),
            description: String::new(),
            location: None,
            meeting_link: None,
            committee: None,
            sequence: 0,
            cancelled: false,
        };
        let papers = |first, titles: &[&str]| {
            Notification::MeetingPapers(crate::notifications::notification::MeetingPapers {
                meeting: meeting.clone(),
                papers: titles.iter().map(|t| t.to_string()).collect(),
                first,
            })
        };
        let mut user = Notified {
            id: crate::UserId(7),
            name: "Ann".into(),
            email: "ann@example.org".into(),
            // Papers have no library category: followed categories do not filter them.
            settings: NotificationSettings { followed_categories: Vec::new(), ..Default::default() },
        };
        let Some(Delivery::Mail(mail)) = s.plan_for(&papers(true, &["Budget", "Risks"]), &user).unwrap()
        else {
            panic!("a mail")
        };
        assert_eq!(mail.subject, "Agenda published: Board meeting on 10 June 2026, 18:30 (2 papers)");
        assert!(mail.text.contains("- Budget") && mail.text.contains("- Risks"), "{}", mail.text);
        assert!(mail.text.contains("https://portal.example.org/meetings/12"), "{}", mail.text);
        let Some(Delivery::Mail(mail)) = s.plan_for(&papers(false, &["Audit"]), &user).unwrap() else {
            panic!("a mail")
        };
        assert_eq!(mail.subject, "1 paper added: Board meeting on 10 June 2026, 18:30");
        user.settings.disabled_kinds = vec![NotificationKind::DocumentNew];
        assert_eq!(s.plan_for(&papers(true, &["Budget"]), &user).unwrap(), None);
    }

    #[test]
    fn settings_refuse_unknown_kinds_and_keep_the_known_order() {
        let sent = |texts: &[&str]| -> Vec<Spelled<NotificationKind>> {
            serde_json::from_value(serde_json::json!(texts)).unwrap()
        };
        assert_eq!(
            parse_all(&sent(&["notice-high", "action-assigned", "notice-high"]), NotificationKind::ALL),
            Ok(vec![NotificationKind::ActionAssigned, NotificationKind::NoticeHigh])
        );
        assert_eq!(parse_all(&sent(&["nope"]), NotificationKind::ALL), Err("nope".to_string()));
        // Spellings are exact, as before: a padded one is unknown.
        assert_eq!(
            parse_all(&sent(&[" notice-high"]), NotificationKind::ALL),
            Err(" notice-high".to_string())
        );
    }
}
